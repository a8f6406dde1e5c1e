// npm run bench [-- --only=import,campaign] [--quick]
// Runs every benchmark of bench/ one after another (never two at once: they would measure each other) and
// writes BENCHMARKS.md from what they printed, with the machine and the date. --quick runs small sizes, to
// check the scripts work; its output is marked as such.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, release, totalmem } from 'node:os';
import pg from 'pg';
import { GOAL_MARKER, type GoalResult, goalMet } from '../bench/lib/harness.js';

interface Bench {
  name: string;
  title: string;
  what: string;
  goal?: string;
  args: string[];
  quickArgs: string[];
  env?: Record<string, string>;
  quickEnv?: Record<string, string>;
}

const PG = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const BENCHES: Bench[] = [
  {
    name: 'import',
    title: 'Contact import (`POST /contacts/import-file`)',
    what: "A CSV of a million contacts served over HTTP on loopback, imported through the API (spooled to a temporary file, then parsed as a stream into a staging table with COPY, and one INSERT ... SELECT per chunk), then the first searches right after it through the API. Baselines from the same run: a raw `\\copy` of the same file into a bare table, and the database floor (that COPY plus one INSERT ... SELECT into the indexed contacts table, under EXPLAIN (ANALYZE, BUFFERS, WAL)); then the floor's INSERT ... SELECT again, rolled back, with parts of the schema dropped in its transaction.",
    goal: 'at least 0.8 of the floor (COPY + INSERT..SELECT into the indexed table); the first searches after it p95 under 50 ms, p99 under 100 ms',
    args: ['--rows=1000000', '--breakdown'],
    quickArgs: ['--rows=20000'],
  },
  {
    name: 'export',
    title: 'Contact export (`GET /contacts/export`)',
    what: "A million contacts (written as one import writes them) downloaded through HTTP from the service started as `npm start` starts it (its worker's loops beside the API, a log line per request) as CSV (written by PostgreSQL's `COPY ... TO STDOUT`), three times, then XLSX (from a database cursor). Baseline: `COPY (SELECT ...) TO STDOUT` of the same columns of the same rows, as `\\copy ... TO` runs it, measured between the downloads; medians compared. Beside it the row writer's CSV of the same rows (cursor, driver, csv-stringify) in the bench process.",
    goal: 'CSV at least 0.5 of the baseline rate, peak RSS under 200 MB',
    args: ['--rows=1000000'],
    quickArgs: ['--rows=20000'],
  },
  {
    name: 'search',
    title: 'Contact search (`GET /contacts?search=`)',
    what: 'p50/p95/p99 per kind of search term on a business with a million contacts (and a neighbour with a tenth as many), beside the same queries run straight on the database and the server time of the same statements (EXPLAIN ANALYZE); then a million contacts imported through the API for a third business and each term searched at once, the first search after the import beside the next rounds.',
    goal: 'p95 under 50 ms, p99 under 100 ms; the first search after an import under 100 ms',
    args: ['--rows=1000000'],
    quickArgs: ['--rows=20000', '--repeat=3'],
  },
  {
    name: 'analytics',
    title: 'Campaign report, estimate and analytics overview',
    what: 'On a business with a million contacts and a million-message campaign: `GET /campaigns/{id}/report`, `POST /campaigns/estimate` (everyone, tags any/all, selected ids) and `GET /analytics/overview` through HTTP, beside the same functions run straight on the database and a scan counting the messages by state.',
    goal: 'p95 under 50 ms for the report and the estimate',
    args: ['--rows=1000000'],
    quickArgs: ['--rows=20000', '--repeat=5'],
  },
  {
    name: 'campaign',
    title: 'Campaign dispatch (publish to completed)',
    what: 'A campaign to 100,000 opted-in contacts published through the API and sent by the dispatcher to the gateway simulator (its own process, loopback), beside the raw request rate of the same HTTP client against the same simulator; then two dispatchers sharing one business bucket at 80 messages/s.',
    goal: 'at least 0.3 of the raw rate, no duplicate send; the 80/s limit held within 5%',
    args: ['--recipients=100000', '--rate-recipients=2400'],
    quickArgs: ['--recipients=5000', '--rate-recipients=400'],
  },
  {
    name: 'campaign',
    title: 'Campaign dispatch, PostgreSQL on cores of its own (`--split-cores`)',
    what: "The same benchmark with the local PostgreSQL server pinned to half the cores and the benchmark process with the simulator to the other half (`taskset`), in every phase, the baseline included: the database no longer takes cores from the client, as when it runs on a server of its own. Needs the right to change the server's CPU affinity.",
    goal: 'at least 0.3 of the raw rate, no duplicate send; the 80/s limit held within 5%',
    args: ['--recipients=100000', '--rate-recipients=2400', '--split-cores'],
    quickArgs: ['--recipients=5000', '--rate-recipients=400', '--split-cores'],
  },
  {
    name: 'publish-by-country',
    title: 'Publishing a credit campaign priced by country',
    what: '`POST /campaigns` to everyone (credit) for a business of 100,000 contacts spread over 20 countries, each with its own price on the card, beside a business of as many contacts in one country that pays the card defaults; three rounds alternating, medians compared.',
    goal: 'the 20-country publish within 10% of the one-country publish',
    args: ['--recipients=100000', '--rounds=3'],
    quickArgs: ['--recipients=5000', '--rounds=1'],
  },
  {
    name: 'api',
    title: 'HTTP API under load (autocannon)',
    what: 'Sign-in, `GET /business`, `GET /contacts` (first page, a deep page, searches) on a business with a million contacts, and `POST /contacts`, beside a bare Fastify route in a process of its own, 50 connections, 10 s per case.',
    goal: '`GET /business` at least half of `GET /health`, p99 under 50 ms',
    args: ['--rows=1000000'],
    quickArgs: ['--rows=20000', '--duration=2'],
  },
  {
    name: 'auth',
    title: 'Sign-in (argon2id) and its timing parity',
    what: 'Sign-in with the right password, a wrong password and an unknown e-mail, interleaved, beside `GET /health`, on the embedded database.',
    goal: 'wrong password and unknown e-mail indistinguishable by time',
    args: ['300', '4'],
    quickArgs: ['40', '2'],
  },
  {
    name: 'admin-businesses',
    title: 'Administration lists on a large tenant base',
    what: 'Businesses list (first page, search, filter, deep page), accounts search and business detail over 100,000 businesses on PostgreSQL, beside `GET /health`.',
    args: [],
    quickArgs: [],
    env: { BENCH_DATABASE_URL: PG },
    quickEnv: { BENCH_DATABASE_URL: PG, BENCH_BUSINESSES: '2000', BENCH_SECONDS: '2' },
  },
  {
    name: 'payments-webhook',
    title: 'Payment webhooks (`charge.success` bursts)',
    what: 'Signed events accepted (signature, inbox, 200) and settled (row lock, wallet credit, notification), each credited exactly once, beside `GET /health`, on PostgreSQL.',
    args: [],
    quickArgs: [],
    env: { TEST_DATABASE_URL: PG, BENCH_EVENTS: '5000', BENCH_CONCURRENCY: '64' },
    quickEnv: { TEST_DATABASE_URL: PG, BENCH_EVENTS: '300' },
  },
  {
    name: 'receipts',
    title: 'Delivery reports (`POST /webhooks/messaging-provider/delivery-reports`)',
    what: 'The 300,000 reports of a 100,000-recipient campaign (sent, delivered, read for each) posted as JSON arrays of 20 events, 64 callbacks in flight, to the compiled service in a process of its own; acknowledged (every callback answered) and applied (the counters show every message read); beside the same number of bare UPDATEs by primary key on a table of the same size, as many in flight, on PostgreSQL.',
    goal: 'at least 20,000 receipts/s',
    args: [],
    quickArgs: [],
    env: { TEST_DATABASE_URL: PG },
    quickEnv: { TEST_DATABASE_URL: PG, BENCH_RECIPIENTS: '5000' },
  },
  {
    name: 'webhooks',
    title: 'Outgoing webhooks (outbox to endpoint)',
    what: "A gateway campaign sent publish to completed (the dispatch rate), then 100,000 message-status events written to the outbox 2,000 per statement (as the receipt writer writes them) and delivered by one worker's webhook sender, signed, to a local endpoint in a process of its own, in the same run, on PostgreSQL.",
    goal: 'fan-out at least the dispatch rate of the same run',
    args: [],
    quickArgs: ['--events=3000', '--recipients=1000'],
  },
  {
    name: 'realtime',
    title: 'Real-time fan-out',
    what: 'Notifications delivered to connected Socket.IO clients per second: a bare emit (baseline) and the service path (insert, then emit), on PostgreSQL with the Redis adapter.',
    args: [],
    quickArgs: [],
    env: {
      DATABASE_URL: PG,
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      BENCH_CLIENTS: '200',
      BENCH_ROUNDS: '100',
    },
    quickEnv: { DATABASE_URL: PG, REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
  {
    name: 'web',
    title: 'Web console (first screen, Lighthouse, contacts table)',
    what: "The sign-in screen's JavaScript and CSS as sent (gzip, brotli); Lighthouse's desktop preset on sign-in, home, contacts (a business with a million contacts) and a campaign page, the service run as production on PostgreSQL, in /usr/bin/chromium; the contacts table's time from the list response to its rows drawn, for a page change, a search and a filter change, measured in the browser over fresh page loads.",
    goal: 'under 200 kB compressed JS first screen; performance >= 90, accessibility >= 95; 300 ms render',
    args: ['--rows=1000000', '--runs=10'],
    quickArgs: ['--rows=20000', '--runs=3'],
    env: { BENCH_DATABASE_URL: PG },
    quickEnv: { BENCH_DATABASE_URL: PG },
  },
];

const quick = process.argv.includes('--quick');
const ESC = String.fromCharCode(27);
const stripColours = (s: string) => s.replace(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');

function run(bench: Bench): Promise<{ output: string; code: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const args = ['run', '--silent', `bench:${bench.name}`, '--', ...(quick ? bench.quickArgs : bench.args)];
    const child = spawn('npm', args, {
      env: { ...process.env, ...(quick ? bench.quickEnv : bench.env) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.on('close', (code) =>
      resolve({ output, code: code ?? 1, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: PG });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return `PostgreSQL ${rows[0]!.server_version}`;
  } catch {
    return 'PostgreSQL: unreachable';
  } finally {
    await client.end().catch(() => {});
  }
}

const machine = [
  `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
  `- CPU: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores; memory ${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} GiB free at start)`,
  `- Load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
  `- Linux ${release()}, Node.js ${process.version}, ${await postgresVersion()} on loopback`,
].join('\n');

const sections: string[] = [];
const goals: GoalResult[] = [];
let failed = 0;
for (const bench of BENCHES) {
  if (only && !only.includes(bench.name)) continue;
  console.log(`\n=== bench:${bench.name}${quick ? ' (quick)' : ''}`);
  const { output: printed, code, seconds } = await run(bench);
  if (code !== 0) failed += 1;
  // Goal lines go to the table below, not into the benchmark's own section.
  const lines = stripColours(printed).split('\n');
  for (const line of lines)
    if (line.startsWith(GOAL_MARKER)) goals.push(JSON.parse(line.slice(GOAL_MARKER.length)) as GoalResult);
  const output = lines.filter((l) => !l.startsWith(GOAL_MARKER)).join('\n');
  const command = `npm run bench:${bench.name}${(quick ? bench.quickArgs : bench.args).length ? ` -- ${(quick ? bench.quickArgs : bench.args).join(' ')}` : ''}`;
  const env = Object.entries((quick ? bench.quickEnv : bench.env) ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  sections.push(
    [
      `## ${bench.title}`,
      '',
      bench.what,
      ...(bench.goal ? ['', `Goal: ${bench.goal}.`] : []),
      '',
      `\`${env ? `${env} ` : ''}${command}\` (${seconds.toFixed(0)} s${code === 0 ? '' : `, exited ${code}`})`,
      '',
      '```',
      stripColours(output).trim(),
      '```',
    ].join('\n'),
  );
}

const missed = goals.filter((g) => !goalMet(g));
const cell = (v: string) => v.replace(/\|/g, '\\|');
const goalTable = [
  '| path | service | baseline (same run) | figure | goal | met |',
  '|---|---|---|---|---|---|',
  ...goals.map(
    (g) =>
      `| ${cell(g.path)} | ${cell(g.figure)} | ${cell(g.baseline)} | ${cell(g.shown)} | ${cell(g.goalShown)} | ${goalMet(g) ? 'yes' : '**no**'} |`,
  ),
].join('\n');
console.log(`\n${goalTable}\n`);

const doc = [
  '# Benchmarks',
  '',
  'Every figure below was printed by the benchmark named above it, in one run of `npm run bench`, which',
  'regenerates this file. Each benchmark measures its baseline in the same run, on the same machine; the',
  'service runs as production runs it (the compiled build, in a process of its own) against the local',
  'PostgreSQL. Benchmarks are not tests: nothing here is a pass/fail threshold in the test suite.',
  ...(quick ? ['', '**Quick run (small sizes): these figures only show the scripts work.**'] : []),
  '',
  '## Machine',
  '',
  machine,
  '',
  'Analysis of these figures (where the time goes, what limits each path) is in `docs/benchmark-notes.md`.',
  '',
  '## Goals',
  '',
  'The hot paths against their goals, each beside its baseline from this run. `npm run bench` exits non-zero',
  'when one is missed.',
  '',
  goalTable,
  '',
  ...sections.flatMap((s) => [s, '']),
].join('\n');

if (only) {
  console.log('\n(--only: BENCHMARKS.md not rewritten)');
} else {
  writeFileSync('BENCHMARKS.md', doc);
  console.log(`\nBENCHMARKS.md written (${sections.length} benchmarks, ${failed} failed)`);
}
if (missed.length) console.log(`${missed.length} goal(s) missed: ${missed.map((g) => g.path).join('; ')}`);
process.exit(failed || missed.length ? 1 : 0);
