import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, id, timestamptz } from './columns.js';

/**
 * One e-mail change of an account, kept for its undo link: the first link used within its validity puts
 * back the address from before that change, whatever came after, and voids the links of the later changes.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    /** Digests of the password hash and identity link at the change: what was set since is removed. */
    passwordFingerprint: text('password_fingerprint').notNull(),
    identityFingerprint: text('identity_fingerprint').notNull(),
    /** Set when this change was undone, or when an undo of it or of an earlier change made it moot. */
    voidedAt: timestamptz('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_account_idx').on(t.accountId, t.createdAt)],
);
