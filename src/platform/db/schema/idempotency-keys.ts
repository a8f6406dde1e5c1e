import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * The first answer to each `Idempotency-Key` a caller sent, kept a day, so a retried request answers it again
 * instead of acting twice. Owned by the idempotency module.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key it is: `business:<id>`, or `account:<id>` for a caller acting for no business. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** A hash of the method, path, query and body: the same key on another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request runs. */
    statusCode: integer('status_code'),
    response: text('response'),
    contentType: text('content_type'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
