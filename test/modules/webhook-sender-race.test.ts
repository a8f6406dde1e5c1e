/**
 * Several senders sharing one outbox: every delivery is posted exactly once, each with its own webhook-id,
 * and a worker that stops with claims leaves them to another once its lease is over. On PostgreSQL the
 * claims really race (`npm run test:pg -- <this file>`); PGlite runs one statement at a time.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enqueueWebhookEvents,
  newWorkerId,
  sendDueWebhooks,
  WebhookPoster,
} from '../../src/modules/webhook-endpoints/index.js';
import { queryRows } from '../../src/platform/db/client.js';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { Receiver } from './webhook-endpoints.support.js';

const N = process.env.TEST_DATABASE_URL ? 600 : 120;
const log = pino({ level: 'silent' });
const receiver = new Receiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

describe('webhook senders side by side', () => {
  const t = useTestApp({ poolSize: 12, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });

  it('four workers drain the outbox: every delivery posted once', async () => {
    const owner = await createUser(t, { businessVerified: 'accepted' });
    const res = await t.request({
      url: '/webhook-endpoints',
      token: owner.accessToken,
      body: { url: receiver.url, eventTypes: ['message.delivered'] },
    });
    expect(res.status, res.text).toBe(201);
    const events = Array.from({ length: N }, (_, i) => ({
      type: 'message.delivered' as const,
      at: new Date(),
      data: { i },
    }));
    await t.db.transaction((tx) => enqueueWebhookEvents(tx, owner.businessId, events));

    const posters = Array.from(
      { length: 4 },
      () => new WebhookPoster({ timeoutMs: 5000, allowedHosts: ['127.0.0.1'] }),
    );
    try {
      await Promise.all(
        posters.map(async (poster) => {
          const opts = { workerId: newWorkerId(), batchSize: 25, leaseMs: 60_000, concurrency: 8 };
          while ((await sendDueWebhooks(t.deps, poster, opts, log)) > 0) {}
        }),
      );
    } finally {
      await Promise.all(posters.map((p) => p.close()));
    }
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(N);
    expect(new Set(ids).size).toBe(N);
    const [row] = await queryRows<{ ok: number; other: number }>(
      t.db,
      sql`SELECT count(*) FILTER (WHERE status = 'succeeded' AND attempts = 1)::int AS ok,
                 count(*) FILTER (WHERE NOT (status = 'succeeded' AND attempts = 1))::int AS other
          FROM webhook_deliveries WHERE business_id = ${owner.businessId}`,
    );
    expect(row).toEqual({ ok: N, other: 0 });
  });
});
