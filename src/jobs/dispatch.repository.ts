import { sql } from 'drizzle-orm';
import { OPTED_OUT_REASON } from '../modules/webhooks/opt-in-delivery.js';
import { type Db, queryRows, queryRowsPrepared } from '../platform/db/client.js';

/** A message a dispatcher holds under its lease. */
export interface ClaimedMessage {
  id: string;
  campaignId: string;
  businessId: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  attempts: number;
}

/** What one send came to; written back in batches. `batchId` (the claim it came in) is for the logs. */
export type Outcome = (
  | { id: string; kind: 'sent'; providerMessageId: string; at: Date }
  | { id: string; kind: 'failed'; error: string }
  | { id: string; kind: 'retry'; error: string; delayMs: number; refund?: boolean }
  /** Claimed but never sent (shutdown, paused business): back to the queue, the attempt not counted. */
  | { id: string; kind: 'release' }
) & { batchId?: string };

/** The businesses with queued messages: a skip scan of the ready index, one probe per business. */
export async function businessesWithQueuedMessages(db: Db, limit = 1000): Promise<string[]> {
  const rows = await queryRows<{ business_id: string }>(
    db,
    sql`
      WITH RECURSIVE b AS (
        (SELECT business_id FROM campaign_messages WHERE status = 'queued' ORDER BY business_id LIMIT 1)
        UNION ALL
        SELECT (SELECT m.business_id FROM campaign_messages m
                WHERE m.status = 'queued' AND m.business_id > b.business_id
                ORDER BY m.business_id LIMIT 1)
        FROM b WHERE b.business_id IS NOT NULL
      )
      SELECT business_id FROM b WHERE business_id IS NOT NULL LIMIT ${limit}`,
  );
  return rows.map((r) => r.business_id);
}

/**
 * Takes up to `limit` due messages of one business under a lease. SKIP LOCKED lets several dispatchers
 * claim side by side without waiting on each other or taking the same row.
 */
export async function claimMessages(
  db: Db,
  args: { businessId: string; limit: number; workerId: string; leaseMs: number },
): Promise<ClaimedMessage[]> {
  const rows = await queryRowsPrepared<{
    id: string;
    campaign_id: string;
    business_id: string;
    phone_number: string;
    first_name: string;
    last_name: string;
    attempts: number;
  }>(
    db,
    'dispatch_claim_messages',
    sql`
      UPDATE campaign_messages m
      SET status = 'sending', attempts = m.attempts + 1, locked_by = ${args.workerId},
          lease_expires_at = now() + ${args.leaseMs} * interval '1 millisecond', updated_at = now()
      -- = ANY(ARRAY(...)) makes the planner fetch the picked rows by primary key; a join against the
      -- subquery gets planned as a hash join over the whole table, which grows with the campaign.
      WHERE m.id = ANY(ARRAY(
        SELECT id FROM campaign_messages
        WHERE business_id = ${args.businessId} AND status = 'queued' AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT ${args.limit}
        FOR UPDATE SKIP LOCKED
      ))
      RETURNING m.id, m.campaign_id, m.business_id, m.phone_number, m.first_name, m.last_name, m.attempts`,
  );
  return rows.map((r) => ({
    id: r.id,
    campaignId: r.campaign_id,
    businessId: r.business_id,
    phoneNumber: r.phone_number,
    firstName: r.first_name,
    lastName: r.last_name,
    attempts: Number(r.attempts),
  }));
}

/** One outcome as written: its message's campaign and what became of the message. */
export interface RecordedOutcome {
  campaignId: string;
  kind: Outcome['kind'];
}

/**
 * The ids among `candidates` (a SELECT of message ids) whose recipient has opted out: such a message must
 * not go back to the queue. An opt-out cancels only held and queued messages, so one being sent at that
 * moment would otherwise be retried and delivered after the STOP. The contacts are read FOR SHARE: an
 * opt-out in progress (its contact row locked) is waited for and its result read, and one that starts
 * after waits for this statement, then finds the message queued and cancels it itself.
 */
function optedOut(candidates: ReturnType<typeof sql>) {
  return sql`
    SELECT m.id, c.opt_in FROM campaign_messages m
    JOIN contacts c ON c.business_id = m.business_id AND c.phone_number = m.phone_number
    WHERE m.id = ANY(ARRAY(${candidates}))
    FOR SHARE OF c`;
}

/**
 * Writes a batch of outcomes in one statement. Fenced by `locked_by`: a row whose lease this worker lost
 * (another dispatcher reclaimed it) is left to its new owner. A retry or release of a message whose
 * recipient opted out meanwhile fails it instead (`OPTED_OUT_REASON`, recorded as `failed`); like the
 * opt-out itself, that refunds nothing. Returns the outcomes actually written.
 */
export async function recordOutcomes(
  db: Db,
  workerId: string,
  outcomes: Outcome[],
): Promise<RecordedOutcome[]> {
  if (!outcomes.length) return [];
  const values = outcomes.map((o) => ({
    id: o.id,
    kind: o.kind,
    status: o.kind === 'sent' ? 'sent' : o.kind === 'failed' ? 'failed' : 'queued',
    pid: o.kind === 'sent' ? o.providerMessageId : null,
    err: o.kind === 'failed' || o.kind === 'retry' ? o.error.slice(0, 1000) : null,
    at: o.kind === 'sent' ? o.at.toISOString() : null,
    delay_ms: o.kind === 'retry' ? o.delayMs : 0,
    refund: o.kind === 'release' || (o.kind === 'retry' && o.refund) ? 1 : 0,
  }));
  const rows = await queryRowsPrepared<{ campaign_id: string; kind: Outcome['kind'] }>(
    db,
    'dispatch_record_outcomes',
    sql`
      WITH v AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          AS v(id uuid, kind text, status text, pid text, err text, at timestamptz, delay_ms float8, refund int)
      ), recipients AS MATERIALIZED (
        ${optedOut(sql`SELECT id FROM v WHERE status = 'queued'`)}
      ), stopped AS (
        SELECT id FROM recipients WHERE NOT opt_in
      ), done AS (
        UPDATE campaign_messages m
        SET status = CASE WHEN m.id IN (SELECT id FROM stopped) THEN 'failed'
                          ELSE v.status END::message_status,
            provider_message_id = COALESCE(v.pid, m.provider_message_id),
            error = CASE WHEN v.status = 'sent' THEN NULL
                         WHEN m.id IN (SELECT id FROM stopped) THEN ${OPTED_OUT_REASON}
                         ELSE COALESCE(v.err, m.error) END,
            sent_at = COALESCE(v.at, m.sent_at),
            next_attempt_at = now() + v.delay_ms * interval '1 millisecond',
            attempts = GREATEST(0, m.attempts - v.refund),
            lease_expires_at = NULL, locked_by = NULL, updated_at = now()
        FROM v
        -- By primary key (see claimMessages), fenced by the lease owner.
        WHERE m.id = v.id AND m.id = ANY(ARRAY(SELECT id FROM v))
          AND m.status = 'sending' AND m.locked_by = ${workerId}
        RETURNING m.campaign_id, CASE WHEN m.id IN (SELECT id FROM stopped) THEN 'failed' ELSE v.kind END AS kind
      )
      SELECT campaign_id, kind FROM done`,
  );
  return rows.map((r) => ({ campaignId: r.campaign_id, kind: r.kind }));
}

/**
 * Keeps this worker's leases alive while it still holds messages. Rows an outcome write of this worker
 * holds at that moment are skipped (they are leaving `sending`; if that write fails, the next beat extends
 * them): the heartbeat and an outcome write lock the same rows in different orders, and waiting here was a
 * deadlock (PostgreSQL aborted one of the two after a second; seen in the campaign benchmark).
 */
export async function extendLeases(db: Db, workerId: string, leaseMs: number): Promise<void> {
  await db.execute(sql`
    UPDATE campaign_messages SET lease_expires_at = now() + ${leaseMs} * interval '1 millisecond'
    WHERE id = ANY(ARRAY(
      SELECT id FROM campaign_messages WHERE status = 'sending' AND locked_by = ${workerId}
      FOR UPDATE SKIP LOCKED
    ))
      AND status = 'sending' AND locked_by = ${workerId}`);
}

export const LEASE_LOST_REASON =
  'Delivery not confirmed: the worker sending it stopped, and the attempt limit was reached';

/**
 * Messages whose dispatcher died (its lease ran out) go back to the queue, or fail once they have used
 * every attempt or their recipient has opted out meanwhile. Their last send may or may not have reached
 * the provider: the at-least-once side. A row locked at that moment is skipped: its owner is still alive
 * and writing its outcome (the same deadlock as the heartbeat's, see `extendLeases`); if that write fails,
 * a later round reclaims it.
 */
export async function reclaimExpiredLeases(db: Db, maxAttempts: number): Promise<string[]> {
  const rows = await queryRows<{ campaign_id: string }>(
    db,
    sql`
      WITH expired AS MATERIALIZED (
        SELECT id FROM campaign_messages WHERE status = 'sending' AND lease_expires_at < now()
        FOR UPDATE SKIP LOCKED
      ), recipients AS MATERIALIZED (
        ${optedOut(sql`SELECT id FROM expired`)}
      ), stopped AS (
        SELECT id FROM recipients WHERE NOT opt_in
      ), reclaimed AS (
        UPDATE campaign_messages
        SET status = CASE WHEN attempts >= ${maxAttempts} OR id IN (SELECT id FROM stopped)
                          THEN 'failed'::message_status ELSE 'queued'::message_status END,
            error = CASE WHEN attempts >= ${maxAttempts} THEN ${LEASE_LOST_REASON}
                         WHEN id IN (SELECT id FROM stopped) THEN ${OPTED_OUT_REASON}
                         ELSE error END,
            next_attempt_at = now(), lease_expires_at = NULL, locked_by = NULL, updated_at = now()
        WHERE id = ANY(ARRAY(SELECT id FROM expired)) AND status = 'sending' AND lease_expires_at < now()
        RETURNING campaign_id
      )
      SELECT DISTINCT campaign_id FROM reclaimed`,
  );
  return rows.map((r) => r.campaign_id);
}

export interface CampaignContent {
  id: string;
  businessId: string;
  messageType: 'marketing' | 'utility' | 'authentication';
  message: string;
  header: string | null;
  uploadFileUrl: string | null;
  actionButtonTitle: string | null;
  actionButtonUrl: string | null;
}

/** What every message of a campaign carries. Fixed once published (only drafts can be edited). */
export async function loadCampaignContent(db: Db, campaignId: string): Promise<CampaignContent | null> {
  const [row] = await queryRows<{
    id: string;
    business_id: string;
    message_type: CampaignContent['messageType'];
    message: string;
    header: string | null;
    upload_file_url: string | null;
    action_button_title: string | null;
    action_button_url: string | null;
  }>(
    db,
    sql`SELECT id, business_id, message_type, message, header, upload_file_url, action_button_title,
               action_button_url
        FROM campaigns WHERE id = ${campaignId}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    businessId: row.business_id,
    messageType: row.message_type,
    message: row.message,
    header: row.header,
    uploadFileUrl: row.upload_file_url,
    actionButtonTitle: row.action_button_title,
    actionButtonUrl: row.action_button_url,
  };
}

/** Sent-out campaigns not yet marked complete whose messages are all final (missed by the per-flush check). */
export async function campaignsReadyToComplete(db: Db, limit = 100): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
      SELECT c.id FROM campaigns c
      WHERE c.is_sent_out AND c.completed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM campaign_messages m
                        WHERE m.campaign_id = c.id AND m.status IN ('held', 'queued', 'sending'))
      LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}
