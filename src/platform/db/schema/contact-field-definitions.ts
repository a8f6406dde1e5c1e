import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { createdAt, id, updatedAt } from './columns.js';

/**
 * A business's own contact fields (city, plan, birthday...): the values live in `contacts.fields` under
 * `key`. The type never changes once made, so every stored value stays readable as its type. Owned by the
 * contacts module.
 */
export const contactFieldDefinitions = pgTable(
  'contact_field_definitions',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type').$type<'text' | 'number' | 'date' | 'boolean' | 'choice'>().notNull(),
    /** The allowed values of a `choice` field; null for every other type. */
    choices: text('choices').array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contact_field_definitions_business_key').on(t.businessId, t.key),
    check(
      'contact_field_definitions_type_check',
      sql`${t.type} IN ('text', 'number', 'date', 'boolean', 'choice')`,
    ),
  ],
);
