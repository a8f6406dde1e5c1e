import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applyReceipts,
  campaignCounters,
  campaignFailureReasons,
  campaignTimeline,
  claimMessages,
  failUnsentMessagesOfCampaign,
  messageActivityByDay,
  type Outcome,
  type Receipt,
  recordOutcomes,
} from '../../src/modules/messages/index.js';
import { queryRows } from '../../src/platform/db/client.js';
import { campaignMessages, campaigns, contacts } from '../../src/platform/db/schema/index.js';
import { useTestApp } from '../harness.js';
import { queuedCampaign } from '../jobs/helpers.js';
import { expectCountersMatchRecount } from './message-counters.support.js';

const WORKER = 'counters-test';

describe('message counters and delivery receipts', () => {
  const t = useTestApp();

  /** A published campaign of `n` messages, claimed, then `sent` for the first `sent` with ids `<tag>-i`. */
  async function sentCampaign(n: number, tag: string, opts: { sent?: number; failed?: number } = {}) {
    const setup = await queuedCampaign(t, n);
    const claimed = await claimMessages(t.db, {
      businessId: setup.campaign.businessId,
      limit: n,
      workerId: WORKER,
      leaseMs: 60_000,
    });
    const sent = opts.sent ?? n;
    const failed = opts.failed ?? 0;
    const at = new Date();
    const outcomes: Outcome[] = claimed.map((m, i) =>
      i < sent
        ? { id: m.id, kind: 'sent', providerMessageId: `${tag}-${i}`, at }
        : i < sent + failed
          ? { id: m.id, kind: 'failed', error: 'Rejected by the gateway' }
          : { id: m.id, kind: 'retry', error: 'Gateway error (HTTP 502)', delayMs: 60_000 },
    );
    // In claim order, so `<tag>-i` is the i-th claimed message.
    await recordOutcomes(t.db, WORKER, outcomes);
    return { ...setup, ids: claimed.map((m) => m.id) };
  }

  const statusOf = async (providerMessageId: string) => {
    const [row] = await t.db
      .select()
      .from(campaignMessages)
      .where(eq(campaignMessages.providerMessageId, providerMessageId));
    return row;
  };
  const receipt = (pid: string, event: Receipt['event'], at = new Date(), extra: Partial<Receipt> = {}) => ({
    providerMessageId: pid,
    event,
    at,
    ...extra,
  });

  it('counts a publish, outcomes and receipts as a recount of the messages does', async () => {
    const { campaign } = await sentCampaign(10, 'c1', { sent: 6, failed: 2 });
    expect(await campaignCounters(t.db, campaign.id)).toMatchObject({
      recipients: 10,
      queued: 2,
      sent: 6,
      failed: 2,
      failedAfterSent: 0,
      pending: 2,
    });
    await expectCountersMatchRecount(t, campaign.id);

    const result = await applyReceipts(t.db, [
      receipt('c1-0', 'delivered'),
      receipt('c1-1', 'delivered'),
      receipt('c1-1', 'read'),
      receipt('c1-2', 'read'),
      receipt('c1-3', 'failed', new Date(), { errorCode: '003', reason: 'UNKNOWN_SUBSCRIBER' }),
      receipt('c1-4', 'failed', new Date(), { errorCode: '003', reason: 'UNKNOWN_SUBSCRIBER' }),
    ]);
    expect(result).toMatchObject({ applied: 6, unchanged: 0, pending: 0 });
    expect(result.campaigns).toEqual([{ campaignId: campaign.id, businessId: campaign.businessId }]);

    const counters = await campaignCounters(t.db, campaign.id);
    expect(counters).toMatchObject({ sent: 1, delivered: 1, read: 2, failed: 4, failedAfterSent: 2 });
    expect(counters.reached).toEqual({ sent: 6, delivered: 3, read: 2, clicked: 0, replied: 0 });
    expect(await campaignFailureReasons(t.db, campaign.id)).toEqual([
      { reason: 'Rejected by the gateway', count: 2 },
      { reason: 'UNKNOWN_SUBSCRIBER', count: 2 },
    ]);
    const failed = await statusOf('c1-3');
    expect(failed).toMatchObject({ status: 'failed', error: 'UNKNOWN_SUBSCRIBER', errorCode: '003' });
    expect(failed?.failedAt).toBeInstanceOf(Date);
    // A read dates the delivery too.
    const read = await statusOf('c1-2');
    expect(read?.deliveredAt?.getTime()).toBe(read?.readAt?.getTime());
    await expectCountersMatchRecount(t, campaign.id);
  });

  it('moves forward only: a late or repeated receipt changes nothing; delivered takes a failure back', async () => {
    const { campaign } = await sentCampaign(3, 'c2');
    const t0 = new Date(Date.now() - 120_000);
    await applyReceipts(t.db, [
      receipt('c2-0', 'read', t0),
      receipt('c2-1', 'failed', t0, { reason: 'EXPIRED' }),
    ]);
    const again = await applyReceipts(t.db, [
      receipt('c2-0', 'delivered', new Date()),
      receipt('c2-0', 'read', t0),
      receipt('c2-0', 'sent', new Date()),
      receipt('c2-1', 'failed', t0, { reason: 'EXPIRED' }),
    ]);
    expect(again).toMatchObject({ applied: 0, unchanged: 4 });
    expect(await statusOf('c2-0')).toMatchObject({ status: 'read' });

    // The gateway reported a failure, then the handset confirmed delivery: delivered, failure cleared.
    const delivered = await applyReceipts(t.db, [receipt('c2-1', 'delivered')]);
    expect(delivered.applied).toBe(1);
    expect(await statusOf('c2-1')).toMatchObject({
      status: 'delivered',
      error: null,
      errorCode: null,
      failedAt: null,
    });
    // A failure after delivery is ignored.
    await applyReceipts(t.db, [receipt('c2-2', 'delivered'), receipt('c2-2', 'failed')]);
    expect(await statusOf('c2-2')).toMatchObject({ status: 'delivered', failedAt: null });
    expect(await campaignFailureReasons(t.db, campaign.id)).toEqual([]);
    await expectCountersMatchRecount(t, campaign.id);
  });

  it('keeps a receipt that arrives before its id is stored and applies it when the outcome is written', async () => {
    const { campaign } = await queuedCampaign(t, 2);
    const early = await applyReceipts(t.db, [receipt('early-0', 'delivered'), receipt('early-0', 'read')]);
    expect(early).toMatchObject({ applied: 0, pending: 2 });
    const claimed = await claimMessages(t.db, {
      businessId: campaign.businessId,
      limit: 2,
      workerId: WORKER,
      leaseMs: 60_000,
    });
    await recordOutcomes(t.db, WORKER, [
      { id: claimed[0]!.id, kind: 'sent', providerMessageId: 'early-0', at: new Date() },
    ]);
    expect(await statusOf('early-0')).toMatchObject({ status: 'read' });
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM pending_receipts WHERE provider_message_id = 'early-0'`,
    );
    expect(Number(left!.n)).toBe(0);
    await expectCountersMatchRecount(t, campaign.id);
  });

  it("never changes another business's message: the id decides, not the phone number", async () => {
    const mine = await sentCampaign(1, 'mine');
    const theirs = await sentCampaign(1, 'theirs');
    // Same recipient number in both businesses.
    const [first] = await t.db
      .select({ phoneNumber: campaignMessages.phoneNumber })
      .from(campaignMessages)
      .where(eq(campaignMessages.campaignId, mine.campaign.id));
    const phoneNumber = first!.phoneNumber;
    await t.db
      .update(campaignMessages)
      .set({ phoneNumber })
      .where(eq(campaignMessages.campaignId, theirs.campaign.id));
    await applyReceipts(t.db, [receipt('mine-0', 'read')]);
    expect(await statusOf('mine-0')).toMatchObject({ status: 'read' });
    expect(await statusOf('theirs-0')).toMatchObject({ status: 'sent', readAt: null });
    expect(await campaignCounters(t.db, theirs.campaign.id)).toMatchObject({ sent: 1, read: 0 });
  });

  it('stays right when a contact or the campaign is deleted, and for a receipt of a deleted campaign', async () => {
    const { campaign, user } = await sentCampaign(4, 'del');
    await applyReceipts(t.db, [receipt('del-0', 'read'), receipt('del-1', 'delivered')]);
    await t.db.delete(contacts).where(eq(contacts.businessId, campaign.businessId));
    await expectCountersMatchRecount(t, campaign.id);
    expect(await campaignCounters(t.db, campaign.id)).toMatchObject({ recipients: 4, read: 1, delivered: 1 });

    const day = { from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 86_400_000) };
    const before = await messageActivityByDay(t.db, { businessId: user.businessId, ...day, timeZone: 'UTC' });
    const res = await t.request({
      method: 'DELETE',
      url: `/campaigns/${campaign.id}`,
      token: user.accessToken,
    });
    expect(res.status).toBe(200);
    expect(await campaignCounters(t.db, campaign.id)).toMatchObject({ recipients: 0, sent: 0 });
    // Messages sent still count in the business's days.
    expect(
      await messageActivityByDay(t.db, { businessId: user.businessId, ...day, timeZone: 'UTC' }),
    ).toEqual(before);
    const late = await applyReceipts(t.db, [receipt('del-2', 'read')]);
    expect(late).toMatchObject({ applied: 0, pending: 1 });
    expect(
      await messageActivityByDay(t.db, { businessId: user.businessId, ...day, timeZone: 'UTC' }),
    ).toEqual(before);
  });

  it('keeps the counters of one statement moving 20,000 messages in seconds, not minutes', async () => {
    // Stopping a large campaign fails all its unsent messages in one statement, as a backlog of reports
    // lands in one write. The counters' trigger used to join the statement's old and new rows by a nested
    // loop, in time quadratic in the rows (minutes here).
    const { campaign } = await sentCampaign(1, 'big-seed');
    const n = 20_000;
    await t.db.execute(sql`
      INSERT INTO campaign_messages (campaign_id, business_id, phone_number, status)
      SELECT ${campaign.id}, ${campaign.businessId}, '+1555' || lpad(i::text, 7, '0'), 'queued'
      FROM generate_series(0, ${n - 1}) AS i`);
    const started = Date.now();
    expect(await failUnsentMessagesOfCampaign(t.db, campaign.businessId, campaign.id, 'Stopped')).toBe(n);
    const elapsed = Date.now() - started;
    expect(await campaignCounters(t.db, campaign.id)).toMatchObject({
      recipients: n + 1,
      sent: 1,
      failed: n,
    });
    expect(await campaignFailureReasons(t.db, campaign.id)).toEqual([{ reason: 'Stopped', count: n }]);
    await expectCountersMatchRecount(t, campaign.id);
    expect(elapsed).toBeLessThan(30_000);
  }, 180_000);

  it('sums the timeline and the days from the activity counters', async () => {
    const { campaign, user } = await sentCampaign(3, 'tl');
    const base = new Date(Date.UTC(2030, 0, 1, 23, 30));
    await applyReceipts(t.db, [
      receipt('tl-0', 'delivered', base),
      receipt('tl-1', 'delivered', new Date(base.getTime() + 45 * 60_000)),
      receipt('tl-1', 'read', new Date(base.getTime() + 50 * 60_000)),
    ]);
    const timeline = await campaignTimeline(t.db, campaign.id, {
      from: base,
      to: new Date(base.getTime() + 3_600_000),
      bucketSeconds: 1800,
    });
    expect(timeline).toEqual([
      { start: '2030-01-01T23:30:00Z', sent: 0, delivered: 1, read: 0, failed: 0, clicked: 0, replied: 0 },
      { start: '2030-01-02T00:00:00Z', sent: 0, delivered: 1, read: 1, failed: 0, clicked: 0, replied: 0 },
    ]);
    const days = await messageActivityByDay(t.db, {
      businessId: user.businessId,
      from: new Date(Date.UTC(2030, 0, 1)),
      to: new Date(Date.UTC(2030, 0, 3)),
      timeZone: 'Africa/Lagos',
    });
    // 23:30 UTC is 00:30 in Lagos (UTC+1): both deliveries fall on 2 January there.
    expect(days).toEqual([
      { day: '2030-01-01', sent: 0, delivered: 0, read: 0, failed: 0, clicked: 0, replied: 0 },
      { day: '2030-01-02', sent: 0, delivered: 2, read: 1, failed: 0, clicked: 0, replied: 0 },
      { day: '2030-01-03', sent: 0, delivered: 0, read: 0, failed: 0, clicked: 0, replied: 0 },
    ]);
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row).toBeDefined();
  });
});
