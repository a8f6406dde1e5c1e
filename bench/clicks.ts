// npm run bench:clicks [-- --rows=1000000] [--seconds=10] [--connections=50] [--repeat=30]
// Seeds --rows contacts and a campaign with one message per contact (outcomes as bench:analytics, 8% of
// them clicked), then, against the service as production runs it: the redirect `GET /l/{token}` under load
// from a second process (autocannon, each request a different message's token, a phone's User-Agent, so
// every one is a counted click) beside the service's own `GET /api/v1/health` under the same load in the
// same run; and `GET /campaigns/{id}/report` (with clicks and links) p50/p95, one request at a time.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { LinkTokens } from '../src/modules/links/index.js';
import { TokenService } from '../src/platform/auth/tokens.js';
import { queryRows } from '../src/platform/db/client.js';
import { campaigns } from '../src/platform/db/schema/index.js';
import { createBenchDatabase } from './lib/database.js';
import { arg, fmt, JWT_SECRET, report, rowsArg, startService } from './lib/harness.js';
import { createBenchBusiness, seedContacts } from './lib/seed.js';

const rows = rowsArg();
const seconds = Number(arg('seconds') ?? 10);
const connections = Number(arg('connections') ?? 50);
const repeat = Number(arg('repeat') ?? 30);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Load {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
}

/** The load generator, in its own process. */
function load(base: string, paths: string[], name: string): Load {
  const file = path.join(tmpdir(), `bench-clicks-${name}.txt`);
  writeFileSync(file, paths.join('\n'));
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'bench/lib/http-load.ts', base, file, String(seconds), String(connections)],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as Load;
}

console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
const bench = await createBenchDatabase('bench_clicks');
try {
  const pool = bench.database.pool!;
  const db = bench.database.db;
  const business = await createBenchBusiness(db, new TokenService(JWT_SECRET));
  let started = performance.now();
  await seedContacts(pool, business.businessId, rows);
  console.log(`seeded ${fmt(rows)} contacts in ${fmt(performance.now() - started)} ms`);
  const [campaign] = await db
    .insert(campaigns)
    .values({
      businessId: business.businessId,
      name: 'Bench campaign',
      message: 'Hello https://shop.example/sale and https://shop.example/faq',
      actionButtonTitle: 'Shop',
      actionButtonUrl: 'https://shop.example/buy',
      sendToAllContact: true,
      isScheduled: false,
      isPublished: true,
      isSentOut: true,
      state: 'sending',
      paymentMethod: 'credit',
      publishedAt: new Date(Date.now() - 2 * 86_400_000),
      sentOutAt: new Date(Date.now() - 2 * 86_400_000),
      recipientCount: rows,
      cost: String(rows),
      rate: '1',
    })
    .returning();
  const id = campaign!.id;
  started = performance.now();
  await pool.query(
    `INSERT INTO campaign_messages (campaign_id, business_id, contact_id, phone_number, first_name, last_name,
       status, provider_message_id, error, sent_at, delivered_at, read_at, failed_at, clicked_at)
     SELECT $1::uuid, c.business_id, c.id, c.phone_number, c.first_name, c.last_name,
            (CASE WHEN r < 55 THEN 'read' WHEN r < 75 THEN 'delivered' WHEN r < 85 THEN 'sent' ELSE 'failed' END)::message_status,
            CASE WHEN r < 95 THEN 'bench-' || n END,
            CASE WHEN r >= 85 THEN (ARRAY['Handset unreachable','Not on the channel','Blocked','Expired','Rejected'])[1 + n % 5] END,
            CASE WHEN r < 95 THEN at END,
            CASE WHEN r < 75 THEN at + interval '5 seconds' END,
            CASE WHEN r < 55 THEN at + interval '10 minutes' END,
            CASE WHEN r >= 85 THEN at + interval '1 minute' END,
            CASE WHEN r < 8 THEN at + interval '12 minutes' END
       FROM (SELECT c.*, row_number() OVER () AS n, abs(hashint4(hashtext(c.phone_number))) % 100 AS r,
                    now() - interval '2 days' + make_interval(secs => abs(hashint4(hashtext(c.phone_number) + 1)) % 86400) AS at
               FROM contacts c WHERE c.business_id = $2::uuid) c`,
    [id, business.businessId],
  );
  await pool.query(
    `INSERT INTO campaign_links (campaign_id, position, url) VALUES
       ($1, 0, 'https://shop.example/buy'), ($1, 1, 'https://shop.example/sale'), ($1, 2, 'https://shop.example/faq')`,
    [id],
  );
  await pool.query(
    `INSERT INTO message_clicks (message_id, position, campaign_id, clicks, first_clicked_at)
     SELECT id, (abs(hashtext(id::text)) % 3)::smallint, campaign_id, 1, clicked_at
     FROM campaign_messages WHERE campaign_id = $1 AND clicked_at IS NOT NULL`,
    [id],
  );
  await pool.query(
    `UPDATE campaign_links l SET clicked = s.n, clicks = s.n
     FROM (SELECT position, count(*)::int AS n FROM message_clicks WHERE campaign_id = $1 GROUP BY 1) s
     WHERE l.campaign_id = $1 AND l.position = s.position`,
    [id],
  );
  await pool.query('VACUUM ANALYZE');
  console.log(`seeded ${fmt(rows)} campaign messages in ${fmt(performance.now() - started)} ms`);

  // Tokens of 100,000 different messages (a message and link each), as their recipients would follow them.
  const tokens = new LinkTokens(JWT_SECRET);
  const sample = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM campaign_messages WHERE campaign_id = ${id} ORDER BY random() LIMIT 100000`,
  );
  const linkPaths = sample.map(
    (m, i) => `/l/${tokens.sign({ campaignId: id, messageId: m.id, position: i % 3 })}`,
  );

  const service = await startService(bench.url);
  try {
    const lines: [string, string][] = [];
    // Warm-up of both routes.
    load(service.url, linkPaths.slice(0, 2000), 'warm-links');
    load(service.url, ['/api/v1/health'], 'warm-health');
    await new Promise((r) => setTimeout(r, 2_000)); // the warm-up's last click batch is written
    const [before] = await queryRows<{ clicks: number }>(
      db,
      sql`SELECT sum(clicks)::int AS clicks FROM campaign_links WHERE campaign_id = ${id}`,
    );
    const health = load(service.url, ['/api/v1/health'], 'health');
    const redirect = load(service.url, linkPaths, 'links');
    // The clicks are written in batches after the redirects answered: how long the writes trail the load.
    const loadEnded = performance.now();
    const recorded = async () =>
      Number(
        (
          await queryRows<{ clicks: number }>(
            db,
            sql`SELECT sum(clicks)::int AS clicks FROM campaign_links WHERE campaign_id = ${id}`,
          )
        )[0]!.clicks,
      ) - Number(before!.clicks);
    let written = await recorded();
    let stableSince = performance.now();
    while (written < (redirect.statuses['3xx'] ?? 0) && performance.now() - stableSince < 5_000) {
      await new Promise((r) => setTimeout(r, 100));
      const now = await recorded();
      if (now !== written) stableSince = performance.now();
      written = now;
    }
    const trailMs = performance.now() - loadEnded;
    const describe = (l: Load) =>
      `${fmt(l.perSecond)} req/s  (latency p50 ${l.p50} ms, p99 ${l.p99} ms; ${fmt(l.requests)} requests, statuses ${JSON.stringify(l.statuses)}, errors ${l.errors})`;
    lines.push(['GET /l/{token} (302, counted click)', describe(redirect)]);
    lines.push(['baseline: GET /api/v1/health', describe(health)]);
    lines.push(['redirect / health', `${fmt(redirect.perSecond / health.perSecond, 2)}x`]);
    lines.push([
      'clicks recorded by the batches',
      `${fmt(written)} of ${fmt(redirect.statuses['3xx'] ?? 0)} redirects, the last ${fmt(trailMs)} ms after the load ended`,
    ]);

    const headers = { authorization: `Bearer ${business.accessToken}` };
    const times: number[] = [];
    let shown: Record<string, unknown> = {};
    for (let i = 0; i < repeat + 3; i++) {
      const t0 = performance.now();
      const res = await fetch(`${service.url}/api/v1/campaigns/${id}/report`, { headers });
      const json = (await res.json()) as { data: Record<string, unknown> };
      if (res.status !== 200) throw new Error(`report answered ${res.status}`);
      if (i >= 3) times.push(performance.now() - t0);
      shown = json.data;
    }
    times.sort((a, b) => a - b);
    lines.push([
      'GET /campaigns/{id}/report (with clicks, links)',
      `p50 ${fmt(percentile(times, 50), 1)} ms  p95 ${fmt(percentile(times, 95), 1)} ms  (${repeat} runs, one at a time)`,
    ]);
    report(
      `Tracked-link redirect and the report with clicks, a ${fmt(rows)}-message campaign (PostgreSQL; load: autocannon in its own process, ${connections} connections, ${seconds} s each)`,
      lines,
    );
    const reached = shown.reached as Record<string, number>;
    console.log(
      `  report answered: recipients ${fmt(Number(shown.recipients))}, clicked ${fmt(reached.clicked ?? 0)}, clickRate ${shown.clickRate}, ${(shown.links as unknown[]).length} links`,
    );
    console.log(
      `load average at end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await service.stop();
  }
} finally {
  await bench.drop();
}
