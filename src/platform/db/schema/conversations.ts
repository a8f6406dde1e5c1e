import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REPLY_STATES, type ReplyState } from '../../../vocabulary/reply-states.js';
import { businesses } from './businesses.js';
import type { MessagePricing } from './campaign-messages.js';
import { createdAt, id, inList, timestamptz, updatedAt } from './columns.js';

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/**
 * One conversation per contact and business: the replies a business's number receives and what it answers.
 * `last_inbound_at` (the contact's last message) dates the customer-service window. Owned by the
 * conversations module.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** No foreign key, as in the send queue: a deleted contact keeps its history (readers join contacts). */
    contactId: uuid('contact_id'),
    /** E.164, as contacts store it. */
    phoneNumber: text('phone_number').notNull(),
    status: text('status').$type<ConversationStatus>().notNull().default('open'),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
    lastInboundAt: timestamptz('last_inbound_at'),
    lastMessageText: text('last_message_text'),
    /**
     * The member the conversation is assigned to (null: unassigned). A role without `inbox:read-all` sees only
     * its own and unassigned conversations. Leaving the business leaves the conversation unassigned.
     */
    assigneeId: uuid('assignee_id'),
    /**
     * A member answered: automated replies stop here until the contact writes again after the conversation
     * was closed.
     */
    automationPaused: boolean('automation_paused').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversations_business_phone_key').on(t.businessId, t.phoneNumber),
    index('conversations_business_activity_idx').on(
      t.businessId,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('conversations_status_check', sql`${t.status} IN ('open', 'closed')`),
    index('conversations_business_assignee_idx').on(t.businessId, t.assigneeId),
  ],
);

export const MEDIA_STATUSES = ['pending', 'fetched', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/**
 * The messages of a conversation: what the contact wrote (`in`, state `received`) and the business's replies
 * (`out`), which are also their own send queue (claimed by the dispatcher under a lease, like
 * campaign_messages). Campaign messages stay in campaign_messages and are read beside these.
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: id(),
    /** Insertion order: ties of `created_at` are broken by it. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    type: text('type').notNull(),
    text: text('text'),
    /** Our storage key of its media (fetched from the provider, or the business's upload). */
    mediaKey: text('media_key'),
    mediaType: text('media_type'),
    /**
     * Inbound: where the medium the contact sent stands. `pending` while the media job fetches it (its
     * `attempts`, `next_attempt_at` and lease columns are then that job's, as they are the send queue's for a
     * reply), `fetched` once copied to `media_key`, `failed` when it gave up (`error` says why); null when the
     * message carries no medium of the contact's.
     */
    mediaStatus: text('media_status').$type<MediaStatus>(),
    /** Inbound, while pending: where the medium is fetched from (the Cloud media id or the gateway's link). */
    mediaSource: jsonb('media_source').$type<{
      id: string | null;
      url: string | null;
      mimeType: string | null;
    }>(),
    /** What the kind carries beyond text: a location, shared contacts, the reacted message, a button's payload. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    /**
     * Inbound, a reply (its context named the message it answers): the campaign message it answers, of the
     * same business, or one of the conversation's own replies. No foreign keys: history outlives both.
     */
    campaignMessageId: uuid('campaign_message_id'),
    replyToId: uuid('reply_to_id'),
    /** Inbound: the provider's key of the event (a replay adds nothing). */
    eventKey: text('event_key'),
    status: text('status').$type<ReplyState>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    leaseExpiresAt: timestamptz('lease_expires_at'),
    lockedBy: text('locked_by'),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    templateId: uuid('template_id'),
    templateParameters: jsonb('template_parameters'),
    /** An interactive reply (buttons or a list), in the Cloud API's `interactive` format. */
    interactive: jsonb('interactive').$type<Record<string, unknown>>(),
    /** An automated reply: the rule that sent it and its name then (the thread shows it). */
    automationRuleId: uuid('automation_rule_id'),
    automationRuleName: text('automation_rule_name'),
    /** The ledger entry that paid for a reply. */
    transactionId: uuid('transaction_id'),
    /** The `reply_refund` entry that gave a failed reply's charge back (set in the same transaction). */
    refundId: uuid('refund_id'),
    /** The `reply_recharge` entry that charged it again when a report said delivered after its refund. */
    rechargeId: uuid('recharge_id'),
    /** A reply: what the Cloud API says it cost (its first status's `pricing`, as a campaign message keeps). */
    pricing: jsonb('pricing').$type<MessagePricing>(),
    sentAt: timestamptz('sent_at'),
    deliveredAt: timestamptz('delivered_at'),
    readAt: timestamptz('read_at'),
    failedAt: timestamptz('failed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('conversation_messages_thread_idx').on(
      t.conversationId,
      t.createdAt.desc().nullsFirst(),
      t.seq.desc().nullsFirst(),
    ),
    uniqueIndex('conversation_messages_event_key').on(t.businessId, t.eventKey),
    index('conversation_messages_ready_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('conversation_messages_lease_idx').on(t.leaseExpiresAt).where(sql`${t.status} = 'sending'`),
    // The media the job has still to fetch: what its claim reads.
    index('conversation_messages_media_due_idx').on(t.nextAttemptAt).where(sql`${t.mediaStatus} = 'pending'`),
    // The failed replies whose charge is still to give back: what the refund sweep reads.
    index('conversation_messages_refund_due_idx')
      .on(t.failedAt)
      .where(
        sql`${t.direction} = 'out' AND ${t.status} = 'failed' AND ${t.transactionId} IS NOT NULL AND ${t.refundId} IS NULL`,
      ),
    // The replies the Cloud API did not bill whose charge is still to give back (`refundUnbilledMessages`).
    index('conversation_messages_unbilled_due_idx')
      .on(t.id)
      .where(
        sql`${t.direction} = 'out' AND (${t.pricing}->>'billable') = 'false' AND ${t.transactionId} IS NOT NULL AND ${t.refundId} IS NULL`,
      ),
    index('conversation_messages_provider_id_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} IS NOT NULL`),
    check('conversation_messages_direction_check', sql`${t.direction} IN ('in', 'out')`),
    check(
      'conversation_messages_media_status_check',
      sql`${t.mediaStatus} IN ('pending', 'fetched', 'failed')`,
    ),
    check('conversation_messages_status_check', sql`${t.status} IN (${inList(REPLY_STATES)})`),
  ],
);

/**
 * How many of a business's free service replies each calendar month (UTC, its first day) used: counted up
 * by one atomic upsert while under the administrator's allowance, so two replies cannot take the last one.
 */
export const serviceAllowanceUsage = pgTable(
  'service_allowance_usage',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'service_allowance_usage_pkey', columns: [t.businessId, t.month] })],
);
