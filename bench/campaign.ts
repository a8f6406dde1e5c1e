/**
 * Campaign dispatch benchmark (docs/benchmark-notes.md).
 *
 *   npm run bench:campaign -- --recipients=100000 --rate-recipients=2400
 *
 * 1. Baseline: the raw request rate the gateway adapter (same HTTP client, same pool, same concurrency)
 *    reaches against the gateway simulator, sending `recipients` requests with no database at all.
 * 2. End to end, unlimited: a campaign of `recipients` opted-in contacts published through the API
 *    (billing, INSERT ... SELECT of the messages), then sent by the dispatcher until the campaign is
 *    marked complete. Reports messages/s from the publish request to completion, and peak RSS.
 *    Both this phase and the baseline report the CPU used per message by this process, the simulator and
 *    the PostgreSQL server (when it runs on this machine): on a machine whose cores they share, the share
 *    of raw is the ratio of those sums.
 * 2b. Database floor: the least database work such a campaign needs (one row inserted and one outcome update
 *    per message, in bulk; bench/lib/message-floor.ts), with its CPU per message, and what remains of the CPU
 *    budget that half the raw rate allows once the raw sends and that floor are paid for.
 * 3. Rate-limited: two dispatchers sharing one business's bucket at `--rate` messages/s (default 80);
 *    reports the send rate the simulator observed and its deviation from the limit.
 *
 * `--concurrency=N` and `--batch=N` override DISPATCH_CONCURRENCY and DISPATCH_BATCH_SIZE for the baseline
 * and the dispatchers alike. `--split-cores` runs every phase with the local PostgreSQL server on half the
 * cores and this process with the simulator on the other half (bench/lib/core-split.ts).
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a fresh
 * database is created on that server and dropped afterwards. REDIS_URL switches the limiter to Redis.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createDeps } from '../src/app/create-deps.js';
import { buildApp } from '../src/app.js';
import { Dispatcher, dispatcherOptions } from '../src/jobs/dispatcher.js';
import { testConfig } from '../src/platform/config.js';
import { openDatabase, queryRows, runMigrations } from '../src/platform/db/client.js';
import { campaigns } from '../src/platform/db/schema/index.js';
import { createLogger } from '../src/platform/logger.js';
import { GatewayMessagingAdapter } from '../src/providers/messaging/gateway.adapter.js';
import { createUser, setMessagingCredentials } from '../test/factories.js';
import type { TestApp } from '../test/harness.js';
import { splitCores } from './lib/core-split.js';
import {
  type CpuReading,
  type CpuSplit,
  cpuSplit,
  describeCpuPerItem,
  findPostmaster,
  ownCpuSeconds,
  postgresCpuSeconds,
} from './lib/cpu-meter.js';
import { reportGoal } from './lib/harness.js';
import { measureMessageFloor } from './lib/message-floor.js';

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

  get pid(): number {
    return this.child.pid!;
  }

  call<T>(type: 'stats' | 'reset' | 'cpu'): Promise<T> {
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

/** Where the CPU goes: this process, the simulator, and the PostgreSQL server (when it runs on this machine). */
function cpuMeter(gateway: Gateway, postmaster: number | null): () => Promise<CpuReading> {
  return async () => {
    const { cpuSeconds } = await gateway.call<{ cpuSeconds: number }>('cpu');
    return {
      at: performance.now(),
      own: ownCpuSeconds(),
      postgres: postgresCpuSeconds(postmaster),
      other: cpuSeconds,
    };
  };
}

/** Microseconds of CPU per item, for the JSON summary. */
function perItemUs(split: CpuSplit, items: number) {
  const us = (s: number | null) => (s === null ? null : Math.round((s * 1e6) / items));
  return { bench: us(split.own), simulator: us(split.other), postgres: us(split.postgres) };
}

/**
 * On a machine whose cores the three parties share, half the raw rate allows twice the CPU per message that
 * a raw request takes (at the same use of the cores). Says how much of it the raw sends and the database
 * floor already take, and what end to end used.
 */
function cpuBudget(raw: CpuSplit, floor: CpuSplit, e2e: CpuSplit, items: number): string | null {
  if (raw.other === null || floor.postgres === null || e2e.postgres === null || e2e.other === null)
    return null;
  const us = (s: number) => Math.round((s * 1e6) / items);
  const sends = us(raw.own + raw.other);
  const floorUs = us(floor.postgres + floor.own);
  const allowed = 2 * sends;
  return (
    `half of raw allows ${allowed} µs of CPU per message (2 x ${sends}); the raw sends and the database floor ` +
    `take ${sends + floorUs} of it, leaving ${allowed - sends - floorUs} for claims, leases, fencing and ` +
    `bookkeeping; end to end used ${us(e2e.own + e2e.other + e2e.postgres)}`
  );
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
  let giveCoresBack = () => {};
  try {
    await runMigrations(database);
    const deps = createDeps(config, database, createLogger('warn', { role: 'bench' }), {
      messaging: adapter,
    });
    const app = await buildApp(deps);
    const t = { db: deps.db, deps } as unknown as TestApp;
    const [backend] = await queryRows<{ pid: number }>(deps.db, sql`SELECT pg_backend_pid() AS pid`);
    const postmaster = findPostmaster(backend!.pid);
    const readCpu = cpuMeter(gateway, postmaster);
    if (args['split-cores']) {
      if (postmaster === null) throw new Error('--split-cores needs the PostgreSQL server on this machine');
      giveCoresBack = splitCores(postmaster, [process.pid, gateway.pid]);
    }
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
    const rawCpuStart = await readCpu();
    const rawStart = performance.now();
    await blast(RECIPIENTS);
    const rawSeconds = (performance.now() - rawStart) / 1000;
    const rawCpu = cpuSplit(rawCpuStart, await readCpu());
    const rawRate = RECIPIENTS / rawSeconds;
    console.log(
      `baseline   raw adapter -> simulator: ${rawRate.toFixed(0)} requests/s (${rawSeconds.toFixed(2)} s)`,
    );
    console.log(
      `           ${describeCpuPerItem(rawCpu, RECIPIENTS, { own: 'client', other: 'simulator' })}`,
    );
    await gateway.call('reset');

    // 2. End to end, no rate limit.
    const e2e = await runCampaign(t, app, deps, RECIPIENTS, 0, 1, readCpu);
    const stats = await gateway.call<Stats>('stats');
    const e2eRate = RECIPIENTS / e2e.seconds;
    console.log(
      `end to end publish -> completed:    ${e2eRate.toFixed(0)} messages/s (${e2e.seconds.toFixed(2)} s; ` +
        `publish transaction ${e2e.publishSeconds.toFixed(2)} s) = ${((100 * e2eRate) / rawRate).toFixed(0)}% of raw`,
    );
    console.log(
      `           ${describeCpuPerItem(e2e.cpu, RECIPIENTS, { own: 'bench (API + dispatcher)', other: 'simulator' })}`,
    );
    for (const line of e2e.details) console.log(`           ${line}`);
    console.log(
      `           sends ${stats.totalSends}, recipients ${stats.recipients}, duplicates ${stats.duplicates}, ` +
        `max in flight at the gateway ${stats.maxInFlight}, peak RSS ${mb(peakRss)}`,
    );
    await gateway.call('reset');

    // 2b. The database floor, and what it leaves of the CPU that half the raw rate allows per message.
    const floor = await measureMessageFloor(deps.db, RECIPIENTS, readCpu);
    console.log(
      `db floor   one insert and one outcome update per message, in bulk: ${(RECIPIENTS / floor.seconds).toFixed(0)} ` +
        `messages/s (${floor.seconds.toFixed(2)} s)`,
    );
    console.log(
      `           ${describeCpuPerItem(floor.cpu, RECIPIENTS, { own: 'bench', other: 'simulator' })}`,
    );
    // The budget reasons about cores that all three parties share, which --split-cores is not.
    const budget = args['split-cores'] ? null : cpuBudget(rawCpu, floor.cpu, e2e.cpu, RECIPIENTS);
    if (budget) console.log(`           ${budget}`);

    // 3. Rate-limited, two dispatchers sharing the bucket.
    const limited = await runCampaign(t, app, deps, RATE_RECIPIENTS, RATE, 2, readCpu);
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
    for (const line of limited.details) console.log(`           ${line}`);
    const split = args['split-cores'] ? ', PostgreSQL on cores of its own' : '';
    reportGoal({
      path: `Dispatch of ${RECIPIENTS.toLocaleString('en-US')} vs the raw send rate${split}`,
      figure: `${Math.round(e2eRate).toLocaleString('en-US')} messages/s`,
      baseline: `${Math.round(rawRate).toLocaleString('en-US')} requests/s`,
      value: e2eRate / rawRate,
      shown: (e2eRate / rawRate).toFixed(2),
      goal: 0.3,
      kind: 'min',
      goalShown: '≥ 0.3',
    });
    reportGoal({
      path: `Dispatch of ${RECIPIENTS.toLocaleString('en-US')}, duplicate sends${split}`,
      figure: String(stats.duplicates),
      baseline: '-',
      value: stats.duplicates,
      shown: String(stats.duplicates),
      goal: 1,
      kind: 'max',
      goalShown: '0',
    });
    console.log(
      JSON.stringify({
        recipients: RECIPIENTS,
        splitCores: Boolean(args['split-cores']),
        rawRequestsPerSecond: Math.round(rawRate),
        endToEndMessagesPerSecond: Math.round(e2eRate),
        endToEndSeconds: Number(e2e.seconds.toFixed(2)),
        publishSeconds: Number(e2e.publishSeconds.toFixed(2)),
        shareOfRaw: Number((e2eRate / rawRate).toFixed(2)),
        cpuPerRawRequestUs: perItemUs(rawCpu, RECIPIENTS),
        cpuPerMessageUs: perItemUs(e2e.cpu, RECIPIENTS),
        floorCpuPerMessageUs: perItemUs(floor.cpu, RECIPIENTS),
        duplicates: stats.duplicates,
        peakRssMb: Math.round(peakRss / 1024 / 1024),
        rateLimit: RATE,
        rateLimitedObserved: Number(observed.toFixed(1)),
        rateLimitedDeviationPercent: Number(deviation.toFixed(1)),
      }),
    );
    await app.close();
  } finally {
    giveCoresBack();
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
  readCpu: () => Promise<CpuReading>,
): Promise<{ seconds: number; publishSeconds: number; cpu: CpuSplit; details: string[] }> {
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
  const cpuAtStart = await readCpu();
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
  const split = cpuSplit(cpuAtStart, await readCpu());
  await Promise.all(workers.map((w) => w.stop()));
  // Busy share of this process's event loop (API and dispatchers) against the CPU it got: a loop busy far
  // more than its CPU share was runnable but waiting for a core.
  const details = [
    `event loop busy ${(100 * elu).toFixed(0)}% of the time, CPU ${((100 * (cpu.user + cpu.system)) / 1e6 / seconds).toFixed(0)}% of a core`,
  ];
  for (const w of workers) {
    const s = w.stats;
    details.push(
      `dispatcher: ${s.claims} claims (${(s.claimMs / Math.max(1, s.claims)).toFixed(1)} ms avg, ` +
        `${s.claimed} messages), ${s.writes} outcome writes (${(s.writeMs / Math.max(1, s.writes)).toFixed(1)} ms avg, ` +
        `${s.written} outcomes), mean send ${(s.sendMs / Math.max(1, s.sends)).toFixed(1)} ms`,
    );
  }
  return { seconds, publishSeconds, cpu: split, details };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
