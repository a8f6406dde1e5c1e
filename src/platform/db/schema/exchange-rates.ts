import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

/** One rate per country: how many units of `currency` one US dollar buys. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    countryCode: text('country_code').primaryKey(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 20, scale: 6 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('exchange_rates_rate_positive', sql`${t.rate} > 0`),
    check('exchange_rates_country_code_format', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
  ],
);
