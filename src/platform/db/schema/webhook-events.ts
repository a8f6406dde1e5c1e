import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns.js';
import { webhookStatusEnum } from './enums.js';

/**
 * The webhook inbox: every accepted event is stored under a unique (provider, key) before it is processed,
 * so a replayed event finds its row and does nothing.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: webhookStatusEnum('status').notNull().default('received'),
    error: text('error'),
    /** How many times handling was tried; the retry sweeps stop after a bounded number of failures. */
    attempts: integer('attempts').notNull().default(0),
    /** When the event arrived; never moved, so retries keep the order in which events happened. */
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    /** When a retry sweep last took the event (null until then): the next try waits a whole interval. */
    lastAttemptAt: timestamptz('last_attempt_at'),
    processedAt: timestamptz('processed_at'),
  },
  (t) => [
    uniqueIndex('webhook_events_provider_key').on(t.provider, t.eventKey),
    index('webhook_events_status_idx').on(t.status, t.receivedAt),
  ],
);
