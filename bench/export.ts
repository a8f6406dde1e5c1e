// npm run bench:export [-- --rows=1000000] [--slow-client]
// Exports --rows contacts (seeded with one generate_series INSERT) through GET /contacts/export as CSV and
// as XLSX on the local PostgreSQL; prints rows/s and the service's peak RSS beside a raw
// `COPY (SELECT ...) TO STDOUT` of the same rows (the baseline), and the CSV the service's row writer makes
// of the same rows in this process (rows fetched through the driver, the path PGlite and XLSX take).
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
import { fmt, JWT_SECRET, report, rowsArg, startService } from './lib/harness.js';
import { createBenchBusiness, seedContacts } from './lib/seed.js';

const rows = rowsArg();
const slowClient = process.argv.includes('--slow-client');
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
  await seedContacts(pool, businessId, rows);
  console.log(`seeded ${fmt(rows)} contacts in ${fmt(performance.now() - t)} ms`);

  // Baseline: PostgreSQL writing the same columns, in the same order, as CSV, with nothing in between.
  const client = await pool.connect();
  let rawBytes = 0;
  t = performance.now();
  try {
    await pipeline(
      client.query(
        copyTo(
          `COPY (SELECT first_name, last_name, phone_number, tags, opt_in FROM contacts WHERE business_id = '${businessId}'
           ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST) TO STDOUT WITH (FORMAT csv, HEADER true)`,
        ),
      ),
      new Writable({
        write(chunk: Buffer, _enc, cb) {
          rawBytes += chunk.length;
          cb();
        },
      }),
    );
  } finally {
    client.release();
  }
  const rawMs = performance.now() - t;

  // The same rows through a server-side cursor and the row writer (csv-stringify), in this process.
  t = performance.now();
  const { total, batches, close } = await openContactCursor(bench.database, businessId, {});
  let rowWriterBytes = 0;
  for await (const chunk of csvExport({ total, batches, close }, createLogger('silent')))
    rowWriterBytes += Buffer.byteLength(chunk);
  const rowWriterMs = performance.now() - t;

  const service = await startService(bench.url);
  try {
    const lines: [string, string][] = [];
    let csvMs = 0;
    for (const format of ['csv', 'xlsx'] as const) {
      const idle = service.rssMb();
      service.resetPeak();
      t = performance.now();
      const res = await fetch(`${service.url}/api/v1/contacts/export?format=${format}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
      const bytes = await drain(res.body, slowClient);
      const ms = performance.now() - t;
      if (format === 'csv') csvMs = ms;
      const count = Number(res.headers.get('x-record-count'));
      if (count !== rows) throw new Error(`X-Record-Count ${count}, expected ${rows}`);
      lines.push(
        [
          `service, ${format}`,
          `${fmt(rows / (ms / 1000))} rows/s  (${fmt(ms)} ms, ${fmt(bytes / 1048576, 1)} MiB)`,
        ],
        [`  peak RSS (${format})`, `${fmt(service.peakRssMb())} MiB  (idle before: ${fmt(idle)} MiB)`],
      );
    }
    report(`export of ${fmt(rows)} contacts (PostgreSQL${slowClient ? ', slow client' : ''}, one run)`, [
      ...lines,
      [
        'baseline: COPY TO STDOUT, csv',
        `${fmt(rows / (rawMs / 1000))} rows/s  (${fmt(rawMs)} ms, ${fmt(rawBytes / 1048576, 1)} MiB)`,
      ],
      ['service csv / baseline', `${fmt(csvMs ? rawMs / csvMs : 0, 2)} of the baseline's rate`],
      [
        'row writer, in process, csv',
        `${fmt(rows / (rowWriterMs / 1000))} rows/s  (${fmt(rowWriterMs)} ms, ${fmt(rowWriterBytes / 1048576, 1)} MiB; ${fmt(rawMs / rowWriterMs, 2)} of the baseline's rate)`,
      ],
    ]);
  } finally {
    await service.stop();
  }
} finally {
  await bench.drop();
}
