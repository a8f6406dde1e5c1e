import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../src/platform/db/client.js';
import type { TestApp } from './harness.js';

/**
 * The ledger invariant: every wallet's balance equals the sum of its transactions' balance deltas, and its
 * earnings the sum of their earnings deltas; every transaction belongs to its wallet's business; and no
 * withdrawal was refunded more than it took. Lists the wallets that break it (none, when money is right).
 */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  const broken = await queryRows<{
    business_id: string;
    balance: string;
    sum_balance: string;
    earnings: string;
    sum_earnings: string;
  }>(
    t.db,
    sql`SELECT w.business_id, w.balance::text AS balance, coalesce(sum(tr.balance_delta), 0)::text AS sum_balance,
               w.earnings::text AS earnings, coalesce(sum(tr.earnings_delta), 0)::text AS sum_earnings
        FROM wallets w LEFT JOIN transactions tr ON tr.wallet_id = w.id
        GROUP BY w.id
        HAVING w.balance <> coalesce(sum(tr.balance_delta), 0) OR w.earnings <> coalesce(sum(tr.earnings_delta), 0)`,
  );
  expect(broken, 'wallets whose balance is not the sum of their transactions').toEqual([]);
  const strays = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT tr.id FROM transactions tr JOIN wallets w ON w.id = tr.wallet_id WHERE w.business_id <> tr.business_id`,
  );
  expect(strays, 'transactions filed under another business').toEqual([]);
  const overRefunded = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT w.id FROM transactions w
        JOIN transactions r ON r.related_transaction_id = w.id AND r.kind = 'withdrawal_refund'
        WHERE w.kind = 'withdrawal'
        GROUP BY w.id, w.earnings_delta
        HAVING sum(r.earnings_delta) > -w.earnings_delta`,
  );
  expect(overRefunded, 'withdrawals refunded more than they took').toEqual([]);
}
