/**
 * Delivery-report ingestion: the 300,000 reports of a 100,000-recipient campaign (sent, delivered and read
 * for each) posted to `POST /webhooks/messaging-provider/delivery-reports` of the service run as production
 * runs it (the compiled build, a process of its own) as the gateway sends them (JSON arrays of 20 events,
 * many callbacks in flight), on PostgreSQL. Two figures: acknowledged (every callback answered) and applied
 * (the campaign's counters show every message read). Baseline from the same run and database: the same
 * number of bare `UPDATE ... WHERE id = $1` statements on a table of the same size, as many in flight as
 * callbacks.
 *
 *   npm run bench:receipts
 *   BENCH_RECIPIENTS=20000 BENCH_CONCURRENCY=32 npm run bench:receipts
 */
import { sql } from 'drizzle-orm';
import { Pool } from 'undici';
import { insertAccountGraph } from '../src/modules/auth/registration.repository.js';
import { campaignCounters } from '../src/modules/messages/index.js';
import { queryRows } from '../src/platform/db/client.js';
import { createTestDatabase } from '../test/database.js';
import { BENCH_WEBHOOK_TOKEN, fmt, reportGoal, startService } from './lib/harness.js';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const BATCH = 20;
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

async function pool(n: number, concurrency: number, task: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (next < n) await task(next++);
    }),
  );
  return performance.now() - started;
}

async function main() {
  const testDb = await createTestDatabase({ poolSize: 12 });
  const db = testDb.database.db;

  // A campaign of RECIPIENTS messages the gateway accepted, ids bench-0 ...
  const { business } = await db.transaction((tx) =>
    insertAccountGraph(tx, { name: 'Bench', email: 'bench-receipts@example.test' }),
  );
  const [campaign] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO campaigns (business_id, name, message, send_to_all_contact, is_scheduled, is_published, is_sent_out,
                               state, published_at, sent_out_at, recipient_count)
        VALUES (${business.id}, 'Bench', 'Hello', true, false, true, true, 'sending', now(), now(), ${RECIPIENTS}) RETURNING id`,
  );
  const sentAt = Date.now() - 3_600_000;
  await db.execute(sql`
    INSERT INTO campaign_messages (campaign_id, business_id, phone_number, status, attempts, provider_message_id, sent_at)
    SELECT ${campaign!.id}, ${business.id}, '+234' || lpad(i::text, 10, '0'), 'sent', 1, 'bench-' || i,
           to_timestamp(${sentAt / 1000})
    FROM generate_series(0, ${RECIPIENTS - 1}) AS i`);
  // The baseline's table: as many rows, keyed by uuid like the messages.
  await db.execute(sql`
    CREATE TABLE bench_bare (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), status text NOT NULL,
                             updated_at timestamptz)`);
  await db.execute(sql`INSERT INTO bench_bare (status) SELECT 'sent' FROM generate_series(1, ${RECIPIENTS})`);
  await db.execute(sql`VACUUM ANALYZE campaign_messages`);
  await db.execute(sql`VACUUM ANALYZE bench_bare`);
  const bareIds = (await queryRows<{ id: string }>(db, sql`SELECT id FROM bench_bare`)).map((r) => r.id);

  // The reports as the gateway sends them: each message's sent, then delivered, then read, in time order.
  const phases = [
    { type: 'SENT', after: 1_000 },
    { type: 'DELIVERED', after: 4_000 },
    { type: 'READ', after: 60_000 },
  ];
  const events = phases.flatMap((p) =>
    Array.from({ length: RECIPIENTS }, (_, i) => ({
      externalId: `bench-${i}`,
      eventType: p.type,
      eventTs: sentAt + i * 10 + p.after,
      destAddr: `234${String(i).padStart(10, '0')}`,
      srcAddr: '2348000000000',
      cause: 'SUCCESS',
      errorCode: '000',
      channel: 'WHATSAPP',
    })),
  );
  const bodies: string[] = [];
  for (let i = 0; i < events.length; i += BATCH) bodies.push(JSON.stringify(events.slice(i, i + BATCH)));

  const pg = testDb.database.pool!;
  const baselineMs = await pool(events.length, CONCURRENCY, async (i) => {
    await pg.query('UPDATE bench_bare SET status = $2, updated_at = now() WHERE id = $1', [
      bareIds[i % RECIPIENTS],
      phases[Math.floor(i / RECIPIENTS)]!.type,
    ]);
  });

  if (!testDb.url) throw new Error('bench:receipts needs PostgreSQL (TEST_DATABASE_URL)');
  const service = await startService(testDb.url);
  const http = new Pool(service.url, { connections: CONCURRENCY, pipelining: 1 });
  const applied = () => campaignCounters(db, campaign!.id).then((c) => c.read);
  const started = performance.now();
  const cpuBefore = service.cpuMs();
  const ackMs = await pool(bodies.length, CONCURRENCY, async (i) => {
    const res = await http.request({
      path: '/api/v1/webhooks/messaging-provider/delivery-reports',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-token': BENCH_WEBHOOK_TOKEN },
      body: bodies[i],
    });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) throw new Error(`callback answered ${res.statusCode}`);
  });
  // Applied: the moment the counters show every message read (polled; a report kept as pending would show here).
  while ((await applied()) < RECIPIENTS && performance.now() - started < 600_000)
    await new Promise((r) => setTimeout(r, 20));
  const appliedMs = performance.now() - started;
  const serviceCpuMs = service.cpuMs() - cpuBefore;
  await http.close();
  await service.stop();

  const counters = await campaignCounters(db, campaign!.id);
  const [pending] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM pending_receipts`);
  const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
  console.log(
    `engine ${testDb.database.kind}, ${RECIPIENTS} recipients, ${events.length} receipts in callbacks of ${BATCH}, ${CONCURRENCY} in flight`,
  );
  console.log(
    `baseline: ${events.length} bare UPDATEs by primary key   ${rate(events.length, baselineMs).toString().padStart(7)} /s  (${(baselineMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `receipts acknowledged (every callback answered)  ${rate(events.length, ackMs).toString().padStart(7)} /s  (${(ackMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `receipts applied (every message read)            ${rate(events.length, appliedMs).toString().padStart(7)} /s  (${(appliedMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `service CPU per receipt                          ${((serviceCpuMs * 1000) / events.length).toFixed(1).padStart(7)} µs`,
  );
  console.log(
    `check: ${counters.read} read of ${counters.recipients}, ${counters.reached.delivered} delivered, ${Number(pending!.n)} pending (expected ${RECIPIENTS}, ${RECIPIENTS}, 0)`,
  );

  reportGoal({
    path: `Delivery reports applied (${fmt(events.length)}: sent, delivered, read)`,
    figure: `${fmt(rate(events.length, appliedMs))}/s (acknowledged ${fmt(rate(events.length, ackMs))}/s)`,
    baseline: `${fmt(rate(events.length, baselineMs))}/s (bare UPDATEs)`,
    value: rate(events.length, appliedMs),
    shown: `${fmt(rate(events.length, appliedMs))}/s`,
    goal: 20_000,
    kind: 'min',
    goalShown: '≥ 20,000/s',
  });
  await testDb.drop();
  if (counters.read !== RECIPIENTS || Number(pending!.n) !== 0) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
