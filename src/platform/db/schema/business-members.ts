import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MEMBER_ROLES } from '../../../vocabulary/roles.js';
import { accounts } from './accounts.js';
import { businesses } from './businesses.js';
import { createdAt, id, inList, updatedAt } from './columns.js';

/** Whether a member takes automatically assigned conversations (`away`: none; what it holds stays). */
export const MEMBER_AVAILABILITIES = ['available', 'away'] as const;
export type MemberAvailability = (typeof MEMBER_AVAILABILITIES)[number];

/**
 * Who belongs to a business and in which role: one row per account and business. The account that registered a
 * business is its owner; there is at most one owner per business (a partial unique index), and the services keep
 * at least one. A session acts for one of its account's memberships (`refresh_sessions.business_id`, a foreign
 * key to this table's pair): deleting the membership deletes those sessions. Owned by the business module.
 */
export const businessMembers = pgTable(
  'business_members',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    /** Set by the member itself (`PUT /members/me/availability`); read by the inbox's automatic assignment. */
    availability: text('availability', { enum: MEMBER_AVAILABILITIES }).notNull().default('available'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('business_members_business_account_key').on(t.businessId, t.accountId),
    uniqueIndex('business_members_one_owner_key').on(t.businessId).where(sql`${t.role} = 'owner'`),
    index('business_members_account_idx').on(t.accountId),
    check('business_members_role_check', sql`${t.role} IN (${inList(MEMBER_ROLES)})`),
    check('business_members_availability_check', sql`${t.availability} IN ('available', 'away')`),
  ],
);
