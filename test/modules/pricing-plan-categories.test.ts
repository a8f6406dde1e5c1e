/**
 * A plan that says which categories it covers: a plan-paid campaign of a covered category counts plan
 * units as before; one of another category pays credits by the rate card (by each recipient's country),
 * or is refused with a 400 saying why when the credits are short. The ledger invariant after every path.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignMessages, transactions, userPlans } from '../../src/platform/db/schema/index.js';
import {
  createContacts,
  createPlan,
  createUser,
  setMessagingCredentials,
  type TestUser,
  walletOf,
} from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';

describe('plans by category', () => {
  const t = useTestApp();
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser(t, { role: 'admin' });
  });

  /** A sender with a contact in each of Nigeria, India, the United Kingdom and Brazil, on a marketing plan. */
  async function sender(credits: string) {
    const user = await createUser(t, { businessVerified: 'accepted', credits });
    await setMessagingCredentials(t, user.businessId);
    for (const phoneNumber of ['+2348031239001', '+919812349001', '+447400129001', '+5511912349001'])
      await createContacts(t, user.businessId, 1, { phoneNumber });
    const plan = await createPlan(t, { marketingRate: '0.8', categories: ['marketing'] });
    await t.db.insert(userPlans).values({
      businessId: user.businessId,
      planId: plan.id,
      freeCredit: 1000,
      balance: '100',
      expiredDate: new Date(Date.now() + 86_400_000),
    });
    return user;
  }
  const publish = (user: TestUser, name: string, messageType: string) =>
    t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name,
        message: 'Hi',
        sendToAllContact: true,
        isScheduled: false,
        messageType,
        paymentMethod: 'plan',
      },
    });
  const planBalance = async (user: TestUser) =>
    (await t.db.select().from(userPlans).where(eq(userPlans.businessId, user.businessId)))[0]!.balance;
  const entries = (user: TestUser) =>
    t.db.select().from(transactions).where(eq(transactions.businessId, user.businessId));

  it('an administrator says which categories a plan covers; a bad list is a 400 naming it', async () => {
    const body = {
      name: 'Marketing only',
      duration: 30,
      marketingRate: 0.8,
      utilityRate: 0.4,
      serviceRate: 0.2,
      authenticationRate: 0.4,
      freeCredit: 1000,
      price: 20,
    };
    const made = await t.request({
      url: '/plans/admin',
      token: admin.accessToken,
      body: { ...body, categories: ['marketing', 'utility'] },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.categories).toEqual(['marketing', 'utility']);
    const all = await t.request({ url: '/plans/admin', token: admin.accessToken, body });
    expect(all.body.data.categories).toBeNull();
    for (const categories of [[], ['sms'], ['utility', 'utility'], 'marketing']) {
      const res = await t.request({
        url: '/plans/admin',
        token: admin.accessToken,
        body: { ...body, categories },
      });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path).join()).toContain(
        'categories',
      );
    }
    const changed = await t.request({
      method: 'PATCH',
      url: `/plans/admin/${made.body.data.id}`,
      token: admin.accessToken,
      body: { categories: null },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.categories).toBeNull();
  });

  it('a covered category counts plan units as before, without touching the credits', async () => {
    const user = await sender('10');
    const res = await publish(user, 'Covered', 'marketing');
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ paymentMethod: 'plan', cost: 3.2, recipientCount: 4 });
    expect(await planBalance(user)).toBe('96.8000');
    expect((await walletOf(t, user.businessId)).balance).toBe('10.0000');
    await expectLedgerBalanced(t);
  });

  it('a category the plan does not cover is estimated and paid by credits, each country its price', async () => {
    const user = await sender('10');
    const estimate = await t.request({
      url: '/campaigns/estimate',
      token: user.accessToken,
      body: { sendToAllContact: true, messageType: 'utility', paymentMethod: 'plan' },
    });
    expect(estimate.status, estimate.text).toBe(200);
    // Utility: BR 0.3, GB 0.6, IN 0.15, NG the default 0.5 (the starting card).
    expect(estimate.body.data).toMatchObject({
      paymentMethod: 'credit',
      planDoesNotCover: true,
      credits: 1.55,
      enough: true,
    });
    expect(estimate.body.data.breakdown).toHaveLength(4);
    const res = await publish(user, 'Not covered', 'utility');
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ paymentMethod: 'credit', cost: 1.55, recipientCount: 4 });
    expect(await planBalance(user)).toBe('100.0000');
    expect((await walletOf(t, user.businessId)).balance).toBe('8.4500');
    const [debit] = (await entries(user)).filter((e) => e.kind === 'campaign_credit_debit');
    expect(
      ((debit!.metadata as { byCountry: { country: string; price: string }[] }).byCountry ?? [])
        .map((l) => `${l.country} ${l.price}`)
        .sort(),
    ).toEqual(['BR 0.3', 'GB 0.6', 'IN 0.15', 'NG 0.5']);
    expect((await entries(user)).filter((e) => e.kind === 'campaign_plan_debit')).toHaveLength(0);
    await expectLedgerBalanced(t);
  });

  it('without the credits for it, the publish is a 400 saying the plan does not cover it; nothing changes', async () => {
    const user = await sender('1');
    const res = await publish(user, 'Too dear', 'authentication');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Your plan does not cover authentication messages');
    expect(await planBalance(user)).toBe('100.0000');
    expect((await walletOf(t, user.businessId)).balance).toBe('1.0000');
    expect((await entries(user)).filter((e) => e.kind !== 'admin_adjustment')).toEqual([]);
    expect(
      await t.db
        .select()
        .from(campaignMessages)
        .where(and(eq(campaignMessages.businessId, user.businessId))),
    ).toEqual([]);
    await expectLedgerBalanced(t);
  });
});
