import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { createdAt, id } from './columns.js';

/**
 * Who did what in a business, and when: one row per change, written in the change's own transaction, kept a
 * year. The actor is kept by id and, as it was then, by name and e-mail (an account may go; its entries stay).
 * Owned by the audit module.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The account that made the change (null: the platform itself). No foreign key: the log outlives it. */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    /** `resource.verb`, one of `AUDIT_ACTIONS`. */
    action: text('action').notNull(),
    /** What the change was about (`member`, `invitation`, ...) and its id. */
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_business_idx').on(
      t.businessId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('audit_log_business_actor_idx').on(t.businessId, t.actorId, t.createdAt.desc().nullsFirst()),
    index('audit_log_business_action_idx').on(t.businessId, t.action, t.createdAt.desc().nullsFirst()),
    index('audit_log_created_at_idx').on(t.createdAt),
  ],
);
