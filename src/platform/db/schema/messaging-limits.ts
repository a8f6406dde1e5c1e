import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { timestamptz, updatedAt } from './columns.js';

/**
 * A business's messaging limit (how many different people it may start conversations with in a rolling
 * 24 hours; null = unlimited), its number's throughput and quality, as the Cloud API or an admin set them.
 * No row: unlimited, the dispatcher's default rate. Owned by the deliverability module.
 */
export const messagingLimits = pgTable(
  'messaging_limits',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    dailyRecipients: integer('daily_recipients'),
    messagesPerSecond: integer('messages_per_second'),
    /** The Cloud API's `messaging_limit_tier` (`TIER_250` ... `TIER_UNLIMITED`) when it told us. */
    tier: text('tier'),
    /** GREEN, YELLOW, RED, FLAGGED or UNKNOWN, from `phone_number_quality_update`. */
    qualityRating: text('quality_rating'),
    /**
     * The time (webhook `entry.time`) of the Cloud event whose quality, and of the one whose tier, was last
     * applied: an older event arriving later does not overwrite them.
     */
    qualityEventAt: timestamptz('quality_event_at'),
    tierEventAt: timestamptz('tier_event_at'),
    /** Who set the limit last: `admin` or `cloud`. */
    source: text('source').notNull().default('admin'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'messaging_limits_daily_recipients_positive',
      sql`${t.dailyRecipients} IS NULL OR ${t.dailyRecipients} > 0`,
    ),
    check(
      'messaging_limits_messages_per_second_positive',
      sql`${t.messagesPerSecond} IS NULL OR ${t.messagesPerSecond} > 0`,
    ),
  ],
);

/**
 * The people a business started a conversation with and when: one row per recipient, its start moved
 * forward once 24 hours have passed. Rows younger than 24 hours are what the limit counts. Written only by
 * the dispatcher's limited claim (module messages), in the transaction that claims the messages.
 */
export const messagingWindow = pgTable(
  'messaging_window',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    startedAt: timestamptz('started_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'messaging_window_pkey', columns: [t.businessId, t.phoneNumber] }),
    index('messaging_window_started_idx').on(t.businessId, t.startedAt),
  ],
);

/**
 * How many people entered a business's window in each minute (UTC), kept beside `messaging_window` by the
 * same statements under the same per-business lock: the window's count is the sum of the minutes after the
 * one the window starts in, plus the rows of that one minute, instead of a count of every row (a window of
 * 100,000 people took 50 ms to count, on every claim and every `GET /business`). Minutes older than a day
 * and an hour are dropped as new ones are written.
 */
export const messagingWindowMinutes = pgTable(
  'messaging_window_minutes',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    minute: timestamptz('minute').notNull(),
    entered: integer('entered').notNull(),
  },
  (t) => [primaryKey({ name: 'messaging_window_minutes_pkey', columns: [t.businessId, t.minute] })],
);
