import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';

/**
 * How many contacts each business has, and how many opted in, kept by statement-level triggers on
 * `contacts` (migration 0003): every insert, delete and opt-in change adjusts them in the same transaction,
 * so a list's `total` is exact and costs one primary-key read instead of counting a million index entries.
 * A business without a row has no contacts.
 */
export const contactCounts = pgTable(
  'contact_counts',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    optedIn: bigint('opted_in', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('contact_counts_consistent', sql`${t.optedIn} >= 0 AND ${t.total} >= ${t.optedIn}`)],
);
