import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { businesses } from './businesses.js';
import { createdAt, id } from './columns.js';

/**
 * Every change of a business's WhatsApp number claim (owned by the business module): the number decides
 * whose opt-ins arrive, so who held it when and which admin released it stays on record.
 */
export const wabaNumberEvents = pgTable(
  'waba_number_events',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    wabaNumber: text('waba_number').notNull(),
    /** `claimed`, `released` (the business changed it), `released_by_admin`. */
    action: text('action').notNull(),
    otherBusinessId: uuid('other_business_id').references(() => businesses.id, { onDelete: 'set null' }),
    actorAccountId: uuid('actor_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('waba_number_events_business_idx').on(t.businessId, t.createdAt)],
);
