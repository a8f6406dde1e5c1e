import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CREDENTIALS_MISSING, Dispatcher, dispatcherOptions } from '../../src/jobs/dispatcher.js';
import { OPTED_OUT_REASON, reclaimExpiredLeases, recordOutcomes } from '../../src/modules/messages/index.js';
import {
  businesses,
  campaignMessages,
  contactFieldDefinitions,
  contacts,
  notificationSettings,
} from '../../src/platform/db/schema/index.js';
import { walletOf } from '../factories.js';
import { useTestApp } from '../harness.js';
import {
  campaignRow,
  messagesOf,
  queuedCampaign,
  statusCounts,
  testDispatcher,
  useGateway,
} from './helpers.js';

describe('dispatcher', () => {
  const t = useTestApp();
  const sim = useGateway();
  const running: Dispatcher[] = [];
  const start = (overrides: Parameters<typeof testDispatcher>[2] = {}) => {
    const d = testDispatcher(t, sim.adapter, overrides).start();
    running.push(d);
    return d;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((d) => d.stop()));
    sim.gateway.goUp();
    sim.gateway.errorRate = 0;
    sim.gateway.latencyMs = 0;
  });
  /** The recipient `phone` sends STOP to the business's number, through the messaging webhook. */
  const sendStop = async (businessId: string, phone: string, timestamp: string) => {
    const [business] = await t.db.select().from(businesses).where(eq(businesses.id, businessId));
    return t.request({
      url: '/webhooks/messaging-provider',
      body: { waNumber: business!.wabaNumber, mobile: phone.slice(1), type: 'text', text: 'STOP', timestamp },
    });
  };
  const completed = (id: string) =>
    vi.waitFor(
      async () => {
        const value = await campaignRow(t, id);
        expect(value).toSatisfy((c) => c.completedAt !== null);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );

  it('sends each message once, personalised, records the outcome, completes the campaign and notifies', async () => {
    const { user, campaign, phones } = await queuedCampaign(t, 30, {
      message: 'Hi {{firstName}} {{ lastName }}!',
      header: 'Big news',
      uploadFileUrl: 'https://cdn.example/promo.jpg',
      actionButtonTitle: 'Shop',
      actionButtonUrl: 'https://shop.example/sale',
      messageType: 'utility',
    });
    start();
    const done = await completed(campaign.id);
    expect(done).toMatchObject({ sentCount: 30, failedCount: 0 });
    for (const phone of phones) expect(sim.gateway.sendsTo(phone)).toBe(1);

    const rows = await messagesOf(t, campaign.id);
    expect(
      rows.every((m) => m.status === 'sent' && m.attempts === 1 && m.providerMessageId && m.sentAt),
    ).toBe(true);
    expect(rows.every((m) => m.lockedBy === null && m.leaseExpiresAt === null)).toBe(true);
    const one = rows[0]!;
    const form = sim.gateway.accepted.find((a) => a.form.msg_id === one.id)!.form;
    expect(form).toMatchObject({
      method: 'SendMediaMessage',
      msg_type: 'IMAGE',
      media_url: 'https://cdn.example/promo.jpg',
      caption: `Hi ${one.firstName} ${one.lastName}!`,
      header: 'Big news',
      isHSM: 'true',
      userid: 'hsm-user',
      password: 'hsm-password',
      send_to: one.phoneNumber.slice(1),
      format: 'json',
    });
    // The button's link goes out tracked (one link per message; test/modules/click-tracking.test.ts).
    expect(JSON.parse(form.action!)).toEqual({
      display_text: 'Shop',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:4000\/l\/[A-Za-z0-9_-]{55}$/),
    });

    const res = await t.request({ url: `/campaigns/${campaign.id}`, token: user.accessToken });
    expect(res.body.data).toMatchObject({ status: 'sent', sentCount: 30, failedCount: 0 });
    expect(res.body.data.delivery).toMatchObject({ total: 30, sent: 30, pending: 0 });
    const pushed = t.realtime.events.filter((e) => e.room === `business:${user.businessId}`);
    expect(pushed.map((e) => (e.payload as { type: string }).type)).toContain('campaign.completed');
  });

  it("fills {{field}} from each contact's values at send time, read once per claimed batch, never when unused", async () => {
    // The contacts' field values, read by the dispatcher: the one select of `{ id, fields }`.
    const select = vi.spyOn(t.db, 'select');
    const fieldReads = () =>
      select.mock.calls.filter((c) => {
        const shape = c[0] as Record<string, unknown> | undefined;
        return !!shape && Object.keys(shape).sort().join() === 'fields,id';
      }).length;
    try {
      const { campaign, phones } = await queuedCampaign(t, 20, {
        message: 'Hi {{firstName}} in {{city|town}}',
      });
      await t.db
        .insert(contactFieldDefinitions)
        .values({ businessId: campaign.businessId, key: 'city', label: 'City', type: 'text' });
      // Set after the campaign was queued: what goes out is the value at send time.
      await t.db
        .update(contacts)
        .set({ fields: { city: 'Lagos' } })
        .where(and(eq(contacts.businessId, campaign.businessId), eq(contacts.phoneNumber, phones[0]!)));
      const before = fieldReads();
      start({ batchSize: 5, concurrency: 4 });
      await completed(campaign.id);
      const captions = new Map(
        sim.gateway.accepted.map((a) => [a.form.send_to, a.form.caption ?? a.form.msg]),
      );
      const rows = await messagesOf(t, campaign.id);
      for (const m of rows) {
        const city = m.phoneNumber === phones[0] ? 'Lagos' : 'town';
        expect(captions.get(m.phoneNumber.slice(1))).toBe(`Hi ${m.firstName} in ${city}`);
      }
      // Twenty messages in claims of at most five: one read per claim, not one per message.
      const reads = fieldReads() - before;
      expect(reads).toBeGreaterThanOrEqual(1);
      expect(reads).toBeLessThan(rows.length / 2);

      // A text without a field reads no contact.
      const plain = await queuedCampaign(t, 10, { message: 'Hi {{firstName}}' });
      const beforePlain = fieldReads();
      await completed(plain.campaign.id);
      expect(fieldReads() - beforePlain).toBe(0);
    } finally {
      select.mockRestore();
    }
  });

  it('fails a message the gateway rejects at once, with its reason, and lists it for the business', async () => {
    const { user, campaign, phones } = await queuedCampaign(t, 5);
    sim.gateway.rejectRecipient(phones[0]!, 'Number does not exist on WhatsApp', '1002');
    await t.db
      .update(notificationSettings)
      .set({ value: 'false' })
      .where(
        and(
          eq(notificationSettings.businessId, user.businessId),
          eq(notificationSettings.key, 'campaignCompletionPush'),
        ),
      );
    start();
    const done = await completed(campaign.id);
    expect(done).toMatchObject({ sentCount: 4, failedCount: 1 });
    const failed = await t.request({
      url: `/campaigns/${campaign.id}/messages`,
      token: user.accessToken,
      query: { status: 'failed' },
    });
    expect(failed.status).toBe(200);
    expect(failed.body.data.total).toBe(1);
    expect(failed.body.data.items[0]).toMatchObject({
      phoneNumber: phones[0],
      status: 'failed',
      attempts: 1,
      failureReason: 'Number does not exist on WhatsApp (code 1002)',
    });
    const types = t.realtime.events
      .filter((e) => e.room === `business:${user.businessId}`)
      .map((e) => (e.payload as { type: string }).type);
    expect(types).not.toContain('campaign.completed');
  });

  it('retries 429s and 5xx with backoff until delivered, losing none', async () => {
    const { campaign, phones } = await queuedCampaign(t, 40);
    sim.gateway.throttleNext(10, 0.2);
    sim.gateway.errorRate = 0.2;
    // Ten attempts: a message failing every one of them at a 20% error rate is a 1e-7 event, not a flake.
    start({ maxAttempts: 10 });
    const done = await completed(campaign.id);
    expect(done).toMatchObject({ sentCount: 40, failedCount: 0 });
    for (const phone of phones) expect(sim.gateway.sendsTo(phone)).toBe(1);
    const rows = await messagesOf(t, campaign.id);
    expect(rows.some((m) => m.attempts > 1)).toBe(true);
    expect(rows.every((m) => m.attempts <= 10)).toBe(true);
  });

  it("waits out the gateway's Retry-After before the next attempt", async () => {
    const { campaign, phones } = await queuedCampaign(t, 1);
    const to = phones[0]!.slice(1);
    sim.gateway.throttleNext(1, 1);
    // Its own backoff (30 ms) is far shorter than the gateway's Retry-After (1 s).
    start({ retryBaseMs: 30, retryMaxMs: 30 });
    expect(await completed(campaign.id)).toMatchObject({ sentCount: 1 });
    const attempts = sim.gateway.answered.filter((a) => a.to === to);
    expect(attempts.map((a) => a.status)).toEqual([429, 200]);
    expect(attempts[1]!.receivedAt - attempts[0]!.receivedAt).toBeGreaterThanOrEqual(1_000);
  });

  it('gives up on a message that keeps failing after the attempt limit, keeping the last reason', async () => {
    const { campaign, phones } = await queuedCampaign(t, 6);
    sim.gateway.failRecipient(phones[2]!);
    start({ maxAttempts: 3 });
    const done = await completed(campaign.id);
    expect(done).toMatchObject({ sentCount: 5, failedCount: 1 });
    const [stuck] = await t.db
      .select()
      .from(campaignMessages)
      .where(and(eq(campaignMessages.campaignId, campaign.id), eq(campaignMessages.phoneNumber, phones[2]!)));
    expect(stuck).toMatchObject({ status: 'failed', attempts: 3 });
    expect(stuck!.error).toMatch(/HTTP 500.*gave up after 3 attempts/);
  });

  it('gives up on the last message of a campaign that keeps failing, though its failures opened the circuit', async () => {
    // Three 500s in a row open the circuit; from then on the one message left is each probe. Were a probe's
    // attempt always given back, it would be sent every pause, forever, and the campaign never end.
    const { campaign, phones } = await queuedCampaign(t, 1);
    sim.gateway.failRecipient(phones[0]!);
    start({ maxAttempts: 5 });
    const done = await completed(campaign.id);
    expect(done).toMatchObject({ sentCount: 0, failedCount: 1 });
    const [stuck] = await t.db
      .select()
      .from(campaignMessages)
      .where(eq(campaignMessages.campaignId, campaign.id));
    // Three sends open the circuit; its first probe is given back, the next ones spend their attempt.
    expect(stuck).toMatchObject({ status: 'failed', attempts: 5 });
    expect(stuck!.error).toMatch(/HTTP 500.*gave up after 5 attempts/);
  });

  it('holds messages while the provider is down and delivers them all once it is back', async () => {
    const { campaign, phones } = await queuedCampaign(t, 25);
    sim.gateway.goDown('reset');
    start({ maxAttempts: 3 });
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await statusCounts(t, campaign.id)).failed ?? 0).toBe(0);
    sim.gateway.goUp();
    const done = await completed(campaign.id);
    expect(done).toMatchObject({ sentCount: 25, failedCount: 0 });
    for (const phone of phones) expect(sim.gateway.sendsTo(phone)).toBe(1);
  });

  it('fails messages of a business whose credentials are gone', async () => {
    const { campaign } = await queuedCampaign(t, 3);
    await t.db
      .update(businesses)
      .set({ providerHSMID: null, providerHSMPasswordEnc: null })
      .where(eq(businesses.id, campaign.businessId));
    start();
    const done = await completed(campaign.id);
    expect(done).toMatchObject({ sentCount: 0, failedCount: 3 });
    expect((await messagesOf(t, campaign.id)).every((m) => m.error === CREDENTIALS_MISSING)).toBe(true);
  });

  it("fails, with a clear reason, messages of a business holding another business's sealed password", async () => {
    const { campaign, phones } = await queuedCampaign(t, 3);
    const other = await queuedCampaign(t, 1);
    // Someone with write access to the table copies the other business's stored password into this row.
    const [source] = await t.db.select().from(businesses).where(eq(businesses.id, other.campaign.businessId));
    await t.db
      .update(businesses)
      .set({ providerHSMID: source!.providerHSMID, providerHSMPasswordEnc: source!.providerHSMPasswordEnc })
      .where(eq(businesses.id, campaign.businessId));
    start();
    const done = await completed(campaign.id);
    expect(done).toMatchObject({ sentCount: 0, failedCount: 3 });
    const rows = await messagesOf(t, campaign.id);
    expect(
      rows.every((m) => m.error?.startsWith('The stored messaging provider password cannot be read')),
    ).toBe(true);
    for (const phone of phones) expect(sim.gateway.sendsTo(phone)).toBe(0);
    // The business the password belongs to still sends with it.
    expect(await completed(other.campaign.id)).toMatchObject({ sentCount: 1, failedCount: 0 });
  });

  it('two dispatchers on one database never send a message twice', async () => {
    const { campaign, phones } = await queuedCampaign(t, 200);
    sim.gateway.latencyMs = 3;
    start({ concurrency: 6, batchSize: 20 });
    start({ concurrency: 6, batchSize: 20 });
    const done = await completed(campaign.id);
    expect(done).toMatchObject({ sentCount: 200, failedCount: 0 });
    for (const phone of phones) expect(sim.gateway.sendsTo(phone)).toBe(1);
    expect(sim.gateway.duplicates()).toBe(0);
  });

  it('reclaims messages whose worker died (lease expired) and sends them', async () => {
    const { campaign, phones } = await queuedCampaign(t, 4);
    await t.db
      .update(campaignMessages)
      .set({
        status: 'sending',
        attempts: 1,
        lockedBy: 'dead-worker',
        leaseExpiresAt: new Date(Date.now() - 1000),
      })
      .where(eq(campaignMessages.campaignId, campaign.id));
    start();
    const done = await completed(campaign.id);
    expect(done).toMatchObject({ sentCount: 4 });
    expect((await messagesOf(t, campaign.id)).every((m) => m.attempts === 2)).toBe(true);
    for (const phone of phones) expect(sim.gateway.sendsTo(phone)).toBe(1);
  });

  it("does not let a worker that lost its lease overwrite the new owner's outcome", async () => {
    const { campaign } = await queuedCampaign(t, 1);
    const [message] = await messagesOf(t, campaign.id);
    await t.db
      .update(campaignMessages)
      .set({ status: 'sending', lockedBy: 'new-owner', leaseExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(campaignMessages.id, message!.id));
    const touched = await recordOutcomes(t.db, 'old-owner', [
      { id: message!.id, kind: 'failed', error: 'stale' },
    ]);
    expect(touched).toEqual([]);
    const [row] = await messagesOf(t, campaign.id);
    expect(row).toMatchObject({ status: 'sending', lockedBy: 'new-owner', error: null });
  });

  it('does not retry, after the STOP, a message that was being sent when its recipient opted out', async () => {
    const { user, campaign, phones } = await queuedCampaign(t, 2);
    const [target, other] = phones as [string, string];
    // The first send to the target fails (a transient 500) after a slow second; a retry would be accepted.
    sim.gateway.failRecipient(target, 1);
    sim.gateway.latencyMs = 2_000;
    start();
    await vi.waitFor(
      () => {
        const value = sim.gateway.requestsTo(target);
        expect(value).toSatisfy((n) => n === 1);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    expect((await sendStop(user.businessId, target, 's1')).status).toBe(200);
    sim.gateway.latencyMs = 0;
    const done = await completed(campaign.id);
    expect(done).toMatchObject({ sentCount: 1, failedCount: 1 });
    expect(sim.gateway.requestsTo(target)).toBe(1);
    expect(sim.gateway.sendsTo(target)).toBe(0);
    expect(sim.gateway.sendsTo(other)).toBe(1);
    const [message] = (await messagesOf(t, campaign.id)).filter((m) => m.phoneNumber === target);
    expect(message).toMatchObject({ status: 'failed', error: OPTED_OUT_REASON, attempts: 1 });
  });

  it('holds nothing in memory while its rate limiter is down, so a STOP sent meanwhile is honoured', async () => {
    const { user, campaign, phones } = await queuedCampaign(t, 6);
    const target = phones[0]!;
    // Redis is down: every draw of the limiter fails at once.
    const down = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, enableOfflineQueue: false });
    down.on('error', () => {}); // refused connections, expected here
    const limited = new Dispatcher(
      { ...t.deps, messaging: sim.adapter, redis: down },
      dispatcherOptions(t.deps.config, { pollMs: 50, leaseMs: 5_000, ratePerSecond: 80, batchSize: 50 }),
    ).start();
    try {
      // Claimed, refused a token, handed back: the messages sit in the queue, not in the dispatcher.
      await vi.waitFor(
        () => {
          const value = limited.stats.claimed;
          expect(value).toSatisfy((n) => n >= 6);
          return value;
        },
        { timeout: 15_000, interval: 30 },
      );
      const queuedNow = await vi.waitFor(
        async () => {
          const value = (await messagesOf(t, campaign.id)).filter(
            (m) => m.attempts === 0 && m.status === 'queued',
          ).length;
          expect(value).toSatisfy((n) => n === 6);
          return value;
        },
        { timeout: 15_000, interval: 30 },
      );
      expect(queuedNow).toBe(6);
      expect((await sendStop(user.businessId, target, 'd1')).status).toBe(200);
    } finally {
      await limited.stop();
      down.disconnect();
    }
    expect(sim.gateway.sendsTo(target)).toBe(0);

    // The store is back (here: a dispatcher with a working limiter): everyone but the STOP gets the message.
    start({ ratePerSecond: 80 });
    const done = await completed(campaign.id);
    expect(done).toMatchObject({ sentCount: 5, failedCount: 1 });
    expect(sim.gateway.sendsTo(target)).toBe(0);
    const [message] = (await messagesOf(t, campaign.id)).filter((m) => m.phoneNumber === target);
    expect(message).toMatchObject({ status: 'failed', error: OPTED_OUT_REASON });
  });

  it('fails instead of re-queueing a released or reclaimed message whose recipient opted out, refunding nothing', async () => {
    const { user, campaign, phones } = await queuedCampaign(t, 4);
    const balance = (await walletOf(t, user.businessId)).balance;
    const [released, reclaimed, retried, stillIn] = phones as [string, string, string, string];
    for (const phone of [released, reclaimed, retried]) {
      await t.db.update(contacts).set({ optIn: false }).where(eq(contacts.phoneNumber, phone));
    }
    const rows = await messagesOf(t, campaign.id);
    const idOf = (phone: string) => rows.find((m) => m.phoneNumber === phone)!.id;
    await t.db
      .update(campaignMessages)
      .set({ status: 'sending', attempts: 1, lockedBy: 'w1', leaseExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(campaignMessages.campaignId, campaign.id));
    await t.db
      .update(campaignMessages)
      .set({ lockedBy: 'dead-worker', leaseExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(campaignMessages.id, idOf(reclaimed)));

    const written = await recordOutcomes(t.db, 'w1', [
      { id: idOf(released), kind: 'release' },
      { id: idOf(retried), kind: 'retry', error: 'HTTP 500', delayMs: 0 },
      { id: idOf(stillIn), kind: 'retry', error: 'HTTP 500', delayMs: 0 },
    ]);
    expect(written.map((w) => w.kind).sort()).toEqual(['failed', 'failed', 'retry']);
    expect(await reclaimExpiredLeases(t.db, 5)).toEqual([campaign.id]);

    const after = await messagesOf(t, campaign.id);
    const byPhone = (phone: string) => after.find((m) => m.phoneNumber === phone)!;
    for (const phone of [released, reclaimed, retried]) {
      expect(byPhone(phone)).toMatchObject({ status: 'failed', error: OPTED_OUT_REASON, lockedBy: null });
    }
    expect(byPhone(stillIn)).toMatchObject({ status: 'queued', error: 'HTTP 500' });
    expect((await walletOf(t, user.businessId)).balance).toBe(balance);
  });

  it('stops gracefully: sends in flight are recorded, unsent claims go back to the queue', async () => {
    const { campaign } = await queuedCampaign(t, 60);
    sim.gateway.latencyMs = 150;
    const d = start({ concurrency: 4, batchSize: 30 });
    await vi.waitFor(
      () => {
        const value = sim.gateway.inFlight;
        expect(value).toSatisfy((n) => n > 0);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    await d.stop();
    const counts = await statusCounts(t, campaign.id);
    expect(counts.sending ?? 0).toBe(0);
    expect(counts.sent).toBeGreaterThan(0);
    expect((counts.sent ?? 0) + (counts.queued ?? 0)).toBe(60);
    const queued = (await messagesOf(t, campaign.id)).filter((m) => m.status === 'queued');
    expect(queued.every((m) => m.attempts === 0 && m.lockedBy === null)).toBe(true);
    // Another dispatcher finishes the job.
    start();
    expect(await completed(campaign.id)).toMatchObject({ sentCount: 60 });
  });
});
