import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';

/**
 * A business's outgoing webhook endpoints (docs/api.md "Outgoing webhooks"). The signing secret is sealed
 * with the secret box, bound to the endpoint's id; a rotation keeps the one it replaced until
 * `previous_secret_expires_at`, and deliveries are signed with both meanwhile. Owned by webhook-endpoints.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamptz('previous_secret_expires_at'),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was switched off (by its owner, or after a day of failures); null while enabled. */
    disabledReason: text('disabled_reason'),
    /** The first automatic attempt that failed since the last one that succeeded. */
    failingSince: timestamptz('failing_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_business_idx').on(t.businessId, t.createdAt)],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * The outbox: one row per event and endpoint, written in the transaction that made the event. `id` is the
 * `webhook-id` (`msg_…`), the same on every attempt. `next_attempt_at` is also the claim's lease (as for
 * inbound media): a claimed row is due again only once its runner's lease is over.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The whole body, `{ type, timestamp, data }`. */
    payload: jsonb('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A replay or test event asked by a member: one attempt, which neither starts nor ends the endpoint's failing time. */
    manual: boolean('manual').notNull().default(false),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lockedBy: text('locked_by'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('webhook_deliveries_status', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt, t.id),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);
