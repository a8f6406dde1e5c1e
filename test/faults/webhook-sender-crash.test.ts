import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { enqueueWebhookEvents } from '../../src/modules/webhook-endpoints/index.js';
import { queryRows } from '../../src/platform/db/client.js';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';

const WORKER = fileURLToPath(new URL('./fixtures/webhook-worker.ts', import.meta.url));
const DELIVERIES = 300;
/** Requests the receiver answers before it stops answering (a slow endpoint) until the kill. */
const ANSWERED_BEFORE_KILL = 60;
const OPTIONS = { intervalMs: 50, leaseMs: 2_000, batchSize: 20, concurrency: 8 };

interface Hit {
  id: string;
  i: number;
  /** What the receiver answered; null: it never answered (the sender died first). */
  status: number | null;
}

/**
 * A receiver that fails the first attempt of every fifth event (500), answers the others with 200, and
 * past `answerFirst` requests answers nothing (they wait, as at a slow endpoint) until it is released.
 */
class FlakyReceiver {
  readonly hits: Hit[] = [];
  private hold = true;
  constructor(private readonly answerFirst: number) {}
  private held: (() => void)[] = [];
  private server?: Server;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = String(req.headers['webhook-id']);
        const i = Number(JSON.parse(Buffer.concat(chunks).toString('utf8')).data.i);
        const hit: Hit = { id, i, status: null };
        this.hits.push(hit);
        const answer = () => {
          const first = this.hits.filter((h) => h.id === id).length === 1;
          hit.status = first && i % 5 === 0 ? 500 : 200;
          res.statusCode = hit.status;
          res.end('ok');
        };
        if (this.hold && this.hits.length > this.answerFirst) this.held.push(answer);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/hook`;
  }

  /** Drops the held requests (their sender is gone) and answers again. */
  release(): void {
    this.hold = false;
    this.held = [];
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

function startWorker(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, databaseUrl, JSON.stringify(OPTIONS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * The webhook sender SIGKILLed with deliveries pending (some failed once and waiting their retry, some
 * claimed and posted to an endpoint that has not answered yet, some not claimed), then another process
 * started on the same database. Every delivery reaches the receiver under the `webhook-id` it was stored
 * with, and none whose success was recorded is posted again. A separate process needs a database another
 * process can reach: PostgreSQL only.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('webhook sender killed with deliveries pending', () => {
  const t = useTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
  const receiver = new FlakyReceiver(ANSWERED_BEFORE_KILL);
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await receiver.stop();
  });

  it('delivers every event after a restart, under its own webhook-id, none again after its success', async () => {
    await receiver.start();
    const owner = await createUser(t, { businessVerified: 'accepted' });
    const ep = await t.request({
      url: '/webhook-endpoints',
      token: owner.accessToken,
      body: { url: receiver.url, eventTypes: ['message.delivered'] },
    });
    expect(ep.status, ep.text).toBe(201);
    await t.db.transaction((tx) =>
      enqueueWebhookEvents(
        tx,
        owner.businessId,
        Array.from({ length: DELIVERIES }, (_, i) => ({
          type: 'message.delivered' as const,
          at: new Date(),
          data: { i },
        })),
      ),
    );
    const stored = await queryRows<{ id: string; i: number }>(
      t.db,
      sql`SELECT id, (payload->'data'->>'i')::int AS i FROM webhook_deliveries WHERE endpoint_id = ${ep.body.data.id}`,
    );
    expect(stored).toHaveLength(DELIVERIES);
    const idOf = new Map(stored.map((d) => [Number(d.i), d.id]));

    const first = await startWorker(t.testDb.url!);
    children.push(first);
    // The endpoint slows to a halt once it has answered its share: the worker is then mid-round, with
    // deliveries posted and unanswered.
    await vi.waitFor(
      () => expect(receiver.hits.length, 'requests received').toBeGreaterThan(ANSWERED_BEFORE_KILL),
      { timeout: 60_000, interval: 20 },
    );
    first.kill('SIGKILL');
    await exited(first);
    const hitsAtKill = receiver.hits.length;
    receiver.release();
    const recorded = await queryRows<{ id: string; status: string }>(
      t.db,
      sql`SELECT id, status FROM webhook_deliveries WHERE endpoint_id = ${ep.body.data.id}`,
    );
    const succeededAtKill = new Set(recorded.filter((d) => d.status === 'succeeded').map((d) => d.id));
    expect(succeededAtKill.size).toBeGreaterThan(0);
    expect(succeededAtKill.size).toBeLessThan(DELIVERIES);

    const second = await startWorker(t.testDb.url!);
    children.push(second);
    try {
      await vi.waitFor(
        async () => {
          // The retries of first attempts that failed are made due at once (their backoff is 30 s or more).
          await t.db.execute(sql`UPDATE webhook_deliveries SET next_attempt_at = now()
                                 WHERE endpoint_id = ${ep.body.data.id} AND status = 'pending'
                                   AND locked_by IS NULL AND next_attempt_at > now()`);
          const [left] = await queryRows<{ n: number }>(
            t.db,
            sql`SELECT count(*)::int AS n FROM webhook_deliveries
                WHERE endpoint_id = ${ep.body.data.id} AND status <> 'succeeded'`,
          );
          expect(left!.n).toBe(0);
        },
        { timeout: 120_000, interval: 200 },
      );
    } finally {
      second.kill('SIGKILL');
      await exited(second);
    }

    // Every event arrived, each under the webhook-id it was stored with.
    for (const h of receiver.hits) expect(h.id).toBe(idOf.get(h.i));
    const okById = new Map<string, number>();
    for (const h of receiver.hits) if (h.status === 200) okById.set(h.id, (okById.get(h.id) ?? 0) + 1);
    expect([...okById.keys()].sort()).toEqual(stored.map((d) => d.id).sort());
    // None recorded as delivered before the kill was posted again after it.
    const after = receiver.hits.slice(hitsAtKill);
    expect(after.filter((h) => succeededAtKill.has(h.id))).toEqual([]);
    // A second success only for a delivery the killed worker had posted without writing its outcome.
    const answeredBeforeKill = new Set(
      receiver.hits.slice(0, hitsAtKill).flatMap((h) => (h.status === 200 ? [h.id] : [])),
    );
    for (const [id, n] of okById) {
      if (n > 1) {
        expect(n).toBe(2);
        expect(answeredBeforeKill.has(id) && !succeededAtKill.has(id)).toBe(true);
      }
    }
  }, 300_000);
});
