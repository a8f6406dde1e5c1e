import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { DEFER_MS, type FailureOutcome } from '../../providers/messaging/cloud-errors.js';
import { OPTED_OUT_REASON } from './message-queue.js';
import { messageStatusWebhooks } from './message-webhooks.js';

/**
 * What happens to messages after they failed, besides the send itself (message-queue.ts): what a failure
 * reported later calls for, pausing and resuming a campaign's unsent messages, refunds and retries. Like
 * message-queue.ts, only this module's files write `campaign_messages`.
 */

/** A failure a provider reported after accepting the message, with what it calls for. */
export interface ReportedFailure {
  providerMessageId: string;
  campaignId: string;
  businessId: string;
  phoneNumber: string;
  outcome: FailureOutcome;
  reason: string;
}

/**
 * Failed delivery reports (already applied) get the outcome their code or cause calls for. A deferral (131049) puts the
 * message back in the queue once, at least 24 hours later; a second one is final. Returns each message's
 * outcome for the caller's follow-up (stop the campaign, opt the person out).
 *
 * The `message.failed` outgoing webhook of a reported failure is written here, in this statement, and not by
 * the receipts' write (which knows the code but not yet the outcome): each report's failure is sorted once,
 * so its event is written once, with its outcome (a deferral's says `defer`: the message will be sent
 * again). A message the dispatcher failed because its recipient opted out already had its event and has no
 * outcome on purpose (nothing to refund): a late report does not sort it.
 */
export async function applyReportedFailures(
  db: Db,
  reports: { providerMessageId: string; outcome: FailureOutcome }[],
): Promise<ReportedFailure[]> {
  if (!reports.length) return [];
  const rows = reports.map((r) => ({ pid: r.providerMessageId, fo: r.outcome }));
  const out = await queryRows<{
    provider_message_id: string;
    campaign_id: string;
    business_id: string;
    phone_number: string;
    outcome: FailureOutcome;
    error: string | null;
  }>(
    db,
    sql`
      WITH r AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(pid text, fo text)),
      moved AS (
      UPDATE campaign_messages m
      SET failure_outcome = CASE WHEN r.fo = 'defer' AND m.failure_outcome = 'defer' THEN 'retry' ELSE r.fo END,
          status = CASE WHEN r.fo = 'defer' AND m.failure_outcome IS DISTINCT FROM 'defer'
                        THEN 'queued'::message_status ELSE m.status END,
          next_attempt_at = CASE WHEN r.fo = 'defer' AND m.failure_outcome IS DISTINCT FROM 'defer'
                                 THEN now() + ${DEFER_MS} * interval '1 millisecond' ELSE m.next_attempt_at END,
          failed_at = CASE WHEN r.fo = 'defer' AND m.failure_outcome IS DISTINCT FROM 'defer'
                           THEN NULL ELSE m.failed_at END,
          updated_at = now()
      -- o is the row as it was: a deferral's event keeps the time it failed.
      FROM r, campaign_messages o
      WHERE m.provider_message_id = r.pid AND m.status = 'failed' AND m.refunded_at IS NULL
        AND (m.failure_outcome IS NULL OR m.failure_outcome = 'defer')
        AND m.error IS DISTINCT FROM ${OPTED_OUT_REASON} AND o.id = m.id
      RETURNING m.id, m.provider_message_id, m.campaign_id, m.business_id, m.phone_number, r.fo AS outcome,
                m.error, m.error_code, m.failure_outcome, 'failed'::text AS status, o.failed_at,
                m.sent_at, m.delivered_at, m.read_at
      ),
      hooks AS (${messageStatusWebhooks(sql`moved`)})
      SELECT provider_message_id, campaign_id, business_id, phone_number, outcome, error FROM moved`,
  );
  return out.map((r) => ({
    providerMessageId: r.provider_message_id,
    campaignId: r.campaign_id,
    businessId: r.business_id,
    phoneNumber: r.phone_number,
    outcome: r.outcome,
    reason: r.error ?? 'Reported failed',
  }));
}

/** A paused campaign: its queued messages are held (a message being sent finishes its send). Returns how many. */
export async function holdQueuedMessages(db: Db, businessId: string, campaignId: string): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE campaign_messages SET status = 'held', updated_at = now()
        WHERE business_id = ${businessId} AND campaign_id = ${campaignId} AND status = 'queued'
        RETURNING id`,
  );
  return rows.length;
}

/** A resumed campaign (already sent out): its held messages go back to the queue. Returns how many. */
export async function requeueHeldMessages(db: Db, businessId: string, campaignId: string): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE campaign_messages SET status = 'queued', next_attempt_at = GREATEST(next_attempt_at, now()),
               updated_at = now()
        WHERE business_id = ${businessId} AND campaign_id = ${campaignId} AND status = 'held'
        RETURNING id`,
  );
  return rows.length;
}

/**
 * Messages that went back to the queue after their campaign was paused (a retry written by a send that was
 * in flight at the pause) are held again. Run by the dispatcher's maintenance.
 */
export async function holdMessagesOfPausedCampaigns(db: Db): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE campaign_messages SET status = 'held', updated_at = now()
        WHERE status = 'queued'
          AND campaign_id IN (SELECT id FROM campaigns WHERE paused_at IS NOT NULL AND is_sent_out)
        RETURNING id`,
  );
  return rows.length;
}

/** Campaigns with final failures not yet refunded, oldest first. */
export async function campaignsWithRefundDue(db: Db, limit = 50): Promise<string[]> {
  const rows = await queryRows<{ campaign_id: string }>(
    db,
    sql`SELECT DISTINCT campaign_id FROM campaign_messages
        WHERE status = 'failed' AND failure_outcome IS NOT NULL AND refunded_at IS NULL
        LIMIT ${limit}`,
  );
  return rows.map((r) => r.campaign_id);
}

/**
 * The campaign's final failures not yet refunded (and whether a retry charged each again), locked until the
 * caller's transaction ends: the caller posts one refund for them and marks them with `markRefunded` in the
 * same transaction. SKIP LOCKED: rows another refund holds are its own.
 */
export async function lockRefundDue(db: Db, businessId: string, campaignId: string): Promise<DueMessage[]> {
  return queryRows<DueMessage>(
    db,
    sql`SELECT id, retries > 0 AS retried, country_code AS country, settle_id IS NOT NULL AS settled
        FROM campaign_messages
        WHERE business_id = ${businessId} AND campaign_id = ${campaignId}
          AND status = 'failed' AND failure_outcome IS NOT NULL AND refunded_at IS NULL
        ORDER BY id FOR UPDATE SKIP LOCKED`,
  );
}

/** A message whose charge is due back: `country` (its recipient's at publish) says what it was charged. */
export interface DueMessage {
  id: string;
  retried: boolean;
  country: string | null;
  /** Charged on delivery and settled (spent): giving it back is a refund, not a release of its hold. */
  settled: boolean;
}

/** Campaigns with messages the Cloud API did not bill whose charge was not given back yet. */
export async function campaignsWithUnbilledDue(db: Db, limit = 50): Promise<string[]> {
  const rows = await queryRows<{ campaign_id: string }>(
    db,
    sql`SELECT DISTINCT campaign_id FROM campaign_messages
        WHERE (pricing->>'billable') = 'false' AND refunded_at IS NULL
        LIMIT ${limit}`,
  );
  return rows.map((r) => r.campaign_id);
}

/**
 * The campaign's messages the Cloud API did not bill (`pricing.billable: false`) whose charge was not given
 * back yet (nor as a failure's), locked like `lockRefundDue`: the caller refunds and marks them in the same
 * transaction, so each is given back once whatever the statuses repeating it.
 */
export async function lockUnbilledDue(db: Db, businessId: string, campaignId: string): Promise<DueMessage[]> {
  return queryRows<DueMessage>(
    db,
    sql`SELECT id, retries > 0 AS retried, country_code AS country, settle_id IS NOT NULL AS settled
        FROM campaign_messages
        WHERE business_id = ${businessId} AND campaign_id = ${campaignId}
          AND (pricing->>'billable') = 'false' AND refunded_at IS NULL
        ORDER BY id FOR UPDATE SKIP LOCKED`,
  );
}

/**
 * What the Cloud API said a campaign's messages cost: how many it billed and how many it did not, from
 * their statuses' `pricing` (messages without one are in neither). One campaign's messages, by its index.
 */
export async function campaignPricingCounts(
  db: Db,
  campaignId: string,
): Promise<{ billed: number; free: number }> {
  const [row] = await queryRows<{ billed: number; free: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE (pricing->>'billable') = 'true')::int AS billed,
               count(*) FILTER (WHERE (pricing->>'billable') = 'false')::int AS free
        FROM campaign_messages WHERE campaign_id = ${campaignId} AND pricing IS NOT NULL`,
  );
  return { billed: Number(row?.billed ?? 0), free: Number(row?.free ?? 0) };
}

export async function markRefunded(db: Db, ids: string[], refundId: string): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    UPDATE campaign_messages SET refunded_at = now(), refund_id = ${refundId}, updated_at = now()
    WHERE id = ANY(${sql.param(ids)}::uuid[]) AND refunded_at IS NULL`);
}

/**
 * A given-up message whose recipient has opted out since: a retry leaves it failed (and refunded). A contact
 * deleted after publish does not stop its message (docs/decisions/campaigns.md), so only an opt-out counts.
 */
const recipientOptedOut = sql`EXISTS (SELECT 1 FROM contacts c
  WHERE c.business_id = campaign_messages.business_id AND c.phone_number = campaign_messages.phone_number
    AND NOT c.opt_in)`;

/**
 * A retry: the campaign's messages whose failure was temporary or deferred and which were given up (and
 * refunded) go back to the queue, as new, unless their recipient opted out since. Returns how many.
 */
export async function requeueGivenUp(
  db: Db,
  businessId: string,
  campaignId: string,
): Promise<{ country: string | null; messages: number }[]> {
  return queryRows<{ country: string | null; messages: number }>(
    db,
    sql`WITH requeued AS (UPDATE campaign_messages
        SET status = 'queued', error = NULL, error_code = NULL, failed_at = NULL, failure_outcome = NULL,
            refunded_at = NULL, refund_id = NULL, attempts = 0, next_attempt_at = now(),
            retries = retries + 1, updated_at = now()
        WHERE business_id = ${businessId} AND campaign_id = ${campaignId} AND status = 'failed'
          AND failure_outcome IN ('retry', 'defer') AND refunded_at IS NOT NULL AND NOT ${recipientOptedOut}
        RETURNING country_code)
        -- By country: a retry by credits is charged by the rate card.
        SELECT country_code AS country, count(*)::int AS messages FROM requeued
        GROUP BY country_code ORDER BY country_code`,
  );
}

/**
 * How many of the campaign's messages a retry would send again (given up, recipient still not opted out), by
 * their recipients' country, as a retry charges them.
 */
export async function countGivenUp(
  db: Db,
  businessId: string,
  campaignId: string,
): Promise<{ country: string | null; messages: number }[]> {
  return queryRows<{ country: string | null; messages: number }>(
    db,
    sql`SELECT country_code AS country, count(*)::int AS messages FROM campaign_messages
        WHERE business_id = ${businessId} AND campaign_id = ${campaignId} AND status = 'failed'
          AND failure_outcome IN ('retry', 'defer') AND NOT ${recipientOptedOut}
        GROUP BY country_code ORDER BY country_code`,
  );
}

/** The campaign's failed messages grouped by outcome and reason, for the report. */
export async function failureGroupsOf(
  db: Db,
  campaignId: string,
): Promise<{ outcome: FailureOutcome | null; reason: string; count: number; refunded: number }[]> {
  const rows = await queryRows<{
    outcome: FailureOutcome | null;
    reason: string;
    n: number;
    refunded: number;
  }>(
    db,
    sql`SELECT failure_outcome AS outcome, COALESCE(error, 'Failed') AS reason, count(*)::int AS n,
               count(refunded_at)::int AS refunded
        FROM campaign_messages WHERE campaign_id = ${campaignId} AND status = 'failed'
        GROUP BY 1, 2 ORDER BY 3 DESC, 2`,
  );
  return rows.map((r) => ({ outcome: r.outcome, reason: r.reason, count: r.n, refunded: r.refunded }));
}

/** A failure reported by the provider that no handler gave an outcome yet. */
export interface UnsortedFailure {
  id: string;
  providerMessageId: string;
  errorCode: string | null;
  error: string | null;
}

/**
 * Failures reported at least `settleMs` ago (the webhook's own handler goes first) and within the last hour
 * (older ones predate outcomes) that have no outcome: a report that arrived before its message was stored is
 * applied by the receipt sweep, which does not sort it. Up to `limit`, oldest first.
 */
export async function unsortedFailures(db: Db, settleMs: number, limit = 500): Promise<UnsortedFailure[]> {
  const rows = await queryRows<{
    id: string;
    provider_message_id: string;
    error_code: string | null;
    error: string | null;
  }>(
    db,
    sql`SELECT id, provider_message_id, error_code, error FROM campaign_messages
        WHERE status = 'failed' AND failure_outcome IS NULL AND provider_message_id IS NOT NULL
          AND updated_at > now() - interval '1 hour'
          AND updated_at < now() - ${settleMs} * interval '1 millisecond'
        ORDER BY updated_at LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    providerMessageId: r.provider_message_id,
    errorCode: r.error_code,
    error: r.error,
  }));
}
