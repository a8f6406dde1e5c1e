/**
 * Cost by country and category: a campaign's report and the business's analytics say what it paid (refunds
 * taken off); the administrator's revenue view says it for every business, with the margin against the
 * provider's cost the rate card records. Four countries, all four categories.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { refundFailedMessages } from '../../src/modules/campaigns/index.js';
import { chargeReply } from '../../src/modules/conversations/reply-billing.js';
import { campaignMessages, conversationMessages, conversations } from '../../src/platform/db/schema/index.js';
import { createContacts, createUser, setMessagingCredentials, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';

const PHONES = { NG: '+2348031237001', IN: '+919812347001', GB: '+447400127001', BR: '+5511912347001' };

describe('cost, revenue and margin by country and category', () => {
  const t = useTestApp();
  let admin: TestUser;
  let user: TestUser;
  let other: TestUser;
  let campaignId: string;
  beforeAll(async () => {
    admin = await createUser(t, { role: 'admin' });
    // Provider costs beside the starting card's prices (marketing: BR 1.6, GB 1.4, IN 0.45, default 1).
    const card = await t.request({
      method: 'PUT',
      url: '/admin/price-card',
      token: admin.accessToken,
      body: {
        rows: [
          { country: 'GB', category: 'marketing', price: 1.4, cost: 1 },
          { country: 'IN', category: 'marketing', price: 0.45, cost: 0.5 },
          { country: '*', category: 'marketing', price: 1, cost: 0.7 },
          { country: 'GB', category: 'service', price: 0.4, cost: 0.1 },
          { country: 'IN', category: 'utility', price: 0.15, cost: 0.05 },
        ],
      },
    });
    expect(card.status, card.text).toBe(200);
    user = await createUser(t, { businessVerified: 'accepted', credits: '100' });
    other = await createUser(t, { businessVerified: 'accepted', credits: '100' });
    await setMessagingCredentials(t, user.businessId);
    for (const phoneNumber of Object.values(PHONES))
      await createContacts(t, user.businessId, 1, { phoneNumber });
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'Four countries',
        message: 'Hi',
        sendToAllContact: true,
        isScheduled: false,
        messageType: 'marketing',
        paymentMethod: 'credit',
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.cost).toBe(4.45);
    campaignId = res.body.data.id;
    // The Brazilian message fails and is refunded: it is not a cost any more.
    await t.db
      .update(campaignMessages)
      .set({ status: 'failed', failureOutcome: 'fail', failedAt: new Date(), error: 'Undeliverable' })
      .where(eq(campaignMessages.countryCode, 'BR'));
    expect(await t.db.transaction((tx) => refundFailedMessages(tx, campaignId))).toMatchObject({
      credits: '1.6000',
    });
    // Replies: a British service reply, an Indian utility and an authentication template to Nigeria.
    const [conversation] = await t.db
      .insert(conversations)
      .values({ businessId: user.businessId, phoneNumber: PHONES.GB })
      .returning();
    for (const [phone, category] of [
      [PHONES.GB, 'service'],
      [PHONES.IN, 'utility'],
      [PHONES.NG, 'authentication'],
    ] as const) {
      const charge = await t.db.transaction((tx) =>
        chargeReply(tx, { businessId: user.businessId, conversationId: conversation!.id, category, phone }),
      );
      await t.db.insert(conversationMessages).values({
        conversationId: conversation!.id,
        businessId: user.businessId,
        direction: 'out',
        type: category === 'service' ? 'text' : 'template',
        text: 'Hello',
        status: 'sent',
        transactionId: charge.transactionId,
      });
    }
    await expectLedgerBalanced(t);
  });

  it("the campaign's report shows what each country cost, the refunded one taken off", async () => {
    const res = await t.request({ url: `/campaigns/${campaignId}/report`, token: user.accessToken });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.costByCountry).toEqual([
      { country: 'GB', category: 'marketing', messages: 1, price: 1.4, cost: 1.4 },
      { country: 'IN', category: 'marketing', messages: 1, price: 0.45, cost: 0.45 },
      { country: 'NG', category: 'marketing', messages: 1, price: 1, cost: 1 },
    ]);
    const foreign = await t.request({ url: `/campaigns/${campaignId}/report`, token: other.accessToken });
    expect(foreign.status).toBe(404);
  });

  it('the analytics show what the business paid by country and category, campaigns and replies', async () => {
    const res = await t.request({ url: '/analytics/spend', token: user.accessToken });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.items).toEqual([
      { country: 'NG', category: 'authentication', messages: 1, credits: 0.5 },
      { country: 'GB', category: 'marketing', messages: 1, credits: 1.4 },
      { country: 'IN', category: 'marketing', messages: 1, credits: 0.45 },
      { country: 'NG', category: 'marketing', messages: 1, credits: 1 },
      { country: 'GB', category: 'service', messages: 1, credits: 0.4 },
      { country: 'IN', category: 'utility', messages: 1, credits: 0.15 },
    ]);
    expect(res.body.data.totalCredits).toBe(3.9);
    // Another business sees only its own (nothing).
    const mine = await t.request({ url: '/analytics/spend', token: other.accessToken });
    expect(mine.body.data).toMatchObject({ items: [], totalCredits: 0 });
  });

  it('the administrator sees revenue by country and category and the margin against the recorded cost', async () => {
    const res = await t.request({ url: '/admin/analytics/revenue', token: admin.accessToken });
    expect(res.status, res.text).toBe(200);
    const line = (country: string, category: string) =>
      res.body.data.items.find(
        (l: { country: string; category: string }) => l.country === country && l.category === category,
      );
    expect(line('GB', 'marketing')).toEqual({
      country: 'GB',
      category: 'marketing',
      messages: 1,
      revenue: 1.4,
      unitCost: 1,
      cost: 1,
      margin: 0.4,
    });
    // Sold below cost: a negative margin.
    expect(line('IN', 'marketing')).toMatchObject({ revenue: 0.45, cost: 0.5, margin: -0.05 });
    // No row of its own: the default row's cost.
    expect(line('NG', 'marketing')).toMatchObject({ revenue: 1, unitCost: 0.7, margin: 0.3 });
    expect(line('GB', 'service')).toMatchObject({ revenue: 0.4, cost: 0.1, margin: 0.3 });
    expect(line('IN', 'utility')).toMatchObject({ revenue: 0.15, cost: 0.05, margin: 0.1 });
    // No cost recorded for authentication: no margin, counted apart.
    expect(line('NG', 'authentication')).toMatchObject({
      revenue: 0.5,
      unitCost: null,
      cost: null,
      margin: null,
    });
    expect(res.body.data.totals).toEqual({
      messages: 6,
      revenue: 3.9,
      cost: 2.35,
      margin: 1.05,
      messagesWithoutCost: 1,
    });
  });

  it.each([
    [{ from: '2026-02-10', to: '2026-02-01' }, 'from'],
    [{ from: '2020-01-01', to: '2026-01-01' }, 'to'],
    [{ from: 'yesterday' }, 'from'],
  ])('a bad range %j is a 400 naming %s', async (query, field) => {
    const qs = new URLSearchParams(query as Record<string, string>).toString();
    for (const [url, token] of [
      [`/admin/analytics/revenue?${qs}`, admin.accessToken],
      [`/analytics/spend?${qs}`, user.accessToken],
    ] as const) {
      const res = await t.request({ url, token });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
    }
  });

  it('a business cannot read the revenue view', async () => {
    const res = await t.request({ url: '/admin/analytics/revenue', token: user.accessToken });
    expect(res.status).toBe(403);
  });
});
