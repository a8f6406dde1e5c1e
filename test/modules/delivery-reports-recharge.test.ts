import { Decimal } from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rechargeDeliveredMessages, refundFailedMessages } from '../../src/modules/campaigns/index.js';
import {
  applyCharged,
  applyReceipts,
  claimMessages,
  recordOutcomes,
} from '../../src/modules/messages/index.js';
import { campaignMessages, transactions, wallets } from '../../src/platform/db/schema/index.js';
import { walletOf } from '../factories.js';
import type { TestApp } from '../harness.js';
import { useTestApp } from '../harness.js';
import { queuedCampaign } from '../jobs/helpers.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';

const URL = '/webhooks/messaging-provider/delivery-reports';
const WORKER = 'recharge-test';
let seq = 0;

/** A credit-paid campaign of `count` messages, sent, reported failed and refunded (as the sweep does). */
async function refundedCampaign(t: TestApp, count: number) {
  const setup = await queuedCampaign(t, count);
  const claimed = await claimMessages(t.db, {
    businessId: setup.campaign.businessId,
    limit: count,
    workerId: WORKER,
    leaseMs: 60_000,
  });
  const pids = claimed.map(() => `recharge-${++seq}-${Date.now()}`);
  await recordOutcomes(
    t.db,
    WORKER,
    claimed.map((m, i) => ({ id: m.id, kind: 'sent' as const, providerMessageId: pids[i]!, at: new Date() })),
  );
  const digits = (id: string) => claimed.find((m) => m.id === id)!.phoneNumber.replace(/\D/g, '');
  const events = (eventType: string) =>
    claimed.map((m, i) => ({ externalId: pids[i], eventType, eventTs: Date.now(), destAddr: digits(m.id) }));
  const failed = await t.request({ url: URL, body: events('FAILED') });
  expect(failed.status).toBe(200);
  // The reported failures get their outcome (the callback does it), then the sweep's refund.
  await t.db
    .update(campaignMessages)
    .set({ failureOutcome: 'fail' })
    .where(eq(campaignMessages.campaignId, setup.campaign.id));
  const refund = await t.db.transaction((tx) => refundFailedMessages(tx, setup.campaign.id));
  expect(refund).toMatchObject({ messages: count });
  return { ...setup, ids: claimed.map((m) => m.id), events };
}

const entriesOf = (t: TestApp, businessId: string, kind: 'campaign_recharge' | 'affiliate_commission') =>
  t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.businessId, businessId), eq(transactions.kind, kind)));

describe('a refunded message reported delivered is charged again, once', () => {
  const t = useTestApp();

  it('one campaign_recharge for the messages it moved, however many duplicate reports arrive at once', async () => {
    const { user, campaign, ids, events } = await refundedCampaign(t, 3);
    const before = await walletOf(t, user.businessId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.request({ url: URL, body: events('DELIVERED') })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    const rows = await t.db.select().from(campaignMessages).where(inArray(campaignMessages.id, ids));
    expect(rows.map((r) => r.status)).toEqual(['delivered', 'delivered', 'delivered']);
    const recharges = await entriesOf(t, user.businessId, 'campaign_recharge');
    const charged = new Decimal(campaign.rate!).times(3).toFixed(4);
    // Every message charged again exactly once: the entries cover each message once, for its rate.
    expect(recharges.reduce((n, r) => n + Number((r.metadata as { messages: number }).messages), 0)).toBe(3);
    expect(recharges.reduce((sum, r) => sum.plus(r.credits!), new Decimal(0)).toFixed(4)).toBe(charged);
    expect(new Set(rows.map((r) => r.rechargeId))).toEqual(new Set(recharges.map((r) => r.id)));
    expect(recharges[0]).toMatchObject({ currency: 'CREDIT', campaignId: campaign.id });
    expect((await walletOf(t, user.businessId)).balance).toBe(
      new Decimal(before.balance).minus(charged).toFixed(4),
    );
    // A read after that, and the same reports again, charge nothing more.
    await t.request({ url: URL, body: events('READ') });
    await t.request({ url: URL, body: events('DELIVERED') });
    expect(await entriesOf(t, user.businessId, 'campaign_recharge')).toHaveLength(recharges.length);
    expect(await entriesOf(t, user.businessId, 'affiliate_commission')).toEqual([]);
    await expectLedgerBalanced(t);
  });

  it('receipt writes racing in transactions of their own charge each message once (PostgreSQL)', async () => {
    const { user, campaign, ids, events } = await refundedCampaign(t, 4);
    const before = await walletOf(t, user.businessId);
    const receipts = events('DELIVERED').map((e) => ({
      providerMessageId: e.externalId!,
      recipient: e.destAddr,
      event: 'delivered' as const,
      at: new Date(),
    }));
    const deps = { db: t.db, logger: t.deps.logger, recharge: rechargeDeliveredMessages };
    // Each write names the messages in another order and a part of them, as callbacks of the gateway do.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        applyCharged(deps, (db) =>
          applyReceipts(db, i % 2 ? [...receipts].reverse() : receipts.slice(i % 3)),
        ),
      ),
    );
    const rows = await t.db.select().from(campaignMessages).where(inArray(campaignMessages.id, ids));
    expect(rows.every((r) => r.status === 'delivered' && r.rechargeId !== null)).toBe(true);
    const recharges = await entriesOf(t, user.businessId, 'campaign_recharge');
    expect(recharges.reduce((n, r) => n + Number((r.metadata as { messages: number }).messages), 0)).toBe(4);
    const charged = new Decimal(campaign.rate!).times(4).toFixed(4);
    expect((await walletOf(t, user.businessId)).balance).toBe(
      new Decimal(before.balance).minus(charged).toFixed(4),
    );
    await expectLedgerBalanced(t);
  });

  it('a wallet that cannot pay keeps the refund; the report is still applied', async () => {
    const { user, ids, events } = await refundedCampaign(t, 1);
    await t.db
      .update(wallets)
      .set({ balance: '0', paidValue: '0' })
      .where(eq(wallets.businessId, user.businessId));
    const res = await t.request({ url: URL, body: events('DELIVERED') });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(campaignMessages).where(eq(campaignMessages.id, ids[0]!));
    expect(row).toMatchObject({ status: 'delivered', rechargeId: null });
    expect(row!.refundId).not.toBeNull();
    expect(await entriesOf(t, user.businessId, 'campaign_recharge')).toEqual([]);
    expect((await walletOf(t, user.businessId)).balance).toBe('0.0000');
  });
});
