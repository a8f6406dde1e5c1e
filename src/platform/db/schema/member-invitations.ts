import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MEMBER_ROLES } from '../../../vocabulary/roles.js';
import { accounts } from './accounts.js';
import { businesses } from './businesses.js';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';

/**
 * An invitation to join a business in a role, sent by e-mail with a single-use link (7 days). Pending while not
 * accepted, revoked or expired; at most one pending per business and address. The link's token is kept as its
 * SHA-256 only. Owned by the members module.
 */
export const memberInvitations = pgTable(
  'member_invitations',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Lower-cased, as accounts store it. */
    email: text('email').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    invitedBy: uuid('invited_by').references(() => accounts.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => accounts.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('member_invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('member_invitations_pending_key')
      .on(t.businessId, t.email)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
    index('member_invitations_business_idx').on(t.businessId, t.createdAt.desc().nullsFirst()),
    check('member_invitations_role_check', sql`${t.role} IN ('admin', 'marketer', 'agent', 'viewer')`),
    check('member_invitations_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);
