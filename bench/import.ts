// npm run bench:import [-- --rows=1000000] [--breakdown]
// Imports a CSV of --rows contacts through POST /contacts/import-file on the local PostgreSQL and prints
// rows/s and the service's peak RSS, beside a raw COPY of the same file into a bare table (the baseline)
// and the database's own floor: that COPY plus one INSERT ... SELECT into the indexed contacts table, with
// its EXPLAIN (ANALYZE, BUFFERS) figures. --breakdown also times that INSERT ... SELECT, rolled back, with
// parts of the schema dropped inside its transaction: where the floor's time goes.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { Agent, fetch } from 'undici';
import { TokenService } from '../src/platform/auth/tokens.js';
import { benchPhone, FIRST, LAST, writeContactsCsv } from './lib/contacts-file.js';
import { createBenchDatabase } from './lib/database.js';
import {
  fmt,
  JWT_SECRET,
  median,
  report,
  reportGoal,
  rowsArg,
  serveFile,
  startService,
} from './lib/harness.js';
import { createBenchBusiness } from './lib/seed.js';

const breakdown = process.argv.includes('--breakdown');
const MOVE = `INSERT INTO contacts (business_id, first_name, last_name, phone_number, tags, opt_in)
  SELECT $1, first_name, last_name, phone_number, coalesce(string_to_array(nullif(tags, ''), ','), '{}'), opt_in = 'yes'
    FROM bench_raw ORDER BY phone_number ON CONFLICT (business_id, phone_number) DO NOTHING`;

interface InsertPlan {
  'Execution Time': number;
  Triggers?: { 'Trigger Name': string; Time?: number }[];
  Plan: {
    'Shared Hit Blocks': number;
    'Shared Read Blocks': number;
    'Shared Dirtied Blocks': number;
    'Shared Written Blocks': number;
    'WAL Bytes'?: number;
  };
}

/** Terms a user types into the contact search: names of the file (bench/lib/contacts-file.ts), phones, nothing. */
const SEARCH_TERMS = [
  FIRST[0]!.toLowerCase(),
  LAST[1]!.toLowerCase(),
  `${FIRST[2]} ${LAST[3]}`,
  benchPhone(4321).slice(4, 11),
  `0${benchPhone(98765).slice(4)}`,
  'zzyzx',
  'ad',
];

const rows = rowsArg();
const dir = await mkdtemp(path.join(tmpdir(), 'bench-import-'));
const file = path.join(dir, 'contacts.csv');
const bench = await createBenchDatabase('bench_import');
try {
  let t = performance.now();
  await writeContactsCsv(file, rows);
  const bytes = (await stat(file)).size;
  console.log(`wrote ${fmt(rows)} rows (${fmt(bytes / 1048576, 1)} MiB) in ${fmt(performance.now() - t)} ms`);

  // Baseline: the same bytes COPYed (CSV format, no validation, no indexes) into a bare table.
  const pool = bench.database.pool!;
  await pool.query(
    'CREATE TABLE bench_raw (first_name text, last_name text, phone_number text, tags text, opt_in text)',
  );
  const client = await pool.connect();
  t = performance.now();
  try {
    await pipeline(
      createReadStream(file),
      client.query(copyFrom('COPY bench_raw FROM STDIN WITH (FORMAT csv, HEADER true)')),
    );
  } finally {
    client.release();
  }
  const rawMs = performance.now() - t;

  // Second baseline, the floor the schema sets: those staged rows moved into `contacts` (its five indexes
  // and foreign key) by one INSERT ... SELECT, with no parsing or validation in Node.
  // Run under EXPLAIN (ANALYZE, BUFFERS, WAL), whose timing costs little for three plan nodes: its execution
  // time, buffers, WAL and the time of each statement trigger.
  const floorBusiness = await createBenchBusiness(bench.database.db, new TokenService(JWT_SECRET));
  t = performance.now();
  const explained = await pool.query<{ 'QUERY PLAN': InsertPlan[] }>(
    `EXPLAIN (ANALYZE, BUFFERS, WAL, FORMAT JSON) ${MOVE}`,
    [floorBusiness.businessId],
  );
  const floorMs = performance.now() - t + rawMs;
  const plan = explained.rows[0]!['QUERY PLAN'][0]!;
  const triggers = (plan.Triggers ?? [])
    .map((tr) => `${tr['Trigger Name']} ${fmt(tr.Time ?? 0)} ms`)
    .join(', ');

  // Where the floor's time goes: the same insert, rolled back, with parts of the schema dropped inside its
  // transaction (DDL is transactional; the rollback restores them).
  const variants: [string, string[]][] = [
    ['  without the trigram index', ['DROP INDEX contacts_search_trgm_idx']],
    ['  without both GIN indexes', ['DROP INDEX contacts_search_trgm_idx', 'DROP INDEX contacts_tags_idx']],
    [
      '  only the unique index (+ key)',
      [
        'DROP INDEX contacts_search_trgm_idx',
        'DROP INDEX contacts_tags_idx',
        'DROP INDEX contacts_business_created_idx',
        'DROP INDEX contacts_business_opt_in_idx',
      ],
    ],
    [
      '  the same, no triggers, no FK',
      [
        'DROP INDEX contacts_search_trgm_idx',
        'DROP INDEX contacts_tags_idx',
        'DROP INDEX contacts_business_created_idx',
        'DROP INDEX contacts_business_opt_in_idx',
        'ALTER TABLE contacts DISABLE TRIGGER USER',
        'ALTER TABLE contacts DROP CONSTRAINT contacts_business_id_businesses_id_fk',
      ],
    ],
  ];
  const breakdownLines: [string, string][] = [];
  const runBreakdown = async () => {
    const business = await createBenchBusiness(bench.database.db, new TokenService(JWT_SECRET));
    for (const [label, ddl] of variants) {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        for (const statement of ddl) await c.query(statement);
        const started = performance.now();
        await c.query(MOVE, [business.businessId]);
        const ms = performance.now() - started;
        console.log(`${label.trim()}: ${fmt(ms)} ms`);
        breakdownLines.push([
          label,
          `${fmt(rows / (ms / 1000))} rows/s  (${fmt(ms)} ms; ${fmt(rawMs / ms, 3)} of the baseline's rate)`,
        ]);
      } finally {
        await c.query('ROLLBACK');
        c.release();
      }
    }
  };
  console.log(
    `baseline: raw COPY ${fmt(rows / (rawMs / 1000))} rows/s (${fmt(rawMs)} ms); floor ${fmt(rows / (floorMs / 1000))} rows/s (${fmt(floorMs)} ms)`,
  );

  const served = await serveFile(file);
  const service = await startService(bench.url, { IMPORT_ALLOWED_HOSTS: served.host });
  try {
    const { accessToken } = await createBenchBusiness(bench.database.db, new TokenService(JWT_SECRET));
    const idleRss = service.rssMb();
    service.resetPeak();
    t = performance.now();
    // A million rows on a loaded machine may take longer than fetch's default wait for the answer's headers.
    const res = await fetch(`${service.url}/api/v1/contacts/import-file`, {
      dispatcher: new Agent({ headersTimeout: 0, bodyTimeout: 0 }),
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fileUrl: served.url }),
      signal: AbortSignal.timeout(30 * 60_000),
    });
    const body = (await res.json()) as {
      data?: { imported: number; duplicatesSkipped: number; failed: unknown[] };
    };
    const importMs = performance.now() - t;
    if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(body)}`);
    const { imported, duplicatesSkipped, failed } = body.data!;
    // The first searches right after the import, as a user who just uploaded a file runs them.
    const searched = await searchRightAfter(service.url, accessToken);
    report(`import-file of ${fmt(rows)} CSV rows (PostgreSQL, one run)`, [
      ['service, end to end', `${fmt(rows / (importMs / 1000))} rows/s  (${fmt(importMs)} ms)`],
      ['baseline: raw COPY, bare table', `${fmt(rows / (rawMs / 1000))} rows/s  (${fmt(rawMs)} ms)`],
      [
        'service / baseline time',
        `${fmt(importMs / rawMs, 2)}x (${fmt(rawMs / importMs, 3)} of the baseline's rate)`,
      ],
      [
        'floor: raw COPY + INSERT..SELECT into contacts',
        `${fmt(rows / (floorMs / 1000))} rows/s  (${fmt(floorMs)} ms; service / floor ${fmt(importMs / floorMs, 2)}x; ${fmt(rawMs / floorMs, 3)} of the baseline's rate)`,
      ],
      [
        '  its INSERT..SELECT, EXPLAIN',
        `${fmt(plan['Execution Time'])} ms; buffers hit ${fmt(plan.Plan['Shared Hit Blocks'])}, read ${fmt(plan.Plan['Shared Read Blocks'])}, dirtied ${fmt(plan.Plan['Shared Dirtied Blocks'])}, written ${fmt(plan.Plan['Shared Written Blocks'])}; WAL ${fmt((plan.Plan['WAL Bytes'] ?? 0) / 1048576)} MiB`,
      ],
      ['  its statement triggers', triggers || 'none'],
      ['service peak RSS', `${fmt(service.peakRssMb())} MiB  (idle before: ${fmt(idleRss)} MiB)`],
      [
        'report',
        `imported ${fmt(imported)}, duplicates ${fmt(duplicatesSkipped)}, failed ${fmt(failed.length)} listed`,
      ],
      [
        'search right after, p50 / p95 / p99',
        `${fmt(searched.p50, 1)} / ${fmt(searched.p95, 1)} / ${fmt(searched.p99, 1)} ms  (${searched.count} searches, ${SEARCH_TERMS.length} terms)`,
      ],
      ['  median by term, ms', searched.slowest],
    ]);
    reportGoal({
      path: `Import of ${fmt(rows)} vs COPY + INSERT..SELECT (floor)`,
      figure: `${fmt(rows / (importMs / 1000))} rows/s`,
      baseline: `${fmt(rows / (floorMs / 1000))} rows/s`,
      value: floorMs / importMs,
      shown: fmt(floorMs / importMs, 2),
      goal: 0.8,
      kind: 'min',
      goalShown: '≥ 0.8',
    });
    for (const [p, goal] of [
      ['p95', 50],
      ['p99', 100],
    ] as const)
      reportGoal({
        path: `Contact search right after the import, ${p}`,
        figure: `${fmt(searched[p], 1)} ms`,
        baseline: '-',
        value: searched[p],
        shown: `${fmt(searched[p], 1)} ms`,
        goal,
        kind: 'max',
        goalShown: `< ${goal} ms`,
      });
  } finally {
    await service.stop();
    await served.close();
  }
  if (breakdown) {
    await runBreakdown();
    report("where the floor's INSERT..SELECT spends its time (each rolled back)", [
      [
        '  the full schema (above)',
        `${fmt(rows / (plan['Execution Time'] / 1000))} rows/s  (${fmt(plan['Execution Time'])} ms; ${fmt(rawMs / plan['Execution Time'], 3)} of the baseline's rate)`,
      ],
      ...breakdownLines,
    ]);
  }
} finally {
  await bench.drop();
  await rm(dir, { recursive: true, force: true });
}

/** Each term searched in turn, `rounds` times, through the API, one at a time; latency percentiles. */
async function searchRightAfter(url: string, token: string, rounds = 15) {
  const times: number[] = [];
  const byTerm = new Map<string, number[]>(SEARCH_TERMS.map((t) => [t, []]));
  for (let round = 0; round < rounds; round++)
    for (const term of SEARCH_TERMS) {
      const started = performance.now();
      const res = await fetch(`${url}/api/v1/contacts?search=${encodeURIComponent(term)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`search answered ${res.status}`);
      times.push(performance.now() - started);
      byTerm.get(term)!.push(performance.now() - started);
    }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  const slowest = [...byTerm].map(([term, ms]) => `"${term}" ${fmt(median(ms), 1)}`).join(', ');
  return { count: times.length, p50: at(50), p95: at(95), p99: at(99), slowest };
}
