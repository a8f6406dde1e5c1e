// npm run bench:segments [-- --rows=1000000] [--repeat=20]
// Counts segments of one business with --rows contacts (plus a tenth as many for another business) on the
// local PostgreSQL: the usual shapes (a tag and a field; a country and an engagement condition; and an
// "any" of a field and a click), p50/p95 over --repeat runs of the count the API runs, printed beside the
// same statement's EXPLAIN (ANALYZE, BUFFERS). Goal: p95 < 500 ms at a million contacts for the usual
// shapes. Each shape is measured twice in the one run: with migration 0046's indexes (contacts by country,
// messages by business and engagement moment), then with them dropped and the country compiled as it was
// before (the number's calling code), so both sides see the same load.

import os from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SegmentFilter } from '../src/modules/contacts/segments/segment-filter.js';
import { compileFilter } from '../src/modules/contacts/segments/segment-query.js';
import { countMatching } from '../src/modules/contacts/segments/segments.repository.js';
import { TokenService } from '../src/platform/auth/tokens.js';
import { contacts } from '../src/platform/db/schema/index.js';
import { createBenchDatabase } from './lib/database.js';
import { arg, fmt, JWT_SECRET, report, reportGoal, rowsArg } from './lib/harness.js';
import { createBenchBusiness, seedContacts } from './lib/seed.js';

const rows = rowsArg();
const repeat = Number(arg('repeat') ?? 20);
const GOAL_MS = 500;

/** What migration 0046 added for segment counts. */
const INDEXES_0046 = [
  'contacts_business_country_idx',
  'campaign_messages_business_sent_idx',
  'campaign_messages_business_read_idx',
  'campaign_messages_business_clicked_idx',
  'campaign_messages_business_replied_idx',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const bench = await createBenchDatabase('bench_segments');
try {
  const pool = bench.database.pool!;
  const db = bench.database.db;
  const tokens = new TokenService(JWT_SECRET);
  const business = await createBenchBusiness(db, tokens);
  const neighbour = await createBenchBusiness(db, tokens);
  const b = business.businessId;
  let t = performance.now();
  await seedContacts(pool, neighbour.businessId, Math.max(1, Math.floor(rows / 10)), rows * 8);
  await seedContacts(pool, b, rows);
  // Fields on every contact (a city of five, a plan of three, a number), and a tenth of the numbers
  // Ghanaian, so a country is a real filter.
  await pool.query(
    `INSERT INTO contact_field_definitions (business_id, key, label, type, choices) VALUES
       ($1, 'city', 'City', 'text', NULL), ($1, 'plan', 'Plan', 'choice', ARRAY['Gold','Silver','Bronze']),
       ($1, 'orders', 'Orders', 'number', NULL)`,
    [b],
  );
  await pool.query(
    `UPDATE contacts SET
       fields = jsonb_build_object(
         'city', (ARRAY['Lagos','Abuja','Kano','Ibadan','Accra'])[1 + abs(hashtext(id::text)) % 5],
         'plan', (ARRAY['Gold','Silver','Bronze'])[1 + abs(hashtext(id::text || 'p')) % 3],
         'orders', abs(hashtext(id::text || 'o')) % 50),
       phone_number = CASE WHEN abs(hashtext(id::text || 'c')) % 10 = 0
                           THEN '+233' || substr(phone_number, 5) ELSE phone_number END,
       -- The stored country, as the import or the backfill derives it from the number.
       country_code = CASE WHEN abs(hashtext(id::text || 'c')) % 10 = 0 THEN 'GH' ELSE 'NG' END
     WHERE business_id = $1`,
    [b],
  );
  // Engagement: three campaigns, to 20%, 30% and 10% of the contacts, sent 5, 20 and 60 days ago; half of
  // the first one's recipients read it, a tenth clicked.
  const sends = [
    { share: 5, days: 5 },
    { share: 3, days: 20 },
    { share: 10, days: 60 },
  ];
  for (const [i, s] of sends.entries()) {
    const { rows: made } = await pool.query<{ id: string }>(
      `INSERT INTO campaigns (business_id, name, message, send_to_all_contact, is_scheduled, is_published, is_sent_out, state)
       VALUES ($1, $2, 'Hi', true, false, true, true, 'sending') RETURNING id`,
      [b, `Bench ${i}`],
    );
    await pool.query(
      `INSERT INTO campaign_messages (campaign_id, business_id, contact_id, phone_number, status, sent_at,
                                      delivered_at, read_at, clicked_at)
       SELECT $1, $2, id, phone_number, 'read', now() - make_interval(days => $3::int),
              now() - make_interval(days => $3::int),
              CASE WHEN abs(hashtext(id::text || 'r')) % 2 = 0 THEN now() - make_interval(days => $3::int) END,
              CASE WHEN abs(hashtext(id::text || 'k')) % 10 = 0 THEN now() - make_interval(days => $3::int) END
       FROM contacts WHERE business_id = $2 AND abs(hashtext(id::text || $4)) % $5 = 0`,
      [made[0]!.id, b, s.days, String(i), s.share],
    );
  }
  await pool.query('VACUUM ANALYZE contacts');
  await pool.query('VACUUM ANALYZE campaign_messages');
  console.log(`seeded ${fmt(rows)} contacts with fields and 3 campaigns in ${fmt(performance.now() - t)} ms`);

  const shapes: Record<string, SegmentFilter> = {
    'tag and field (vip, city = Lagos)': {
      match: 'all',
      conditions: [
        { on: 'tag', op: 'has', value: 'vip' },
        { on: 'field', key: 'city', op: 'equals', value: 'Lagos' },
      ],
    },
    'country and engagement (NG, read any within 30 days)': {
      match: 'all',
      conditions: [
        { on: 'country', op: 'equals', value: 'NG' },
        { on: 'campaign', event: 'read', withinDays: 30 },
      ],
    },
    'any of a field and a click (plan = Gold, clicked within 90 days)': {
      match: 'any',
      conditions: [
        { on: 'field', key: 'plan', op: 'equals', value: 'Gold' },
        { on: 'campaign', event: 'clicked', withinDays: 90 },
      ],
    },
    'field range and created (orders > 40, created within 30 days)': {
      match: 'all',
      conditions: [
        { on: 'field', key: 'orders', op: 'greaterThan', value: 40 },
        { on: 'createdAt', op: 'withinLastDays', value: 30 },
      ],
    },
  };

  // The country as the compiler wrote it before 0046: the number's calling code, on every row.
  const before: Record<string, () => Promise<SQL>> = {
    'country and engagement (NG, read any within 30 days)': async () =>
      sql`(${sql`${contacts.phoneNumber} LIKE '+234%'`} AND ${await compileFilter(
        db,
        b,
        { match: 'all', conditions: [{ on: 'campaign', event: 'read', withinDays: 30 }] },
        { path: 'filter' },
      )})`,
  };
  const usual = new Set([
    'tag and field (vip, city = Lagos)',
    'country and engagement (NG, read any within 30 days)',
  ]);

  const dialect = new PgDialect();
  const measure = async (name: string, where: SQL) => {
    await countMatching(db, where); // warm-up: plan cached, pages in memory
    const times: number[] = [];
    let counted = { contacts: 0, optedIn: 0 };
    for (let i = 0; i < repeat; i++) {
      t = performance.now();
      counted = await countMatching(db, where);
      times.push(performance.now() - t);
    }
    times.sort((x, y) => x - y);
    const q = dialect.sqlToQuery(
      sql`EXPLAIN (ANALYZE, BUFFERS) SELECT count(*)::int AS n, count(*) FILTER (WHERE ${contacts.optIn})::int AS opted_in FROM ${contacts} WHERE ${where}`,
    );
    const plan = await pool.query<{ 'QUERY PLAN': string }>(q.sql, q.params);
    console.log(`\n-- ${name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    return { p50: percentile(times, 50), p95: percentile(times, 95), counted };
  };
  const load = () => (os.loadavg()[0] ?? 0).toFixed(1);

  console.log(`load average ${load()} at the start of the counts`);
  const after: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const [name, filter] of Object.entries(shapes))
    after[name] = await measure(`${name}, with 0046`, await compileFilter(db, b, filter, { path: 'filter' }));
  console.log(`\nload average ${load()}; dropping 0046's indexes`);
  for (const index of INDEXES_0046) await pool.query(`DROP INDEX ${index}`);
  await pool.query('ANALYZE contacts');
  await pool.query('ANALYZE campaign_messages');
  const without: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const [name, filter] of Object.entries(shapes))
    without[name] = await measure(
      `${name}, before 0046`,
      before[name] ? await before[name]() : await compileFilter(db, b, filter, { path: 'filter' }),
    );
  console.log(`\nload average ${load()} at the end`);

  const lines: [string, string][] = [];
  let worstP95 = 0;
  for (const name of Object.keys(shapes)) {
    const a = after[name]!;
    const w = without[name]!;
    if (usual.has(name)) worstP95 = Math.max(worstP95, a.p95);
    lines.push([
      name,
      `p50 ${fmt(a.p50, 1)} ms  p95 ${fmt(a.p95, 1)} ms  (before 0046: p50 ${fmt(w.p50, 1)} ms  p95 ${fmt(w.p95, 1)} ms)  (${fmt(a.counted.contacts)} contacts, ${fmt(a.counted.optedIn)} opted in${a.counted.contacts === w.counted.contacts ? '' : `; before: ${fmt(w.counted.contacts)}`})`,
    ]);
  }
  report(
    `Segment counts on a business with ${fmt(rows)} contacts (PostgreSQL, ${repeat} runs each, one at a time)`,
    lines,
  );
  reportGoal({
    path: `Segment count, ${fmt(rows)} contacts (worst usual shape)`,
    figure: `${fmt(worstP95, 1)} ms p95`,
    baseline: '-',
    value: worstP95,
    shown: `${fmt(worstP95)} ms`,
    goal: GOAL_MS,
    kind: 'max',
    goalShown: `< ${GOAL_MS} ms`,
  });
} finally {
  await bench.drop();
}
