import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';
import { plans } from './plans.js';

/** The active plan of a business (one at most: a new purchase replaces it). */
export const userPlans = pgTable(
  'user_plans',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .unique()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    freeCredit: integer('free_credit').notNull(),
    balance: numeric('balance', { precision: 20, scale: 4 }).notNull(),
    expiredDate: timestamptz('expired_date').notNull(),
    transactionId: uuid('transaction_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('user_plans_balance_non_negative', sql`${t.balance} >= 0`)],
);
