import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { createdAt, id, updatedAt } from './columns.js';

/**
 * Two balances, each a ledger: `balance` (spendable credits) equals the sum of `transactions.balance_delta`,
 * `earnings` (affiliate commission, NGN, withdrawable) the sum of `transactions.earnings_delta`.
 * The CHECKs make an overdraft impossible whatever the application does.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .unique()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    balance: numeric('balance', { precision: 20, scale: 4 }).notNull().default('0'),
    earnings: numeric('earnings', { precision: 20, scale: 2 }).notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('wallets_balance_non_negative', sql`${t.balance} >= 0`),
    check('wallets_earnings_non_negative', sql`${t.earnings} >= 0`),
  ],
);
