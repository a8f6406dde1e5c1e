// npm run bench:import [-- --rows=1000000]
// Imports a CSV of --rows contacts through POST /contacts/import-file on the local PostgreSQL and prints
// rows/s and the service's peak RSS, beside a raw COPY of the same file into a bare table (the baseline)
// and the database's own floor: that COPY plus one INSERT ... SELECT into the indexed contacts table.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { TokenService } from '../src/platform/auth/tokens.js';
import { writeContactsCsv } from './lib/contacts-file.js';
import { createBenchDatabase } from './lib/database.js';
import { fmt, JWT_SECRET, report, rowsArg, serveFile, startService } from './lib/harness.js';
import { createBenchBusiness } from './lib/seed.js';

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
  const floorBusiness = await createBenchBusiness(bench.database.db, new TokenService(JWT_SECRET));
  t = performance.now();
  await pool.query(
    `INSERT INTO contacts (business_id, first_name, last_name, phone_number, tags, opt_in)
     SELECT $1, first_name, last_name, phone_number, coalesce(string_to_array(nullif(tags, ''), ','), '{}'), opt_in = 'yes'
       FROM bench_raw ORDER BY phone_number ON CONFLICT (business_id, phone_number) DO NOTHING`,
    [floorBusiness.businessId],
  );
  const floorMs = performance.now() - t + rawMs;

  const served = await serveFile(file);
  const service = await startService(bench.url, { IMPORT_ALLOWED_HOSTS: served.host });
  try {
    const { accessToken } = await createBenchBusiness(bench.database.db, new TokenService(JWT_SECRET));
    const idleRss = service.rssMb();
    service.resetPeak();
    t = performance.now();
    const res = await fetch(`${service.url}/api/v1/contacts/import-file`, {
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
    report(`import-file of ${fmt(rows)} CSV rows (PostgreSQL, one run)`, [
      ['service, end to end', `${fmt(rows / (importMs / 1000))} rows/s  (${fmt(importMs)} ms)`],
      ['baseline: raw COPY, bare table', `${fmt(rows / (rawMs / 1000))} rows/s  (${fmt(rawMs)} ms)`],
      ['service / baseline time', `${fmt(importMs / rawMs, 2)}x`],
      [
        'floor: raw COPY + INSERT..SELECT into contacts',
        `${fmt(rows / (floorMs / 1000))} rows/s  (${fmt(floorMs)} ms; service / floor ${fmt(importMs / floorMs, 2)}x)`,
      ],
      ['service peak RSS', `${fmt(service.peakRssMb())} MiB  (idle before: ${fmt(idleRss)} MiB)`],
      [
        'report',
        `imported ${fmt(imported)}, duplicates ${fmt(duplicatesSkipped)}, failed ${fmt(failed.length)} listed`,
      ],
    ]);
  } finally {
    await service.stop();
    await served.close();
  }
} finally {
  await bench.drop();
  await rm(dir, { recursive: true, force: true });
}
