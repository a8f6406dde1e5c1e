/**
 * Administration under a large tenant base: the businesses list (first page, a search, the `verified`
 * filter, a deep page), the accounts search and the business detail, against `GET /health` measured in the
 * same run as the baseline. Prints requests per second, latency percentiles and peak RSS.
 *
 *   npm run bench:admin-businesses                      # 100 000 businesses on embedded PGlite, 10 s per case
 *   BENCH_BUSINESSES=2000 BENCH_SECONDS=2 npm run bench:admin-businesses      # a quick run
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:admin-businesses
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Pool } from 'undici';
import { createDeps } from '../src/app/create-deps.js';
import { buildApp } from '../src/app.js';
import { openSession } from '../src/modules/auth/sessions.js';
import { testConfig } from '../src/platform/config.js';
import { type Database, openDatabase, queryRows, runMigrations } from '../src/platform/db/client.js';
import { createLogger } from '../src/platform/logger.js';

const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: CONCURRENCY });
  return {
    database,
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: server });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

async function seed(database: Database): Promise<{ adminId: string; businessId: string }> {
  const db = database.db;
  await db.execute(sql`
    INSERT INTO accounts (name, email, role, verified)
    SELECT 'Owner ' || g, 'owner' || g || '@bench.test', 'business', true FROM generate_series(1, ${BUSINESSES}) g`);
  await db.execute(sql`
    INSERT INTO businesses (account_id, company_name, business_verified, country_code)
    SELECT id, 'Company ' || substr(md5(email), 1, 10),
           (ARRAY['pending', 'accepted', 'rejected'])[1 + (abs(hashtext(email)) % 3)]::business_verified, 'NG'
    FROM accounts WHERE email LIKE '%@bench.test'`);
  await db.execute(sql`INSERT INTO wallets (business_id) SELECT id FROM businesses`);
  const [admin] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO accounts (name, email, role, verified) VALUES ('Bench admin', 'admin@bench.test', 'admin', true) RETURNING id`,
  );
  await db.execute(sql`ANALYZE`);
  const [business] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM businesses ORDER BY created_at LIMIT 1`,
  );
  return { adminId: admin!.id, businessId: business!.id };
}

async function measure(pool: Pool, path: string, token?: string) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      const res = await pool.request({
        method: 'GET',
        path,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      await res.body.text();
      if (res.statusCode !== 200) errors++;
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
  return {
    rps: Math.round(latencies.length / elapsed),
    p50: pct(0.5).toFixed(1),
    p99: pct(0.99).toFixed(1),
    errors,
  };
}

async function main() {
  const { database, drop } = await openBenchDatabase();
  await runMigrations(database);
  const seeding = performance.now();
  const { adminId, businessId } = await seed(database);
  const seedSeconds = ((performance.now() - seeding) / 1000).toFixed(1);

  const config = testConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' });
  const deps = createDeps(config, database, createLogger('silent'));
  const app = await buildApp(deps);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENCY });
  const { accessToken } = await openSession(deps.db, deps.tokens, adminId);

  console.log(
    `${BUSINESSES} businesses on ${database.kind} (seeded in ${seedSeconds} s); ${CONCURRENCY} concurrent, ${SECONDS} s per case`,
  );
  const cases: [string, string, string?][] = [
    ['baseline GET /health', '/api/v1/health'],
    ['GET /admin/businesses (page 1)', '/api/v1/admin/businesses', accessToken],
    ['GET /admin/businesses?search=', '/api/v1/admin/businesses?search=ab12', accessToken],
    [
      'GET /admin/businesses?verified=',
      '/api/v1/admin/businesses?verified=accepted&pageSize=50',
      accessToken,
    ],
    [
      'GET /admin/businesses (deep page)',
      `/api/v1/admin/businesses?page=${Math.max(1, Math.floor(BUSINESSES / 40))}`,
      accessToken,
    ],
    ['GET /admin/accounts?search=', '/api/v1/admin/accounts?search=owner1234%40bench', accessToken],
    ['GET /admin/businesses/{id}', `/api/v1/admin/businesses/${businessId}`, accessToken],
  ];
  console.log(
    'case'.padEnd(40),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'errors'.padStart(7),
  );
  for (const [label, path, token] of cases) {
    const r = await measure(pool, path, token);
    console.log(
      label.padEnd(40),
      String(r.rps).padStart(8),
      r.p50.padStart(8),
      r.p99.padStart(8),
      String(r.errors).padStart(7),
    );
  }
  console.log(`peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MiB`);

  clearInterval(sampler);
  await pool.close();
  await app.close();
  await drop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
