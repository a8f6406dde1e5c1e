import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

/** Singleton (id = 1). When absent, reads answer the built-in defaults (docs/api.md "Business rules"). */
export const appSettings = pgTable(
  'app_settings',
  {
    id: integer('id').primaryKey().default(1),
    marketingRate: numeric('marketing_rate', { precision: 20, scale: 4 }).notNull(),
    utilityRate: numeric('utility_rate', { precision: 20, scale: 4 }).notNull(),
    serviceRate: numeric('service_rate', { precision: 20, scale: 4 }).notNull(),
    authenticationRate: numeric('authentication_rate', { precision: 20, scale: 4 }).notNull(),
    pricePerCredit: numeric('price_per_credit', { precision: 20, scale: 6 }).notNull(),
    lowCreditThreshold: numeric('low_credit_threshold', { precision: 20, scale: 4 }).notNull(),
    affiliatePercentage: integer('affiliate_percentage').notNull(),
    /** Whether a message the Cloud API did not bill (`pricing.billable: false`) gives its charge back. */
    refundUnbilledMessages: boolean('refund_unbilled_messages').notNull().default(true),
    /** Service replies a business sends free each calendar month (UTC) before the card prices them. */
    freeServiceAllowance: integer('free_service_allowance').notNull().default(0),
    /** Whether replies inside the customer-service window are billed at all (false: every one is free). */
    billWindowReplies: boolean('bill_window_replies').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('app_settings_singleton', sql`${t.id} = 1`),
    check('app_settings_free_service_allowance_check', sql`${t.freeServiceAllowance} >= 0`),
    check('app_settings_affiliate_percentage_range', sql`${t.affiliatePercentage} BETWEEN 0 AND 100`),
  ],
);
