import { sql } from 'drizzle-orm';
import { bigserial, check, index, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { PRICE_CATEGORIES } from '../../../vocabulary/categories.js';
import { accounts } from './accounts.js';
import { inList, timestamptz } from './columns.js';

/** The categories a message is priced by (Meta's); the card has one default row per category. */
export { PRICE_CATEGORIES };

/** `country_code` of a category's default row: the price of every country the card does not list. */
export const DEFAULT_COUNTRY = '*';

/**
 * The rate card: the price in credits of one message of a category to a recipient of a country (ISO 3166
 * alpha-2), or of every other country (`*`). `cost` is what the provider charges us, kept for margins.
 */
export const priceCard = pgTable(
  'price_card',
  {
    category: text('category').notNull(),
    countryCode: text('country_code').notNull(),
    price: numeric('price', { precision: 20, scale: 4 }).notNull(),
    cost: numeric('cost', { precision: 20, scale: 4 }),
    updatedBy: uuid('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.category, t.countryCode], name: 'price_card_pkey' }),
    check('price_card_category_check', sql`${t.category} IN (${inList(PRICE_CATEGORIES)})`),
    check('price_card_country_check', sql`${t.countryCode} ~ '^([A-Z]{2}|\\*)$'`),
    check('price_card_price_check', sql`${t.price} >= 0 AND (${t.cost} IS NULL OR ${t.cost} >= 0)`),
  ],
);

/** Every change of the card: who, what, before and after (a deleted row's `new_price` is null). */
export const priceCardHistory = pgTable(
  'price_card_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    category: text('category').notNull(),
    countryCode: text('country_code').notNull(),
    /** `set`, `delete` or `import`. */
    action: text('action').notNull(),
    oldPrice: numeric('old_price', { precision: 20, scale: 4 }),
    newPrice: numeric('new_price', { precision: 20, scale: 4 }),
    oldCost: numeric('old_cost', { precision: 20, scale: 4 }),
    newCost: numeric('new_cost', { precision: 20, scale: 4 }),
    changedBy: uuid('changed_by').references(() => accounts.id, { onDelete: 'set null' }),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (t) => [index('price_card_history_changed_idx').on(t.changedAt.desc(), t.id.desc())],
);
