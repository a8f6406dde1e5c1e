import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { campaigns } from './campaigns.js';
import { timestamptz } from './columns.js';

/**
 * Opt-ins and opt-outs per business and quarter of an hour, kept by triggers on `contacts` (migration
 * 0009) whatever the path (API, import, inbound STOP/START). Quarter-hours add up to the days of any time
 * zone (every offset in use is a multiple of 15 minutes), so a per-day chart in the caller's zone sums a
 * few rows per day instead of keeping a history of every change. A contact created opted in is an opt-in.
 */
export const contactOptActivity = pgTable(
  'contact_opt_activity',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    bucket: timestamptz('bucket').notNull(),
    optIns: integer('opt_ins').notNull().default(0),
    optOuts: integer('opt_outs').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.bucket] }),
    check('contact_opt_activity_non_negative', sql`${t.optIns} >= 0 AND ${t.optOuts} >= 0`),
  ],
);

/**
 * Recipients who opted out within 7 days of receiving a campaign, one row per campaign and phone number,
 * written by the opt-out trigger on `contacts` (migration 0009): a campaign's report counts its rows by
 * primary key instead of matching every recipient against later opt-outs. A contact who opts out, back in
 * and out again is still one opt-out.
 */
export const campaignOptOuts = pgTable(
  'campaign_opt_outs',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    optedOutAt: timestamptz('opted_out_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.phoneNumber] })],
);
