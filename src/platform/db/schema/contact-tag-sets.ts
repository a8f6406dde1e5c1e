import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';

/**
 * How many contacts (and opted-in contacts) each business has per distinct set of tags, kept by
 * statement-level triggers on `contacts` (migration 0009) like `contact_counts`. A business has few distinct
 * tag sets however many contacts it has, so an audience by tags ("any of" or "all of") is counted exactly by
 * summing the sets that match, and the tag list with its counts is an unnest of these rows: neither reads
 * the contacts. `tags` is sorted and without duplicates; `tag_key` is its md5 (a whole set may be longer
 * than a btree entry may hold). A set whose count reaches zero is deleted.
 */
export const contactTagSets = pgTable(
  'contact_tag_sets',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    tagKey: text('tag_key').notNull(),
    tags: text('tags').array().notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    optedIn: bigint('opted_in', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.tagKey] }),
    check('contact_tag_sets_consistent', sql`${t.optedIn} >= 0 AND ${t.total} >= ${t.optedIn}`),
  ],
);
