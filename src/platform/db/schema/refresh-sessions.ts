import { foreignKey, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { businessMembers } from './business-members.js';
import { createdAt, id, timestamptz } from './columns.js';

/**
 * A signed-in session. Both tokens carry its id; revoking it (sign-out) invalidates the refresh token and
 * every access token issued with it.
 */
export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** How many times the refresh token was rotated; only the token carrying the current count is valid. */
    refreshCounter: integer('refresh_counter').notNull().default(0),
    /**
     * The business the session acts for (one of the account's memberships; null when it has none). Removing the
     * membership deletes the session (the foreign key cascades): the member's tokens stop working at once.
     */
    businessId: uuid('business_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_sessions_account_idx').on(t.accountId),
    foreignKey({
      name: 'refresh_sessions_membership_fk',
      columns: [t.businessId, t.accountId],
      foreignColumns: [businessMembers.businessId, businessMembers.accountId],
    }).onDelete('cascade'),
  ],
);
