import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { createdAt, id, updatedAt } from './columns.js';

/** A saved filter of a business's contacts (the condition tree as the API takes it). Owned by contacts. */
export const segments = pgTable(
  'segments',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<unknown>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('segments_business_created_idx').on(t.businessId, t.createdAt)],
);
