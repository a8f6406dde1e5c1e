import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CAMPAIGN_STATES,
  type CampaignState,
  campaignStatesBefore,
} from '../../../vocabulary/campaign-states.js';
import { businesses } from './businesses.js';
import { createdAt, id, inList, timestamptz, updatedAt } from './columns.js';
import { messageTypeEnum, paymentMethodEnum, tagMatchEnum } from './enums.js';
import { templates } from './templates.js';

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    messageType: messageTypeEnum('message_type').notNull().default('marketing'),
    sendToAllContact: boolean('send_to_all_contact').notNull(),
    selectedContactId: uuid('selected_contact_id').array().notNull().default(sql`'{}'::uuid[]`),
    /** Contacts carrying these tags (any or all of them, per `tag_match`) are recipients too. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    tagMatch: tagMatchEnum('tag_match').notNull().default('any'),
    message: text('message').notNull(),
    uploadFileUrl: text('upload_file_url'),
    header: text('header'),
    actionButtonTitle: text('action_button_title'),
    actionButtonUrl: text('action_button_url'),
    isScheduled: boolean('is_scheduled').notNull(),
    scheduledAt: timestamptz('scheduled_at'),
    timeZone: text('time_zone'),
    paymentMethod: paymentMethodEnum('payment_method'),
    /**
     * Where the campaign is in its lifecycle (`src/vocabulary/campaign-states.ts`): the one answer to "what is
     * it doing", moved only by the campaigns module's transitions. The columns below keep when each step
     * happened (and `is_published` / `is_sent_out`, which older reads and history use).
     */
    state: text('state').$type<CampaignState>().notNull().default('draft'),
    isPublished: boolean('is_published').notNull().default(false),
    isSentOut: boolean('is_sent_out').notNull().default(false),
    publishedAt: timestamptz('published_at'),
    sentOutAt: timestamptz('sent_out_at'),
    /** Set when every message of the campaign has reached a final state. */
    completedAt: timestamptz('completed_at'),
    recipientCount: integer('recipient_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    /** Credits (or plan balance) billed at publish, at the rate then in force. */
    cost: numeric('cost', { precision: 20, scale: 4 }),
    rate: numeric('rate', { precision: 20, scale: 4 }),
    /**
     * The rate card of its category as it was at publish, `{ "NG": "1.4", ..., "*": "1" }`: what each of its
     * messages was charged by its recipient's country (credits), so refunds give back exactly that. Null for
     * plan payments and for campaigns published before the card.
     */
    prices: jsonb('prices').$type<Record<string, string>>(),
    /** Published with its business's charge on delivery on (credits): held, settled per delivered message. */
    chargeOnDelivery: boolean('charge_on_delivery').notNull().default(false),
    /** The approved template the campaign is sent as, and how each of its variables is filled. */
    templateId: uuid('template_id').references((): AnyPgColumn => templates.id, { onDelete: 'set null' }),
    templateParameters: jsonb('template_parameters'),
    /** Set once when a provider error (template, token, permission) stopped the campaign's remaining sends. */
    stoppedAt: timestamptz('stopped_at'),
    stopReason: text('stop_reason'),
    /** Links in the message and its button go out as tracked short links (`links` module). */
    trackClicks: boolean('track_clicks').notNull().default(true),
    /** A retarget audience: recipients of this other campaign of the business with `audienceOutcome`. */
    audienceFromCampaign: uuid('audience_from_campaign'),
    audienceOutcome: text('audience_outcome'),
    /**
     * A segment audience (`segments`): evaluated when the campaign goes out, so a scheduled one is queued
     * and billed at its time, not at publish.
     */
    audienceSegmentId: uuid('audience_segment_id'),
    /** An A/B test: its variants (`ab-test.ts`), the share tested, the rule and when the winner was chosen. */
    variants: jsonb('variants'),
    abTest: jsonb('ab_test'),
    /** The winning variant's index; null until chosen (once: by the decision job or by hand). */
    abWinner: smallint('ab_winner'),
    abDecidedAt: timestamptz('ab_decided_at'),
    abDecidedBy: text('ab_decided_by'),
    /** Paused by the business or by a quality drop: its queued messages are held until it resumes. */
    pausedAt: timestamptz('paused_at'),
    pauseReason: text('pause_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaigns_business_created_idx').on(
      t.businessId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('campaigns_name_trgm_idx').using('gin', t.businessId, sql`${t.name} gin_trgm_ops`),
    // The scheduler's question, answered from a small partial index.
    index('campaigns_due_idx').on(t.scheduledAt).where(sql`${t.state} = 'scheduled'`),
    index('campaigns_business_sent_idx')
      .on(t.businessId, t.sentOutAt.desc().nullsFirst())
      .where(sql`${t.isSentOut}`),
    // Paused campaigns: the dispatcher's maintenance holds their messages that came back to the queue.
    index('campaigns_paused_idx').on(t.pausedAt).where(sql`${t.pausedAt} IS NOT NULL`),
    // Campaigns still being delivered: what the dispatcher's completion sweep reads.
    // A/B tests waiting for their winner: what the decision job reads.
    index('campaigns_ab_pending_idx')
      .on(t.sentOutAt)
      .where(sql`${t.abTest} IS NOT NULL AND ${t.abWinner} IS NULL AND ${t.isSentOut}`),
    index('campaigns_delivering_idx')
      .on(t.sentOutAt)
      .where(sql`${t.state} IN (${inList(campaignStatesBefore('completed'))})`),
    check('campaigns_state_check', sql`${t.state} IN (${inList(CAMPAIGN_STATES)})`),
  ],
);
