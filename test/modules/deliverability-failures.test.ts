import { Decimal } from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import {
  campaignMessages,
  campaigns,
  contacts,
  notifications,
  transactions,
} from '../../src/platform/db/schema/index.js';
import { DEFER_MS } from '../../src/providers/messaging/cloud-errors.js';
import { walletOf } from '../factories.js';
import { useTestApp } from '../harness.js';
import { statusCounts } from '../jobs/helpers.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { cloudWebhookBody, signedHeaders, statusValue } from '../simulators/graph-api.js';
import { APP_SECRET, cloudDispatcher, useGraph } from './cloud-support.js';
import { cloudSender, publishCloud } from './deliverability-support.js';

describe('every failure handled by its cause, and money back for what failed', () => {
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
  const messageTo = async (campaignId: string, phone: string) =>
    (await messages(campaignId)).find((m) => m.phoneNumber === phone)!;
  const refundsOf = (campaignId: string) =>
    t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.campaignId, campaignId), eq(transactions.kind, 'campaign_refund')));

  /** A campaign of `count` people, the first of whom meets `code`; the dispatcher running. */
  async function campaignMeeting(code: number, count = 3, opts: { status?: number; times?: number } = {}) {
    const sender = await cloudSender(t, graph.sim, count);
    const victim = sender.people[0]!;
    graph.sim.failSends({
      status: opts.status ?? 400,
      code,
      title: `Error ${code}`,
      to: digits(victim.phoneNumber),
      ...(opts.times ? { times: opts.times } : {}),
    });
    const id = await publishCloud(t, sender);
    dispatcher = cloudDispatcher(t, { maxAttempts: 3 }).start();
    return { ...sender, victim, id };
  }

  it('retry: a throttle (130429) and a provider 5xx are tried again with backoff, not failed', async () => {
    // Five throttles in a row, more than the three attempts a message has: a throttle gives its attempt back.
    const { id, victim } = await campaignMeeting(130429, 2, { times: 5 });
    await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ sent: 2 }), { timeout: 15_000 });
    expect((await messageTo(id, victim.phoneNumber)).attempts).toBe(1);
    expect(graph.sim.sent.filter((s) => s.body.to === victim.phoneNumber.slice(1))).toHaveLength(1);
    const other = await campaignMeeting(131000, 2, { status: 500, times: 1 });
    await vi.waitFor(async () => expect(await statusCounts(t, other.id)).toEqual({ sent: 2 }), {
      timeout: 10_000,
    });
  });

  it('retry given up: fails with the words, refunded; POST /retry charges again and is idempotent', async () => {
    const { id, victim, user } = await campaignMeeting(131000, 3, { status: 500 });
    await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ sent: 2, failed: 1 }), {
      timeout: 10_000,
    });
    const failed = await messageTo(id, victim.phoneNumber);
    expect(failed).toMatchObject({ failureOutcome: 'retry' });
    expect(failed.error).toContain('gave up after 3 attempts');
    await vi.waitFor(async () => expect(await refundsOf(id)).toHaveLength(1), { timeout: 10_000 });
    const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    const before = await walletOf(t, user.businessId);

    const estimate = await t.request({ url: `/campaigns/${id}/retry`, token: user.accessToken });
    expect(estimate.body.data).toMatchObject({ messages: 1, credits: Number(campaign!.rate) });
    graph.sim.clearFailures();
    const [first, second] = await Promise.all([
      t.request({ url: `/campaigns/${id}/retry`, token: user.accessToken, body: {} }),
      t.request({ url: `/campaigns/${id}/retry`, token: user.accessToken, body: {} }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.data.messages, second.body.data.messages].sort()).toEqual([0, 1]);
    const after = await walletOf(t, user.businessId);
    expect(new Decimal(before!.balance).minus(after!.balance).toFixed(4)).toBe(
      new Decimal(campaign!.rate!).toFixed(4),
    );
    await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ sent: 3 }), { timeout: 10_000 });
    const again = await t.request({ url: `/campaigns/${id}/retry`, token: user.accessToken, body: {} });
    expect(again.body.data).toMatchObject({ messages: 0, credits: 0 });
    await expectLedgerBalanced(t);
  });

  it('a retry leaves out a person who opted out since the failure: nothing sent, nothing charged', async () => {
    const { id, victim, user } = await campaignMeeting(131000, 2, { status: 500 });
    await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ sent: 1, failed: 1 }), {
      timeout: 10_000,
    });
    await vi.waitFor(async () => expect(await refundsOf(id)).toHaveLength(1), { timeout: 10_000 });
    await t.db
      .update(contacts)
      .set({ optIn: false })
      .where(and(eq(contacts.businessId, user.businessId), eq(contacts.phoneNumber, victim.phoneNumber)));
    graph.sim.clearFailures();
    const before = await walletOf(t, user.businessId);
    const estimate = await t.request({ url: `/campaigns/${id}/retry`, token: user.accessToken });
    expect(estimate.body.data).toMatchObject({ messages: 0, credits: 0 });
    const retried = await t.request({ url: `/campaigns/${id}/retry`, token: user.accessToken, body: {} });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ messages: 0, credits: 0 });
    expect((await walletOf(t, user.businessId)).balance).toBe(before.balance);
    await new Promise((r) => setTimeout(r, 300));
    expect(await messageTo(id, victim.phoneNumber)).toMatchObject({
      status: 'failed',
      failureOutcome: 'retry',
    });
    expect(graph.sim.sent.filter((s) => s.body.to === digits(victim.phoneNumber))).toHaveLength(0);
    await expectLedgerBalanced(t);
  });

  it('defer (131049): waits at least 24 hours once without using an attempt; a second time is final and refunded', async () => {
    const { id, victim } = await campaignMeeting(131049, 2);
    await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ sent: 1, queued: 1 }), {
      timeout: 10_000,
    });
    const deferred = await messageTo(id, victim.phoneNumber);
    expect(deferred).toMatchObject({ failureOutcome: 'defer', attempts: 0 });
    expect(deferred.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(Date.now() + DEFER_MS - 60_000);
    expect(deferred.error).toContain('share of marketing messages');
    // A day later (the queue's clock is the database's: the wait is moved, not the clock).
    await t.db
      .update(campaignMessages)
      .set({ nextAttemptAt: new Date() })
      .where(eq(campaignMessages.id, deferred.id));
    await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ sent: 1, failed: 1 }), {
      timeout: 10_000,
    });
    expect(await messageTo(id, victim.phoneNumber)).toMatchObject({ failureOutcome: 'defer' });
    await vi.waitFor(async () => expect(await refundsOf(id)).toHaveLength(1), { timeout: 10_000 });
  });

  it('optout (131050): final, and the contact no longer receives marketing, with the reason', async () => {
    const { id, victim, user } = await campaignMeeting(131050, 2);
    await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ sent: 1, failed: 1 }), {
      timeout: 10_000,
    });
    expect(await messageTo(id, victim.phoneNumber)).toMatchObject({ failureOutcome: 'optout' });
    await vi.waitFor(async () => {
      const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, victim.id));
      expect(contact).toMatchObject({ optIn: false });
      expect(contact!.optOutReason).toContain('stopped marketing');
    });
    const told = await t.db.select().from(notifications).where(eq(notifications.receiverId, user.businessId));
    expect(told.map((n) => n.type)).toContain('contact.opted_out');
  });

  it('fail (131026): final for that message only, refunded once', async () => {
    const { id, victim, user } = await campaignMeeting(131026, 3);
    await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ sent: 2, failed: 1 }), {
      timeout: 10_000,
    });
    expect(await messageTo(id, victim.phoneNumber)).toMatchObject({ failureOutcome: 'fail' });
    await vi.waitFor(async () => expect(await refundsOf(id)).toHaveLength(1), { timeout: 10_000 });
    const [refund] = await refundsOf(id);
    const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(refund!.credits).toBe(new Decimal(campaign!.rate!).toFixed(4));
    const message = await messageTo(id, victim.phoneNumber);
    expect(message.refundId).toBe(refund!.id);
    const report = await t.request({ url: `/campaigns/${id}/report`, token: user.accessToken });
    const charged = Number(campaign!.cost);
    expect(report.body.data.money).toEqual({
      charged,
      refunded: Number(campaign!.rate),
      net: Number(new Decimal(charged).minus(campaign!.rate!)),
    });
    expect(report.body.data.failureGroups).toEqual([
      {
        outcome: 'fail',
        words: 'Could not be delivered to this person',
        count: 1,
        refunded: 1,
        reasons: [{ reason: expect.stringContaining('Undeliverable'), count: 1 }],
      },
    ]);
    const wallet = await t.request({ url: '/payments/transactions', token: user.accessToken });
    expect(wallet.body.data.items.map((i: { kind: string }) => i.kind)).toContain('campaign_refund');
    await expectLedgerBalanced(t);
  });

  it('stop (132012): the remaining sends stop, the business is told, and every unsent message is refunded', async () => {
    const sender = await cloudSender(t, graph.sim, 6);
    graph.sim.failSends({ status: 400, code: 132012, title: 'Parameter format does not match' });
    const id = await publishCloud(t, sender);
    dispatcher = cloudDispatcher(t, { concurrency: 1, batchSize: 1 }).start();
    await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ failed: 6 }), {
      timeout: 10_000,
    });
    const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(campaign!.stopReason).toContain("template's parameters");
    expect((await messages(id)).every((m) => m.failureOutcome === 'stop')).toBe(true);
    await vi.waitFor(
      async () => expect((await messages(id)).every((m) => m.refundedAt !== null)).toBe(true),
      { timeout: 10_000 },
    );
    const total = (await refundsOf(id)).reduce((s, r) => s.plus(r.credits!), new Decimal(0));
    expect(total.toFixed(4)).toBe(new Decimal(campaign!.cost!).toFixed(4));
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiverId, sender.user.businessId));
    expect(told.map((n) => n.type)).toContain('campaign.stopped');
    await expectLedgerBalanced(t);
  });

  it('a failed report that arrived before its message was stored is sorted and refunded by maintenance', async () => {
    const sender = await cloudSender(t, graph.sim, 1);
    graph.sim.holdSends = true;
    const id = await publishCloud(t, sender);
    dispatcher = cloudDispatcher(t, { failureSettleMs: 0 }).start();
    await vi.waitFor(() => expect(graph.sim.heldCount).toBe(1), { timeout: 10_000 });
    // The status comes before the send's answer: kept pending, applied when the answer is recorded.
    const wamid = graph.sim.sent.find((m) => m.phoneNumberId === sender.account.phoneNumberId)!.wamid;
    const body = cloudWebhookBody(
      sender.account.wabaId,
      'messages',
      statusValue(sender.account.phoneNumberId, {
        id: wamid,
        status: 'failed',
        recipient: digits(sender.people[0]!.phoneNumber),
        errors: [{ code: 131026, title: 'Message undeliverable' }],
      }),
    );
    const res = await t.request({
      url: '/webhooks/whatsapp-cloud',
      headers: signedHeaders(APP_SECRET, body),
      payload: body,
    });
    expect(res.status).toBe(200);
    graph.sim.holdSends = false;
    graph.sim.releaseSends();
    await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ failed: 1 }), {
      timeout: 10_000,
    });
    await vi.waitFor(async () => expect(await refundsOf(id)).toHaveLength(1), { timeout: 10_000 });
    const [message] = await messages(id);
    expect(message).toMatchObject({ failureOutcome: 'fail' });
    await expectLedgerBalanced(t);
  });

  describe('failed statuses from the Cloud webhook', () => {
    async function sentCampaign(count: number) {
      const sender = await cloudSender(t, graph.sim, count);
      const id = await publishCloud(t, sender);
      dispatcher = cloudDispatcher(t).start();
      await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ sent: count }), {
        timeout: 10_000,
      });
      return { ...sender, id };
    }
    async function reportFailed(
      phoneNumberId: string,
      wabaId: string,
      message: { providerMessageId: string | null; phoneNumber: string },
      code: number,
    ) {
      const wamid = message.providerMessageId!.split(':').pop()!;
      const body = cloudWebhookBody(
        wabaId,
        'messages',
        statusValue(phoneNumberId, {
          id: wamid,
          status: 'failed',
          recipient: digits(message.phoneNumber),
          errors: [{ code, title: `Error ${code}` }],
        }),
      );
      const res = await t.request({
        url: '/webhooks/whatsapp-cloud',
        headers: signedHeaders(APP_SECRET, body),
        payload: body,
      });
      expect(res.status).toBe(200);
    }

    it('a template code (132001) stops the campaign: the known gap is closed', async () => {
      const s = await sentCampaign(2);
      const [m] = await messages(s.id);
      await t.db.update(campaigns).set({ completedAt: null, state: 'sending' }).where(eq(campaigns.id, s.id));
      await reportFailed(s.account.phoneNumberId, s.account.wabaId, m!, 132001);
      const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, s.id));
      expect(campaign!.stopReason).toContain('template');
      expect(await messageTo(s.id, m!.phoneNumber)).toMatchObject({
        status: 'failed',
        failureOutcome: 'stop',
      });
    });

    it('131050 opts the person out; 131049 puts the message back for a day; refunds follow final ones only', async () => {
      const s = await sentCampaign(3);
      const [a, b] = await messages(s.id);
      await reportFailed(s.account.phoneNumberId, s.account.wabaId, a!, 131050);
      await reportFailed(s.account.phoneNumberId, s.account.wabaId, b!, 131049);
      const [contact] = await t.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.businessId, s.user.businessId), eq(contacts.phoneNumber, a!.phoneNumber)));
      expect(contact).toMatchObject({ optIn: false });
      expect(await messageTo(s.id, b!.phoneNumber)).toMatchObject({
        status: 'queued',
        failureOutcome: 'defer',
      });
      await vi.waitFor(async () => expect(await refundsOf(s.id)).toHaveLength(1), { timeout: 10_000 });
      expect(await messageTo(s.id, a!.phoneNumber)).toMatchObject({ failureOutcome: 'optout' });
      expect((await messageTo(s.id, a!.phoneNumber)).refundedAt).not.toBeNull();
      await expectLedgerBalanced(t);
    });
  });
});
