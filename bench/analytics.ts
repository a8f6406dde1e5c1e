// npm run bench:analytics [-- --rows=1000000] [--repeat=30]
// Seeds --rows contacts for one business (generate_series, as bench:search) and a campaign with one message
// per contact in the states a real campaign ends in (read, delivered, sent, failed with reasons, over the
// last two days), then times through HTTP, one request at a time on the local PostgreSQL:
// GET /campaigns/{id}/report, POST /campaigns/estimate (everyone, tags any/all, selected ids) and
// GET /analytics/overview, p50/p95 each, beside the same functions called straight on the database in the
// same process (no HTTP), and beside counting the campaign's messages by state with a scan (what the kept
// counters save).

import { sql } from 'drizzle-orm';
import { AnalyticsService } from '../src/modules/analytics/analytics.service.js';
import { estimateCampaign } from '../src/modules/campaigns/campaign-estimate.js';
import { campaignReport } from '../src/modules/campaigns/campaign-report.js';
import type { AuthContext } from '../src/platform/auth/principal.js';
import { TokenService } from '../src/platform/auth/tokens.js';
import { queryRows } from '../src/platform/db/client.js';
import { campaigns } from '../src/platform/db/schema/index.js';
import { createBenchDatabase } from './lib/database.js';
import { arg, fmt, JWT_SECRET, report, rowsArg, startService } from './lib/harness.js';
import { createBenchBusiness, seedContacts } from './lib/seed.js';

const rows = rowsArg();
const repeat = Number(arg('repeat') ?? 30);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(n: number, run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const summary = (t: number[]) => `p50 ${fmt(percentile(t, 50), 1)} ms  p95 ${fmt(percentile(t, 95), 1)} ms`;

const bench = await createBenchDatabase('bench_analytics');
try {
  const pool = bench.database.pool!;
  const db = bench.database.db;
  const tokens = new TokenService(JWT_SECRET);
  const business = await createBenchBusiness(db, tokens);
  let started = performance.now();
  await seedContacts(pool, business.businessId, rows);
  console.log(`seeded ${fmt(rows)} contacts in ${fmt(performance.now() - started)} ms`);

  // A campaign sent out two days ago to every contact, with its outcomes: 55% read, 20% delivered, 10% sent,
  // 10% failed after sending and 5% refused, reasons spread over five causes.
  const [campaign] = await db
    .insert(campaigns)
    .values({
      businessId: business.businessId,
      name: 'Bench campaign',
      message: 'Hello',
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
  started = performance.now();
  await pool.query(
    `INSERT INTO campaign_messages (campaign_id, business_id, contact_id, phone_number, first_name, last_name,
       status, provider_message_id, error, sent_at, delivered_at, read_at, failed_at)
     SELECT $1::uuid, c.business_id, c.id, c.phone_number, c.first_name, c.last_name,
            (CASE WHEN r < 55 THEN 'read' WHEN r < 75 THEN 'delivered' WHEN r < 85 THEN 'sent' ELSE 'failed' END)::message_status,
            CASE WHEN r < 95 THEN 'bench-' || n END,
            CASE WHEN r >= 85 THEN (ARRAY['Handset unreachable','Not on the channel','Blocked','Expired','Rejected'])[1 + n % 5] END,
            CASE WHEN r < 95 THEN at END,
            CASE WHEN r < 75 THEN at + interval '5 seconds' END,
            CASE WHEN r < 55 THEN at + interval '10 minutes' END,
            CASE WHEN r >= 85 THEN at + interval '1 minute' END
       FROM (SELECT c.*, row_number() OVER () AS n, abs(hashint4(hashtext(c.phone_number))) % 100 AS r,
                    now() - interval '2 days' + make_interval(secs => abs(hashint4(hashtext(c.phone_number) + 1)) % 86400) AS at
               FROM contacts c WHERE c.business_id = $2::uuid) c`,
    [campaign!.id, business.businessId],
  );
  await pool.query('VACUUM ANALYZE');
  console.log(`seeded ${fmt(rows)} campaign messages in ${fmt(performance.now() - started)} ms`);

  const service = await startService(bench.url);
  try {
    const auth = { businessId: business.businessId } as AuthContext;
    const analytics = new AnalyticsService({ db });
    const headers = {
      authorization: `Bearer ${business.accessToken}`,
      'content-type': 'application/json',
    };
    const call = async (path: string, body?: unknown) => {
      const res = await fetch(`${service.url}/api/v1${path}`, {
        method: body ? 'POST' : 'GET',
        headers,
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await res.json()) as { data: Record<string, unknown> };
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return json.data;
    };
    const selected = (
      await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM contacts WHERE business_id = ${business.businessId} LIMIT 1000`,
      )
    ).map((r) => r.id);
    const audiences: [string, Record<string, unknown>][] = [
      ['everyone', { sendToAllContact: true }],
      ['tags any [vip, customer]', { tags: ['vip', 'customer'] }],
      ['tags all [vip, lagos]', { tags: ['vip', 'lagos'], tagMatch: 'all' }],
      ['1,000 selected ids + tag', { selectedContactId: selected, tags: ['vip'] }],
    ];
    const estimateInput = (a: Record<string, unknown>) => ({
      sendToAllContact: false,
      selectedContactId: [],
      tags: [],
      tagMatch: 'any' as const,
      messageType: 'marketing' as const,
      paymentMethod: 'credit' as const,
      ...a,
    });
    const row = campaign!;
    const findRow = async () =>
      (await db.select().from(campaigns).where(sql`${campaigns.id} = ${row.id}`))[0]!;

    // Warm-up (plans, caches, JIT); also what the answers hold, printed once.
    const shown = await call(`/campaigns/${row.id}/report`);
    for (const [, a] of audiences) await call('/campaigns/estimate', a);
    await call('/analytics/overview?timeZone=Africa/Lagos');

    const lines: [string, string][] = [];
    const http = await time(repeat, () => call(`/campaigns/${row.id}/report`));
    const direct = await time(repeat, async () => campaignReport(db, await findRow()));
    lines.push(['GET /campaigns/{id}/report', `${summary(http)}   (db only: ${summary(direct)})`]);
    for (const [label, a] of audiences) {
      const h = await time(repeat, () => call('/campaigns/estimate', a));
      const d = await time(repeat, () => estimateCampaign(db, business.businessId, estimateInput(a)));
      const { recipients } = await call('/campaigns/estimate', a);
      lines.push([
        `POST /campaigns/estimate, ${label}`,
        `${summary(h)}   (db only: ${summary(d)}; ${fmt(Number(recipients))} recipients)`,
      ]);
    }
    const overviewQuery = { timeZone: 'Africa/Lagos' };
    const oh = await time(repeat, () => call('/analytics/overview?timeZone=Africa/Lagos'));
    const od = await time(repeat, () => analytics.overview(auth, overviewQuery));
    lines.push(['GET /analytics/overview (30 days)', `${summary(oh)}   (db only: ${summary(od)})`]);
    const year = '/analytics/overview?from=2025-11-26&to=2026-11-26&timeZone=Africa/Lagos';
    const yh = await time(repeat, () => call(year));
    lines.push(['GET /analytics/overview (366 days)', summary(yh)]);
    const scan = await time(Math.min(repeat, 5), () =>
      queryRows(
        db,
        sql`SELECT status, count(*) FROM campaign_messages WHERE campaign_id = ${row.id} GROUP BY status`,
      ),
    );
    lines.push(['baseline: counting the messages by state (scan)', summary(scan)]);
    report(
      `Report, estimate and overview on a business with ${fmt(rows)} contacts and a ${fmt(rows)}-message campaign (PostgreSQL, ${repeat} runs each, one at a time)`,
      lines,
    );
    console.log(
      `  report answered: recipients ${fmt(Number(shown.recipients))}, deliveryRate ${shown.deliveryRate}, readRate ${shown.readRate}, ${(shown.failureReasons as unknown[]).length} failure reasons, ${(shown.timeline as { buckets: unknown[] }).buckets.length} timeline buckets`,
    );
  } finally {
    await service.stop();
  }
} finally {
  await bench.drop();
}
