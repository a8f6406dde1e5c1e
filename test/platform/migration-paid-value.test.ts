import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, runMigrations } from '../../src/platform/db/client.js';
import { databaseBefore } from './database-before.js';

const PAID_VALUE_MIGRATION = '0013_commission_on_money_paid';

describe('the migration that values wallets at the money paid', () => {
  let before: Awaited<ReturnType<typeof databaseBefore>> | undefined;
  afterAll(async () => {
    await before?.close();
  });

  it('values the credits an existing wallet holds at its average NGN paid per credit received', async () => {
    // The schema as it was just before: every migration up to this one.
    before = await databaseBefore(PAID_VALUE_MIGRATION);
    const { database } = before;

    const db = database.db;
    const [wallet] = await queryRows<{ id: string; business_id: string }>(
      db,
      sql`WITH a AS (INSERT INTO accounts (name, email) VALUES ('A', 'a@x.test') RETURNING id),
               b AS (INSERT INTO businesses (account_id) SELECT id FROM a RETURNING id)
          INSERT INTO wallets (business_id, balance) SELECT id, 150 FROM b RETURNING id, business_id`,
    );
    const row = (kind: string, amount: string, currency: string, delta: string, status = 'successful') =>
      sql`INSERT INTO transactions (business_id, wallet_id, kind, status, reference, amount, currency, balance_delta)
          VALUES (${wallet!.business_id}, ${wallet!.id}, ${kind}, ${status}, ${`${kind}-${delta}-${status}`},
                  ${amount}, ${currency}, ${delta})`;
    // Bought 100 credits for NGN 3,000, granted 100, spent 50; a failed purchase paid nothing.
    await db.execute(row('credit_purchase', '3000', 'NGN', '100'));
    await db.execute(row('credit_purchase', '9000', 'NGN', '0', 'failed'));
    await db.execute(row('admin_adjustment', '100', 'CREDIT', '100'));
    await db.execute(row('campaign_credit_debit', '50', 'CREDIT', '-50'));

    await runMigrations(database);
    const [after] = await queryRows<{ paid_value: string }>(
      db,
      sql`SELECT paid_value::text FROM wallets WHERE id = ${wallet!.id}`,
    );
    // 150 credits held x NGN 3,000 paid / 200 credits received.
    expect(after!.paid_value).toBe('2250.0000');
  });
});
