import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import { afterFailures } from '../../src/jobs/failure-routing.js';
import {
  campaignMessages,
  campaigns,
  notifications,
  transactions,
} from '../../src/platform/db/schema/index.js';
import { useTestApp } from '../harness.js';
import { statusCounts } from '../jobs/helpers.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { cloudWebhookBody, signedHeaders, statusValue } from '../simulators/graph-api.js';
import { APP_SECRET, cloudDispatcher, useGraph } from './cloud-support.js';
import { cloudSender, publishCloud } from './deliverability-support.js';

/**
 * 131048 (spam rate limit hit): Meta is restricting the number itself. Like a quality drop to red, the
 * business's marketing pauses with the reason, the business is told, and the message that failed is refunded.
 */
describe('131048: the number is limited for spam', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);
  let dispatcher: Dispatcher | undefined;
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
    graph.sim.clearFailures();
  });

  const digits = (phone: string) => phone.replace(/\D/g, '');
  const messages = (campaignId: string) =>
    t.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, campaignId));
  const campaignOf = async (id: string) =>
    (await t.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
  const refundsOf = (campaignId: string) =>
    t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.campaignId, campaignId), eq(transactions.kind, 'campaign_refund')));
  const toldBusiness = async (businessId: string) =>
    t.db.select().from(notifications).where(eq(notifications.receiverId, businessId));

  it('a send refused with 131048 pauses the marketing campaign with why, tells the business, refunds it', async () => {
    const sender = await cloudSender(t, graph.sim, 6);
    const victim = sender.people[0]!;
    graph.sim.failSends({
      status: 400,
      code: 131048,
      title: 'Spam rate limit hit',
      to: digits(victim.phoneNumber),
    });
    const id = await publishCloud(t, sender);
    dispatcher = cloudDispatcher(t, { concurrency: 1, batchSize: 1 }).start();
    await vi.waitFor(
      async () => {
        const row = (await messages(id)).find((m) => m.phoneNumber === victim.phoneNumber)!;
        expect(row).toMatchObject({ status: 'failed', failureOutcome: 'pause' });
        expect((await campaignOf(id)).pausedAt).not.toBeNull();
      },
      { timeout: 10_000 },
    );
    const campaign = await campaignOf(id);
    expect(campaign.pauseReason).toContain('spam');
    expect(campaign.stoppedAt).toBeNull();
    // Nothing else fails: what had not gone out waits, held, for the business to resume.
    const counts = await statusCounts(t, id);
    expect(counts.failed).toBe(1);
    expect(counts.queued ?? 0).toBe(0);
    await vi.waitFor(async () => expect(await refundsOf(id)).toHaveLength(1), { timeout: 10_000 });
    const victimRow = (await messages(id)).find((m) => m.phoneNumber === victim.phoneNumber)!;
    expect(victimRow.refundId).toBe((await refundsOf(id))[0]!.id);
    const told = await toldBusiness(sender.user.businessId);
    expect(told.find((n) => n.type === 'campaign.paused')?.message).toContain('spam');
    const report = await t.request({ url: `/campaigns/${id}/report`, token: sender.user.accessToken });
    expect(report.body.data.failureGroups).toEqual([
      expect.objectContaining({ outcome: 'pause', count: 1, refunded: 1 }),
    ]);
    await expectLedgerBalanced(t);
  });

  it("a failed status with 131048 pauses the business's other marketing campaigns too; the message is refunded once", async () => {
    const sender = await cloudSender(t, graph.sim, 4);
    const [a, b] = sender.people;
    const first = await publishCloud(t, sender, { selected: [a!.id, b!.id], name: 'First' });
    dispatcher = cloudDispatcher(t).start();
    await vi.waitFor(async () => expect(await statusCounts(t, first)).toEqual({ sent: 2 }), {
      timeout: 10_000,
    });
    await dispatcher.stop();
    dispatcher = undefined;
    const second = await publishCloud(t, sender, { name: 'Second' });
    const [m] = await messages(first);
    const body = cloudWebhookBody(
      sender.account.wabaId,
      'messages',
      statusValue(sender.account.phoneNumberId, {
        id: m!.providerMessageId!.split(':').pop()!,
        status: 'failed',
        recipient: digits(m!.phoneNumber),
        errors: [
          {
            code: 131048,
            title: 'Spam rate limit hit',
            message: 'Spam rate limit hit',
            error_data: {
              details:
                'Message failed to send because there are restrictions on how many messages can be sent from this phone number.',
            },
          },
        ],
      }),
    );
    const res = await t.request({
      url: '/webhooks/whatsapp-cloud',
      headers: signedHeaders(APP_SECRET, body),
      payload: body,
    });
    expect(res.status).toBe(200);
    const failed = (await messages(first)).find((x) => x.id === m!.id)!;
    expect(failed).toMatchObject({ status: 'failed', failureOutcome: 'pause' });
    const paused = await campaignOf(second);
    expect(paused.pauseReason).toContain('spam');
    expect(await statusCounts(t, second)).toEqual({ held: 4 });
    const told = await toldBusiness(sender.user.businessId);
    expect(told.filter((n) => n.type === 'campaign.paused')).toHaveLength(1);
    expect(told.find((n) => n.type === 'campaign.paused')!.message).toContain('"Second"');
    // The refund is the maintenance's, once, however often it runs.
    await afterFailures(t.deps, 0);
    await afterFailures(t.deps, 0);
    expect(await refundsOf(first)).toHaveLength(1);
    expect(await refundsOf(second)).toHaveLength(0);
    await expectLedgerBalanced(t);
  });

  it('the limit in its current field (max_daily_conversations_per_business) moves the tier, the older one still read', async () => {
    const sender = await cloudSender(t, graph.sim, 1);
    const update = async (value: Record<string, unknown>) => {
      const body = cloudWebhookBody(sender.account.wabaId, 'phone_number_quality_update', {
        display_phone_number: digits(sender.wabaNumber),
        ...value,
      });
      const res = await t.request({
        url: '/webhooks/whatsapp-cloud',
        headers: signedHeaders(APP_SECRET, body),
        payload: body,
      });
      expect(res.status).toBe(200);
      return (await t.request({ url: '/business', token: sender.user.accessToken })).body.data.messagingLimit;
    };
    // As Meta sends it since early 2026: the limit only in the new field.
    expect(
      await update({
        event: 'UPGRADE',
        old_limit: 'TIER_2K',
        max_daily_conversations_per_business: 'TIER_100K',
      }),
    ).toMatchObject({ tier: 'TIER_100K', dailyRecipients: 100_000 });
    expect(
      await update({ event: 'DOWNGRADE', max_daily_conversations_per_business: 'TIER_250' }),
    ).toMatchObject({ tier: 'TIER_250', dailyRecipients: 250 });
    // Both fields, as during the change-over: the current one wins.
    expect(
      await update({
        event: 'UPGRADE',
        current_limit: 'TIER_1K',
        max_daily_conversations_per_business: 'TIER_10K',
      }),
    ).toMatchObject({ tier: 'TIER_10K', dailyRecipients: 10_000 });
    expect(await update({ event: 'UPGRADE', current_limit: 'TIER_2K' })).toMatchObject({
      tier: 'TIER_2K',
      dailyRecipients: 2_000,
    });
    expect(
      await update({ event: 'ONBOARDING', max_daily_conversations_per_business: 'TIER_UNLIMITED' }),
    ).toMatchObject({ tier: 'TIER_UNLIMITED', dailyRecipients: null });
  });
});
