/**
 * Delivery-report ingestion: the 300,000 reports of a 100,000-recipient campaign (sent, delivered and read
 * for each) posted to `POST /webhooks/messaging-provider/delivery-reports` as the gateway sends them (JSON
 * arrays of 20 events, many callbacks in flight), on PostgreSQL. Baseline from the same run and database:
 * the same number of bare `UPDATE ... WHERE id = $1` statements on a table of the same size, as many in
 * flight as callbacks.
 *
 *   npm run bench:receipts
 *   BENCH_RECIPIENTS=20000 BENCH_CONCURRENCY=32 npm run bench:receipts
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Pool } from 'undici';
import { createDeps } from '../src/app/create-deps.js';
import { buildApp } from '../src/app.js';
import { insertAccountGraph } from '../src/modules/auth/registration.repository.js';
import { campaignCounters } from '../src/modules/messages/index.js';
import { testConfig } from '../src/platform/config.js';
import { queryRows } from '../src/platform/db/client.js';
import { createLogger } from '../src/platform/logger.js';
import { createTestDatabase } from '../test/database.js';

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
  const config = testConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' });
  const deps = createDeps(config, testDb.database, createLogger('silent'));
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const http = new Pool(origin, { connections: CONCURRENCY, pipelining: 1 });

  // A campaign of RECIPIENTS messages the gateway accepted, ids bench-0 ...
  const { business } = await deps.db.transaction((tx) =>
    insertAccountGraph(tx, { name: 'Bench', email: 'bench-receipts@example.test' }),
  );
  const [campaign] = await queryRows<{ id: string }>(
    deps.db,
    sql`INSERT INTO campaigns (business_id, name, message, send_to_all_contact, is_scheduled, is_published, is_sent_out,
                               published_at, sent_out_at, recipient_count)
        VALUES (${business.id}, 'Bench', 'Hello', true, false, true, true, now(), now(), ${RECIPIENTS}) RETURNING id`,
  );
  const sentAt = Date.now() - 3_600_000;
  await deps.db.execute(sql`
    INSERT INTO campaign_messages (campaign_id, business_id, phone_number, status, attempts, provider_message_id, sent_at)
    SELECT ${campaign!.id}, ${business.id}, '+234' || lpad(i::text, 10, '0'), 'sent', 1, 'bench-' || i,
           to_timestamp(${sentAt / 1000})
    FROM generate_series(0, ${RECIPIENTS - 1}) AS i`);
  // The baseline's table: as many rows, keyed by uuid like the messages.
  await deps.db.execute(sql`
    CREATE TABLE bench_bare (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), status text NOT NULL,
                             updated_at timestamptz)`);
  await deps.db.execute(
    sql`INSERT INTO bench_bare (status) SELECT 'sent' FROM generate_series(1, ${RECIPIENTS})`,
  );
  await deps.db.execute(sql`VACUUM ANALYZE campaign_messages`);
  await deps.db.execute(sql`VACUUM ANALYZE bench_bare`);
  const bareIds = (await queryRows<{ id: string }>(deps.db, sql`SELECT id FROM bench_bare`)).map((r) => r.id);

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

  const ingestMs = await pool(bodies.length, CONCURRENCY, async (i) => {
    const res = await http.request({
      path: '/api/v1/webhooks/messaging-provider/delivery-reports',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bodies[i],
    });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) throw new Error(`callback answered ${res.statusCode}`);
  });

  const counters = await campaignCounters(deps.db, campaign!.id);
  const [pending] = await queryRows<{ n: number }>(
    deps.db,
    sql`SELECT count(*)::int AS n FROM pending_receipts`,
  );
  const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
  console.log(
    `engine ${testDb.database.kind}, ${RECIPIENTS} recipients, ${events.length} receipts in callbacks of ${BATCH}, ${CONCURRENCY} in flight`,
  );
  console.log(
    `baseline: ${events.length} bare UPDATEs by primary key   ${rate(events.length, baselineMs).toString().padStart(7)} /s  (${(baselineMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `receipts through the HTTP callback              ${rate(events.length, ingestMs).toString().padStart(7)} /s  (${(ingestMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `check: ${counters.read} read of ${counters.recipients}, ${counters.reached.delivered} delivered, ${Number(pending!.n)} pending (expected ${RECIPIENTS}, ${RECIPIENTS}, 0)`,
  );

  await http.close();
  await app.close();
  await testDb.drop();
  if (counters.read !== RECIPIENTS || Number(pending!.n) !== 0) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
