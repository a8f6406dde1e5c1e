import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { createdAt, id, timestamptz } from './columns.js';

/**
 * A business's API keys (`wak_<prefix>_<secret>`): the public prefix finds the row, the whole key is kept as
 * its SHA-256 only. They belong to the business, not to a member: `created_by` has no foreign key, so a key
 * outlives its creator's membership. Owned by the api-keys module.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The hash a rotation replaced, still accepted until `previous_valid_until`. */
    previousSecretHash: text('previous_secret_hash'),
    previousValidUntil: timestamptz('previous_valid_until'),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamptz('expires_at'),
    /** Updated at most once a minute per key. */
    lastUsedAt: timestamptz('last_used_at'),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_prefix_key').on(t.prefix),
    index('api_keys_business_idx').on(t.businessId, t.createdAt),
  ],
);
