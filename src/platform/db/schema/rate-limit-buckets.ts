import { doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/**
 * Token buckets shared by every worker process when Redis is not configured (the dispatcher's
 * per-business send rate). One row per key; a row lock serialises the processes that draw from it.
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refreshedAt: timestamptz('refreshed_at').notNull().defaultNow(),
});
