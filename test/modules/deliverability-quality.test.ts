import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { refreshCloudNumbers } from '../../src/modules/deliverability/index.js';
import { claimMessages, recordOutcomes } from '../../src/modules/messages/index.js';
import { campaigns, contacts, messagingLimits, notifications } from '../../src/platform/db/schema/index.js';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { statusCounts } from '../jobs/helpers.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import {
  cloudWebhookBody,
  qualityUpdateValue,
  signedHeaders,
  userPreferencesValue,
} from '../simulators/graph-api.js';
import { storeTemplate } from './category-support.js';
import { APP_SECRET, cloudDispatcher, useGraph } from './cloud-support.js';
import { cloudSender, publishCloud, setLimit } from './deliverability-support.js';

describe('quality, pause, resume and cancel', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);
  let dispatcher: Dispatcher | undefined;
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
    graph.sim.holdSends = false;
    graph.sim.releaseSends();
  });

  async function webhook(wabaId: string, field: string, value: Record<string, unknown>, time?: number) {
    const body = cloudWebhookBody(wabaId, field, value, time);
    const res = await t.request({
      url: '/webhooks/whatsapp-cloud',
      headers: signedHeaders(APP_SECRET, body),
      payload: body,
    });
    expect(res.status).toBe(200);
  }

  /** The number's quality is GREEN again: marketing may be resumed (a 409 before). */
  async function recover(s: { account: { wabaId: string }; wabaNumber: string }) {
    await webhook(
      s.account.wabaId,
      'phone_number_quality_update',
      qualityUpdateValue(s.wabaNumber, { event: 'UNFLAGGED', currentLimit: 'TIER_1K', quality: 'GREEN' }),
    );
  }

  /** A marketing campaign with queued messages nobody is sending yet. */
  async function queuedMarketing(count = 4, messageType = 'marketing') {
    const sender = await cloudSender(t, graph.sim, count);
    const id = await publishCloud(t, sender, { messageType });
    return { ...sender, id };
  }

  /** A marketing campaign of `s` published to go out in an hour. */
  async function scheduleMarketing(s: Awaited<ReturnType<typeof cloudSender>>, name: string) {
    return t.request({
      url: '/campaigns',
      token: s.user.accessToken,
      body: {
        name,
        message: 'Hello {{1}}',
        sendToAllContact: true,
        isScheduled: true,
        scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
        timeZone: 'Africa/Lagos',
        paymentMethod: 'credit',
        templateId: s.template.id,
        templateParameters: { body: [{ field: 'firstName' }] },
      },
    });
  }

  it('a quality drop to red pauses marketing campaigns, tells the business and the admins; the business resumes', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const s = await queuedMarketing(4);
    // A utility campaign is one whose template is UTILITY (the declared type does not decide).
    const receipt = await storeTemplate(t, s, { category: 'UTILITY', sim: graph.sim });
    const utility = await publishCloud(t, s, { messageType: 'utility', name: 'Receipts', template: receipt });
    await webhook(
      s.account.wabaId,
      'phone_number_quality_update',
      qualityUpdateValue(s.wabaNumber, { event: 'FLAGGED', currentLimit: 'TIER_1K', quality: 'RED' }),
    );

    const [limit] = await t.db
      .select()
      .from(messagingLimits)
      .where(eq(messagingLimits.businessId, s.user.businessId));
    expect(limit).toMatchObject({
      qualityRating: 'RED',
      tier: 'TIER_1K',
      dailyRecipients: 1000,
      source: 'cloud',
    });
    const page = await t.request({ url: `/campaigns/${s.id}`, token: s.user.accessToken });
    expect(page.body.data.pausedAt).not.toBeNull();
    expect(page.body.data.pauseReason).toContain('quality is RED');
    expect(await statusCounts(t, s.id)).toEqual({ held: 4 });
    const other = await t.request({ url: `/campaigns/${utility}`, token: s.user.accessToken });
    expect(other.body.data.pausedAt).toBeNull();
    const business = await t.request({ url: '/business', token: s.user.accessToken });
    expect(business.body.data.messagingLimit).toMatchObject({ qualityRating: 'RED', dailyRecipients: 1000 });

    const toBusiness = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiverId, s.user.businessId));
    expect(toBusiness.map((n) => n.type)).toEqual(
      expect.arrayContaining(['campaign.paused', 'business.messaging_limit_changed']),
    );
    const toAdmin = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiverId, admin.accountId));
    expect(toAdmin.map((n) => n.type)).toContain('business.quality_dropped');

    // The same event again (Meta retries) changes nothing more.
    await webhook(
      s.account.wabaId,
      'phone_number_quality_update',
      qualityUpdateValue(s.wabaNumber, { event: 'FLAGGED', currentLimit: 'TIER_1K', quality: 'RED' }),
    );
    const again = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiverId, s.user.businessId));
    expect(again.filter((n) => n.type === 'campaign.paused')).toHaveLength(1);

    dispatcher = cloudDispatcher(t).start();
    await vi.waitFor(async () => expect((await statusCounts(t, utility)).sent).toBe(4), { timeout: 10_000 });
    expect(await statusCounts(t, s.id)).toEqual({ held: 4 });
    await recover(s);
    const resumed = await t.request({
      url: `/campaigns/${s.id}/resume`,
      token: s.user.accessToken,
      body: {},
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.pausedAt).toBeNull();
    await vi.waitFor(async () => expect(await statusCounts(t, s.id)).toEqual({ sent: 4 }), {
      timeout: 10_000,
    });
  });

  it('FLAGGED, UNFLAGGED, FLAGGED again: the number ends FLAGGED and its marketing is paused again', async () => {
    const s = await queuedMarketing(2);
    const t0 = Math.floor(Date.now() / 1000) - 3600;
    const quality = async (event: 'FLAGGED' | 'UNFLAGGED', time: number) =>
      webhook(
        s.account.wabaId,
        'phone_number_quality_update',
        qualityUpdateValue(s.wabaNumber, { event }),
        time,
      );
    const campaign = async () =>
      (await t.request({ url: `/campaigns/${s.id}`, token: s.user.accessToken })).body.data;
    const qualityNow = async () =>
      (await t.request({ url: '/business', token: s.user.accessToken })).body.data.messagingLimit
        .qualityRating;

    await quality('FLAGGED', t0);
    expect(await qualityNow()).toBe('FLAGGED');
    expect((await campaign()).pausedAt).not.toBeNull();
    await quality('UNFLAGGED', t0 + 60);
    expect(await qualityNow()).toBe('GREEN');
    const resumed = await t.request({
      url: `/campaigns/${s.id}/resume`,
      token: s.user.accessToken,
      body: {},
    });
    expect(resumed.status).toBe(200);
    // The same content as the first event, at a later time: a new event.
    await quality('FLAGGED', t0 + 120);
    expect(await qualityNow()).toBe('FLAGGED');
    expect((await campaign()).pausedAt).not.toBeNull();
    expect(await statusCounts(t, s.id)).toEqual({ held: 2 });
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiverId, s.user.businessId));
    expect(told.filter((n) => n.type === 'campaign.paused')).toHaveLength(2);
    // Meta delivering that event again (same content, same time) pauses nothing more, says nothing more.
    await quality('FLAGGED', t0 + 120);
    const again = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiverId, s.user.businessId));
    expect(again.filter((n) => n.type === 'campaign.paused')).toHaveLength(2);
  });

  it("an account event older than the one applied arrives late: the number's quality and tier stay", async () => {
    const s = await cloudSender(t, graph.sim, 1);
    const t0 = Math.floor(Date.now() / 1000) - 3600;
    await webhook(
      s.account.wabaId,
      'phone_number_quality_update',
      qualityUpdateValue(s.wabaNumber, { event: 'FLAGGED', currentLimit: 'TIER_1K' }),
      t0,
    );
    await webhook(
      s.account.wabaId,
      'phone_number_quality_update',
      qualityUpdateValue(s.wabaNumber, { event: 'UNFLAGGED', currentLimit: 'TIER_10K' }),
      t0 - 60,
    );
    const read = await t.request({ url: '/business', token: s.user.accessToken });
    expect(read.body.data.messagingLimit).toMatchObject({
      qualityRating: 'FLAGGED',
      tier: 'TIER_1K',
      dailyRecipients: 1000,
    });
    // A portfolio limit sent before the flag but arriving after it: no quality in it, its tier is older.
    await webhook(
      s.account.wabaId,
      'account_update',
      { event: 'MESSAGING_LIMIT_UPDATE', whatsapp_business_manager_messaging_limit: 'TIER_2K' },
      t0 - 30,
    );
    const after = await t.request({ url: '/business', token: s.user.accessToken });
    expect(after.body.data.messagingLimit).toMatchObject({ qualityRating: 'FLAGGED', tier: 'TIER_1K' });
  });

  it('pause and resume by the business; rules give 400; another business gets 404', async () => {
    const s = await queuedMarketing(3);
    const paused = await t.request({ url: `/campaigns/${s.id}/pause`, token: s.user.accessToken, body: {} });
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ pauseReason: 'Paused by the business' });
    expect(await statusCounts(t, s.id)).toEqual({ held: 3 });
    dispatcher = cloudDispatcher(t).start();
    const stranger = await createUser(t, { businessVerified: 'accepted' });
    for (const action of ['pause', 'resume', 'retry']) {
      const res = await t.request({
        url: `/campaigns/${s.id}/${action}`,
        token: stranger.accessToken,
        body: {},
      });
      expect(res.status).toBe(404);
    }
    const resumed = await t.request({
      url: `/campaigns/${s.id}/resume`,
      token: s.user.accessToken,
      body: {},
    });
    expect(resumed.status).toBe(200);
    await vi.waitFor(async () => expect(await statusCounts(t, s.id)).toEqual({ sent: 3 }), {
      timeout: 10_000,
    });
    await vi.waitFor(async () => {
      const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, s.id));
      expect(row!.completedAt).not.toBeNull();
    });
    const late = await t.request({ url: `/campaigns/${s.id}/pause`, token: s.user.accessToken, body: {} });
    expect(late.status).toBe(400);
    const notPaused = await t.request({
      url: `/campaigns/${s.id}/resume`,
      token: s.user.accessToken,
      body: {},
    });
    expect(notPaused.status).toBe(400);
  });

  it('a message in flight at the pause that comes back to the queue is held, not sent', async () => {
    const s = await queuedMarketing(2);
    const claimed = await claimMessages(t.db, {
      businessId: s.user.businessId,
      limit: 2,
      workerId: 'w1',
      leaseMs: 60_000,
    });
    expect(claimed).toHaveLength(2);
    const paused = await t.request({ url: `/campaigns/${s.id}/pause`, token: s.user.accessToken, body: {} });
    expect(paused.status).toBe(200);
    await recordOutcomes(t.db, 'w1', [
      { id: claimed[0]!.id, kind: 'retry', error: 'Cloud API error (HTTP 500)', delayMs: 0 },
      { id: claimed[1]!.id, kind: 'release' },
    ]);
    expect(await statusCounts(t, s.id)).toEqual({ held: 2 });
    dispatcher = cloudDispatcher(t).start();
    await new Promise((r) => setTimeout(r, 200));
    expect(await statusCounts(t, s.id)).toEqual({ held: 2 });
  });

  it('user_preferences stop opts the person out of marketing with the reason; resume changes nothing', async () => {
    const s = await cloudSender(t, graph.sim, 2);
    const person = s.people[0]!;
    const waId = person.phoneNumber.replace(/\D/g, '');
    await webhook(
      s.account.wabaId,
      'user_preferences',
      userPreferencesValue(s.account.phoneNumberId, waId, 'resume'),
    );
    let [contact] = await t.db.select().from(contacts).where(eq(contacts.id, person.id));
    expect(contact!.optIn).toBe(true);
    await webhook(
      s.account.wabaId,
      'user_preferences',
      userPreferencesValue(s.account.phoneNumberId, waId, 'stop'),
    );
    [contact] = await t.db.select().from(contacts).where(eq(contacts.id, person.id));
    expect(contact).toMatchObject({
      optIn: false,
      optOutReason: expect.stringContaining('stopped marketing'),
    });
    const shown = await t.request({ url: `/contacts/${person.id}`, token: s.user.accessToken });
    expect(shown.body.data).toMatchObject({
      optIn: false,
      optOutReason: expect.stringContaining('stopped marketing'),
    });
  });

  it('account_update with a portfolio limit sets the daily limit of the account’s businesses', async () => {
    const s = await cloudSender(t, graph.sim, 1);
    await webhook(s.account.wabaId, 'account_update', {
      event: 'MESSAGING_LIMIT_UPDATE',
      whatsapp_business_manager_messaging_limit: 'TIER_2K',
    });
    const res = await t.request({ url: '/business', token: s.user.accessToken });
    expect(res.body.data.messagingLimit).toMatchObject({ dailyRecipients: 2000, tier: 'TIER_2K' });
    await webhook(s.account.wabaId, 'account_update', {
      event: 'ACCOUNT_UPDATE',
      whatsapp_business_manager_messaging_limit: 'TIER_UNLIMITED',
    });
    const after = await t.request({ url: '/business', token: s.user.accessToken });
    expect(after.body.data.messagingLimit).toMatchObject({ dailyRecipients: null, remaining: null });
  });

  it("the number's tier, quality and throughput are read from the Cloud API; an admin's figure overrides them", async () => {
    const s = await cloudSender(t, graph.sim, 1);
    s.account.messagingLimitTier = 'TIER_10K';
    s.account.throughputLevel = 'HIGH';
    s.account.qualityRating = 'YELLOW';
    expect(await refreshCloudNumbers(t.deps)).toBeGreaterThanOrEqual(1);
    const read = await t.request({ url: '/business', token: s.user.accessToken });
    expect(read.body.data.messagingLimit).toMatchObject({
      dailyRecipients: 10_000,
      messagesPerSecond: 1_000,
      tier: 'TIER_10K',
      qualityRating: 'YELLOW',
    });
    await setLimit(t, s.user.businessId, { dailyRecipients: 500 });
    s.account.messagingLimitTier = 'TIER_100K';
    await refreshCloudNumbers(t.deps);
    const held = await t.request({ url: '/business', token: s.user.accessToken });
    expect(held.body.data.messagingLimit).toMatchObject({ dailyRecipients: 500, tier: 'TIER_100K' });
    await setLimit(t, s.user.businessId, { dailyRecipients: null, messagesPerSecond: null });
    await refreshCloudNumbers(t.deps);
    const back = await t.request({ url: '/business', token: s.user.accessToken });
    expect(back.body.data.messagingLimit).toMatchObject({ dailyRecipients: 100_000, tier: 'TIER_100K' });
  });

  it('a quality drop pauses a scheduled marketing campaign too: its time comes, nothing goes out until resumed', async () => {
    const s = await cloudSender(t, graph.sim, 3);
    const res = await scheduleMarketing(s, 'Tomorrow');
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    await webhook(
      s.account.wabaId,
      'phone_number_quality_update',
      qualityUpdateValue(s.wabaNumber, { event: 'FLAGGED', currentLimit: 'TIER_1K', quality: 'RED' }),
    );
    const paused = await t.request({ url: `/campaigns/${id}`, token: s.user.accessToken });
    expect(paused.body.data.pauseReason).toContain('quality is RED');

    // Its time comes while paused: sent out, but every message stays held and the business is not told "sent".
    await t.db
      .update(campaigns)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(eq(campaigns.id, id));
    await new Scheduler(t.deps, 60_000).tick();
    dispatcher = cloudDispatcher(t).start();
    await new Promise((r) => setTimeout(r, 300));
    expect(await statusCounts(t, id)).toEqual({ held: 3 });
    expect(graph.sim.sent.filter((m) => m.phoneNumberId === s.account.phoneNumberId)).toHaveLength(0);
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiverId, s.user.businessId));
    expect(told.map((n) => n.type)).not.toContain('campaign.sent');

    await recover(s);
    const resumed = await t.request({ url: `/campaigns/${id}/resume`, token: s.user.accessToken, body: {} });
    expect(resumed.status).toBe(200);
    await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ sent: 3 }), { timeout: 10_000 });
  });

  it('resuming a scheduled campaign paused before its time only lifts the pause: it waits for its time', async () => {
    const s = await cloudSender(t, graph.sim, 2);
    const res = await scheduleMarketing(s, 'Next week');
    const id = res.body.data.id as string;
    await webhook(
      s.account.wabaId,
      'phone_number_quality_update',
      qualityUpdateValue(s.wabaNumber, { event: 'FLAGGED', currentLimit: 'TIER_1K', quality: 'RED' }),
    );
    await recover(s);
    const resumed = await t.request({ url: `/campaigns/${id}/resume`, token: s.user.accessToken, body: {} });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ pausedAt: null, status: 'scheduled' });
    expect(await statusCounts(t, id)).toEqual({ held: 2 });
  });

  it('a scheduled campaign is cancelled and refunded; the ledger balances', async () => {
    const s = await cloudSender(t, graph.sim, 2);
    const res = await scheduleMarketing(s, 'Later');
    expect(res.status).toBe(201);
    const cancel = await t.request({
      url: `/campaigns/${res.body.data.id}/cancel`,
      token: s.user.accessToken,
      body: {},
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe('draft');
    await expectLedgerBalanced(t);
  });
});
