import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketCapacity } from '../../src/jobs/rate-limiter.js';
import type { Database } from '../../src/platform/db/client.js';
import { accounts, businesses } from '../../src/platform/db/schema/index.js';
import {
  createContacts,
  createUser,
  grantCredits,
  setMessagingCredentials,
  uniqueEmail,
} from '../factories.js';
import type { TestApp } from '../harness.js';
import { MessagingGatewaySimulator } from '../simulators/messaging-gateway.js';
import {
  dropDatabase,
  factoryHandle,
  freshDatabaseUrl,
  type RunningCluster,
  SECRETS,
  startCluster,
} from './processes.js';

const RATE = 20;
const RECIPIENTS = 60;
/**
 * Tokens are drawn from the bucket before a batch is claimed, and its sends reach the gateway a little
 * later, each after its own delay: the gateway's clock may see a send granted earlier arrive after one
 * granted later. This allowance (in seconds of refill) covers that delay, not any extra sending: on a loaded
 * two-core machine a send can reach the gateway 150 ms after its grant (seen: 0.68 of a message over 0.1 s).
 * Two unshared buckets would send at twice the rate, far past it (about 10 messages over in any second).
 */
const ARRIVAL_JITTER_S = 0.25;

interface Envelope<T = Record<string, unknown>> {
  code: number;
  status: string;
  data: T;
}

async function call<T = Record<string, unknown>>(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

function nextNotification(socket: Socket, type: string, ms = 20_000): Promise<{ type: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${type}" notification within ${ms} ms`)), ms);
    const on = (n: { type: string }) => {
      if (n.type !== type) return;
      clearTimeout(timer);
      socket.off('notification', on);
      resolve(n);
    };
    socket.on('notification', on);
  });
}

/** `campaign_messages_total{outcome="sent"}` as one worker's /metrics reports it. */
async function sentBy(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((l) => l.startsWith('campaign_messages_total{outcome="sent"}'));
  return line ? Number(line.split(' ').pop()) : 0;
}

// The production shape: two API and two worker processes started by `npm run cluster` (from the
// sources), on a database of their own and the test machine's Redis; nothing but PostgreSQL and Redis
// links them. The messaging gateway simulator runs in this process and counts every send per recipient.
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)('npm run cluster', () => {
  const gateway = new MessagingGatewaySimulator({ latencyMs: 5 });
  let databaseUrl: string;
  let cluster: RunningCluster;
  let t: TestApp;
  let database: Database;
  let api1: string;
  let api2: string;
  const sockets: Socket[] = [];
  let user: { token: string; accountId: string; businessId: string };
  let onApi2: Socket;

  beforeAll(async () => {
    await gateway.start();
    databaseUrl = freshDatabaseUrl(process.env.TEST_DATABASE_URL!, 'cluster');
    cluster = await startCluster({
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.TEST_REDIS_URL,
      MESSAGING_PROVIDER_BASE_URL: gateway.url,
      DISPATCH_RATE_PER_SECOND: String(RATE),
      DISPATCH_POLL_MS: '100',
      METRICS_ENABLED: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
      DATA_DIR: '/nonexistent-cluster-test-data',
      ...SECRETS,
    });
    ({ t, database } = await factoryHandle(databaseUrl));
    [api1, api2] = cluster.apis.map((a) => a.url) as [string, string];
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    if (cluster && cluster.launcher.exitCode === null) {
      cluster.launcher.kill('SIGTERM');
      await cluster.exited;
    }
    await database?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
    await gateway.stop();
  }, 60_000);

  it('starts two API and two worker processes and prints where they listen', () => {
    expect(cluster.apis).toHaveLength(2);
    expect(cluster.workers).toHaveLength(2);
    expect(new Set([...cluster.apis, ...cluster.workers].map((p) => p.pid)).size).toBe(4);
    expect(api1).not.toBe(api2);
  });

  it('signs up on API 1; a socket on API 2 receives what an admin does through API 1', async () => {
    const signUp = await call<{ accessToken: string; user: { id: string; businessId: string } }>(
      api1,
      '/auth/sign-up',
      {
        body: {
          name: 'Cluster Owner',
          email: uniqueEmail('cluster'),
          whatsappNumber: '+2348031234567',
          password: 'Correct-Horse-9',
        },
      },
    );
    expect(signUp.status).toBe(201);
    const { accessToken, user: account } = signUp.body.data;
    user = { token: accessToken, accountId: account.id, businessId: account.businessId };
    // The token API 1 issued works on API 2: every process has the same secrets.
    expect((await call(api2, '/users/profile', { token: accessToken })).status).toBe(200);

    onApi2 = io(api2, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: accessToken },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(onApi2);
    expect(await onApi2.emitWithAck('joinBusinessRoom', user.businessId)).toMatchObject({ ok: true });

    const admin = await createUser(t, { role: 'admin' });
    const ticket = await call<{ id: string }>(api1, '/tickets', {
      token: accessToken,
      body: { issueType: 'campaignDelivery', question: 'Is the cluster up?' },
    });
    expect(ticket.status).toBe(201);
    const arriving = nextNotification(onApi2, 'ticket.updated');
    const changed = await call(api1, `/tickets/admin/${ticket.body.data.id}/status`, {
      method: 'PATCH',
      token: admin.accessToken,
      body: { status: 'resolved' },
    });
    expect(changed.status).toBe(200);
    expect(await arriving).toMatchObject({ type: 'ticket.updated' });
  }, 60_000);

  it('sends a campaign published through API 1 with both workers: once per recipient, within the shared rate', async () => {
    await t.db.update(accounts).set({ verified: true }).where(eq(accounts.id, user.accountId));
    await t.db
      .update(businesses)
      .set({ businessVerified: 'accepted' })
      .where(eq(businesses.id, user.businessId));
    await setMessagingCredentials(t, user.businessId);
    await grantCredits(t, user.businessId, String(RECIPIENTS));
    const contacts = await createContacts(t, user.businessId, RECIPIENTS);

    const sentNotice = nextNotification(onApi2, 'campaign.sent');
    const completedNotice = nextNotification(onApi2, 'campaign.completed', 60_000);
    const published = await call<{ id: string }>(api1, '/campaigns', {
      token: user.token,
      body: {
        name: 'Cluster launch',
        message: 'Hello {{firstName}}',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(published.status).toBe(201);
    await sentNotice;
    // Completion is noticed by a worker and pushed through Redis to the socket on API 2.
    await completedNotice;
    const campaign = await call<{ status: string; sentCount: number; failedCount: number }>(
      api2,
      `/campaigns/${published.body.data.id}`,
      { token: user.token },
    );
    expect(campaign.body.data).toMatchObject({ status: 'sent', sentCount: RECIPIENTS, failedCount: 0 });

    // Once per recipient, although two workers claimed from the same queue.
    expect(gateway.totalSends).toBe(RECIPIENTS);
    expect(gateway.duplicates()).toBe(0);
    for (const c of contacts) expect(gateway.sendsTo(c.phoneNumber)).toBe(1);
    // Both workers sent part of it (their own counters, on their own metrics listeners).
    const perWorker = await Promise.all(cluster.workers.map((w) => sentBy(w.metricsUrl)));
    expect(perWorker.every((n) => n > 0)).toBe(true);
    expect(perWorker.reduce((a, b) => a + b, 0)).toBe(RECIPIENTS);

    // One bucket for both workers: in no stretch of time did the gateway see more than the rate allows
    // plus one bucket (its burst), which two unshared buckets would have doubled.
    const times = gateway.sendTimes;
    const capacity = bucketCapacity(RATE);
    let worstExcess = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < times.length; i++) {
      for (let j = i; j < times.length; j++) {
        const elapsed = (times[j]! - times[i]!) / 1000;
        worstExcess = Math.max(worstExcess, j - i + 1 - (RATE * (elapsed + ARRIVAL_JITTER_S) + capacity));
      }
    }
    expect(worstExcess).toBeLessThanOrEqual(0);
    const seconds = (times.at(-1)! - times[0]!) / 1000;
    console.log(
      `cluster: ${RECIPIENTS} messages in ${seconds.toFixed(2)} s at ${RATE}/s (split ${perWorker.join(' + ')}), ` +
        `worst window ${worstExcess.toFixed(2)} messages within the bound`,
    );
  }, 90_000);

  it('stops every process on SIGTERM to the launcher and exits 0', async () => {
    for (const s of sockets) s.disconnect();
    cluster.launcher.kill('SIGTERM');
    expect(await cluster.exited).toEqual({ code: 0, signal: null });
    for (const p of [...cluster.apis, ...cluster.workers]) expect(() => process.kill(p.pid, 0)).toThrow();
    expect(cluster.output.at(-1)).toBe('cluster: stopped');
  }, 60_000);
});
