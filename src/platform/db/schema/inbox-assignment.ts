import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { businessMembers } from './business-members.js';
import { businesses } from './businesses.js';
import { timestamptz, updatedAt } from './columns.js';

export const ASSIGNMENT_MODES = ['off', 'round_robin', 'least_open'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

/**
 * A business's automatic assignment of conversations (no row: `off`). `capacity` caps the open conversations
 * automatic assignment gives one member (null: no cap). Owned by the conversations module.
 */
export const inboxAssignment = pgTable(
  'inbox_assignment',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ASSIGNMENT_MODES }).notNull().default('off'),
    capacity: integer('capacity'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('inbox_assignment_mode_check', sql`${t.mode} IN ('off', 'round_robin', 'least_open')`),
    check('inbox_assignment_capacity_check', sql`${t.capacity} BETWEEN 1 AND 1000`),
  ],
);

/**
 * When each member was last given a conversation (by anyone: automatically, by an admin, or taking it), for
 * round robin and ties. Goes with the membership (a foreign key to it cascades). Owned by the conversations
 * module.
 */
export const inboxAssignmentTurns = pgTable(
  'inbox_assignment_turns',
  {
    businessId: uuid('business_id').notNull(),
    accountId: uuid('account_id').notNull(),
    lastAssignedAt: timestamptz('last_assigned_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'inbox_assignment_turns_pkey', columns: [t.businessId, t.accountId] }),
    foreignKey({
      name: 'inbox_assignment_turns_membership_fk',
      columns: [t.businessId, t.accountId],
      foreignColumns: [businessMembers.businessId, businessMembers.accountId],
    }).onDelete('cascade'),
  ],
);
