import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Dispatcher } from '../../src/jobs/dispatcher.js';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { MessagingWebhookService } from '../../src/modules/webhooks/messaging.service.js';
import { businesses, campaignMessages, webhookEvents } from '../../src/platform/db/schema/index.js';
import type { MessagingPort } from '../../src/providers/messaging/messaging.port.js';
import { signWebhookBody } from '../../src/providers/payment/signature.js';
import { createCampaign, createContacts, createUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { campaignRow, queuedCampaign, testDispatcher, useGateway } from '../jobs/helpers.js';

type Line = Record<string, unknown> & { msg: string; level: number };

/** Every line the service logs, parsed, at debug level. */
const lines: Line[] = [];
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  }),
);
const since = (mark: number) => lines.slice(mark);
const SECRET = 'sk_test_logs';

/**
 * Structured logs an operator can follow: every line written while handling one webhook event, one
 * scheduler tick or one dispatcher batch carries the id that ties them together (`reqId` and `eventId`,
 * `tickId`, `batchId`), through pino child loggers.
 */
describe('log correlation ids', () => {
  const t = useTestApp({
    logger,
    env: {
      PAYMENT_PROVIDER_SECRET_KEY: SECRET,
      PAYMENT_PROVIDER_BASE_URL: 'http://127.0.0.1:9',
      // The real gateway adapter: a business without credentials cannot be answered, which is logged.
      MESSAGING_PROVIDER_BASE_URL: 'http://127.0.0.1:9/GatewayAPI/rest',
    },
  });
  const sim = useGateway();
  const running: Dispatcher[] = [];
  afterAll(() => Promise.all(running.map((d) => d.stop())));

  it('messaging webhook: each line of the handling carries the request id and the event id', async () => {
    const owner = await createUser(t);
    await t.db
      .update(businesses)
      .set({ wabaNumber: '2349033334444' })
      .where(eq(businesses.id, owner.businessId));
    const mark = lines.length;
    const res = await t.request({
      url: '/webhooks/messaging-provider',
      headers: { 'x-request-id': 'wh-log-1' },
      body: {
        waNumber: '2349033334444',
        mobile: '2348031112222',
        type: 'text',
        text: 'STOP',
        timestamp: '9',
      },
    });
    expect(res.status).toBe(200);
    // The confirmation is attempted after the answer; without credentials it is logged, not sent.
    await vi.waitFor(
      () => {
        const value = since(mark).some((l) => l.msg.includes('confirmation not sent'));
        expect(value).toSatisfy(Boolean);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    const handling = since(mark).filter(
      (l) => l.msg.startsWith('messaging webhook') || l.msg.includes('opt-in/out'),
    );
    expect(handling.map((l) => l.msg)).toEqual([
      'messaging webhook: processed',
      'opt-in/out confirmation not sent: no credentials',
    ]);
    const [event] = await t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.provider, 'messaging-provider'));
    for (const l of handling) expect(l).toMatchObject({ reqId: 'wh-log-1', eventId: event!.id });
  });

  it('payment webhook: processing after the answer still carries the request id, with the event id and key', async () => {
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference: 'no-such-ref', status: 'success' },
    });
    const mark = lines.length;
    const res = await t.request({
      url: '/webhooks/payment-provider',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-payment-provider-signature': signWebhookBody(SECRET, body),
        'x-request-id': 'wh-log-2',
      },
    });
    expect(res.status).toBe(200);
    const applied = await vi.waitFor(
      () => {
        const value = since(mark).find((l) => l.msg === 'payment webhook: event applied');
        expect(value).toSatisfy(Boolean);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    expect(applied).toMatchObject({
      reqId: 'wh-log-2',
      eventKey: 'charge.success:no-such-ref',
      result: 'ignored',
      note: 'Unknown payment reference',
    });
    expect(applied!.eventId).toEqual(expect.any(String));
  });

  it('scheduler: each line of a tick, its housekeeping included, carries the tick id', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const [contact] = await createContacts(t, user.businessId, 1);
    const campaign = await createCampaign(t, user.businessId, {
      isScheduled: true,
      scheduledAt: new Date(Date.now() - 1_000),
      isPublished: true,
      publishedAt: new Date(),
      paymentMethod: 'credit',
      recipientCount: 1,
    });
    await t.db.insert(campaignMessages).values({
      campaignId: campaign.id,
      businessId: user.businessId,
      contactId: contact!.id,
      phoneNumber: contact!.phoneNumber,
      firstName: contact!.firstName,
      lastName: contact!.lastName,
      status: 'held',
    });
    // An inbound event a crashed process stored and never handled: the tick's housekeeping retries it.
    const [stale] = await t.db
      .insert(webhookEvents)
      .values({
        provider: 'messaging-provider',
        eventKey: 'stale-event',
        eventType: 'message',
        payload: {
          waNumber: '2349000000001',
          mobile: '2348039990000',
          type: 'text',
          text: 'hello',
          timestamp: '1',
        },
        receivedAt: new Date(Date.now() - 30 * 60_000),
      })
      .returning();

    const mark = lines.length;
    const webhooks = new MessagingWebhookService(t.deps);
    const scheduler = new Scheduler(t.deps, 60_000, (log) => webhooks.retryUnfinished(0, log)).start();
    await vi.waitFor(
      () => {
        const value = since(mark).some((l) => l.eventId === stale!.id);
        expect(value).toSatisfy(Boolean);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    await scheduler.stop();
    expect((await campaignRow(t, campaign.id)).isSentOut).toBe(true);

    const tick = since(mark);
    const ids = new Set(tick.map((l) => l.tickId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toEqual(expect.any(String));
    expect(tick.map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        'scheduled campaign sent out',
        'scheduler: tick done',
        'messaging webhook: retrying unfinished events',
        'messaging webhook: ignored',
      ]),
    );
    const sweep = tick.filter((l) => l.msg.startsWith('messaging webhook'));
    expect(new Set(sweep.map((l) => l.sweepId)).size).toBe(1);
    expect(sweep.find((l) => l.msg === 'messaging webhook: ignored')).toMatchObject({ eventId: stale!.id });
  });

  it('dispatcher: the lines about one claimed batch share its batch id, a send error included', async () => {
    const { campaign, phones } = await queuedCampaign(t, 4);
    // A send that fails in an unexpected way (not a gateway answer) is logged as an error.
    const flaky: MessagingPort = {
      requiresCredentials: true,
      send: (credentials, message) =>
        message.to === phones[1]
          ? Promise.reject(new Error('socket exploded'))
          : sim.adapter.send(credentials, message),
    };
    const mark = lines.length;
    const options = testDispatcher(t, sim.adapter, { batchSize: 10, concurrency: 4, maxAttempts: 1 }).opts;
    running.push(new Dispatcher({ ...t.deps, messaging: flaky }, options).start());
    await vi.waitFor(
      async () => {
        const value = await campaignRow(t, campaign.id);
        expect(value).toSatisfy((c) => c.completedAt !== null);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    await vi.waitFor(
      () => {
        const value = since(mark).some((l) => l.msg === 'dispatcher: batch done');
        expect(value).toSatisfy(Boolean);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    const claimed = since(mark).find(
      (l) => l.msg === 'dispatcher: batch claimed' && l.businessId === campaign.businessId,
    )!;
    expect(claimed).toMatchObject({ businessId: campaign.businessId, messages: 4, campaigns: [campaign.id] });
    const batch = since(mark).filter((l) => l.batchId === claimed.batchId);
    expect(batch.map((l) => l.msg)).toEqual([
      'dispatcher: batch claimed',
      'dispatcher: unexpected send error',
      'dispatcher: batch done',
    ]);
    expect(batch[1]).toMatchObject({ level: 50, err: { message: 'socket exploded' } });
    expect(batch[2]).toMatchObject({ sent: 3, failed: 1, retry: 0, release: 0 });
  });
});
