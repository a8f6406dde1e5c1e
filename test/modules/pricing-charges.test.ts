/**
 * Credits by the rate card: the estimate's breakdown by country, the charge at publish (the card as it was
 * then), refunds of exactly what each failed message was charged, replies by country and category. The
 * ledger invariant after every path.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliverLatestCampaign, refundFailedMessages } from '../../src/modules/campaigns/index.js';
import { chargeReply } from '../../src/modules/conversations/reply-billing.js';
import { campaignMessages, campaigns, transactions } from '../../src/platform/db/schema/index.js';
import {
  createContacts,
  createUser,
  setMessagingCredentials,
  type TestUser,
  walletOf,
} from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';

describe('credits priced by the rate card', () => {
  const t = useTestApp();
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser(t, { role: 'admin' });
    // Marketing: IN 0.45 and GB 1.4 (the starting card), NG 1 (a row of its own), every other country 1.1.
    const res = await t.request({
      method: 'PUT',
      url: '/admin/price-card',
      token: admin.accessToken,
      body: {
        rows: [
          { country: '*', category: 'marketing', price: 1.1 },
          { country: 'NG', category: 'marketing', price: 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
  });

  /** A sender with two Nigerian contacts, one Indian, one British and one French (default-priced). */
  async function sender() {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '100' });
    await setMessagingCredentials(t, user.businessId);
    await createContacts(t, user.businessId, 2);
    for (const phoneNumber of ['+919812345601', '+447400123401', '+33612345678'])
      await createContacts(t, user.businessId, 1, { phoneNumber });
    return user;
  }
  const debitsOf = (businessId: string, kind: 'campaign_credit_debit' | 'campaign_refund') =>
    t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.businessId, businessId), eq(transactions.kind, kind)));
  const publish = (user: TestUser, name: string) =>
    t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: { name, message: 'Hi', sendToAllContact: true, isScheduled: false, paymentMethod: 'credit' },
    });

  it('the estimate answers the recipients by country, their price and subtotal, and the total', async () => {
    const user = await sender();
    const res = await t.request({
      url: '/campaigns/estimate',
      token: user.accessToken,
      body: { sendToAllContact: true, messageType: 'marketing' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ recipients: 5, rate: 1.1, credits: 4.95, enough: true });
    expect(res.body.data.breakdown).toEqual([
      { country: 'FR', recipients: 1, price: 1.1, subtotal: 1.1 },
      { country: 'GB', recipients: 1, price: 1.4, subtotal: 1.4 },
      { country: 'IN', recipients: 1, price: 0.45, subtotal: 0.45 },
      { country: 'NG', recipients: 2, price: 1, subtotal: 2 },
    ]);
    const plan = await t.request({
      url: '/campaigns/estimate',
      token: user.accessToken,
      body: { sendToAllContact: true, paymentMethod: 'plan' },
    });
    expect(plan.body.data).toMatchObject({ recipients: 5, breakdown: null, rate: null });
  });

  it('publish charges the sum over countries in one entry; a failed message gives back its own price', async () => {
    const user = await sender();
    const res = await publish(user, 'By country');
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ recipientCount: 5, cost: 4.95 });
    const id = res.body.data.id as string;
    const [debit, ...more] = await debitsOf(user.businessId, 'campaign_credit_debit');
    expect(more).toEqual([]);
    expect(debit).toMatchObject({ credits: '4.9500', balanceDelta: '-4.9500' });
    expect((debit!.metadata as { byCountry: unknown }).byCountry).toEqual([
      { country: 'FR', messages: 1, price: '1.1', subtotal: '1.1' },
      { country: 'GB', messages: 1, price: '1.4', subtotal: '1.4' },
      { country: 'IN', messages: 1, price: '0.45', subtotal: '0.45' },
      { country: 'NG', messages: 2, price: '1', subtotal: '2' },
    ]);
    expect((await walletOf(t, user.businessId)).balance).toBe('95.0500');
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row!.prices).toMatchObject({ '*': '1.1', GB: '1.4', IN: '0.45', NG: '1' });
    const messages = await t.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, id));
    expect(messages.map((m) => m.countryCode).sort()).toEqual(['FR', 'GB', 'IN', 'NG', 'NG']);
    await expectLedgerBalanced(t);

    // The card changes after the publish: the campaign's refunds keep the price it was charged.
    await t.request({
      method: 'PUT',
      url: '/admin/price-card',
      token: admin.accessToken,
      body: { rows: [{ country: 'GB', category: 'marketing', price: 2 }] },
    });
    const gb = messages.find((m) => m.countryCode === 'GB')!;
    await t.db
      .update(campaignMessages)
      .set({ status: 'failed', failureOutcome: 'fail', failedAt: new Date(), error: 'Undeliverable' })
      .where(eq(campaignMessages.id, gb.id));
    const refund = await t.db.transaction((tx) => refundFailedMessages(tx, id));
    expect(refund).toMatchObject({ messages: 1, credits: '1.4000' });
    const refunds = await debitsOf(user.businessId, 'campaign_refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ credits: '1.4000', balanceDelta: '1.4000' });
    expect((await walletOf(t, user.businessId)).balance).toBe('96.4500');
    // Once: a second sweep finds nothing.
    expect(await t.db.transaction((tx) => refundFailedMessages(tx, id))).toBeNull();
    await expectLedgerBalanced(t);

    // A campaign published after the change pays the new price.
    const after = await publish(user, 'After the change');
    expect(after.status, after.text).toBe(201);
    expect(after.body.data).toMatchObject({ cost: 5.55 });
    await expectLedgerBalanced(t);
  });

  it("a late opt-in pays its country's price on the card kept at publish, and gets exactly it back", async () => {
    const user = await sender();
    const res = await publish(user, 'Opt-ins later');
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id as string;
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    const gbPrice = row!.prices!.GB!;
    await t.request({
      method: 'PUT',
      url: '/admin/price-card',
      token: admin.accessToken,
      body: { rows: [{ country: 'GB', category: 'marketing', price: 3 }] },
    });
    const [late] = await createContacts(t, user.businessId, 1, {
      phoneNumber: '+447400123409',
      optIn: false,
    });
    const before = (await walletOf(t, user.businessId)).balance;
    const delivery = await t.db.transaction((tx) =>
      deliverLatestCampaign(tx, t.deps.logger, user.businessId, { ...late!, countryCode: 'GB' }),
    );
    expect(delivery).toMatchObject({
      kind: 'queued',
      campaignId: id,
      charge: { cost: Number(gbPrice).toFixed(4) },
    });
    expect(Number((await walletOf(t, user.businessId)).balance)).toBe(Number(before) - Number(gbPrice));
    await t.db
      .update(campaignMessages)
      .set({ status: 'failed', failureOutcome: 'fail', failedAt: new Date(), error: 'Undeliverable' })
      .where(and(eq(campaignMessages.campaignId, id), eq(campaignMessages.phoneNumber, '+447400123409')));
    const refund = await t.db.transaction((tx) => refundFailedMessages(tx, id));
    expect(refund).toMatchObject({ messages: 1, credits: Number(gbPrice).toFixed(4) });
    expect((await walletOf(t, user.businessId)).balance).toBe(before);
    await expectLedgerBalanced(t);
  });

  it('a retry charges each country its price on the kept card, and a second failure gives that back', async () => {
    const user = await sender();
    const res = await publish(user, 'Retried');
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id as string;
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    const gbPrice = Number(row!.prices!.GB!).toFixed(4);
    await t.request({
      method: 'PUT',
      url: '/admin/price-card',
      token: admin.accessToken,
      body: { rows: [{ country: 'GB', category: 'marketing', price: 5 }] },
    });
    const failGb = () =>
      t.db
        .update(campaignMessages)
        .set({ status: 'failed', failureOutcome: 'retry', failedAt: new Date(), error: 'Try later' })
        .where(and(eq(campaignMessages.campaignId, id), eq(campaignMessages.countryCode, 'GB')));
    await failGb();
    const preview = await t.request({ url: `/campaigns/${id}/retry`, token: user.accessToken });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toMatchObject({ messages: 1, credits: Number(gbPrice) });
    const before = (await walletOf(t, user.businessId)).balance;
    const retry = await t.request({ url: `/campaigns/${id}/retry`, token: user.accessToken, body: {} });
    expect(retry.status, retry.text).toBe(200);
    // Refunded at its price, charged again at the same: the wallet is where it was.
    expect((await walletOf(t, user.businessId)).balance).toBe(before);
    const charges = await debitsOf(user.businessId, 'campaign_credit_debit');
    const again = charges.find((d) => (d.metadata as { retry?: boolean }).retry)!;
    expect(again).toMatchObject({ credits: gbPrice });
    expect((again.metadata as { byCountry: unknown }).byCountry).toEqual([
      { country: 'GB', messages: 1, price: row!.prices!.GB!, subtotal: row!.prices!.GB! },
    ]);
    await failGb();
    const refund = await t.db.transaction((tx) => refundFailedMessages(tx, id));
    expect(refund).toMatchObject({ messages: 1, credits: gbPrice });
    expect(Number((await walletOf(t, user.businessId)).balance)).toBeCloseTo(
      Number(before) + Number(gbPrice),
    );
    await expectLedgerBalanced(t);
  });

  it('a reply is priced by the card: service in the window, the template category outside, by country', async () => {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '10' });
    await t.request({
      method: 'PUT',
      url: '/admin/price-card',
      token: admin.accessToken,
      body: { rows: [{ country: 'GB', category: 'service', price: 0.45 }] },
    });
    const reply = (phone: string, category: 'service' | 'utility') =>
      t.db.transaction((tx) =>
        chargeReply(tx, {
          businessId: user.businessId,
          conversationId: crypto.randomUUID(),
          category,
          phone,
        }),
      );
    expect((await reply('+447400123402', 'service')).cost).toBe('0.4500');
    expect((await reply('+33612345679', 'service')).cost).toBe('0.3000');
    expect((await reply('+919812345602', 'utility')).cost).toBe('0.1500');
    expect((await walletOf(t, user.businessId)).balance).toBe('9.1000');
    const debits = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.businessId, user.businessId), eq(transactions.kind, 'reply_credit_debit')));
    expect(debits.map((d) => (d.metadata as { country: string }).country).sort()).toEqual(['FR', 'GB', 'IN']);
    await expectLedgerBalanced(t);
  });
});
