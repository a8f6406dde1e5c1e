import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { campaigns } from './campaigns.js';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';
import { messageStatusEnum } from './enums.js';

/** `statuses[].pricing` of a Cloud status, as Meta sends it. */
export interface MessagePricing {
  billable: boolean | null;
  pricing_model: string | null;
  category: string | null;
  /** `regular`, `free_customer_service`, `free_entry_point`. */
  type: string | null;
}

/**
 * The send queue (outbox): one row per recipient, written in the transaction that bills the campaign.
 * Dispatchers claim rows with FOR UPDATE SKIP LOCKED and a lease; a row whose lease expired is claimed again.
 */
export const campaignMessages = pgTable(
  'campaign_messages',
  {
    id: id(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /**
     * The contact it was addressed to. No foreign key: with one, every contact deletion scanned the whole
     * queue for references (nothing indexes this column, and an index would cost every message write), and
     * each of the 100,000 rows a publish inserts paid a lookup. Readers join `contacts` to tell a deleted one.
     */
    contactId: uuid('contact_id'),
    /** Snapshot at publish: the recipient is the one that was billed, even if the contact changes later. */
    phoneNumber: text('phone_number').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Snapshot at publish of the contact's country (ISO 3166), which priced it; null when unknown. */
    countryCode: text('country_code'),
    status: messageStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    leaseExpiresAt: timestamptz('lease_expires_at'),
    lockedBy: text('locked_by'),
    /** The gateway's id for the message (its answer to the send); delivery reports name the message by it. */
    providerMessageId: text('provider_message_id'),
    /** Why it failed (the gateway's words or ours); null unless the message is failed. */
    error: text('error'),
    /** The gateway's error code of a failure it reported. */
    errorCode: text('error_code'),
    sentAt: timestamptz('sent_at'),
    /** First delivery (or read, which implies it) the gateway reported. */
    deliveredAt: timestamptz('delivered_at'),
    readAt: timestamptz('read_at'),
    /** When it failed; null unless the message is failed. */
    failedAt: timestamptz('failed_at'),
    /** First time its recipient followed one of its tracked links. */
    clickedAt: timestamptz('clicked_at'),
    /** First time its recipient answered it (an inbound message whose context names it). */
    repliedAt: timestamptz('replied_at'),
    /** Which A/B variant it carries; null outside a test, and for the rest until the winner is chosen. */
    variant: smallint('variant'),
    /**
     * What its last failure calls for (`retry`, `defer`, `optout`, `fail`, `stop`: the failure table in
     * `providers/messaging/cloud-errors.ts`); null for a message never failed, or cancelled by an opt-out.
     */
    failureOutcome: text('failure_outcome'),
    /**
     * How many times `POST /campaigns/{id}/retry` charged it again. Only its first charge carried the
     * referrer's commission, so only a refund of that charge takes a share of it back.
     */
    retries: smallint('retries').notNull().default(0),
    /** Set with `refund_id` (the `campaign_refund` row) in the transaction that gave its charge back. */
    refundedAt: timestamptz('refunded_at'),
    refundId: uuid('refund_id'),
    /** The `campaign_recharge` row that charged it again when a report said delivered after its refund. */
    rechargeId: uuid('recharge_id'),
    /** The `campaign_settle` row that spent its held price when it was reported delivered (or read). */
    settleId: uuid('settle_id'),
    /**
     * What the Cloud API says the message cost (`statuses[].pricing`: billable, pricing_model, category,
     * type), as its first status giving it said; null for gateway messages and until a status says.
     */
    pricing: jsonb('pricing').$type<MessagePricing>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One message per recipient per campaign: a replayed opt-in or publish can never queue a second one.
    uniqueIndex('campaign_messages_campaign_phone_key').on(t.campaignId, t.phoneNumber),
    index('campaign_messages_campaign_status_idx').on(t.campaignId, t.status),
    // Per business, so a dispatcher can find which businesses have work (a skip scan over this index) and
    // claim each business's due messages in order, within that business's rate limit.
    index('campaign_messages_ready_idx').on(t.businessId, t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    // Final failures not yet refunded: what the refund sweep reads.
    index('campaign_messages_refund_due_idx')
      .on(t.campaignId)
      .where(sql`${t.status} = 'failed' AND ${t.failureOutcome} IS NOT NULL AND ${t.refundedAt} IS NULL`),
    // Failures the provider reported that no handler sorted yet (a report that waited for its message):
    // the dispatcher's maintenance gives them their outcome.
    index('campaign_messages_unsorted_failure_idx')
      .on(t.updatedAt)
      .where(
        sql`${t.status} = 'failed' AND ${t.failureOutcome} IS NULL AND ${t.providerMessageId} IS NOT NULL`,
      ),
    // Messages the Cloud API did not bill and whose charge was not given back yet: the refund sweep's other half.
    index('campaign_messages_unbilled_due_idx')
      .on(t.campaignId)
      .where(sql`(${t.pricing}->>'billable') = 'false' AND ${t.refundedAt} IS NULL`),
    index('campaign_messages_lease_idx').on(t.leaseExpiresAt).where(sql`${t.status} = 'sending'`),
    // A segment's engagement conditions ("read within the last N days"), per business and from the index
    // alone: a partial index per moment, written only once it has happened ("delivered" filters the sent one).
    index('campaign_messages_business_sent_idx')
      .on(t.businessId, t.sentAt, t.contactId)
      .where(sql`${t.sentAt} IS NOT NULL AND ${t.contactId} IS NOT NULL`),
    index('campaign_messages_business_read_idx')
      .on(t.businessId, t.readAt, t.contactId)
      .where(sql`${t.readAt} IS NOT NULL AND ${t.contactId} IS NOT NULL`),
    index('campaign_messages_business_clicked_idx')
      .on(t.businessId, t.clickedAt, t.contactId)
      .where(sql`${t.clickedAt} IS NOT NULL AND ${t.contactId} IS NOT NULL`),
    index('campaign_messages_business_replied_idx')
      .on(t.businessId, t.repliedAt, t.contactId)
      .where(sql`${t.repliedAt} IS NOT NULL AND ${t.contactId} IS NOT NULL`),
    // Delivery reports find their message by the gateway's id.
    index('campaign_messages_provider_id_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} IS NOT NULL`),
  ],
);
