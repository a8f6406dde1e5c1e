/**
 * Campaign dispatch benchmark (issue 6 "Performance").
 *
 *   npm run bench:campaign -- --recipients=100000 --rate-recipients=2400
 *
 * 1. Baseline: the raw request rate the gateway adapter (same HTTP client, same pool, same concurrency)
 *    reaches against the gateway simulator, sending `recipients` requests with no database at all.
 * 2. End to end, unlimited: a campaign of `recipients` opted-in contacts published through the API
 *    (billing, INSERT ... SELECT of the messages), then sent by the dispatcher until the campaign is
 *    marked complete. Reports messages/s from the publish request to completion, and peak RSS.
 * 3. Rate-limited: two dispatchers sharing one business's bucket at `--rate` messages/s (default 80);
 *    reports the send rate the simulator observed and its deviation from the limit.
 *
 * `--concurrency=N` and `--batch=N` override DISPATCH_CONCURRENCY and DISPATCH_BATCH_SIZE for the baseline
 * and the dispatchers alike.
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a fresh
 * database is created on that server and dropped afterwards. REDIS_URL switches the limiter to Redis.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/deps.js';
import { Dispatcher, dispatcherOptions } from '../src/jobs/dispatcher.js';
import { testConfig } from '../src/platform/config.js';
import { openDatabase, runMigrations } from '../src/platform/db/client.js';
import { campaigns } from '../src/platform/db/schema/index.js';
import { createLogger } from '../src/platform/logger.js';
import { GatewayMessagingAdapter } from '../src/providers/messaging/gateway.adapter.js';
import { createUser, setMessagingCredentials } from '../test/factories.js';
import type { TestApp } from '../test/harness.js';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const RECIPIENTS = Number(args.recipients ?? 100_000);
const RATE = Number(args.rate ?? 80);
const RATE_RECIPIENTS = Number(args['rate-recipients'] ?? RATE * 30);
const LATENCY_MS = Number(args.latency ?? 0);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The simulator in its own process, spoken to over IPC. */
class Gateway {
  private seq = 0;
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<Gateway> {
    const script = fileURLToPath(new URL('./gateway-process.ts', import.meta.url));
    const child = fork(script, [String(LATENCY_MS)], { execArgv: ['--import', 'tsx'] });
    const url = await new Promise<string>((resolve) =>
      child.once('message', (m: { url: string }) => resolve(m.url)),
    );
    return new Gateway(child, url);
  }

  call<T>(type: 'stats' | 'reset'): Promise<T> {
    const id = ++this.seq;
    return new Promise((resolve) => {
      const onMessage = (m: { id: number }) => {
        if (m.id !== id) return;
        this.child.off('message', onMessage);
        resolve(m as T);
      };
      this.child.on('message', onMessage);
      this.child.send({ type, id });
    });
  }

  stop(): void {
    this.child.disconnect();
  }
}

interface Stats {
  totalSends: number;
  recipients: number;
  duplicates: number;
  first: number | null;
  last: number | null;
  worstSecond: number;
  maxInFlight: number;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const dbName = `bench_campaign_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(SERVER_URL);
  dbUrl.pathname = `/${dbName}`;
  const gateway = await Gateway.start();
  const config = testConfig({
    DATABASE_URL: dbUrl.toString(),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...(args.concurrency ? { DISPATCH_CONCURRENCY: args.concurrency } : {}),
    ...(args.batch ? { DISPATCH_BATCH_SIZE: args.batch } : {}),
  });
  const database = await openDatabase({ url: dbUrl.toString(), poolSize: config.DATABASE_POOL_SIZE });
  const adapter = new GatewayMessagingAdapter({
    baseUrl: gateway.url,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
    connections: config.DISPATCH_CONCURRENCY + 4,
  });
  try {
    await runMigrations(database);
    const deps = createDeps(config, database, createLogger('warn', { role: 'bench' }), {
      messaging: adapter,
    });
    const app = await buildApp(deps);
    const t = { db: deps.db, deps } as unknown as TestApp;
    console.log(
      `campaign dispatch benchmark: ${RECIPIENTS} recipients, concurrency ${config.DISPATCH_CONCURRENCY}, ` +
        `batch ${config.DISPATCH_BATCH_SIZE}, gateway latency ${LATENCY_MS} ms, limiter ${deps.redis ? 'redis' : 'postgres'}`,
    );

    // 1. Baseline: the adapter alone against the simulator (after a warm-up, as the dispatcher gets one).
    const creds = { userId: 'bench', password: 'bench' };
    const blast = async (count: number) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: config.DISPATCH_CONCURRENCY }, async () => {
          while (next < count) {
            const i = next++;
            await adapter.send(creds, { to: `+23480${String(i).padStart(8, '0')}`, text: `Hello ${i}` });
          }
        }),
      );
    };
    await blast(Math.min(RECIPIENTS, 5_000));
    const rawStart = performance.now();
    await blast(RECIPIENTS);
    const rawSeconds = (performance.now() - rawStart) / 1000;
    const rawRate = RECIPIENTS / rawSeconds;
    console.log(
      `baseline   raw adapter -> simulator: ${rawRate.toFixed(0)} requests/s (${rawSeconds.toFixed(2)} s)`,
    );
    await gateway.call('reset');

    // 2. End to end, no rate limit.
    const e2e = await runCampaign(t, app, deps, RECIPIENTS, 0, 1);
    const stats = await gateway.call<Stats>('stats');
    const e2eRate = RECIPIENTS / e2e.seconds;
    console.log(
      `end to end publish -> completed:    ${e2eRate.toFixed(0)} messages/s (${e2e.seconds.toFixed(2)} s; ` +
        `publish transaction ${e2e.publishSeconds.toFixed(2)} s) = ${((100 * e2eRate) / rawRate).toFixed(0)}% of raw`,
    );
    console.log(
      `           sends ${stats.totalSends}, recipients ${stats.recipients}, duplicates ${stats.duplicates}, ` +
        `max in flight at the gateway ${stats.maxInFlight}, peak RSS ${mb(peakRss)}`,
    );
    await gateway.call('reset');

    // 3. Rate-limited, two dispatchers sharing the bucket.
    await runCampaign(t, app, deps, RATE_RECIPIENTS, RATE, 2);
    const ls = await gateway.call<Stats>('stats');
    const observed =
      ls.first !== null && ls.last !== null && ls.last > ls.first
        ? (ls.totalSends - 1) / ((ls.last - ls.first) / 1000)
        : 0;
    const deviation = (100 * (observed - RATE)) / RATE;
    console.log(
      `rate limit ${RATE}/s, 2 dispatchers, ${RATE_RECIPIENTS} messages: observed ${observed.toFixed(1)}/s ` +
        `(${deviation >= 0 ? '+' : ''}${deviation.toFixed(1)}%), busiest 1-second window ${ls.worstSecond}, ` +
        `duplicates ${ls.duplicates}, ${Math.abs(deviation) <= 5 ? 'within 5%' : 'OUTSIDE 5%'}`,
    );
    console.log(
      JSON.stringify({
        recipients: RECIPIENTS,
        rawRequestsPerSecond: Math.round(rawRate),
        endToEndMessagesPerSecond: Math.round(e2eRate),
        endToEndSeconds: Number(e2e.seconds.toFixed(2)),
        publishSeconds: Number(e2e.publishSeconds.toFixed(2)),
        shareOfRaw: Number((e2eRate / rawRate).toFixed(2)),
        duplicates: stats.duplicates,
        peakRssMb: Math.round(peakRss / 1024 / 1024),
        rateLimit: RATE,
        rateLimitedObserved: Number(observed.toFixed(1)),
        rateLimitedDeviationPercent: Number(deviation.toFixed(1)),
      }),
    );
    await app.close();
  } finally {
    clearInterval(sampler);
    await adapter.close();
    await database.close();
    gateway.stop();
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

/** Seeds a business with `count` contacts, publishes a campaign through the API, waits for completion. */
async function runCampaign(
  t: TestApp,
  app: Awaited<ReturnType<typeof buildApp>>,
  deps: ReturnType<typeof createDeps>,
  count: number,
  rate: number,
  dispatchers: number,
): Promise<{ seconds: number; publishSeconds: number }> {
  const user = await createUser(t, { businessVerified: 'accepted', credits: String(count) });
  await setMessagingCredentials(t, user.businessId);
  await deps.db.execute(sql`
    INSERT INTO contacts (business_id, first_name, last_name, phone_number, opt_in)
    SELECT ${user.businessId}, 'First' || i, 'Last' || i, '+23480' || lpad(i::text, 8, '0'), true
    FROM generate_series(1, ${count}) AS i`);
  await deps.db.execute(sql`ANALYZE contacts`);
  const workers = Array.from({ length: dispatchers }, () =>
    new Dispatcher(deps, dispatcherOptions(deps.config, { ratePerSecond: rate, pollMs: 100 })).start(),
  );
  const started = performance.now();
  const eluStart = performance.eventLoopUtilization();
  const cpuStart = process.cpuUsage();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: { authorization: `Bearer ${user.accessToken}` },
    payload: {
      name: `Bench ${count}`,
      message: 'Hello {{firstName}} {{lastName}}, this week only: 20% off.',
      sendToAllContact: true,
      isScheduled: false,
      paymentMethod: 'credit',
    },
  });
  const publishSeconds = (performance.now() - started) / 1000;
  if (res.statusCode !== 201) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
  const id = (JSON.parse(res.body) as { data: { id: string } }).data.id;
  for (;;) {
    const [row] = await deps.db
      .select({ completedAt: campaigns.completedAt })
      .from(campaigns)
      .where(eq(campaigns.id, id));
    if (row?.completedAt) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const elu = performance.eventLoopUtilization(eluStart).utilization;
  const cpu = process.cpuUsage(cpuStart);
  await Promise.all(workers.map((w) => w.stop()));
  // Busy share of this process's event loop (API and dispatchers) against the CPU it got: a loop busy far
  // more than its CPU share was runnable but waiting for a core.
  console.log(
    `           event loop busy ${(100 * elu).toFixed(0)}% of the time, CPU ${((100 * (cpu.user + cpu.system)) / 1e6 / seconds).toFixed(0)}% of a core`,
  );
  for (const w of workers) {
    const s = w.stats;
    console.log(
      `           dispatcher: ${s.claims} claims (${(s.claimMs / Math.max(1, s.claims)).toFixed(1)} ms avg, ` +
        `${s.claimed} messages), ${s.writes} outcome writes (${(s.writeMs / Math.max(1, s.writes)).toFixed(1)} ms avg, ` +
        `${s.written} outcomes), mean send ${(s.sendMs / Math.max(1, s.sends)).toFixed(1)} ms`,
    );
  }
  return { seconds, publishSeconds };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
