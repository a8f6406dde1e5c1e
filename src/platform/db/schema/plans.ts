import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

export const plans = pgTable(
  'plans',
  {
    id: id(),
    name: text('name').notNull(),
    /** Days. */
    duration: integer('duration').notNull(),
    description: text('description'),
    marketingRate: numeric('marketing_rate', { precision: 20, scale: 4 }).notNull(),
    utilityRate: numeric('utility_rate', { precision: 20, scale: 4 }).notNull(),
    serviceRate: numeric('service_rate', { precision: 20, scale: 4 }).notNull(),
    authenticationRate: numeric('authentication_rate', { precision: 20, scale: 4 }).notNull(),
    freeCredit: integer('free_credit').notNull(),
    /** USD, whole dollars. */
    price: integer('price').notNull(),
    /** Members plus pending invitations a business on this plan may have; null: the platform default. */
    seats: integer('seats'),
    /** The message categories the plan pays for; null: every one. Others are paid by credits. */
    categories: text('categories').array(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('plans_duration_positive', sql`${t.duration} > 0`),
    check('plans_price_non_negative', sql`${t.price} >= 0`),
    check('plans_seats_positive', sql`${t.seats} IS NULL OR ${t.seats} >= 1`),
    check('plans_free_credit_non_negative', sql`${t.freeCredit} >= 0`),
    check(
      'plans_rates_non_negative',
      sql`${t.marketingRate} >= 0 AND ${t.utilityRate} >= 0 AND ${t.serviceRate} >= 0 AND ${t.authenticationRate} >= 0`,
    ),
    index('plans_active_created_idx').on(t.isActive, t.createdAt.desc().nullsFirst()),
    index('plans_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
