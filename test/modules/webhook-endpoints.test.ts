import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookSender } from '../../src/jobs/webhook-sender.js';
import {
  enqueueWebhookEvents,
  newWorkerId,
  purgeOldDeliveries,
  sendDueWebhooks,
  WebhookPoster,
} from '../../src/modules/webhook-endpoints/index.js';
import { MAX_ATTEMPTS, retryDelayMs } from '../../src/modules/webhook-endpoints/webhook-retry.js';
import { queryRows } from '../../src/platform/db/client.js';
import { createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { Receiver, verifies } from './webhook-endpoints.support.js';

const log = pino({ level: 'silent' });
const receiver = new Receiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

describe('outgoing webhooks', () => {
  const t = useTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
  let owner: TestUser;
  let poster: WebhookPoster;
  const workerId = newWorkerId();

  beforeAll(async () => {
    owner = await createUser(t, { businessVerified: 'accepted' });
    poster = new WebhookPoster({ timeoutMs: 2000, allowedHosts: ['127.0.0.1'] });
  });
  afterAll(() => poster.close());

  const send = () =>
    sendDueWebhooks(t.deps, poster, { workerId, batchSize: 100, leaseMs: 60_000, concurrency: 4 }, log);
  const dueNow = () =>
    t.db.execute(sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE status = 'pending'`);

  async function createEndpoint(user = owner, body: Record<string, unknown> = {}) {
    const res = await t.request({
      url: '/webhook-endpoints',
      token: user.accessToken,
      body: { url: receiver.url, eventTypes: ['message.delivered', 'campaign.status_changed'], ...body },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: string; secret: string };
  }

  function emit(type = 'message.delivered', data: Record<string, unknown> = { messageId: 'm1' }) {
    return t.db.transaction((tx) =>
      enqueueWebhookEvents(tx, owner.businessId, [
        { type: type as 'message.delivered', at: new Date(), data },
      ]),
    );
  }

  const deliveriesOf = (endpointId: string) =>
    queryRows<{ id: string; status: string; attempts: number; last_error: string | null; manual: boolean }>(
      t.db,
      sql`SELECT id, status, attempts, last_error, manual FROM webhook_deliveries
          WHERE endpoint_id = ${endpointId} ORDER BY created_at, id`,
    );

  it('creates an endpoint with a whsec_ secret shown once and stored sealed', async () => {
    const ep = await createEndpoint(owner, { description: 'CRM' });
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(ep.secret.slice(6), 'base64')).toHaveLength(32);
    const got = await t.request({ url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
    expect(got.status).toBe(200);
    expect(got.body.data).not.toHaveProperty('secret');
    expect(got.body.data).toMatchObject({ description: 'CRM', enabled: true, failingSince: null });
    const [stored] = await queryRows<{ secret: string }>(
      t.db,
      sql`SELECT secret FROM webhook_endpoints WHERE id = ${ep.id}`,
    );
    expect(stored!.secret).not.toContain(ep.secret.slice(6));
    const audit = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'webhook_endpoint.created' AND target_id = ${ep.id}`,
    );
    expect(audit[0]!.n).toBe(1);
    await t.request({ method: 'DELETE', url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
  });

  it.each([
    ['https://localhost/hook', 'private or local'],
    ['https://10.1.2.3/hook', 'private or local'],
    ['https://169.254.169.254/latest', 'private or local'],
    ['https://[::1]/hook', 'private or local'],
    ['http://93.184.215.14/hook', 'https'],
    ['https://user:pw@93.184.215.14/hook', 'credentials'],
    ['not a url', 'valid URL'],
  ])('refuses %s at registration with a 400 naming url', async (url, why) => {
    const res = await t.request({
      url: '/webhook-endpoints',
      token: owner.accessToken,
      body: { url, eventTypes: ['message.sent'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields[0].path).toBe('url');
    expect(res.body.errorMessage.fields[0].message).toContain(why);
  });

  it('accepts a public https address and refuses an unknown event type', async () => {
    const ok = await t.request({
      url: '/webhook-endpoints',
      token: owner.accessToken,
      body: { url: 'https://93.184.215.14/hook', eventTypes: ['message.sent'] },
    });
    expect(ok.status, ok.text).toBe(201);
    const bad = await t.request({
      url: '/webhook-endpoints',
      token: owner.accessToken,
      body: { url: 'https://93.184.215.14/hook', eventTypes: ['message.teleported'] },
    });
    expect(bad.status).toBe(400);
    await t.request({
      method: 'DELETE',
      url: `/webhook-endpoints/${ok.body.data.id}`,
      token: owner.accessToken,
    });
  });

  it('a delivery that fails twice then succeeds is delivered once, with one webhook-id, signed', async () => {
    const ep = await createEndpoint();
    receiver.received.length = 0;
    receiver.answers = [500, 503];
    await emit('message.delivered', { messageId: 'abc' });
    await emit('message.read'); // not subscribed: no delivery
    for (let i = 0; i < 3; i++) {
      await send();
      await dueNow();
    }
    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^msg_[0-9a-f]{32}$/);
    for (const r of receiver.received) expect(verifies(ep.secret, r)).toBe(true);
    const body = JSON.parse(receiver.received[2]!.body);
    expect(body).toMatchObject({ type: 'message.delivered', data: { messageId: 'abc' } });
    expect(body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(
      Math.abs(Number(receiver.received[2]!.headers['webhook-timestamp']) - Date.now() / 1000),
    ).toBeLessThan(60);
    const rows = await deliveriesOf(ep.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', attempts: 3 });

    const log = await t.request({ url: `/webhook-endpoints/${ep.id}/deliveries`, token: owner.accessToken });
    expect(log.status).toBe(200);
    expect(log.body.data.items[0]).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 200 });
    const failed = await t.request({
      url: `/webhook-endpoints/${ep.id}/deliveries?status=failed`,
      token: owner.accessToken,
    });
    expect(failed.body.data.total).toBe(0);
    await t.request({ method: 'DELETE', url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
  });

  it('a failed attempt is retried later with backoff, not at once', async () => {
    const ep = await createEndpoint();
    receiver.answers = [500];
    await emit();
    await send();
    const [row] = await queryRows<{ status: string; wait: number; last_status_code: number }>(
      t.db,
      sql`SELECT status, extract(epoch FROM next_attempt_at - now())::float8 AS wait, last_status_code
          FROM webhook_deliveries WHERE endpoint_id = ${ep.id}`,
    );
    expect(row).toMatchObject({ status: 'pending', last_status_code: 500 });
    expect(row!.wait).toBeGreaterThan(20);
    expect(row!.wait).toBeLessThan(40);
    expect(await send()).toBe(0);
    await t.request({ method: 'DELETE', url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
  });

  it('a redirect is not followed and a slow answer times out: both are failed attempts, retried', async () => {
    const ep = await createEndpoint();
    receiver.received.length = 0;
    receiver.answers = [302];
    await emit();
    await send();
    expect(receiver.received.map((r) => r.url)).toEqual(['/hook']);
    const [redirected] = await queryRows<{ status: string; last_status_code: number; last_error: string }>(
      t.db,
      sql`SELECT status, last_status_code, last_error FROM webhook_deliveries WHERE endpoint_id = ${ep.id}`,
    );
    expect(redirected).toMatchObject({ status: 'pending', last_status_code: 302 });
    await t.db.execute(sql`UPDATE webhook_deliveries SET status = 'failed' WHERE endpoint_id = ${ep.id}`);

    const impatient = new WebhookPoster({ timeoutMs: 200, allowedHosts: ['127.0.0.1'] });
    try {
      receiver.delays = [1_000];
      await emit();
      await sendDueWebhooks(
        t.deps,
        impatient,
        { workerId, batchSize: 10, leaseMs: 60_000, concurrency: 1 },
        log,
      );
    } finally {
      await impatient.close();
    }
    const rows = await queryRows<{ status: string; last_error: string; last_status_code: number | null }>(
      t.db,
      sql`SELECT status, last_error, last_status_code FROM webhook_deliveries
          WHERE endpoint_id = ${ep.id} AND status = 'pending'`,
    );
    expect(rows).toEqual([
      { status: 'pending', last_error: 'No answer within 200 ms', last_status_code: null },
    ]);
    await t.request({ method: 'DELETE', url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
  });

  it('retries span about three days, each delay within its jitter', () => {
    const total = (random: number) =>
      Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, random)).reduce(
        (a, b) => a + b,
        0,
      );
    const day = 86_400_000;
    expect(total(0.5) / day).toBeGreaterThan(2.5);
    expect(total(0.5) / day).toBeLessThan(3.5);
    expect(retryDelayMs(1, 0)).toBe(24_000);
    expect(retryDelayMs(1, 0.999_999)).toBeLessThanOrEqual(36_000);
    expect(retryDelayMs(9, 0.5)).toBe(20 * 3_600_000);
  });

  it('deliveries pending in the database are sent by a freshly started worker (a restart)', async () => {
    const ep = await createEndpoint();
    receiver.received.length = 0;
    await emit();
    // One a worker had claimed when it died: its lease is over.
    await emit();
    await t.db.execute(sql`UPDATE webhook_deliveries SET locked_by = 'dead-worker', attempts = 1,
                             next_attempt_at = now() - interval '1 second'
                           WHERE id = (SELECT id FROM webhook_deliveries WHERE endpoint_id = ${ep.id} LIMIT 1)`);
    const job = startWebhookSender(t.deps, { intervalMs: 20 });
    try {
      for (let i = 0; i < 200 && receiver.received.length < 2; i++)
        await new Promise((r) => setTimeout(r, 20));
    } finally {
      await job.stop();
    }
    expect(receiver.received).toHaveLength(2);
    expect((await deliveriesOf(ep.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    await t.request({ method: 'DELETE', url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
  });

  it('an address that turned private after registration fails the delivery with the reason', async () => {
    const ep = await createEndpoint();
    // What a DNS change would do: the name now resolves to this host.
    await t.db.execute(
      sql`UPDATE webhook_endpoints SET url = 'https://localhost:9/hook' WHERE id = ${ep.id}`,
    );
    await emit();
    await send();
    const [row] = await deliveriesOf(ep.id);
    expect(row!.status).toBe('failed');
    expect(row!.last_error).toContain('private or local address');
    await t.db.execute(sql`UPDATE webhook_endpoints SET url = 'https://10.0.0.8/hook' WHERE id = ${ep.id}`);
    await emit();
    await send();
    expect((await deliveriesOf(ep.id))[1]!.last_error).toContain('private or local address');
    await t.request({ method: 'DELETE', url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
  });

  it('rotation: both secrets sign for a day, the new one is shown once', async () => {
    const ep = await createEndpoint();
    const rot = await t.request({
      method: 'POST',
      url: `/webhook-endpoints/${ep.id}/rotate-secret`,
      token: owner.accessToken,
    });
    expect(rot.status, rot.text).toBe(200);
    const fresh = rot.body.data.secret as string;
    expect(fresh).not.toBe(ep.secret);
    const until = Date.parse(rot.body.data.previousSecretExpiresAt);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    receiver.received.length = 0;
    await emit();
    await send();
    const r = receiver.received[0]!;
    expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(fresh, r)).toBe(true);
    expect(verifies(ep.secret, r)).toBe(true);
    // Once the overlap is over, only the new secret signs.
    await t.db.execute(
      sql`UPDATE webhook_endpoints SET previous_secret_expires_at = now() WHERE id = ${ep.id}`,
    );
    await emit();
    await send();
    const later = receiver.received[1]!;
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(fresh, later)).toBe(true);
    expect(verifies(ep.secret, later)).toBe(false);
    await t.request({ method: 'DELETE', url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
  });

  it('replay sends the same webhook-id again, once, and leaves the failing time alone', async () => {
    const ep = await createEndpoint();
    receiver.received.length = 0;
    receiver.answers = [400];
    await t.db.execute(sql`UPDATE webhook_deliveries SET status = 'failed' WHERE status = 'pending'`);
    await emit();
    await send();
    await t.db.execute(sql`UPDATE webhook_deliveries SET attempts = 10, status = 'failed', next_attempt_at = NULL
                           WHERE endpoint_id = ${ep.id}`);
    const [failing] = await queryRows<{ failing_since: string }>(
      t.db,
      sql`SELECT failing_since::text FROM webhook_endpoints WHERE id = ${ep.id}`,
    );
    expect(failing!.failing_since).not.toBeNull();
    const [d] = await deliveriesOf(ep.id);
    const res = await t.request({
      method: 'POST',
      url: `/webhook-endpoints/${ep.id}/deliveries/${d!.id}/replay`,
      token: owner.accessToken,
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({ id: d!.id, status: 'pending', manual: true });
    const again = await t.request({
      method: 'POST',
      url: `/webhook-endpoints/${ep.id}/deliveries/${d!.id}/replay`,
      token: owner.accessToken,
    });
    expect(again.status).toBe(409);
    await send();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([d!.id, d!.id]);
    expect((await deliveriesOf(ep.id))[0]).toMatchObject({ status: 'succeeded', manual: true });
    const [after] = await queryRows<{ failing_since: string }>(
      t.db,
      sql`SELECT failing_since::text FROM webhook_endpoints WHERE id = ${ep.id}`,
    );
    expect(after!.failing_since).toBe(failing!.failing_since);
    const unknown = await t.request({
      method: 'POST',
      url: `/webhook-endpoints/${ep.id}/deliveries/msg_${'0'.repeat(32)}/replay`,
      token: owner.accessToken,
    });
    expect(unknown.status).toBe(404);
    await t.request({ method: 'DELETE', url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
  });

  it('an endpoint failing for a day is switched off, its pending deliveries failed and the business told', async () => {
    const ep = await createEndpoint();
    receiver.answers = [500];
    await emit();
    await emit();
    await t.db.execute(
      sql`UPDATE webhook_endpoints SET failing_since = now() - interval '25 hours' WHERE id = ${ep.id}`,
    );
    await t.db.execute(sql`UPDATE webhook_deliveries SET next_attempt_at = now() + interval '1 hour'
                           WHERE id = (SELECT max(id) FROM webhook_deliveries WHERE endpoint_id = ${ep.id})`);
    await send();
    const got = await t.request({ url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
    expect(got.body.data).toMatchObject({ enabled: false, disabledReason: 'Deliveries failed for 24 hours' });
    expect((await deliveriesOf(ep.id)).map((d) => d.status)).toEqual(['failed', 'failed']);
    const notes = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM notifications
          WHERE receiver_id = ${owner.businessId} AND type = 'webhook.endpoint_disabled'`,
    );
    expect(notes[0]!.n).toBe(1);
    // Switched off, it gets no new events, and a test or a replay is refused until it is enabled again.
    await emit();
    expect(await deliveriesOf(ep.id)).toHaveLength(2);
    const test = await t.request({
      method: 'POST',
      url: `/webhook-endpoints/${ep.id}/test`,
      token: owner.accessToken,
    });
    expect(test.status).toBe(409);
    const on = await t.request({
      method: 'PATCH',
      url: `/webhook-endpoints/${ep.id}`,
      token: owner.accessToken,
      body: { enabled: true },
    });
    expect(on.body.data).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await t.request({ method: 'DELETE', url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
  });

  it('a test event goes to that endpoint only, whatever it subscribes to', async () => {
    const ep = await createEndpoint();
    receiver.received.length = 0;
    // A failing endpoint stays failing: a member's test, like a replay, neither ends nor starts that time.
    await t.db.execute(
      sql`UPDATE webhook_endpoints SET failing_since = now() - interval '2 hours' WHERE id = ${ep.id}`,
    );
    const failingSince = () =>
      queryRows<{ failing_since: string | null }>(
        t.db,
        sql`SELECT failing_since::text FROM webhook_endpoints WHERE id = ${ep.id}`,
      ).then((rows) => rows[0]!.failing_since);
    const before = await failingSince();
    const res = await t.request({
      method: 'POST',
      url: `/webhook-endpoints/${ep.id}/test`,
      token: owner.accessToken,
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({ eventType: 'webhook.test', status: 'pending', manual: true });
    await send();
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: ep.id },
    });
    expect((await deliveriesOf(ep.id))[0]).toMatchObject({ status: 'succeeded', manual: true });
    expect(await failingSince()).toBe(before);
    expect(before).not.toBeNull();
    await t.request({ method: 'DELETE', url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
  });

  it('updates, lists and deletes; a member switching it off fails what was pending', async () => {
    const ep = await createEndpoint();
    await emit();
    const res = await t.request({
      method: 'PATCH',
      url: `/webhook-endpoints/${ep.id}`,
      token: owner.accessToken,
      body: { enabled: false, description: 'paused', eventTypes: ['contact.created', 'contact.created'] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      enabled: false,
      description: 'paused',
      eventTypes: ['contact.created'],
    });
    expect((await deliveriesOf(ep.id)).map((d) => d.status)).toEqual(['failed']);
    const bad = await t.request({
      method: 'PATCH',
      url: `/webhook-endpoints/${ep.id}`,
      token: owner.accessToken,
      body: { url: 'https://127.0.0.2/x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage.fields[0].path).toBe('url');
    const empty = await t.request({
      method: 'PATCH',
      url: `/webhook-endpoints/${ep.id}`,
      token: owner.accessToken,
      body: {},
    });
    expect(empty.status).toBe(400);
    const list = await t.request({ url: '/webhook-endpoints', token: owner.accessToken });
    expect(list.body.data.map((e: { id: string }) => e.id)).toContain(ep.id);
    const del = await t.request({
      method: 'DELETE',
      url: `/webhook-endpoints/${ep.id}`,
      token: owner.accessToken,
    });
    expect(del.status).toBe(200);
    expect(await deliveriesOf(ep.id)).toHaveLength(0);
    const gone = await t.request({ url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
    expect(gone.status).toBe(404);
  });

  it("another tenant's endpoint is a 404 on every route", async () => {
    const ep = await createEndpoint();
    const other = await createUser(t, { businessVerified: 'accepted' });
    const [d] = await (async () => {
      await emit();
      return deliveriesOf(ep.id);
    })();
    const calls = [
      { url: `/webhook-endpoints/${ep.id}` },
      { method: 'PATCH' as const, url: `/webhook-endpoints/${ep.id}`, body: { description: 'x' } },
      { method: 'DELETE' as const, url: `/webhook-endpoints/${ep.id}` },
      { method: 'POST' as const, url: `/webhook-endpoints/${ep.id}/rotate-secret` },
      { method: 'POST' as const, url: `/webhook-endpoints/${ep.id}/test` },
      { url: `/webhook-endpoints/${ep.id}/deliveries` },
      { method: 'POST' as const, url: `/webhook-endpoints/${ep.id}/deliveries/${d!.id}/replay` },
    ];
    for (const c of calls) {
      const res = await t.request({ ...c, token: other.accessToken });
      expect(res.status, `${c.method ?? 'GET'} ${c.url}`).toBe(404);
    }
    const list = await t.request({ url: '/webhook-endpoints', token: other.accessToken });
    expect(list.body.data).toEqual([]);
    await t.request({ method: 'DELETE', url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
  });

  it('a business without endpoints writes nothing to the outbox', async () => {
    const other = await createUser(t, { businessVerified: 'accepted' });
    await t.db.transaction((tx) =>
      enqueueWebhookEvents(tx, other.businessId, [{ type: 'message.sent', at: new Date(), data: {} }]),
    );
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE business_id = ${other.businessId}`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('an event whose transaction rolls back is never delivered', async () => {
    const ep = await createEndpoint();
    await t.db
      .transaction(async (tx) => {
        await enqueueWebhookEvents(tx, owner.businessId, [
          { type: 'message.delivered', at: new Date(), data: {} },
        ]);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await deliveriesOf(ep.id)).toHaveLength(0);
    await t.request({ method: 'DELETE', url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
  });

  it('the log keeps 30 days', async () => {
    const ep = await createEndpoint();
    await emit();
    await emit();
    await send();
    await t.db.execute(sql`UPDATE webhook_deliveries SET created_at = now() - interval '31 days'
                           WHERE id = (SELECT min(id) FROM webhook_deliveries WHERE endpoint_id = ${ep.id})`);
    expect(await purgeOldDeliveries(t.db)).toBeGreaterThanOrEqual(1);
    expect(await deliveriesOf(ep.id)).toHaveLength(1);
    await t.request({ method: 'DELETE', url: `/webhook-endpoints/${ep.id}`, token: owner.accessToken });
  });
});
