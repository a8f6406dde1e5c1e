import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { classifyGatewayFailure, type FailureOutcome } from '../../providers/messaging/cloud-errors.js';
import { receiptRankSql, stateOfReceiptRankSql } from '../../vocabulary/message-states.js';
import type { Receipt } from '../messages/index.js';
import type { MessageRecord } from './conversation.dto.js';
import { MESSAGE_COLUMNS } from './conversations.repository.js';
import { replyStatusWebhooks } from './reply-webhooks.js';

/**
 * The replies' send queue: `conversation_messages` rows of direction `out`. This file is every change to a
 * reply's state (the dispatcher claims through `claimReplies` and writes back through `recordReplyOutcome`):
 *
 *   queued ──(claimed under a lease)──> sending ──> sent | failed | queued (retry)
 *   sent ──(receipts)──> delivered ──> read, and sent ──> failed ──> delivered ──> read
 */

export interface NewReply {
  conversationId: string;
  businessId: string;
  type: 'text' | 'image' | 'video' | 'audio' | 'document' | 'template' | 'interactive';
  text: string | null;
  mediaKey: string | null;
  mediaType: string | null;
  templateId: string | null;
  templateParameters: unknown;
  transactionId: string | null;
  /** The line the conversation list shows. */
  preview: string;
  /** Reply buttons or a list, in the Cloud API's format. */
  interactive?: Record<string, unknown> | null;
  /** Set for an automated reply (a member's pauses automation in the conversation). */
  automation?: { ruleId: string; ruleName: string } | null;
}

/**
 * Queues a reply in the caller's transaction (the one that bills it); the conversation counts as read. One
 * statement: the row inserted, the conversation moved, and the reply read back as the thread shows it.
 */
export async function enqueueReply(tx: Db, reply: NewReply): Promise<MessageRecord> {
  const [row] = await queryRows<MessageRecord>(
    tx,
    sql`WITH m AS (
          INSERT INTO conversation_messages
            (conversation_id, business_id, direction, type, text, media_key, media_type, template_id,
             template_parameters, transaction_id, status, next_attempt_at, interactive, automation_rule_id,
             automation_rule_name)
          VALUES (${reply.conversationId}, ${reply.businessId}, 'out', ${reply.type}, ${reply.text},
                  ${reply.mediaKey}, ${reply.mediaType}, ${reply.templateId},
                  ${reply.templateParameters === null ? null : JSON.stringify(reply.templateParameters)}::jsonb,
                  ${reply.transactionId}, 'queued', now(),
                  ${reply.interactive ? JSON.stringify(reply.interactive) : null}::jsonb,
                  ${reply.automation?.ruleId ?? null}, ${reply.automation?.ruleName ?? null})
          RETURNING *
        ), moved AS (
          UPDATE conversations SET last_message_at = GREATEST(last_message_at, now()),
                 last_message_text = ${reply.preview}, unread_count = 0, updated_at = now(),
                 -- A member answered: automation stops here until the contact writes after a close.
                 automation_paused = automation_paused OR ${!reply.automation}
          WHERE id = ${reply.conversationId} AND business_id = ${reply.businessId}
        )
        SELECT ${MESSAGE_COLUMNS} FROM m`,
  );
  return row!;
}

/** A reply a dispatcher holds under its lease, with what sending it needs. */
export interface ClaimedReply {
  id: string;
  businessId: string;
  conversationId: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  type: NewReply['type'];
  text: string | null;
  mediaKey: string | null;
  mediaType: string | null;
  templateId: string | null;
  templateParameters: unknown;
  interactive: Record<string, unknown> | null;
  /** An automated reply's rule: re-read when it is sent, a rule switched off stops it. */
  automationRuleId: string | null;
  attempts: number;
  /** The contact's last message: whether the customer-service window is open when it is sent. */
  lastInboundAt: string | Date | null;
}

/** Takes up to `limit` due replies (any business) under a lease; SKIP LOCKED lets dispatchers share them. */
export async function claimReplies(
  db: Db,
  args: { limit: number; workerId: string; leaseMs: number },
): Promise<ClaimedReply[]> {
  const rows = await queryRows<ClaimedReply & { templateParameters: unknown }>(
    db,
    sql`
      WITH claimed AS (
        UPDATE conversation_messages m
        SET status = 'sending', attempts = m.attempts + 1, locked_by = ${args.workerId},
            lease_expires_at = now() + ${args.leaseMs} * interval '1 millisecond', updated_at = now()
        WHERE m.id = ANY(ARRAY(
          SELECT id FROM conversation_messages
          WHERE status = 'queued' AND next_attempt_at <= now()
          ORDER BY next_attempt_at LIMIT ${args.limit}
          FOR UPDATE SKIP LOCKED))
        RETURNING m.*
      )
      SELECT m.id, m.business_id AS "businessId", m.conversation_id AS "conversationId",
             v.phone_number AS "phoneNumber", COALESCE(c.first_name, '') AS "firstName",
             COALESCE(c.last_name, '') AS "lastName", m.type, m.text, m.media_key AS "mediaKey",
             m.media_type AS "mediaType", m.template_id AS "templateId",
             m.template_parameters AS "templateParameters", m.attempts, v.last_inbound_at AS "lastInboundAt",
             m.interactive, m.automation_rule_id AS "automationRuleId"
      FROM claimed m
      JOIN conversations v ON v.id = m.conversation_id
      LEFT JOIN contacts c ON c.id = v.contact_id AND c.business_id = v.business_id
      ORDER BY m.next_attempt_at`,
  );
  return rows.map((r) => ({
    ...r,
    attempts: Number(r.attempts),
    templateParameters:
      typeof r.templateParameters === 'string' ? JSON.parse(r.templateParameters) : r.templateParameters,
    interactive: typeof r.interactive === 'string' ? JSON.parse(r.interactive) : (r.interactive ?? null),
  }));
}

export type ReplyOutcome =
  | { kind: 'sent'; providerMessageId: string }
  /** `code` and `outcome`: the provider's error code and what the failure table says of it, when known. */
  | { kind: 'failed'; error: string; code?: string; outcome?: FailureOutcome }
  /** `refund`: the attempt is given back (a throttle, as for campaign messages: "slower", not "broken"). */
  | { kind: 'retry'; error: string; delayMs: number; refund?: boolean }
  /** Not sent (the business's rate limit, shutdown): back to the queue, the attempt not counted. */
  | { kind: 'release'; delayMs: number };

/** Writes what one send came to, fenced by the lease owner; false when this worker no longer holds it. */
export async function recordReplyOutcome(
  db: Db,
  workerId: string,
  id: string,
  outcome: ReplyOutcome,
): Promise<boolean> {
  const status = outcome.kind === 'sent' ? 'sent' : outcome.kind === 'failed' ? 'failed' : 'queued';
  const rows = await queryRows<{ id: string }>(
    db,
    sql`WITH moved AS (
        UPDATE conversation_messages SET
          status = ${status},
          provider_message_id = ${outcome.kind === 'sent' ? outcome.providerMessageId : null},
          error = ${outcome.kind === 'failed' || outcome.kind === 'retry' ? outcome.error.slice(0, 1000) : null},
          sent_at = CASE WHEN ${status} = 'sent' THEN now() END,
          failed_at = CASE WHEN ${status} = 'failed' THEN now() END,
          attempts = attempts - ${outcome.kind === 'release' || (outcome.kind === 'retry' && outcome.refund) ? 1 : 0},
          next_attempt_at = now() + ${'delayMs' in outcome ? outcome.delayMs : 0} * interval '1 millisecond',
          lease_expires_at = NULL, locked_by = NULL, updated_at = now()
        WHERE id = ${id} AND status = 'sending' AND locked_by = ${workerId}
        RETURNING *, ${outcome.kind === 'failed' ? (outcome.code ?? null) : null}::text AS error_code,
                  ${outcome.kind === 'failed' ? (outcome.outcome ?? 'fail') : null}::text AS failure_outcome
      ), hooks AS (${replyStatusWebhooks(sql`moved`)})
      SELECT id FROM moved`,
  );
  return rows.length > 0;
}

export const REPLY_LEASE_LOST =
  'Delivery not confirmed: the worker sending it stopped, and the attempt limit was reached';

/** Replies whose dispatcher died go back to the queue, or fail once out of attempts. */
export async function reclaimExpiredReplies(db: Db, maxAttempts: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`WITH moved AS (
        UPDATE conversation_messages SET
          status = CASE WHEN attempts >= ${maxAttempts} THEN 'failed' ELSE 'queued' END,
          error = CASE WHEN attempts >= ${maxAttempts} THEN ${REPLY_LEASE_LOST} ELSE error END,
          failed_at = CASE WHEN attempts >= ${maxAttempts} THEN now() END,
          next_attempt_at = now(), lease_expires_at = NULL, locked_by = NULL, updated_at = now()
        WHERE id = ANY(ARRAY(
          SELECT id FROM conversation_messages WHERE status = 'sending' AND lease_expires_at < now()
          FOR UPDATE SKIP LOCKED))
        RETURNING *, NULL::text AS error_code, NULL::text AS failure_outcome
      ), hooks AS (${replyStatusWebhooks(sql`moved`)})
      SELECT id FROM moved`,
  );
  return rows.length;
}

/** A state's rank: a reply only moves up, in the order campaign messages do (`receiptRankSql`). */
const rank = (expr: string) => sql.raw(receiptRankSql(expr, '0'));
const STATE_OF = sql.raw(stateOfReceiptRankSql(`GREATEST(${receiptRankSql('m.status', '0')}, a.rank)`));

/** A reply a receipt moved; `recharge`: it left `failed` after its charge was refunded (charge it again). */
export interface MovedReply {
  id: string;
  businessId: string;
  conversationId: string;
  recharge: boolean;
}

/**
 * Applies delivery reports to the replies they name: by the provider's id and the recipient's digits (a
 * report without a recipient: by the id alone, only when it names this one message, as campaign receipts). Returns which of `receipts` named a reply (by index) and the
 * replies that moved. A reply keeps the first Cloud `pricing` its statuses give. A reply only moves forward; a report naming a reply still being sent is not matched
 * (its id is not stored yet) and is kept with the campaign reports' pending ones, which the outcome write
 * takes back.
 */
export async function applyReplyReceipts(
  db: Db,
  receipts: Receipt[],
): Promise<{ matched: number[]; moved: MovedReply[] }> {
  if (!receipts.length) return { matched: [], moved: [] };
  const events = receipts.map((r, i) => ({
    i,
    pid: r.providerMessageId,
    recipient: r.recipient?.replace(/\D/g, '') || null,
    event: r.event,
    at: r.at.toISOString(),
    reason: r.reason ?? null,
    code: r.errorCode ?? null,
    // A failure's outcome by the failure table (the code, else the cause's words), for its webhook event.
    fo: r.event === 'failed' ? classifyGatewayFailure(r.reason, r.errorCode).outcome : null,
    // Left out rather than null: a JSON null would be stored as the jsonb value null.
    ...(r.pricing ? { pricing: r.pricing } : {}),
  }));
  const [row] = await queryRows<{
    matched: number[] | string | null;
    moved: MovedReply[] | string | null;
  }>(
    db,
    sql`
      WITH e AS MATERIALIZED (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
          AS r(i int, pid text, recipient text, event text, at timestamptz, reason text, code text, fo text,
               pricing jsonb)
      ),
      matched AS MATERIALIZED (
        SELECT e.*, m.id AS mid FROM e
        JOIN conversation_messages m ON m.provider_message_id = e.pid AND m.direction = 'out'
        JOIN conversations v ON v.id = m.conversation_id
        WHERE CASE WHEN e.recipient IS NOT NULL
                   THEN regexp_replace(v.phone_number, '[^0-9]', '', 'g') = e.recipient
                   -- Without a recipient the id must name this reply alone: ids are per provider account, so
                   -- another business's reply (or a campaign message) may carry the same one.
                   ELSE NOT EXISTS (SELECT 1 FROM conversation_messages o
                                    WHERE o.provider_message_id = e.pid AND o.direction = 'out' AND o.id <> m.id)
                        AND NOT EXISTS (SELECT 1 FROM campaign_messages c WHERE c.provider_message_id = e.pid)
              END
      ),
      -- Locked in id order (concurrent batches queue instead of deadlocking); read after the lock, so a
      -- reply a concurrent batch just moved out of failed is seen as it now is, and charged again only once.
      target AS MATERIALIZED (
        SELECT id, status AS was, refund_id FROM conversation_messages WHERE id IN (SELECT mid FROM matched)
        ORDER BY id FOR UPDATE
      ),
      a AS (
        SELECT mid, max(${rank('event')}) AS rank,
               min(at) FILTER (WHERE event IN ('delivered', 'read')) AS delivered_at,
               min(at) FILTER (WHERE event = 'read') AS read_at,
               min(at) FILTER (WHERE event = 'failed') AS failed_at,
               (array_agg(reason ORDER BY at) FILTER (WHERE event = 'failed'))[1] AS reason,
               (array_agg(code ORDER BY at) FILTER (WHERE event = 'failed'))[1] AS code,
               (array_agg(fo ORDER BY at) FILTER (WHERE event = 'failed'))[1] AS fo,
               (array_agg(pricing ORDER BY at) FILTER (WHERE pricing IS NOT NULL))[1] AS pricing
        FROM matched GROUP BY mid
      ),
      moved AS (
        UPDATE conversation_messages m SET
          status = ${STATE_OF},
          delivered_at = LEAST(m.delivered_at, a.delivered_at),
          read_at = LEAST(m.read_at, a.read_at),
          failed_at = CASE WHEN ${STATE_OF} = 'failed' THEN LEAST(m.failed_at, a.failed_at) END,
          error = CASE WHEN ${STATE_OF} = 'failed'
                       THEN COALESCE(m.error, a.reason, 'Reported failed by the provider') END,
          pricing = COALESCE(m.pricing, a.pricing),
          updated_at = now()
        FROM a JOIN target t ON t.id = a.mid
        WHERE m.id = a.mid AND ${rank('m.status')} >= 1
          AND (m.status, m.delivered_at, m.read_at, m.pricing) IS DISTINCT FROM
              (${STATE_OF}, LEAST(m.delivered_at, a.delivered_at), LEAST(m.read_at, a.read_at),
               COALESCE(m.pricing, a.pricing))
        RETURNING m.id, m.business_id, m.conversation_id, m.status, m.provider_message_id, m.error,
                  m.sent_at, m.delivered_at, m.read_at, m.failed_at, t.was, a.code AS error_code,
                  a.fo AS failure_outcome,
                  t.was = 'failed' AND m.status <> 'failed' AND t.refund_id IS NOT NULL
                    AND m.recharge_id IS NULL AS recharge
      ),
      hooks AS (${replyStatusWebhooks(sql`moved`, sql`r.status::text <> r.was::text`)})
      SELECT (SELECT json_agg(DISTINCT i) FROM matched) AS matched,
             (SELECT json_agg(json_build_object('id', id, 'businessId', business_id,
                                                'conversationId', conversation_id, 'recharge', recharge))
              FROM moved) AS moved`,
  );
  const parse = <T>(v: T | string | null): T | null => (typeof v === 'string' ? JSON.parse(v) : v);
  return { matched: parse(row?.matched ?? null) ?? [], moved: parse(row?.moved ?? null) ?? [] };
}
