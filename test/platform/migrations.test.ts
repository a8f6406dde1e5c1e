import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, runMigrations } from '../../src/platform/db/client.js';
import {
  accounts,
  businesses,
  contacts,
  transactions,
  wallets,
  webhookEvents,
} from '../../src/platform/db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../database.js';

// Every migration of the journal applied once (branches add migrations; the count is not fixed).
const journal = JSON.parse(
  readFileSync(new URL('../../src/platform/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

const TABLES = [
  'accounts',
  'api_keys',
  'app_settings',
  'audit_log',
  'automation_opt_outs',
  'automation_pending',
  'automation_rules',
  'automation_sends',
  'automation_settings',
  'bank_accounts',
  'business_hours',
  'business_members',
  'businesses',
  'campaign_counters',
  'campaign_failure_reasons',
  'campaign_links',
  'campaign_messages',
  'campaign_opt_outs',
  'campaign_progress_emits',
  'campaigns',
  'contact_counts',
  'contact_field_definitions',
  'contact_opt_activity',
  'contact_tag_sets',
  'contacts',
  'conversation_messages',
  'conversations',
  'email_changes',
  'exchange_rates',
  'idempotency_keys',
  'inbox_assignment',
  'inbox_assignment_turns',
  'member_invitations',
  'message_activity',
  'message_clicks',
  'messaging_limits',
  'messaging_window',
  'messaging_window_minutes',
  'notification_settings',
  'notifications',
  'pending_receipts',
  'plans',
  'price_card',
  'price_card_history',
  'rate_limit_buckets',
  'refresh_sessions',
  'segments',
  'service_allowance_usage',
  'templates',
  'ticket_comments',
  'tickets',
  'transactions',
  'upload_files',
  'user_plans',
  'verification_tokens',
  'waba_number_events',
  'wallets',
  'webhook_deliveries',
  'webhook_endpoints',
  'webhook_events',
];

const violation = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: { code?: string; cause?: { code?: string } }) => err.code ?? err.cause?.code,
  );

describe(`migrations on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  // One database for the file, made in a hook: starting PGlite inside a test raced the test timeout on a
  // loaded machine. The tests below read the schema or write rows of their own, so they can share it.
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase({ migrate: true });
  }, 180_000);
  afterAll(async () => {
    await testDb?.drop();
  });

  it('create every table and extension, and apply again as a no-op', async () => {
    const { database } = testDb;
    const tables = await queryRows<{ table_name: string }>(
      database.db,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(tables.map((r) => r.table_name)).toEqual(TABLES);
    const ext = await queryRows<{ extname: string }>(
      database.db,
      sql`SELECT extname FROM pg_extension ORDER BY extname`,
    );
    expect(ext.map((e) => e.extname)).toEqual(expect.arrayContaining(['btree_gin', 'pg_trgm']));
    await runMigrations(database);
    const again = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(again[0]!.n).toBe(journal.entries.length);
  });

  it('enforce the constraints that protect the data', async () => {
    const db = testDb.database.db;
    const [a] = await db.insert(accounts).values({ name: 'A', email: 'a@x.test' }).returning();
    expect(await violation(db.insert(accounts).values({ name: 'B', email: 'a@x.test' }))).toBe('23505');
    expect(await violation(db.insert(accounts).values({ name: 'C', email: 'C@x.test' }))).toBe('23514');
    const [b] = await db.insert(businesses).values({ accountId: a!.id }).returning();
    const [w] = await db.insert(wallets).values({ businessId: b!.id }).returning();
    expect(await violation(db.update(wallets).set({ balance: '-1' }))).toBe('23514');
    await db
      .insert(contacts)
      .values({ businessId: b!.id, firstName: 'F', lastName: 'L', phoneNumber: '+2348031234567' });
    expect(
      await violation(
        db
          .insert(contacts)
          .values({ businessId: b!.id, firstName: 'G', lastName: 'M', phoneNumber: '+2348031234567' }),
      ),
    ).toBe('23505');
    expect(
      await violation(db.insert(businesses).values({ accountId: '00000000-0000-0000-0000-000000000000' })),
    ).toBe('23503');
    expect(await violation(db.update(businesses).set({ referralCode: 'abc' }))).toBe('23514');

    // A payment reference settles one transaction: a second row under it could be credited twice.
    const payment = {
      businessId: b!.id,
      walletId: w!.id,
      kind: 'credit_purchase' as const,
      reference: 'credit-0123456789abcdef0123456789abcdef',
      amount: '100',
      currency: 'NGN',
    };
    await db.insert(transactions).values(payment);
    expect(await violation(db.insert(transactions).values({ ...payment, amount: '200' }))).toBe('23505');

    // The inbox key makes a replayed webhook a no-op: the same (provider, key) cannot be stored twice.
    const event = { provider: 'payment', eventKey: 'charge.success:credit-1', eventType: 'charge.success' };
    await db.insert(webhookEvents).values({ ...event, payload: {} });
    expect(await violation(db.insert(webhookEvents).values({ ...event, payload: { again: true } }))).toBe(
      '23505',
    );
    // The key is per provider: another provider may use the same one.
    await db.insert(webhookEvents).values({ ...event, provider: 'messaging', payload: {} });
  });

  it('serve a trigram search from its index', async () => {
    const plan = await testDb.database.db.transaction(async (tx) => {
      // Forbid scans to see which index the planner can use, whatever rows the other tests left.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      return queryRows<Record<string, string>>(
        tx,
        sql`EXPLAIN SELECT id FROM contacts WHERE (first_name || ' ' || last_name || ' ' || phone_number) ILIKE '%ada%'`,
      );
    });
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('contacts_search_trgm_idx');
  });
});
