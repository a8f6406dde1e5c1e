// npm run bench:search [-- --rows=1000000] [--repeat=20]
// Seeds --rows contacts for one business (plus a tenth as many for another, so the table is shared) with
// one generate_series INSERT, then times GET /contacts?search=... on the local PostgreSQL: p50/p95/p99 per
// kind of term, beside the same list-and-count queries run straight on the database, and beside the
// server's own time for those statements (EXPLAIN (ANALYZE, BUFFERS), planning plus execution, summed over
// the statements one search runs).

import { drizzle } from 'drizzle-orm/node-postgres';
import { ContactsService } from '../src/modules/contacts/contacts.service.js';
import type { AuthContext } from '../src/platform/auth/principal.js';
import { TokenService } from '../src/platform/auth/tokens.js';
import type { Db } from '../src/platform/db/client.js';
import * as schema from '../src/platform/db/schema/index.js';
import { createBenchDatabase } from './lib/database.js';
import { arg, fmt, JWT_SECRET, report, rowsArg, startService } from './lib/harness.js';
import { createBenchBusiness, seedContacts } from './lib/seed.js';

const rows = rowsArg();
const repeat = Number(arg('repeat') ?? 20);

/** Kinds of search a user types, with terms that exist in the seeded data (bench/lib/seed.ts). */
function termsFor(n: number): Record<string, string[]> {
  const someone = (k: number) =>
    `0${['803', '806', '813', '816'][k % 4]}${String(Math.floor(n / 8) - 1 - k).padStart(7, '0')}`;
  return {
    'common first name (~2%)': ['john', 'mary', 'musa', 'grace'],
    'common last name (~2.5%)': ['okafor', 'smith', 'bello'],
    'first and last name': ['john smith', 'mary okafor', 'okafor mary'],
    'full phone, national form': [someone(1), someone(2), someone(3)],
    'phone fragment': ['8030001', '+234 806 000', '7060012'],
    'no match': ['zzyzx', 'qwertyuiop', 'xq'],
    'one or two letters': ['a', 'k', 'ad', 'ol'],
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const bench = await createBenchDatabase('bench_search');
try {
  const pool = bench.database.pool!;
  const tokens = new TokenService(JWT_SECRET);
  const business = await createBenchBusiness(bench.database.db, tokens);
  const neighbour = await createBenchBusiness(bench.database.db, tokens);
  const t = performance.now();
  await seedContacts(pool, neighbour.businessId, Math.max(1, Math.floor(rows / 10)), rows * 8);
  await seedContacts(pool, business.businessId, rows);
  console.log(
    `seeded ${fmt(rows)} + ${fmt(Math.floor(rows / 10))} contacts in ${fmt(performance.now() - t)} ms`,
  );

  const service = await startService(bench.url);
  try {
    const direct = new ContactsService({ db: bench.database.db });
    // The statements a search runs, recorded by drizzle's logger, then run again under EXPLAIN ANALYZE.
    const statements: { sql: string; params: unknown[] }[] = [];
    const traced = new ContactsService({
      db: drizzle(pool, {
        schema,
        casing: 'snake_case',
        logger: { logQuery: (q, params) => statements.push({ sql: q, params }) },
      }) as unknown as Db,
    });
    const explainMs = async (term: string) => {
      statements.length = 0;
      await traced.list(auth, { page: 1, pageSize: 20, search: term });
      let ms = 0;
      for (const st of [...statements]) {
        // The total's estimate is itself an EXPLAIN: its cost is its planning.
        const explain = st.sql.startsWith('EXPLAIN (FORMAT JSON) ')
          ? st.sql.replace('EXPLAIN (FORMAT JSON) ', 'EXPLAIN (SUMMARY ON, FORMAT JSON) ')
          : `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON) ${st.sql}`;
        const { rows } = await pool.query<{
          'QUERY PLAN': { 'Planning Time': number; 'Execution Time'?: number }[];
        }>(explain, st.params);
        const plan = rows[0]!['QUERY PLAN'][0]!;
        ms += plan['Planning Time'] + (plan['Execution Time'] ?? 0);
      }
      return ms;
    };
    const auth = { businessId: business.businessId } as AuthContext;
    const api = async (query: string) => {
      const started = performance.now();
      const res = await fetch(`${service.url}/api/v1/contacts?${query}`, {
        headers: { authorization: `Bearer ${business.accessToken}` },
      });
      const body = (await res.json()) as { data?: { total: number } };
      if (res.status !== 200) throw new Error(`${query} answered ${res.status}`);
      return { ms: performance.now() - started, total: body.data!.total };
    };
    const terms = termsFor(rows);
    // Warm-up: plans cached, pages in memory, JIT done; not measured.
    for (const list of Object.values(terms))
      for (const term of list) await api(`search=${encodeURIComponent(term)}`);

    const idle = service.rssMb();
    service.resetPeak();
    const lines: [string, string][] = [];
    const all: number[] = [];
    const allDirect: number[] = [];
    const allExplain: number[] = [];
    for (const [kind, list] of Object.entries(terms)) {
      const times: number[] = [];
      const directTimes: number[] = [];
      const explainTimes: number[] = [];
      let totals = '';
      for (const term of list) {
        for (let i = 0; i < repeat; i++) {
          const { ms, total } = await api(`search=${encodeURIComponent(term)}`);
          times.push(ms);
          if (i === 0) totals += `${totals ? ', ' : ''}${fmt(total)}`;
          const started = performance.now();
          await direct.list(auth, { page: 1, pageSize: 20, search: term });
          directTimes.push(performance.now() - started);
          if (i % 4 === 0) explainTimes.push(await explainMs(term));
        }
      }
      times.sort((a, b) => a - b);
      directTimes.sort((a, b) => a - b);
      explainTimes.sort((a, b) => a - b);
      all.push(...times);
      allDirect.push(...directTimes);
      allExplain.push(...explainTimes);
      lines.push([
        kind,
        `p50 ${fmt(percentile(times, 50), 1)} ms  p95 ${fmt(percentile(times, 95), 1)} ms  p99 ${fmt(percentile(times, 99), 1)} ms   (db only: p95 ${fmt(percentile(directTimes, 95), 1)} ms; EXPLAIN ANALYZE p95 ${fmt(percentile(explainTimes, 95), 1)} ms; totals ${totals})`,
      ]);
    }
    all.sort((a, b) => a - b);
    allDirect.sort((a, b) => a - b);
    const plain: number[] = [];
    for (let i = 0; i < repeat; i++) plain.push((await api('page=1&pageSize=20')).ms);
    for (let i = 0; i < repeat; i++) plain.push((await api('optIn=true&page=5&pageSize=20')).ms);
    plain.sort((a, b) => a - b);
    report(
      `GET /contacts?search=... on a business with ${fmt(rows)} contacts (PostgreSQL, ${repeat} runs per term, one at a time)`,
      [
        ...lines,
        [
          'all searches',
          `p50 ${fmt(percentile(all, 50), 1)} ms  p95 ${fmt(percentile(all, 95), 1)} ms  p99 ${fmt(percentile(all, 99), 1)} ms  max ${fmt(all.at(-1)!, 1)} ms`,
        ],
        [
          'baseline: same queries, db only',
          `p50 ${fmt(percentile(allDirect, 50), 1)} ms  p95 ${fmt(percentile(allDirect, 95), 1)} ms`,
        ],
        [
          'baseline: EXPLAIN ANALYZE',
          `p50 ${fmt(
            percentile(
              allExplain.sort((a, b) => a - b),
              50,
            ),
            1,
          )} ms  p95 ${fmt(percentile(allExplain, 95), 1)} ms  p99 ${fmt(percentile(allExplain, 99), 1)} ms  (server time of the same statements)`,
        ],
        [
          'baseline: list without search',
          `p50 ${fmt(percentile(plain, 50), 1)} ms  p95 ${fmt(percentile(plain, 95), 1)} ms`,
        ],
        ['service peak RSS', `${fmt(service.peakRssMb())} MiB  (idle before: ${fmt(idle)} MiB)`],
      ],
    );
  } finally {
    await service.stop();
  }
} finally {
  await bench.drop();
}
