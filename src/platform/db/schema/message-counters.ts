import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import {
  ACTIVITY_KINDS,
  COUNTED_STATES,
  ENGAGEMENTS,
  FAILED_AFTER_SENT,
  recordOf,
} from '../../../vocabulary/message-states.js';
import { businesses } from './businesses.js';
import { campaigns } from './campaigns.js';
import { timestamptz } from './columns.js';

const count = (name: string) => integer(name).notNull().default(0);

/**
 * A campaign's messages counted by state (one column per counted state of `../message-states.ts`), kept by statement-level triggers on `campaign_messages` (the
 * delivery-receipts migration): every insert, state change and delete adjusts them in the same transaction,
 * so a report reads one row instead of counting a million messages. Each count is "currently in that
 * state", except that `queued` also holds the messages being sent (a claim moves no count, so it never locks
 * this row, which every outcome write of the campaign updates; the in-flight ones are counted live when read);
 * `failed_after_sent` counts the failed messages the gateway had accepted, which gives the funnel
 * (reached at least sent = sent + delivered + read + failed_after_sent; delivered = delivered + read).
 */
export const campaignCounters = pgTable('campaign_counters', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  recipients: count('recipients'),
  ...recordOf(COUNTED_STATES, count),
  failedAfterSent: count(FAILED_AFTER_SENT.column),
  /** Messages whose recipient did it at least once (`clicked`: followed a tracked link). */
  ...recordOf(ENGAGEMENTS, count),
});

/** How many of a campaign's messages are failed, per reason (same triggers). Rows at 0 are kept. */
export const campaignFailureReasons = pgTable(
  'campaign_failure_reasons',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.reason] })],
);

/**
 * Per campaign and minute, how many messages were sent, delivered, read and failed then (by the
 * message's own timestamps; same triggers). No foreign key to the campaign: a deleted campaign's
 * history still counts in its business's overview. A business's rows go with the business.
 */
export const messageActivity = pgTable(
  'message_activity',
  {
    campaignId: uuid('campaign_id').notNull(),
    bucketStart: timestamptz('bucket_start').notNull(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    ...recordOf(ACTIVITY_KINDS, count),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.bucketStart] }),
    index('message_activity_business_idx').on(t.businessId, t.bucketStart),
    index('message_activity_bucket_idx').on(t.bucketStart),
  ],
);

/**
 * When a campaign's last `campaignProgress` went out, from any process: the gate that keeps them to one per
 * campaign per second across every process that writes outcomes or takes receipts.
 */
export const campaignProgressEmits = pgTable('campaign_progress_emits', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  emittedAt: timestamptz('emitted_at').notNull(),
});
