import { type SQL, sql } from 'drizzle-orm';
import { isoSql, webhookOutboxSql } from '../webhook-endpoints/index.js';

/** The states whose arrival is an outgoing webhook event (`message.<state>`). */
const HOOKED_STATES = ['sent', 'delivered', 'read', 'failed'];

/**
 * The outbox write for messages that just changed state, as a data-modifying CTE body for the statement
 * that changed them (the receipts' write, the dispatcher's outcome write): set-based, no extra round trip,
 * and nothing written for a business without endpoints. `moved` names a relation of the changed rows with
 * the columns of `campaign_messages` used below (`id`, `campaign_id`, `business_id`, `status`,
 * `phone_number`, `provider_message_id`, `error`, `error_code`, `failure_outcome` and the state's time).
 * A message that skipped a state (a `read` with no `delivered` before it) gives only its new state's event.
 */
export function messageStatusWebhooks(moved: SQL, where: SQL = sql`true`): SQL {
  return webhookOutboxSql(sql`
    SELECT business_id, 'message.' || status::text,
           COALESCE(CASE status::text WHEN 'read' THEN read_at WHEN 'delivered' THEN delivered_at
                                      WHEN 'failed' THEN failed_at ELSE sent_at END, now()),
           jsonb_build_object(
             'messageId', id, 'campaignId', campaign_id, 'phoneNumber', phone_number,
             'providerMessageId', provider_message_id, 'status', status::text,
             'at', ${isoSql(sql`COALESCE(CASE status::text WHEN 'read' THEN read_at WHEN 'delivered' THEN delivered_at
                                                         WHEN 'failed' THEN failed_at ELSE sent_at END, now())`)},
             'error', CASE WHEN status::text = 'failed' THEN jsonb_build_object(
               'reason', error, 'code', error_code, 'outcome', failure_outcome) END)
    FROM ${moved} WHERE status::text IN (${sql.join(
      HOOKED_STATES.map((s) => sql`${s}`),
      sql`, `,
    )}) AND ${where}`);
}
