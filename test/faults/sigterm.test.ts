import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, queryRows } from '../../src/platform/db/client.js';
import { factoryHandle, type RunningService, SECRETS, startService } from '../cluster/processes.js';
import { createTestDatabase, type TestDatabase } from '../database.js';
import { createContacts, createUser, setMessagingCredentials, uniqueEmail } from '../factories.js';
import type { TestApp } from '../harness.js';
import { MessagingGatewaySimulator } from '../simulators/messaging-gateway.js';

const GRACE_MS = 10_000;
const LOOPS = 12;
const PASSWORD = 'Correct-Horse-9';
const onPostgres = !!process.env.TEST_DATABASE_URL;

interface Outcome {
  id: string;
  status?: number;
  error?: string;
}

/**
 * SIGTERM to a running service (`node --import tsx src/main.ts`, both roles) while a steady stream of
 * requests arrives. Whether a request was in flight is read from the service's own log: each request
 * carries an `X-Request-Id`, and the service logs `incoming request` with it. Every request it had received
 * before it logged the start of its shutdown must get its normal answer; later ones may be refused (the
 * listener is closed) or answered 503, which a load balancer retries elsewhere, but never fail otherwise.
 * On PostgreSQL a campaign is being sent at the same time: every send the gateway saw is recorded.
 */
describe('SIGTERM under load', () => {
  const gateway = new MessagingGatewaySimulator({ latencyMs: 40 });
  let dataDir: string;
  let testDb: TestDatabase | undefined;
  let service: RunningService;
  let handle: { t: TestApp; database: Database } | undefined;

  beforeAll(async () => {
    await gateway.start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'sigterm-'));
    testDb = onPostgres ? await createTestDatabase({ poolSize: 2 }) : undefined;
    service = await startService({
      ...SECRETS,
      // PGlite on disk in a folder of its own when there is no PostgreSQL.
      DATA_DIR: dataDir,
      ...(testDb ? { DATABASE_URL: testDb.url } : {}),
      LOG_LEVEL: 'info',
      RATE_LIMIT_ENABLED: 'false',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      MESSAGING_PROVIDER_BASE_URL: gateway.url,
      DISPATCH_RATE_PER_SECOND: '100',
      DISPATCH_POLL_MS: '100',
    });
    if (testDb) handle = await factoryHandle(testDb.url!);
  }, 120_000);

  afterAll(async () => {
    if (service?.child.exitCode === null) service.child.kill('SIGKILL');
    await handle?.database.close();
    await testDb?.drop();
    await gateway.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes every request it had received, then exits 0 within the grace period', async () => {
    const email = uniqueEmail('sigterm');
    const signUp = await fetch(`${service.url}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Load', email, whatsappNumber: '+2348031234567', password: PASSWORD }),
    });
    expect(signUp.status).toBe(201);
    const { accessToken } = ((await signUp.json()) as { data: { accessToken: string } }).data;

    let campaign: { id: string } | undefined;
    if (handle) {
      const owner = await createUser(handle.t, { businessVerified: 'accepted', credits: '500' });
      await setMessagingCredentials(handle.t, owner.businessId);
      await createContacts(handle.t, owner.businessId, 300);
      const res = await fetch(`${service.url}/api/v1/campaigns`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` },
        body: JSON.stringify({
          name: 'Under load',
          message: 'Hi {{firstName}}',
          sendToAllContact: true,
          isScheduled: false,
          paymentMethod: 'credit',
        }),
      });
      expect(res.status).toBe(201);
      campaign = ((await res.json()) as { data: { id: string } }).data;
    }

    // The stream: sign-ins (slow: a password hash each) and profile reads, back to back on every loop.
    const outcomes: Outcome[] = [];
    let n = 0;
    let sigtermAt = 0;
    const loop = async (k: number) => {
      for (;;) {
        const id = `load-${k}-${n++}`;
        const signIn = n % 2 === 0;
        const outcome: Outcome = { id };
        outcomes.push(outcome);
        try {
          const res = await fetch(`${service.url}/api/v1/${signIn ? 'auth/sign-in' : 'users/profile'}`, {
            method: signIn ? 'POST' : 'GET',
            headers: {
              'x-request-id': id,
              ...(signIn
                ? { 'content-type': 'application/json' }
                : { authorization: `Bearer ${accessToken}` }),
            },
            body: signIn ? JSON.stringify({ email, password: PASSWORD }) : undefined,
          });
          await res.arrayBuffer();
          outcome.status = res.status;
        } catch (err) {
          const cause = (err as { cause?: { code?: string } }).cause;
          outcome.error = cause?.code ?? (err as Error).message;
          // Refused or cut: the service has gone (or is going); this loop is done.
          if (sigtermAt) return;
        }
        if (service.child.exitCode !== null) return;
      }
    };
    const loops = Array.from({ length: LOOPS }, (_, k) => loop(k));

    await vi.waitFor(
      () => {
        const value =
          outcomes.filter((o) => o.status === 200).length +
          (campaign ? Math.min(gateway.totalSends, 60) : 60);
        expect(value).toSatisfy((done) => done >= 160);
        return value;
      },
      { timeout: 30_000, interval: 30 },
    );
    sigtermAt = Date.now();
    service.child.kill('SIGTERM');
    const exit = await service.exited;
    const tookMs = Date.now() - sigtermAt;
    await Promise.all(loops);

    expect(exit).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(GRACE_MS);

    const logs = service.logs as { msg?: string; reqId?: string }[];
    const shutdownAt = logs.findIndex((l) => l.msg?.startsWith('shutting down'));
    expect(shutdownAt).toBeGreaterThan(0);
    // It said it stopped, and read no request after that. (A request answered just before may still log its
    // 'request completed' after the line: that log follows the response's last byte, not the server's close.)
    const stoppedAt = logs.findIndex((l) => l.msg === 'stopped');
    expect(stoppedAt).toBeGreaterThan(shutdownAt);
    expect(logs.slice(stoppedAt).filter((l) => l.msg === 'incoming request')).toEqual([]);
    // The stream's own requests (the set-up's carry generated ids).
    const received = (from: number, to: number) =>
      new Set(
        logs
          .slice(from, to)
          .filter((l) => l.msg === 'incoming request' && l.reqId?.startsWith('load-'))
          .map((l) => l.reqId!),
      );
    const before = received(0, shutdownAt);
    const after = received(shutdownAt, logs.length);
    const completedAfter = new Set(
      logs
        .slice(shutdownAt)
        .filter((l) => l.msg === 'request completed')
        .map((l) => l.reqId!),
    );
    const inFlight = [...before].filter((id) => completedAfter.has(id));
    // The stream did catch the service with requests in hand.
    expect(inFlight.length).toBeGreaterThan(0);

    const byId = new Map(outcomes.filter((o) => o.id.startsWith('load-')).map((o) => [o.id, o]));
    for (const id of before) expect(byId.get(id), id).toMatchObject({ status: 200 });
    for (const id of after) expect([200, 503], id).toContain(byId.get(id)?.status);
    // Not received at all: refused or cut before the service read it; never a 500 anywhere.
    for (const o of outcomes) expect(o.status ?? 0).not.toBe(500);

    let note = '';
    if (handle && campaign) {
      const rows = await queryRows<{ status: string; n: number }>(
        handle.t.db,
        sql`SELECT status, count(*)::int AS n FROM campaign_messages WHERE campaign_id = ${campaign.id} GROUP BY status`,
      );
      const counts = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
      // Sends in flight finished and were recorded; claimed-but-unsent messages went back to the queue.
      expect(counts.sending ?? 0).toBe(0);
      expect(counts.sent ?? 0).toBe(gateway.totalSends);
      expect(gateway.duplicates()).toBe(0);
      note = `; campaign at stop: ${JSON.stringify(counts)}`;
    }
    console.log(
      `sigterm: ${outcomes.length} requests, ${inFlight.length} in flight at SIGTERM, ${after.size} received after, ` +
        `exit 0 after ${tookMs} ms${note}`,
    );
  }, 120_000);
});
