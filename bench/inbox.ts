/**
 * The inbox on PostgreSQL, two figures from one run:
 * - ingest: BENCH_MESSAGES text messages from BENCH_SENDERS numbers posted to the signed Cloud webhook
 *   (`POST /webhooks/whatsapp-cloud`, BENCH_PER_BODY messages per body as Meta batches them, many bodies in
 *   flight), messages stored per second, with `GET /health` polled beside it the whole time (its p95 is
 *   what a load balancer sees while the inbox fills);
 * - the list: `GET /conversations` (first page, then a filtered and a searched one) with BENCH_CONVERSATIONS
 *   conversations in the business, p95 of BENCH_READS reads each.
 *
 *   npm run bench:inbox
 *   BENCH_MESSAGES=20000 BENCH_CONVERSATIONS=100000 npm run bench:inbox
 *   BENCH_RULES=1 npm run bench:inbox   (with automation rules in place: a welcome to every new number, queued
 *                                       and billed, and keyword, regex, choice and away rules that rarely match)
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { Pool } from 'undici';
import { createDeps } from '../src/app/create-deps.js';
import { buildApp } from '../src/app.js';
import { startAutomationSender } from '../src/jobs/automation-sender.js';
import { testConfig } from '../src/platform/config.js';
import { queryRows } from '../src/platform/db/client.js';
import { createLogger } from '../src/platform/logger.js';
import { cloudSignature } from '../src/providers/messaging/cloud-signature.js';
import { createTestDatabase } from '../test/database.js';
import { startIngestProbe } from './lib/ingest-probe.js';
import { createBenchBusiness } from './lib/seed.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50_000);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 10_000);
const PER_BODY = Number(process.env.BENCH_PER_BODY ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const READS = Number(process.env.BENCH_READS ?? 300);
// The service's own default (DATABASE_POOL_SIZE).
const POOL = Number(process.env.BENCH_POOL ?? 10);
const RULES = process.env.BENCH_RULES === '1';
const SECRET = 'bench-cloud-app-secret';
const PHONE_NUMBER_ID = '109876543210';
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)] ?? 0;

async function main() {
  const load = loadavg()[0]!.toFixed(2);
  const testDb = await createTestDatabase({ poolSize: POOL });
  const config = testConfig({ PUBLIC_URL: 'http://127.0.0.1:4000', WHATSAPP_CLOUD_APP_SECRET: SECRET });
  const deps = createDeps(config, testDb.database, createLogger('silent'));
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const http = new Pool(origin, { connections: CONCURRENCY + 2, pipelining: 1 });

  // A Cloud business that receives everything; its account's token opens the list.
  const { businessId, accessToken } = await createBenchBusiness(deps.db, deps.tokens);
  const business = { id: businessId };
  await deps.db.execute(sql`
    UPDATE businesses SET provider = 'whatsapp-cloud', provider_hsm_id = ${PHONE_NUMBER_ID},
           waba_number = '2349000000001', business_verified = 'accepted'
    WHERE id = ${business.id}`);

  if (RULES) await addRules(deps.db, business.id);
  // With rules, the worker's job that bills and queues the decided replies runs beside the ingest, as in `npm start`.
  const automation = RULES ? startAutomationSender(deps) : null;

  // Ingest: the bodies, signed as Meta signs them.
  const bodies: string[] = [];
  for (let i = 0; i < MESSAGES; i += PER_BODY) {
    const messages = Array.from({ length: Math.min(PER_BODY, MESSAGES - i) }, (_, j) => {
      const n = i + j;
      return {
        from: `23480${String(n % SENDERS).padStart(8, '0')}`,
        id: `wamid.bench.${n}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: `Message ${n}: is this still available?` },
      };
    });
    bodies.push(
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: 'bench-waba',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '2349000000001', phone_number_id: PHONE_NUMBER_ID },
                  contacts: messages.map((m) => ({ wa_id: m.from, profile: { name: `Sender ${m.from}` } })),
                  messages,
                },
              },
            ],
          },
        ],
      }),
    );
  }
  const health: number[] = [];
  let ingesting = true;
  const prober = (async () => {
    while (ingesting) {
      const started = performance.now();
      const res = await http.request({ path: '/api/v1/health', method: 'GET' });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(`health answered ${res.statusCode}`);
      health.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  let next = 0;
  const probe = process.env.BENCH_PROBE ? await startIngestProbe(deps.db) : null;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const res = await http.request({
          path: '/api/v1/webhooks/whatsapp-cloud',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-hub-signature-256': cloudSignature(SECRET, body),
          },
          body,
        });
        await res.body.arrayBuffer();
        if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}`);
      }
    }),
  );
  const ingestMs = performance.now() - started;
  await probe?.(bodies.length, 'deliveries', 'delivery');
  const drainStarted = performance.now();
  if (automation) {
    // The replies still waiting when the last delivery was stored, then how long the job took to queue them.
    const waiting = async () =>
      Number(
        (await queryRows<{ n: number }>(deps.db, sql`SELECT count(*)::int AS n FROM automation_pending`))[0]!
          .n,
      );
    console.log(`automated replies waiting when ingest ended: ${await waiting()}`);
    while ((await waiting()) > 0) await new Promise((r) => setTimeout(r, 100));
    await automation.stop();
    console.log(`  queued ${((performance.now() - drainStarted) / 1000).toFixed(1)} s later`);
  }
  ingesting = false;
  await prober;
  const [stored] = await queryRows<{ messages: number; conversations: number }>(
    deps.db,
    sql`SELECT (SELECT count(*)::int FROM conversation_messages
                WHERE business_id = ${business.id} AND direction = 'in') AS messages,
               (SELECT count(*)::int FROM conversations WHERE business_id = ${business.id}) AS conversations`,
  );

  // The list: the business's conversations topped up to CONVERSATIONS, with contacts, tags and a message each.
  const more = CONVERSATIONS - Number(stored!.conversations);
  if (more > 0) {
    await deps.db.execute(sql`
      INSERT INTO contacts (business_id, first_name, last_name, phone_number, tags)
      SELECT ${business.id}, 'First' || i, 'Last' || i, '+23481' || lpad(i::text, 8, '0'),
             CASE WHEN i % 10 = 0 THEN ARRAY['vip'] ELSE ARRAY[]::text[] END
      FROM generate_series(1, ${more}) AS i`);
    await deps.db.execute(sql`
      INSERT INTO conversations (business_id, contact_id, phone_number, unread_count, last_message_at,
                                 last_inbound_at, last_message_text, status)
      SELECT c.business_id, c.id, c.phone_number, (random() * 2)::int,
             now() - random() * interval '30 days', now() - random() * interval '30 days', 'Hello there',
             CASE WHEN random() < 0.3 THEN 'closed' ELSE 'open' END
      FROM contacts c WHERE c.business_id = ${business.id} AND c.phone_number LIKE '+23481%'`);
    await deps.db.execute(sql`
      INSERT INTO conversation_messages (conversation_id, business_id, direction, type, text, status, event_key)
      SELECT v.id, v.business_id, 'in', 'text', 'Hello there ' || v.phone_number, 'received', 'seed-' || v.id
      FROM conversations v WHERE v.business_id = ${business.id} AND v.phone_number LIKE '+23481%'`);
  }
  await deps.db.execute(sql`VACUUM ANALYZE conversations`);
  await deps.db.execute(sql`VACUUM ANALYZE conversation_messages`);
  await deps.db.execute(sql`VACUUM ANALYZE contacts`);
  const [total] = await queryRows<{ n: number }>(
    deps.db,
    sql`SELECT count(*)::int AS n FROM conversations WHERE business_id = ${business.id}`,
  );
  const reads: Record<string, number[]> = {};
  for (const [name, query] of [
    ['first page', ''],
    ['unread, open', 'unread=true&status=open'],
    ['tag vip', 'tag=vip'],
    ['search a number', 'search=2348100012'],
  ] as const) {
    reads[name] = [];
    for (let i = 0; i < READS; i++) {
      const t0 = performance.now();
      const res = await http.request({
        path: `/api/v1/conversations?pageSize=20&${query}`,
        method: 'GET',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}`);
      reads[name]!.push(performance.now() - t0);
    }
  }

  console.log(`engine ${testDb.database.kind}, load average (1 min) at start ${load}`);
  if (RULES) {
    const [auto] = await queryRows<{ n: number }>(
      deps.db,
      sql`SELECT count(*)::int AS n FROM conversation_messages
          WHERE business_id = ${business.id} AND automation_rule_id IS NOT NULL`,
    );
    console.log(`automation rules in place: ${auto!.n} automated replies queued and billed`);
  }
  console.log(
    `ingest: ${MESSAGES} messages from ${SENDERS} numbers, ${PER_BODY} per signed body, ${CONCURRENCY} bodies in flight`,
  );
  console.log(
    `  ${Math.round((Number(stored!.messages) / ingestMs) * 1000)} messages/s stored (${(ingestMs / 1000).toFixed(1)} s; ${stored!.messages} messages, ${stored!.conversations} conversations)`,
  );
  console.log(`  GET /health beside it: ${health.length} probes, p95 ${p95(health).toFixed(1)} ms`);
  console.log(`list: ${total!.n} conversations, ${READS} reads each`);
  for (const [name, ms] of Object.entries(reads))
    console.log(`  ${name.padEnd(18)} p95 ${p95(ms).toFixed(1)} ms`);
  console.log(`load average (1 min) at end ${loadavg()[0]!.toFixed(2)}`);

  if (process.env.BENCH_EXPLAIN) {
    // The plans behind the figures (a look, not a measurement).
    for (const q of [
      sql`EXPLAIN (ANALYZE, BUFFERS) SELECT v.id FROM conversations v
          LEFT JOIN contacts c ON c.id = v.contact_id AND c.business_id = v.business_id
          WHERE v.business_id = ${business.id} ORDER BY v.last_message_at DESC, v.id DESC LIMIT 20`,
      sql`EXPLAIN (ANALYZE, BUFFERS) SELECT count(*) FROM conversations v WHERE v.business_id = ${business.id}`,
    ])
      for (const row of await queryRows<{ 'QUERY PLAN': string }>(deps.db, q)) console.log(row['QUERY PLAN']);
  }
  await http.close();
  await app.close();
  await testDb.drop();
  if (Number(stored!.messages) !== MESSAGES) process.exit(1);
}

/** Rules as a business would keep them, hours always open (so away never answers), credits to pay replies. */
async function addRules(db: Parameters<typeof queryRows>[0], businessId: string) {
  const rule = (name: string, trigger: string, extra: string, reply: string) => sql`
    INSERT INTO automation_rules (business_id, name, trigger, match_mode, pattern, choice_id, reply)
    VALUES (${businessId}, ${name}, ${trigger}, ${sql.raw(extra)}, ${JSON.stringify({ text: reply })}::jsonb)`;
  await db.execute(rule('Welcome', 'welcome', 'NULL, NULL, NULL', 'Welcome! How can we help?'));
  await db.execute(rule('Price', 'keyword', "'exact', 'price', NULL", 'Our prices'));
  await db.execute(rule('Refund', 'keyword', "'contains', 'refund', NULL", 'Refunds take 3 days'));
  await db.execute(rule('Order', 'keyword', "'starts', 'order status', NULL", 'Send your order number'));
  await db.execute(rule('Track', 'keyword', "'regex', '^track\\s+\\d{6}$', NULL", 'Tracking...'));
  await db.execute(rule('Menu', 'choice', "NULL, NULL, 'menu-1'", 'Menu one'));
  await db.execute(rule('Away', 'away', 'NULL, NULL, NULL', 'We are closed'));
  const day = [{ open: '00:00', close: '24:00' }];
  const week = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
  await db.execute(sql`
    INSERT INTO business_hours (business_id, time_zone, week)
    VALUES (${businessId}, 'Africa/Lagos', ${JSON.stringify(week)}::jsonb)`);
  await db.execute(sql`
    INSERT INTO wallets (business_id, balance) VALUES (${businessId}, 10000000)
    ON CONFLICT (business_id) DO UPDATE SET balance = 10000000`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
