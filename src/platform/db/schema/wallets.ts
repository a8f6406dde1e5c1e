import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { createdAt, id, updatedAt } from './columns.js';

/**
 * Two balances, each a ledger: `balance` (spendable credits) equals the sum of `transactions.balance_delta`,
 * `earnings` (affiliate commission, NGN, withdrawable) the sum of `transactions.earnings_delta`.
 * `balance` can never go below zero. `earnings` can, only through a commission reversal (a refund after the
 * earnings were withdrawn); the ledger refuses any withdrawal below zero and later commissions pay it back.
 * `paid_value` is the money (NGN) actually paid for the credits now in `balance`: bought credits add what was
 * paid, granted ones nothing, and a debit takes its pro rata share (what a referrer's commission is worth).
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
    paidValue: numeric('paid_value', { precision: 20, scale: 4 }).notNull().default('0'),
    /**
     * Credits set aside for messages not delivered yet (charge on delivery): out of `balance`, not spent; the
     * sum of `transactions.held_delta` (holds less settlements less releases).
     */
    held: numeric('held', { precision: 20, scale: 4 }).notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('wallets_balance_non_negative', sql`${t.balance} >= 0`),
    check('wallets_paid_value_non_negative', sql`${t.paidValue} >= 0`),
    check('wallets_held_non_negative', sql`${t.held} >= 0`),
  ],
);
