/**
 * The worker's automation job on its own (PostgreSQL): BENCH_REPLIES decided welcome replies waiting, one per
 * conversation of one business, queued and billed by `sendPendingAutomation` until none is left. Prints the
 * replies queued per second and the statements sent to the database per reply (counted at the driver).
 *
 *   npm run bench:automation
 *   BENCH_REPLIES=5000 npm run bench:automation
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDeps } from '../src/app/create-deps.js';
import { sendPendingAutomation } from '../src/modules/automation/index.js';
import { testConfig } from '../src/platform/config.js';
import { queryRows } from '../src/platform/db/client.js';
import { createLogger } from '../src/platform/logger.js';
import { createTestDatabase } from '../test/database.js';
import { createBenchBusiness } from './lib/seed.js';

const REPLIES = Number(process.env.BENCH_REPLIES ?? 2000);
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

async function main() {
  const load = loadavg()[0]!.toFixed(2);
  const testDb = await createTestDatabase({ poolSize: 10 });
  const deps = createDeps(
    testConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' }),
    testDb.database,
    createLogger('silent'),
  );
  const { businessId } = await createBenchBusiness(deps.db, deps.tokens);
  await deps.db.execute(sql`
    UPDATE businesses SET provider = 'whatsapp-cloud', provider_hsm_id = '109876543210',
           waba_number = '2349000000001', business_verified = 'accepted'
    WHERE id = ${businessId}`);
  await deps.db.execute(sql`
    INSERT INTO wallets (business_id, balance, paid_value) VALUES (${businessId}, 10000000, 5000000)
    ON CONFLICT (business_id) DO UPDATE SET balance = 10000000, paid_value = 5000000`);
  await deps.db.execute(sql`
    INSERT INTO automation_rules (business_id, name, trigger, reply)
    VALUES (${businessId}, 'Welcome', 'welcome', ${JSON.stringify({ text: 'Welcome! How can we help?' })}::jsonb)`);
  // Conversations whose contact just wrote (the window open), each with its decided welcome.
  await deps.db.execute(sql`
    INSERT INTO conversations (business_id, phone_number, unread_count, last_message_at, last_inbound_at, last_message_text)
    SELECT ${businessId}, '+23481' || lpad(i::text, 8, '0'), 1, now(), now(), 'Hello'
    FROM generate_series(1, ${REPLIES}) AS i`);
  await deps.db.execute(sql`
    INSERT INTO automation_pending (business_id, rule_id, conversation_id)
    SELECT v.business_id, r.id, v.id FROM conversations v
    JOIN automation_rules r ON r.business_id = v.business_id
    WHERE v.business_id = ${businessId} ORDER BY v.phone_number`);
  await deps.db.execute(sql`ANALYZE`);

  // Every statement a pool client sends (BEGIN, SAVEPOINT and COMMIT included).
  let statements = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  const started = performance.now();
  let queued = 0;
  for (;;) {
    const n = await sendPendingAutomation(deps);
    queued += n;
    if (n === 0) break;
  }
  const ms = performance.now() - started;
  pg.Client.prototype.query = query;

  const [check] = await queryRows<{ replies: number; debits: number; sends: number }>(
    deps.db,
    sql`SELECT (SELECT count(*)::int FROM conversation_messages WHERE business_id = ${businessId} AND direction = 'out') AS replies,
               (SELECT count(*)::int FROM transactions WHERE business_id = ${businessId} AND kind = 'reply_credit_debit') AS debits,
               (SELECT count(*)::int FROM automation_sends WHERE business_id = ${businessId}) AS sends`,
  );
  console.log(`engine ${testDb.database.kind}, load average (1 min) at start ${load}`);
  console.log(`automation job: ${queued} replies queued and billed in ${(ms / 1000).toFixed(1)} s`);
  console.log(
    `  ${Math.round((queued / ms) * 1000)} replies/s, ${(statements / Math.max(queued, 1)).toFixed(1)} statements per reply`,
  );
  console.log(`  stored: ${check!.replies} replies, ${check!.debits} debits, ${check!.sends} sends logged`);
  console.log(`load average (1 min) at end ${loadavg()[0]!.toFixed(2)}`);
  await testDb.drop();
  if (queued !== REPLIES || check!.debits !== REPLIES || check!.replies !== REPLIES) process.exit(1);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
