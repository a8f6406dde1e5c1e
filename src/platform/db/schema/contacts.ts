import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { createdAt, id, updatedAt } from './columns.js';

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164 (`+2348031234567`); uniqueness per business is on this normalised form. */
    phoneNumber: text('phone_number').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    optIn: boolean('opt_in').notNull().default(false),
    /** Why the contact stopped receiving marketing, when the provider rather than a STOP said so. */
    optOutReason: text('opt_out_reason'),
    /** ISO 3166 alpha-2 of the phone (`ZZ`: none); null until derived (docs/decisions/payments.md). */
    countryCode: text('country_code'),
    /** Values of the business's own fields by key (`contact_field_definitions`), each checked by its type. */
    fields: jsonb('fields')
      .$type<Record<string, string | number | boolean>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_business_phone_key').on(t.businessId, t.phoneNumber),
    index('contacts_business_created_idx').on(
      t.businessId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('contacts_business_opt_in_idx').on(t.businessId, t.optIn, t.createdAt.desc().nullsFirst()),
    // btree_gin lets one GIN index filter by business and match trigrams or tags together.
    index('contacts_search_trgm_idx').using(
      'gin',
      t.businessId,
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.phoneNumber}) gin_trgm_ops`,
    ),
    index('contacts_tags_idx').using('gin', t.businessId, t.tags),
    // The few rows whose country is still to be derived (contactCountries): empty once backfilled.
    index('contacts_country_missing_idx').on(t.businessId).where(sql`${t.countryCode} IS NULL`),
    // Equality on a field (`fields @> {"city":"Lagos"}`) and "has a value" (`fields ? 'city'`) by index.
    index('contacts_fields_idx').using('gin', t.businessId, t.fields),
    // A segment's country condition and its count from the index alone (id and opt-in in it), never the heap.
    index('contacts_business_country_idx').on(t.businessId, t.countryCode, t.optIn, t.id),
  ],
);
