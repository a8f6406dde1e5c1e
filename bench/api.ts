// npm run bench:api [-- --rows=1000000] [--duration=10] [--connections=10]
// HTTP load on loopback with autocannon against the compiled service (node dist/main.js --role=api) on the
// local PostgreSQL (50 connections unless --connections says), beside a bare Fastify route in a process of its
// own measured in the same run: sign-in,
// GET /business, GET /contacts (first page, a deep page, a search) on a business with --rows contacts, and
// POST /contacts. Reports requests/s, p50 and p99 for each. Goal: authenticated reads at least a
// third of the bare route's rate, p99 under 50 ms.

import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../src/platform/auth/passwords.js';
import { TokenService } from '../src/platform/auth/tokens.js';
import { accounts } from '../src/platform/db/schema/index.js';
import { createBenchDatabase } from './lib/database.js';
import { arg, fmt, JWT_SECRET, report, reportGoal, rowsArg, startService } from './lib/harness.js';
import { createBenchBusiness, seedContacts } from './lib/seed.js';

const rows = rowsArg();
const duration = Number(arg('duration') ?? 10);
const connections = Number(arg('connections') ?? 50);
const PASSWORD = 'Bench-Password-1';

interface Case {
  name: string;
  /** Reads served with a token: the ones the goal is about. */
  authenticatedRead?: boolean;
  opts: autocannon.Options;
}

async function startBare(): Promise<{ url: string; child: ChildProcess }> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib/bare-server.ts');
  const child = fork(file, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const [message] = (await once(child, 'message')) as [{ address: string }];
  return { url: message.address, child };
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const bench = await createBenchDatabase('bench_api');
let bare: { url: string; child: ChildProcess } | undefined;
try {
  const pool = bench.database.pool!;
  const tokens = new TokenService(JWT_SECRET);
  const business = await createBenchBusiness(bench.database.db, tokens);
  const { rows: found } = await pool.query('SELECT account_id FROM businesses WHERE id = $1', [
    business.businessId,
  ]);
  const [owner] = await bench.database.db
    .update(accounts)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(accounts.id, found[0].account_id))
    .returning({ email: accounts.email });
  const started = performance.now();
  await seedContacts(pool, business.businessId, rows);
  console.log(`seeded ${fmt(rows)} contacts in ${fmt((performance.now() - started) / 1000, 1)} s`);

  const service = await startService(bench.url);
  bare = await startBare();
  try {
    const api = `${service.url}/api/v1`;
    const auth = { authorization: `Bearer ${business.accessToken}` };
    let phone = 0;
    const cases: Case[] = [
      { name: 'bare Fastify route (baseline)', opts: { url: `${bare.url}/bare` } },
      { name: 'GET /health (database ping)', opts: { url: `${api}/health` } },
      { name: 'GET /business', authenticatedRead: true, opts: { url: `${api}/business`, headers: auth } },
      {
        name: 'GET /contacts (page 1 of 1M)',
        authenticatedRead: true,
        opts: { url: `${api}/contacts?page=1&pageSize=20`, headers: auth },
      },
      {
        name: 'GET /contacts (page 500)',
        authenticatedRead: true,
        opts: { url: `${api}/contacts?page=500&pageSize=20`, headers: auth },
      },
      {
        name: 'GET /contacts?search=john',
        authenticatedRead: true,
        opts: { url: `${api}/contacts?search=john`, headers: auth },
      },
      {
        name: 'GET /contacts?search=<phone fragment>',
        authenticatedRead: true,
        opts: { url: `${api}/contacts?search=8030001`, headers: auth },
      },
      {
        name: 'POST /contacts',
        opts: {
          url: `${api}/contacts`,
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          requests: [
            {
              setupRequest: (req) => {
                // 0805 numbers: valid, and outside the seeded range (bench/lib/seed.ts), so every one is new.
                phone += 1;
                return {
                  ...req,
                  body: JSON.stringify({
                    firstName: 'Load',
                    lastName: 'Test',
                    phoneNumber: `+234805${String(phone).padStart(7, '0')}`,
                    optIn: true,
                  }),
                };
              },
            },
          ],
        },
      },
      {
        name: 'POST /auth/sign-in (argon2id)',
        opts: {
          url: `${api}/auth/sign-in`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: owner!.email, password: PASSWORD }),
        },
      },
    ];

    const picked = arg('cases')?.split(',');
    if (picked) cases.splice(0, cases.length, ...cases.filter((c) => picked.some((p) => c.name.includes(p))));
    // Warm-up: JIT, plans, pages; not measured.
    for (const c of cases) await run({ ...c.opts, duration: 2 });
    const results: { c: Case; r: autocannon.Result }[] = [];
    service.resetPeak();
    for (const c of cases) results.push({ c, r: await run(c.opts) });
    const baseline = results[0]!.r.requests.average;
    // A share under 10% keeps a decimal: "0%" would hide the difference between 0.4% and nothing.
    const share = (percent: number) => fmt(percent, percent < 10 ? 1 : 0);
    const lines: [string, string][] = results.map(({ c, r }) => {
      const bad = r.non2xx + r.errors + r.timeouts;
      return [
        c.name,
        `${fmt(r.requests.average).padStart(7)} req/s  p50 ${fmt(r.latency.p50, 1).padStart(5)} ms  p99 ${fmt(r.latency.p99, 1).padStart(6)} ms` +
          `  ${c === results[0]!.c ? '' : `${share((100 * r.requests.average) / baseline).padStart(4)}% of bare`}` +
          (bad ? `  (${bad} non-2xx/errors)` : ''),
      ];
    });
    const reads = results.filter(({ c }) => c.authenticatedRead);
    const worstShare = Math.min(...reads.map(({ r }) => r.requests.average / baseline));
    const worstP99 = Math.max(...reads.map(({ r }) => r.latency.p99));
    lines.push(
      ['', ''],
      ['authenticated reads, lowest share', `${share(100 * worstShare)}% of the bare route (goal ≥ 33%)`],
      ['authenticated reads, highest p99', `${fmt(worstP99, 1)} ms (goal < 50 ms)`],
      ['service peak RSS', `${fmt(service.peakRssMb())} MiB`],
    );
    report(`bench:api: ${fmt(rows)} contacts, ${connections} connections, ${duration} s per case`, lines);
    // The console's most frequent read against the cheapest route that reaches the database.
    const health = results.find(({ c }) => c.name.startsWith('GET /health'))?.r;
    const profile = results.find(({ c }) => c.name === 'GET /business')?.r;
    if (health && profile) {
      reportGoal({
        path: `GET /business vs GET /health, ${connections} connections`,
        figure: `${fmt(profile.requests.average)} req/s`,
        baseline: `${fmt(health.requests.average)} req/s`,
        value: profile.requests.average / health.requests.average,
        shown: fmt(profile.requests.average / health.requests.average, 2),
        goal: 0.5,
        kind: 'min',
        goalShown: '≥ 0.5',
      });
      reportGoal({
        path: `GET /business p99, ${connections} connections`,
        figure: `${fmt(profile.latency.p99, 1)} ms`,
        baseline: `${fmt(health.latency.p99, 1)} ms (GET /health)`,
        value: profile.latency.p99,
        shown: `${fmt(profile.latency.p99, 1)} ms`,
        goal: 50,
        kind: 'max',
        goalShown: '< 50 ms',
      });
    }
  } finally {
    await service.stop();
  }
} finally {
  bare?.child.kill('SIGTERM');
  await bench.drop();
}
