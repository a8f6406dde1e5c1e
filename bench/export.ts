// npm run bench:export [-- --rows=1000000] [--slow-client] [--csv-only] [--before=scratch] [--api-role]
// Exports --rows contacts (seeded with one generate_series INSERT) through GET /contacts/export as CSV and
// as XLSX on the local PostgreSQL; prints rows/s and the service's peak RSS beside a raw
// `COPY (SELECT ...) TO STDOUT` of the same rows (the baseline), and the CSV the service's row writer makes
// of the same rows in this process (rows fetched through the driver, the path PGlite and XLSX take).
// The service starts as `npm start` starts it (its worker's loops beside the API, a log line per request),
// unless --api-role (an API process logging warnings only).
// --before=DIR also starts the build in DIR (a copy of an earlier dist/, beside dist/) and alternates its
// downloads with this build's and the baseline's in each round: a before and an after from the same run.
// --slow-client reads the download at about 2 MiB/s, to show memory stays flat when the client is slower
// than the database.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { to as copyTo } from 'pg-copy-streams';
import { openContactCursor } from '../src/modules/contacts/export/contact-cursor.js';
import { csvExport } from '../src/modules/contacts/export/export-writers.js';
import { TokenService } from '../src/platform/auth/tokens.js';
import { createLogger } from '../src/platform/logger.js';
import { createBenchDatabase } from './lib/database.js';
import {
  arg,
  fmt,
  JWT_SECRET,
  median,
  report,
  reportGoal,
  rowsArg,
  type ServiceProcess,
  startService,
} from './lib/harness.js';
import { createBenchBusiness, seedContacts } from './lib/seed.js';

const rows = rowsArg();
const slowClient = process.argv.includes('--slow-client');
const skipXlsx = process.argv.includes('--csv-only');
const before = arg('before');
const asNpmStart = !process.argv.includes('--api-role');
const bench = await createBenchDatabase('bench_export');

/** Consumes a download; with `slow`, at about 2 MiB/s. Returns the bytes read. */
async function drain(body: ReadableStream<Uint8Array>, slow: boolean): Promise<number> {
  let bytes = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (slow) await sleep(Math.ceil(chunk.length / 2048));
  }
  return bytes;
}

try {
  const pool = bench.database.pool!;
  const { businessId, accessToken } = await createBenchBusiness(
    bench.database.db,
    new TokenService(JWT_SECRET),
  );
  let t = performance.now();
  await seedContacts(pool, businessId, rows, 0, { oneImport: true });
  console.log(`seeded ${fmt(rows)} contacts in ${fmt(performance.now() - t)} ms`);

  // Baseline: PostgreSQL writing the same columns as CSV, with nothing in between (what `\copy ... TO` does).
  const copyOnce = async (): Promise<{ ms: number; bytes: number }> => {
    const client = await pool.connect();
    let bytes = 0;
    const started = performance.now();
    try {
      await pipeline(
        client.query(
          copyTo(
            `COPY (SELECT first_name, last_name, phone_number, tags, opt_in, country_code FROM contacts WHERE business_id = '${businessId}')
             TO STDOUT WITH (FORMAT csv, HEADER true)`,
          ),
        ),
        new Writable({
          write(chunk: Buffer, _enc, cb) {
            bytes += chunk.length;
            cb();
          },
        }),
      );
    } finally {
      client.release();
    }
    return { ms: performance.now() - started, bytes };
  };
  const raw = await copyOnce();
  const rawBytes = raw.bytes;

  // The same rows through a server-side cursor and the row writer (csv-stringify), in this process.
  t = performance.now();
  const { total, batches, close } = await openContactCursor(bench.database, businessId, {});
  let rowWriterBytes = 0;
  for await (const chunk of csvExport({ total, batches, close }, createLogger('silent')))
    rowWriterBytes += Buffer.byteLength(chunk);
  const rowWriterMs = performance.now() - t;

  const service = await startService(bench.url, {}, { asNpmStart });
  const earlier = before ? await startService(bench.url, {}, { asNpmStart, dist: before }) : undefined;
  try {
    const lines: [string, string][] = [];
    const download = async (svc: ServiceProcess, format: 'csv' | 'xlsx') => {
      const started = performance.now();
      const cpuBefore = svc.cpuMs();
      const res = await fetch(`${svc.url}/api/v1/contacts/export?format=${format}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
      const bytes = await drain(res.body, slowClient);
      const count = Number(res.headers.get('x-record-count'));
      if (count !== rows) throw new Error(`X-Record-Count ${count}, expected ${rows}`);
      return { ms: performance.now() - started, bytes, cpuMs: svc.cpuMs() - cpuBefore };
    };
    // CSV: three rounds, each the service's download (and the earlier build's), then the baseline's COPY,
    // compared by their medians (the first download also pays the service's first use of the route and of
    // a new connection).
    const builds = [
      { name: 'service', svc: service, runs: [] as number[], cpu: [] as number[], bytes: 0 },
      ...(earlier
        ? [{ name: `before (${before})`, svc: earlier, runs: [] as number[], cpu: [] as number[], bytes: 0 }]
        : []),
    ];
    const rawRuns: number[] = [raw.ms];
    const idle = service.rssMb();
    service.resetPeak();
    for (let round = 0; round < 3; round++) {
      // The builds take turns going first, so neither always follows the baseline.
      for (const b of round % 2 ? [...builds].reverse() : builds) {
        const run = await download(b.svc, 'csv');
        b.runs.push(run.ms);
        b.cpu.push(run.cpuMs);
        b.bytes = run.bytes;
      }
      rawRuns.push((await copyOnce()).ms);
    }
    const rawMs = median(rawRuns);
    const peak = service.peakRssMb();
    for (const b of builds) {
      const ms = median(b.runs);
      lines.push(
        [
          `${b.name}, csv (median of 3)`,
          `${fmt(rows / (ms / 1000))} rows/s  (${fmt(ms)} ms, ${fmt(b.bytes / 1048576, 1)} MiB; runs ${b.runs.map((m) => fmt(m)).join(', ')} ms)`,
        ],
        [
          `  ${b.name} / baseline`,
          `${fmt(rawMs / ms, 2)} of the baseline's rate; service CPU ${fmt((median(b.cpu) * 1000) / rows, 2)} µs a row`,
        ],
      );
    }
    lines.push(['  peak RSS (csv)', `${fmt(peak)} MiB  (idle before: ${fmt(idle)} MiB)`]);
    const csvMs = median(builds[0]!.runs);
    if (!skipXlsx) {
      const idleX = service.rssMb();
      service.resetPeak();
      const x = await download(service, 'xlsx');
      lines.push(
        [
          'service, xlsx',
          `${fmt(rows / (x.ms / 1000))} rows/s  (${fmt(x.ms)} ms, ${fmt(x.bytes / 1048576, 1)} MiB)`,
        ],
        ['  peak RSS (xlsx)', `${fmt(service.peakRssMb())} MiB  (idle before: ${fmt(idleX)} MiB)`],
      );
    }
    report(`export of ${fmt(rows)} contacts (PostgreSQL${slowClient ? ', slow client' : ''}, one run)`, [
      ...lines,
      [
        'baseline: COPY TO STDOUT, csv (median of 4)',
        `${fmt(rows / (rawMs / 1000))} rows/s  (${fmt(rawMs)} ms, ${fmt(rawBytes / 1048576, 1)} MiB; runs ${rawRuns.map((m) => fmt(m)).join(', ')} ms)`,
      ],
      [
        'row writer, in process, csv',
        `${fmt(rows / (rowWriterMs / 1000))} rows/s  (${fmt(rowWriterMs)} ms, ${fmt(rowWriterBytes / 1048576, 1)} MiB; ${fmt(rawMs / rowWriterMs, 2)} of the baseline's rate)`,
      ],
    ]);
    reportGoal({
      path: `CSV export of ${fmt(rows)} contacts vs COPY TO`,
      figure: `${fmt(rows / (csvMs / 1000))} rows/s`,
      baseline: `${fmt(rows / (rawMs / 1000))} rows/s`,
      value: rawMs / csvMs,
      shown: fmt(rawMs / csvMs, 2),
      goal: 0.5,
      kind: 'min',
      goalShown: '≥ 0.5',
    });
  } finally {
    await service.stop();
    await earlier?.stop();
  }
} finally {
  await bench.drop();
}
