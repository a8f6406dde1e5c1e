import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { MessagePricing } from './campaign-messages.js';
import { timestamptz } from './columns.js';

/**
 * Delivery reports whose message id is not (yet) stored: the dispatcher writes outcomes in batches, so a
 * fast report can arrive first. Applied when the id appears (by the outcome write, else by the sweep) and
 * dropped after a while (RECEIPT_PENDING_TTL_MS) if it never does. At most PENDING_RECEIPTS_CAP rows are kept.
 */
export const pendingReceipts = pgTable(
  'pending_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerMessageId: text('provider_message_id').notNull(),
    /** The recipient the report named (digits only); null when it named none. */
    recipient: text('recipient'),
    /** sent | delivered | read | failed */
    event: text('event').notNull(),
    eventAt: timestamptz('event_at').notNull(),
    errorCode: text('error_code'),
    reason: text('reason'),
    /** The Cloud status's `biz_opaque_callback_data`: the id of the message its send carried. */
    reference: text('reference'),
    /** The Cloud status's `pricing`. */
    pricing: jsonb('pricing').$type<MessagePricing>(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('pending_receipts_provider_id_idx').on(t.providerMessageId),
    index('pending_receipts_received_idx').on(t.receivedAt),
  ],
);
