import { type SQL, sql } from 'drizzle-orm';
import { isoSql, webhookOutboxSql } from '../webhook-endpoints/index.js';

const STATE_TIME = sql`COALESCE(CASE r.status::text WHEN 'read' THEN r.read_at WHEN 'delivered' THEN r.delivered_at
                                                     WHEN 'failed' THEN r.failed_at ELSE r.sent_at END, now())`;

/**
 * The outbox write for replies that just changed state, as a data-modifying CTE body for the statement that
 * changed them (the send's outcome, the receipts, a lost lease): the same `message.<state>` events as
 * campaign messages, with `conversationId` where those have `campaignId`. `moved` names the changed rows
 * (columns of `conversation_messages`, plus `error_code` and `failure_outcome`: what the statement knows of
 * a failure, the provider's code and the failure table's outcome, which replies do not keep); `where`
 * narrows them (a receipt that only added pricing moved nothing a program needs to hear of).
 */
export function replyStatusWebhooks(moved: SQL, where: SQL = sql`true`): SQL {
  return webhookOutboxSql(sql`
    SELECT r.business_id, 'message.' || r.status::text, ${STATE_TIME},
           jsonb_build_object(
             'messageId', r.id, 'campaignId', NULL, 'conversationId', r.conversation_id,
             'phoneNumber', v.phone_number, 'providerMessageId', r.provider_message_id, 'status', r.status::text,
             'at', ${isoSql(STATE_TIME)},
             'error', CASE WHEN r.status::text = 'failed'
                           THEN jsonb_build_object('reason', r.error, 'code', r.error_code,
                                                   'outcome', r.failure_outcome) END)
    FROM ${moved} r JOIN conversations v ON v.id = r.conversation_id
    WHERE r.status::text IN ('sent', 'delivered', 'read', 'failed') AND ${where}`);
}
