import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, queryRowsPrepared } from '../../platform/db/client.js';
import { contacts, type MessagePricing } from '../../platform/db/schema/index.js';
import {
  FAILED_STATE,
  MESSAGE_STATE_MODEL,
  type ReceiptState,
  receiptRankSql,
  stateOfReceiptRankSql,
} from '../../vocabulary/message-states.js';

export type { MessagePricing };

import type { FailureOutcome } from '../../providers/messaging/cloud-errors.js';
import { outcomeTest, retargetTagTest } from './message-outcomes.js';
import { messageStatusWebhooks } from './message-webhooks.js';

/**
 * Every change to a campaign message's state, in one place: this file is the only code that writes
 * `campaign_messages` (the module's other files read it). The life of a message:
 *
 *   held ──(campaign falls due)──> queued ──(claimed under a lease)──> sending ──> sent | failed | queued
 *   sent ──(delivery reports)──> delivered ──> read, and sent ──> failed ──> delivered ──> read
 *
 * held:      waiting for its scheduled campaign (`queueRecipients`, `restoreHeldMessages`);
 * queued:    ready, or waiting for a retry (`releaseHeldMessages`, `recordOutcomes`, `reclaimExpiredLeases`);
 * sending:   claimed by a dispatcher under a lease (`claimMessages`, kept alive by `extendLeases`);
 * sent:      accepted by the gateway, which answered its id (`recordOutcomes`);
 * delivered, read: what the gateway's delivery reports say (`applyReceipts`);
 * failed:    refused, out of attempts, cancelled by an opt-out (`cancelForOptOut`), or reported failed.
 *
 * `failed_at` and `error_code` describe a failure and are set only while the message is failed (`error`
 * also keeps the last retry's reason while a message waits to be sent again).
 * The counters (campaign_counters, campaign_failure_reasons, message_activity) follow every change here
 * through the table's triggers, in the same transaction.
 */

/** The failure reason of a message cancelled because its recipient opted out before it went. */
export const OPTED_OUT_REASON = 'Recipient opted out before the message was sent';

/** `businesses.provider` of a business connected through the WhatsApp Cloud API. */
const CLOUD_PROVIDER_NAME = 'whatsapp-cloud';

export const LEASE_LOST_REASON =
  'Delivery not confirmed: the worker sending it stopped, and the attempt limit was reached';

/** A message a dispatcher holds under its lease. */
export interface ClaimedMessage {
  id: string;
  campaignId: string;
  businessId: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  attempts: number;
  /** The A/B variant it carries (null outside a test). */
  variant: number | null;
  /** Its last failure was deferred (131049) once already: a second one is final. */
  deferred: boolean;
  /** Its contact (null once the contact was deleted). */
  contactId: string | null;
  /**
   * The contact's own field values as they are at send time: null as claimed, read by the dispatcher in one
   * statement per claimed batch, only when the message's text or template uses a field.
   */
  fields: Record<string, unknown> | null;
}

/** What one send came to; written back in batches. `batchId` (the claim it came in) is for the logs. */
export type Outcome = (
  | { id: string; kind: 'sent'; providerMessageId: string; at: Date }
  | { id: string; kind: 'failed'; error: string; outcome?: FailureOutcome }
  | { id: string; kind: 'retry'; error: string; delayMs: number; refund?: boolean; outcome?: FailureOutcome }
  /** Claimed but never sent (shutdown, paused business): back to the queue, the attempt not counted. */
  | { id: string; kind: 'release' }
) & { batchId?: string };

/** One outcome as written: its message's campaign and what became of the message. */
export interface RecordedOutcome {
  campaignId: string;
  businessId: string;
  kind: Outcome['kind'];
}

/** The contact a message is addressed to, as the consent rules hand it over. */
export interface Recipient {
  id: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  /** ISO 3166 alpha-2 of the phone, which prices the message; null when unknown. */
  countryCode?: string | null;
}

/**
 * Publish: queues one message per recipient, snapshotting phone and names, in a single INSERT ... SELECT:
 * the opted-in contacts of this business, all of them or those among `selected_contact_id` or carrying
 * the campaign's tags (any of them, or all of them); with a retarget audience, those that had its outcome in
 * the other campaign (narrowed by the tags when it has any). Returns how many were queued, which is what the
 * publish bills.
 */
export async function queueRecipients(
  db: Db,
  campaign: { id: string; businessId: string },
  status: 'held' | 'queued',
  /** A segment audience's condition on `contacts` (it replaces the campaign's other ways of choosing). */
  segment?: SQL,
): Promise<number> {
  const chosen = segment
    ? sql`c.id IN (SELECT ${contacts.id} FROM ${contacts} WHERE ${segment})`
    : sql`(k.audience_from_campaign IS NULL
               AND (k.send_to_all_contact OR c.id = ANY(k.selected_contact_id)
                    OR (k.tag_match = 'any' AND c.tags && k.tags)
                    OR (k.tag_match = 'all' AND cardinality(k.tags) > 0 AND c.tags @> k.tags))
            OR k.audience_from_campaign IS NOT NULL
               AND ${retargetTagTest(sql`k.tags`, sql`k.tag_match::text`)}
               AND EXISTS (SELECT 1 FROM campaign_messages m
                           WHERE m.campaign_id = k.audience_from_campaign AND m.business_id = k.business_id
                             AND m.phone_number = c.phone_number AND ${outcomeTest(sql`k.audience_outcome`)}))`;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
      WITH inserted AS (
        INSERT INTO campaign_messages
          (campaign_id, business_id, contact_id, phone_number, first_name, last_name, country_code, status,
           next_attempt_at)
        SELECT k.id, k.business_id, c.id, c.phone_number, c.first_name, c.last_name, c.country_code,
               ${status}::message_status, now()
        FROM campaigns k
        JOIN contacts c ON c.business_id = k.business_id
        WHERE k.id = ${campaign.id} AND k.business_id = ${campaign.businessId} AND c.opt_in
          AND ${chosen}
        ON CONFLICT (campaign_id, phone_number) DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM inserted`,
  );
  return Number(row?.n ?? 0);
}

/**
 * How many of the campaign's messages go to each country (null: unknown), as queued: what a publish
 * charges by. One campaign's rows, by its index.
 */
export async function countMessagesByCountry(
  db: Db,
  campaignId: string,
): Promise<{ country: string | null; messages: number }[]> {
  return queryRows<{ country: string | null; messages: number }>(
    db,
    sql`SELECT country_code AS country, count(*)::int AS messages FROM campaign_messages
        WHERE campaign_id = ${campaignId} GROUP BY country_code ORDER BY country_code`,
  );
}

/**
 * An opt-in's delivery of a campaign already sent out: queues the contact's message, or re-queues the one
 * an earlier opt-out cancelled. The unique (campaign, phone) key decides. Returns null when the contact
 * already has the message (nothing changes), else whether a new row was inserted (a new one is billed; a
 * re-queued one was paid for at publish).
 */
export async function queueOptInMessage(
  db: Db,
  campaignId: string,
  businessId: string,
  contact: Recipient,
): Promise<{ inserted: boolean } | null> {
  const [row] = await queryRows<{ inserted: boolean }>(
    db,
    sql`
      INSERT INTO campaign_messages
        (campaign_id, business_id, contact_id, phone_number, first_name, last_name, country_code, status,
         next_attempt_at)
      VALUES (${campaignId}, ${businessId}, ${contact.id}, ${contact.phoneNumber}, ${contact.firstName},
              ${contact.lastName}, ${contact.countryCode ?? null}, 'queued', now())
      ON CONFLICT (campaign_id, phone_number) DO UPDATE
        SET status = 'queued', error = NULL, error_code = NULL, failed_at = NULL, attempts = 0,
            next_attempt_at = now(), updated_at = now()
        WHERE campaign_messages.status = 'failed' AND campaign_messages.error = ${OPTED_OUT_REASON}
      RETURNING (xmax = 0) AS inserted`,
  );
  return row ?? null;
}

/** The scheduler: moves the held messages of campaigns that just fell due to the send queue. */
export async function releaseHeldMessages(db: Db, campaignIds: string[]): Promise<void> {
  if (!campaignIds.length) return;
  await db.execute(sql`
    UPDATE campaign_messages SET status = 'queued', next_attempt_at = now(), updated_at = now()
    WHERE status = 'held' AND campaign_id IN (${sql.join(
      campaignIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      -- An A/B test's rest waits for its winner (releaseRestWithWinner).
      AND (variant IS NOT NULL
           OR campaign_id NOT IN (SELECT id FROM campaigns WHERE ab_test IS NOT NULL AND ab_winner IS NULL))`);
}

/**
 * A cancelled campaign still waiting for its time: its messages (held, or failed by an opt-out) are removed,
 * none having been handed to the provider. The caller holds the campaign's row lock, which the scheduler's
 * release also takes. Returns how many were removed.
 */
export async function removeUnsentMessages(db: Db, businessId: string, campaignId: string): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM campaign_messages
        WHERE business_id = ${businessId} AND campaign_id = ${campaignId} AND status IN ('held', 'failed')
        RETURNING id`,
  );
  return rows.length;
}

/** An opt-out: messages not yet handed to the provider are not sent to someone who just said stop. */
export async function cancelForOptOut(db: Db, businessId: string, phone: string): Promise<void> {
  await db.execute(sql`
    WITH moved AS (
      UPDATE campaign_messages SET status = 'failed', error = ${OPTED_OUT_REASON}, failed_at = now(), updated_at = now()
      WHERE business_id = ${businessId} AND phone_number = ${phone} AND status IN ('held', 'queued')
      RETURNING *
    ), hooks AS (${messageStatusWebhooks(sql`moved`)})
    SELECT 1`);
}

/**
 * Puts back the messages an earlier opt-out cancelled in campaigns still waiting for their time: they were
 * paid for at publish and the opt-out refunded nothing, so they are held again without a charge and go out
 * with the campaign. FOR SHARE on the campaigns orders this against the scheduler, which marks a campaign
 * sent out and releases its held messages in one transaction: a message is never held in a campaign that
 * has already been released (it would wait forever). Returns how many were put back.
 */
export async function restoreHeldMessages(db: Db, businessId: string, phone: string): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
      UPDATE campaign_messages
      SET status = 'held', error = NULL, error_code = NULL, failed_at = NULL, attempts = 0,
          next_attempt_at = now(), updated_at = now()
      WHERE business_id = ${businessId} AND phone_number = ${phone}
        AND status = 'failed' AND error = ${OPTED_OUT_REASON}
        AND campaign_id IN (SELECT id FROM campaigns
                            WHERE business_id = ${businessId} AND is_published AND NOT is_sent_out
                            FOR SHARE)
      RETURNING id`,
  );
  return rows.length;
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
    variant: number | null;
    deferred: boolean | null;
    contact_id: string | null;
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
      RETURNING m.id, m.campaign_id, m.business_id, m.phone_number, m.first_name, m.last_name, m.attempts,
                m.contact_id, m.variant, m.failure_outcome = 'defer' AS deferred`,
  );
  return rows.map((r) => ({
    id: r.id,
    campaignId: r.campaign_id,
    businessId: r.business_id,
    phoneNumber: r.phone_number,
    firstName: r.first_name,
    lastName: r.last_name,
    attempts: Number(r.attempts),
    variant: r.variant === null ? null : Number(r.variant),
    deferred: r.deferred === true,
    contactId: r.contact_id,
    fields: null,
  }));
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
 * The ids among `candidates` whose campaign is paused: going back to the queue, they are held instead. FOR
 * SHARE waits for a pause in progress (it holds the campaign's row lock while it holds the queued messages).
 */
function pausedCampaignOf(candidates: ReturnType<typeof sql>) {
  return sql`
    SELECT m.id FROM campaign_messages m JOIN campaigns k ON k.id = m.campaign_id
    WHERE m.id = ANY(ARRAY(${candidates})) AND k.paused_at IS NOT NULL
    FOR SHARE OF k`;
}

/**
 * Writes a batch of outcomes in one statement (and applies the delivery reports already waiting for the
 * gateway ids it stores). Fenced by `locked_by`: a row whose lease this worker lost
 * (another dispatcher reclaimed it) is left to its new owner. A retry or release of a message whose
 * recipient opted out meanwhile fails it instead (`OPTED_OUT_REASON`, recorded as `failed`); like the
 * opt-out itself, that refunds nothing. Returns the outcomes actually written.
 */
export async function recordOutcomes(
  db: Db,
  workerId: string,
  outcomes: Outcome[],
  /** Posts what the waiting reports settled (charge on delivery), in the same transaction. */
  settle?: SettleDelivered,
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
    fo: o.kind === 'failed' ? (o.outcome ?? 'fail') : o.kind === 'retry' ? (o.outcome ?? 'retry') : null,
  }));
  const sentIds = outcomes.flatMap((o) => (o.kind === 'sent' ? [o.providerMessageId] : []));
  // Reports that arrived before these ids were stored are applied with them, in the same transaction.
  return db.transaction(async (tx) => {
    const written = await writeOutcomes(tx, workerId, values);
    if (sentIds.length) {
      const applied = await applyPendingReceiptsOf(tx, sentIds);
      if (applied.settled.length) {
        if (!settle) throw new Error('recordOutcomes: reports settled held prices, and no settle was given');
        await settle(tx, applied.settled);
      }
    }
    return written;
  });
}

async function writeOutcomes(
  db: Db,
  workerId: string,
  values: Record<string, unknown>[],
): Promise<RecordedOutcome[]> {
  const rows = await queryRowsPrepared<{ campaign_id: string; business_id: string; kind: Outcome['kind'] }>(
    db,
    'dispatch_record_outcomes',
    sql`
      WITH v AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          AS v(id uuid, kind text, status text, pid text, err text, at timestamptz, delay_ms float8, refund int,
                fo text)
      ), recipients AS MATERIALIZED (
        ${optedOut(sql`SELECT id FROM v WHERE status = 'queued'`)}
      ), stopped AS (
        SELECT id FROM recipients WHERE NOT opt_in
      ), paused AS MATERIALIZED (
        ${pausedCampaignOf(sql`SELECT id FROM v WHERE status = 'queued'`)}
      ), done AS (
        UPDATE campaign_messages m
        SET status = CASE WHEN m.id IN (SELECT id FROM stopped) THEN 'failed'
                          WHEN m.id IN (SELECT id FROM paused) THEN 'held'
                          ELSE v.status END::message_status,
            provider_message_id = COALESCE(v.pid, m.provider_message_id),
            error = CASE WHEN v.status = 'sent' THEN NULL
                         WHEN m.id IN (SELECT id FROM stopped) THEN ${OPTED_OUT_REASON}
                         ELSE COALESCE(v.err, m.error) END,
            sent_at = COALESCE(v.at, m.sent_at),
            failed_at = CASE WHEN v.status = 'failed' OR m.id IN (SELECT id FROM stopped) THEN now() END,
            -- A sent message keeps only the mark of a deferral: a second one is final.
            failure_outcome = CASE WHEN m.id IN (SELECT id FROM stopped) THEN NULL
                                   WHEN v.status = 'sent' THEN NULLIF(NULLIF(m.failure_outcome, 'retry'), 'fail')
                                   ELSE COALESCE(v.fo, m.failure_outcome) END,
            next_attempt_at = now() + v.delay_ms * interval '1 millisecond',
            attempts = GREATEST(0, m.attempts - v.refund),
            lease_expires_at = NULL, locked_by = NULL, updated_at = now()
        FROM v
        -- By primary key (see claimMessages), fenced by the lease owner.
        WHERE m.id = v.id AND m.id = ANY(ARRAY(SELECT id FROM v))
          AND m.status = 'sending' AND m.locked_by = ${workerId}
        RETURNING m.id, m.campaign_id, m.business_id,
                  CASE WHEN m.id IN (SELECT id FROM stopped) THEN 'failed' ELSE v.kind END AS kind,
                  m.status, m.phone_number, m.provider_message_id, m.error, m.error_code, m.failure_outcome,
                  m.sent_at, m.delivered_at, m.read_at, m.failed_at
      ),
      -- Outgoing webhooks of the messages sent or failed (a retry or a release is no event).
      hooks AS (${messageStatusWebhooks(sql`done`)})
      SELECT campaign_id, business_id, kind FROM done`,
  );
  return rows.map((r) => ({ campaignId: r.campaign_id, businessId: r.business_id, kind: r.kind }));
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

/**
 * Messages whose dispatcher died (its lease ran out) go back to the queue, or fail once they have used
 * every attempt or their recipient has opted out meanwhile. Their last send may or may not have reached
 * the provider: the gateway's are due at once (the at-least-once side), a Cloud business's after
 * `cloudGraceMs`, in which the status Meta posts for a send it accepted settles the message instead
 * (`settleByCallback`). A row locked at that moment is skipped: its owner is still alive
 * and writing its outcome (the same deadlock as the heartbeat's, see `extendLeases`); if that write fails,
 * a later round reclaims it. Returns the campaigns touched.
 */
export async function reclaimExpiredLeases(db: Db, maxAttempts: number, cloudGraceMs = 0): Promise<string[]> {
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
      ), cloud AS (
        SELECT b.id FROM businesses b
        WHERE b.provider = ${CLOUD_PROVIDER_NAME}
          AND b.id IN (SELECT business_id FROM campaign_messages WHERE id IN (SELECT id FROM expired))
      ), reclaimed AS (
        UPDATE campaign_messages
        SET status = CASE WHEN attempts >= ${maxAttempts} OR id IN (SELECT id FROM stopped)
                          THEN 'failed'::message_status ELSE 'queued'::message_status END,
            error = CASE WHEN attempts >= ${maxAttempts} THEN ${LEASE_LOST_REASON}
                         WHEN id IN (SELECT id FROM stopped) THEN ${OPTED_OUT_REASON}
                         ELSE error END,
            failed_at = CASE WHEN attempts >= ${maxAttempts} OR id IN (SELECT id FROM stopped) THEN now() END,
            failure_outcome = CASE WHEN id IN (SELECT id FROM stopped) THEN NULL
                                   WHEN attempts >= ${maxAttempts} THEN 'retry' ELSE failure_outcome END,
            -- A Cloud send may have reached Meta, which then posts its "sent" status naming the message
            -- (settleByCallback): it waits that long before it is sent again. The gateway's is sent at once.
            next_attempt_at = now() + CASE WHEN business_id IN (SELECT id FROM cloud) THEN ${cloudGraceMs} ELSE 0 END
                                      * interval '1 millisecond',
            lease_expires_at = NULL, locked_by = NULL, updated_at = now()
        WHERE id = ANY(ARRAY(SELECT id FROM expired)) AND status = 'sending' AND lease_expires_at < now()
        RETURNING *
      ), hooks AS (${messageStatusWebhooks(sql`reclaimed`)})
      SELECT DISTINCT campaign_id FROM reclaimed`,
  );
  return rows.map((r) => r.campaign_id);
}

/** A delivery report, as the gateway's callback gives it (see `receipts.ts` for the wire formats). */
export interface Receipt {
  providerMessageId: string;
  /**
   * The recipient's number as the report gives it (only its digits are compared); null when the report
   * names none, and then the id alone must name a single message.
   */
  recipient?: string | null;
  /** The state it reports (one of the states with a `receiptRank`). */
  event: ReceiptState;
  at: Date;
  errorCode?: string | null;
  reason?: string | null;
  /** A Cloud status's `biz_opaque_callback_data`: the id of the message its send carried. */
  reference?: string | null;
  /** A Cloud status's `pricing`: kept on the message (its first known one stays). */
  pricing?: MessagePricing | null;
}

/** What became of a batch of receipts, per receipt. */
export interface ReceiptsApplied {
  /** Receipts that moved their message (state or a timestamp). */
  applied: number;
  /** Receipts whose message already said as much (duplicates, or an older state arriving late). */
  unchanged: number;
  /**
   * Receipts whose message id is not stored (yet): kept in `pending_receipts` (up to its cap). Receipts that
   * name a stored id with another recipient, or an id several messages share without a recipient, and those
   * beyond the cap are in none of the counts.
   */
  pending: number;
  /** The campaigns whose messages moved, with their business. */
  campaigns: { campaignId: string; businessId: string }[];
  /**
   * Messages these reports moved out of `failed` after their charge was refunded: the caller charges them
   * again in the same transaction (`RechargeRefunded`), and the message's lock makes that once.
   */
  recharged: RefundedDelivery[];
  /**
   * Messages of campaigns charged on delivery these reports moved to delivered (or read) while their price was
   * held, one settlement per campaign, each message already marked with its `settleId`: the caller posts that
   * settlement in the same transaction (`SettleDelivered`), and the message's lock makes that once.
   */
  settled: Settlement[];
}

/** The messages of one campaign a batch of reports settled, by recipient country (which prices them). */
export interface Settlement {
  settleId: string;
  campaignId: string;
  businessId: string;
  byCountry: { country: string | null; messages: number }[];
}

/**
 * Posts, inside the receipts' transaction, the settlements a batch marked (the campaigns module's
 * `settleDeliveredMessages`, handed in as `RechargeRefunded` is): each moves the messages' prices from held
 * to spent, one ledger entry per settlement, with the id the messages were marked with.
 */
export type SettleDelivered = (tx: Db, settlements: Settlement[]) => Promise<void>;

/** A message reported delivered (or read) after the `campaign_refund` `refundId` gave its charge back. */
export interface RefundedDelivery {
  id: string;
  campaignId: string;
  businessId: string;
  refundId: string;
  /** Its recipient's country at publish (what a release by the card gave back for it). */
  country?: string | null;
}

/**
 * Charges again, inside the receipts' transaction, the messages a batch moved out of `failed` after their
 * refund (the campaigns module's `rechargeDeliveredMessages`, handed in by whoever writes receipts: this
 * module does not price messages). Returns how many messages could not be charged (funds short).
 */
export type RechargeRefunded = (tx: Db, messages: RefundedDelivery[]) => Promise<{ unpaid: number }>;

/** Records the `campaign_recharge` entry that charged these messages again. */
export async function markRecharged(db: Db, ids: string[], rechargeId: string): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    UPDATE campaign_messages SET recharge_id = ${rechargeId}, updated_at = now()
    WHERE id = ANY(${sql.param(ids)}::uuid[]) AND recharge_id IS NULL`);
}

export const REPORTED_FAILED_REASON = 'Reported failed by the gateway';

/** A state's place in the order receipts move it (`receiptRank`): a message only ever moves to a higher rank. */
const rankOf = (expr: string) => sql.raw(receiptRankSql(expr));
const RANK_TEXT = receiptRankSql('m.status', '0');
const NEW_RANK_TEXT = `GREATEST(${RANK_TEXT}, a.rank)`;
const RANK = sql.raw(RANK_TEXT);
const NEW_RANK = sql.raw(NEW_RANK_TEXT);
/** The state the message moves to. */
const NEW_STATE = sql.raw(stateOfReceiptRankSql(NEW_RANK_TEXT));
const FAILED_RANK = sql.raw(String(MESSAGE_STATE_MODEL[FAILED_STATE].receiptRank));
/** Delivered, or further (read counts as delivered): what settles a price held until delivery. */
const DELIVERED_RANK = sql.raw(String(MESSAGE_STATE_MODEL.delivered.receiptRank));

/**
 * At most this many reports for unknown ids are kept in `pending_receipts` (all businesses together: an
 * unknown id names no business); reports beyond it are refused (counted as neither applied nor pending) until
 * the sweep applies or expires some. See docs/decisions/receipts.md.
 */
export const PENDING_RECEIPTS_CAP = 100_000;

/**
 * Applies delivery reports to the messages they name: by the provider's id AND the recipient's number
 * (digits only) when the report gives one; a report without a recipient applies only when its id names a
 * single stored message (campaign message or reply). Ids are not unique across businesses (each has its own gateway account), so a
 * report naming another business's id with another recipient changes nothing. `events` is an SQL source of
 * rows (pid, recipient, event, at, code, reason). Order-independent and idempotent: a message ends in the
 * highest state any of its reports gave (sent < failed < delivered < read; a `delivered` after a `failed`
 * wins, since the handset got it, and takes the failure back), each timestamp is the earliest reported (a
 * read also dates the delivery), and a report that changes nothing writes nothing. Messages are locked in id
 * order, so concurrent batches naming the same messages queue instead of deadlocking. Reports whose id names
 * no stored message are kept as pending when `pendingCap` is set (an incoming callback), up to that many
 * rows in all, and dropped otherwise; reports whose id is stored but whose recipient differs are dropped.
 */
function applyReceiptsSql(events: ReturnType<typeof sql>, pendingCap: number | null) {
  return sql`
    WITH e AS MATERIALIZED (${events}),
    matched AS MATERIALIZED (
      SELECT e.*, m.id AS mid FROM e
      JOIN campaign_messages m ON m.provider_message_id = e.pid
      WHERE CASE WHEN e.recipient IS NOT NULL
                 THEN regexp_replace(m.phone_number, '[^0-9]', '', 'g') = e.recipient
                 ELSE NOT EXISTS (SELECT 1 FROM campaign_messages o WHERE o.provider_message_id = e.pid AND o.id <> m.id)
                      -- nor a conversation's reply (sent through another account of the provider)
                      AND NOT EXISTS (SELECT 1 FROM conversation_messages r
                                      WHERE r.provider_message_id = e.pid AND r.direction = 'out')
            END
    ),
    target AS MATERIALIZED (
      -- Read after the lock: a message a concurrent batch just moved out of failed is seen as it now is.
      SELECT id, status AS was, refund_id, refunded_at, settle_id, campaign_id
      FROM campaign_messages WHERE id IN (SELECT mid FROM matched)
      ORDER BY id FOR UPDATE
    ),
    -- Campaigns charged on delivery among them, each with the id of the settlement this batch may post:
    -- a message reaching delivered (or read) whose price is still held is marked with it in the UPDATE below.
    on_delivery AS MATERIALIZED (
      SELECT id AS campaign_id, gen_random_uuid() AS sid FROM campaigns
      WHERE id IN (SELECT DISTINCT campaign_id FROM target) AND charge_on_delivery
    ),
    a AS (
      SELECT mid,
             max(${rankOf('event')}) AS rank,
             min(at) FILTER (WHERE event = 'sent') AS sent_at,
             min(at) FILTER (WHERE event IN ('delivered', 'read')) AS delivered_at,
             min(at) FILTER (WHERE event = 'read') AS read_at,
             min(at) FILTER (WHERE event = 'failed') AS failed_at,
             (array_agg(reason ORDER BY at, reason) FILTER (WHERE event = 'failed'))[1] AS reason,
             (array_agg(code ORDER BY at, reason) FILTER (WHERE event = 'failed'))[1] AS code,
             (array_agg(pricing ORDER BY at) FILTER (WHERE pricing IS NOT NULL))[1] AS pricing
      FROM matched GROUP BY mid
    ),
    moved AS (
      UPDATE campaign_messages m SET
        status = ${NEW_STATE}::message_status,
        sent_at = LEAST(m.sent_at, a.sent_at),
        delivered_at = LEAST(m.delivered_at, a.delivered_at),
        read_at = LEAST(m.read_at, a.read_at),
        failed_at = CASE WHEN ${NEW_RANK} = ${FAILED_RANK} THEN LEAST(m.failed_at, a.failed_at) END,
        error = CASE WHEN ${NEW_RANK} = ${FAILED_RANK}
                     THEN COALESCE(CASE WHEN ${RANK} = ${FAILED_RANK} THEN m.error END, a.reason, ${REPORTED_FAILED_REASON}) END,
        error_code = CASE WHEN ${NEW_RANK} = ${FAILED_RANK}
                          THEN COALESCE(CASE WHEN ${RANK} = ${FAILED_RANK} THEN m.error_code END, a.code) END,
        pricing = COALESCE(m.pricing, a.pricing),
        settle_id = CASE WHEN od.sid IS NOT NULL AND t.settle_id IS NULL AND t.refunded_at IS NULL
                              AND ${NEW_RANK} >= ${DELIVERED_RANK}
                         THEN od.sid ELSE t.settle_id END,
        updated_at = now()
      FROM a JOIN target t ON t.id = a.mid LEFT JOIN on_delivery od ON od.campaign_id = t.campaign_id
      WHERE m.id IN (SELECT id FROM target) AND m.id = a.mid AND ${RANK} >= 1
        AND (m.status::text, m.sent_at, m.delivered_at, m.read_at, m.failed_at, m.pricing) IS DISTINCT FROM
            (${NEW_STATE},
             LEAST(m.sent_at, a.sent_at), LEAST(m.delivered_at, a.delivered_at), LEAST(m.read_at, a.read_at),
             CASE WHEN ${NEW_RANK} = ${FAILED_RANK} THEN LEAST(m.failed_at, a.failed_at) END,
             COALESCE(m.pricing, a.pricing))
      RETURNING m.id, m.campaign_id, m.business_id,
                CASE WHEN t.was = 'failed' AND m.status <> 'failed' AND m.recharge_id IS NULL
                     THEN t.refund_id END AS recharge_of,
                m.status, t.was, m.phone_number, m.provider_message_id, m.error, m.error_code, m.failure_outcome,
                m.sent_at, m.delivered_at, m.read_at, m.failed_at, m.country_code,
                CASE WHEN t.settle_id IS NULL THEN m.settle_id END AS settled_by
    ),
    -- Outgoing webhooks of the messages whose state moved (not those a report only re-dated). A failure's
    -- is written once its outcome is known (applyReportedFailures), not here.
    hooks AS (${messageStatusWebhooks(sql`moved`, sql`status::text <> was::text AND status::text <> 'failed'`)}),
    kept AS (
      ${
        pendingCap !== null
          ? sql`INSERT INTO pending_receipts
                  (provider_message_id, recipient, event, event_at, error_code, reason, reference, pricing)
                SELECT pid, recipient, event, at, code, reason, ref, pricing FROM (
                  SELECT e.*, row_number() OVER () AS n FROM e
                  WHERE NOT EXISTS (SELECT 1 FROM campaign_messages m WHERE m.provider_message_id = e.pid)
                ) u
                WHERE u.n <= ${pendingCap} - (SELECT count(*) FROM pending_receipts)
                RETURNING 1`
          : sql`SELECT 1 WHERE false`
      }
    )
    SELECT
      (SELECT count(*)::int FROM matched WHERE mid IN (SELECT id FROM moved)) AS applied,
      (SELECT count(*)::int FROM matched WHERE mid NOT IN (SELECT id FROM moved)) AS unchanged,
      (SELECT count(*)::int FROM kept) AS pending,
      (SELECT COALESCE(json_agg(DISTINCT jsonb_build_object('campaignId', campaign_id, 'businessId', business_id)), '[]')
       FROM moved) AS campaigns,
      (SELECT COALESCE(json_agg(jsonb_build_object('id', id, 'campaignId', campaign_id, 'businessId', business_id,
                                                   'refundId', recharge_of, 'country', country_code)), '[]')
       FROM moved WHERE recharge_of IS NOT NULL) AS recharged,
      (SELECT COALESCE(json_agg(jsonb_build_object('settleId', settled_by, 'campaignId', campaign_id,
                                                   'businessId', business_id, 'byCountry', by_country)
                                ORDER BY business_id, campaign_id), '[]')
       FROM (SELECT settled_by, campaign_id, business_id,
                    json_agg(jsonb_build_object('country', country_code, 'messages', n)) AS by_country
             FROM (SELECT settled_by, campaign_id, business_id, country_code, count(*)::int AS n
                   FROM moved WHERE settled_by IS NOT NULL GROUP BY 1, 2, 3, 4) c
             GROUP BY 1, 2, 3) s) AS settled`;
}

async function runReceipts(db: Db, query: ReturnType<typeof sql>): Promise<ReceiptsApplied> {
  const [row] = await queryRows<{
    applied: number;
    unchanged: number;
    pending: number;
    campaigns: ReceiptsApplied['campaigns'] | string;
    recharged: RefundedDelivery[] | string;
    settled: Settlement[] | string;
  }>(db, query);
  const parse = <T>(v: T | string | undefined): T | [] => (typeof v === 'string' ? JSON.parse(v) : (v ?? []));
  return {
    applied: Number(row?.applied ?? 0),
    unchanged: Number(row?.unchanged ?? 0),
    pending: Number(row?.pending ?? 0),
    campaigns: parse(row?.campaigns),
    recharged: parse(row?.recharged),
    settled: parse(row?.settled),
  };
}

/** An incoming batch of delivery reports, in one statement; unknown ids are kept for later. */
export function applyReceipts(
  db: Db,
  receipts: Receipt[],
  opts: { pendingCap?: number } = {},
): Promise<ReceiptsApplied> {
  const rows = receipts.map((r) => ({
    pid: r.providerMessageId,
    recipient: r.recipient?.replace(/\D/g, '') || null,
    event: r.event,
    at: r.at.toISOString(),
    code: r.errorCode ?? null,
    reason: r.reason ?? null,
    ref: r.reference ?? null,
    // Left out rather than null: a JSON null would be stored as the jsonb value null.
    ...(r.pricing ? { pricing: r.pricing } : {}),
  }));
  return runReceipts(
    db,
    applyReceiptsSql(
      sql`SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS r(pid text, recipient text, event text, at timestamptz, code text, reason text, ref text,
                 pricing jsonb)`,
      opts.pendingCap ?? PENDING_RECEIPTS_CAP,
    ),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Settles messages in doubt by the Cloud statuses that name them: a status whose id no message is stored
 * under, but whose `biz_opaque_callback_data` names a message still queued or being sent, proves Meta
 * accepted that message's send (a dispatcher died before writing its outcome, or the outcome is not written
 * yet): the message is recorded sent under the status's id, as the outcome write would have, and is not sent
 * again. Only a message of the business whose Cloud number the status came to (the number is the first
 * part of the id), and only when the status's recipient is the message's; a message already sent, failed
 * or further keeps its state (states move forward only). Messages are locked in id order, like receipts.
 * `source` yields (pid, ref uuid, recipient, at). Returns the campaigns touched.
 */
function settleByCallbackSql(source: ReturnType<typeof sql>) {
  return sql`
    WITH r AS MATERIALIZED (${source}),
    cand AS MATERIALIZED (
      SELECT DISTINCT ON (m.id) m.id, r.pid, r.at FROM r
      JOIN campaign_messages m ON m.id = r.ref
      JOIN businesses b ON b.id = m.business_id AND b.provider = ${CLOUD_PROVIDER_NAME}
                       AND b.provider_hsm_id = split_part(r.pid, ':', 1)
      WHERE m.status IN ('queued', 'sending') AND r.recipient IS NOT NULL
        AND regexp_replace(m.phone_number, '[^0-9]', '', 'g') = r.recipient
        AND NOT EXISTS (SELECT 1 FROM campaign_messages o WHERE o.provider_message_id = r.pid)
      ORDER BY m.id, r.at
    ),
    target AS MATERIALIZED (
      SELECT id FROM campaign_messages WHERE id IN (SELECT id FROM cand) ORDER BY id FOR UPDATE
    ),
    settled AS (
      UPDATE campaign_messages m
      SET status = 'sent', provider_message_id = c.pid, sent_at = c.at, error = NULL, error_code = NULL,
          failed_at = NULL, failure_outcome = NULLIF(NULLIF(m.failure_outcome, 'retry'), 'fail'),
          lease_expires_at = NULL, locked_by = NULL, updated_at = now()
      FROM cand c
      WHERE m.id = c.id AND m.id IN (SELECT id FROM target) AND m.status IN ('queued', 'sending')
      RETURNING m.campaign_id, m.business_id
    )
    SELECT DISTINCT campaign_id AS "campaignId", business_id AS "businessId" FROM settled`;
}

/** Cloud statuses of a callback, before their receipts are applied: see `settleByCallbackSql`. */
export async function settleByCallback(
  db: Db,
  receipts: Receipt[],
): Promise<{ campaignId: string; businessId: string }[]> {
  const rows = receipts.flatMap((r) =>
    r.reference && UUID.test(r.reference) && r.recipient
      ? [
          {
            pid: r.providerMessageId,
            ref: r.reference,
            recipient: r.recipient.replace(/\D/g, ''),
            at: r.at.toISOString(),
          },
        ]
      : [],
  );
  if (!rows.length) return [];
  return queryRows(
    db,
    settleByCallbackSql(
      sql`SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS r(pid text, ref uuid, recipient text, at timestamptz)`,
    ),
  );
}

/**
 * The sweep's part: statuses kept as pending (they arrived before the outcome write that died with its
 * worker) settle their messages the same way; the sweep then applies them as their id is stored.
 */
export function settlePendingByCallback(
  db: Db,
  limit = 5000,
): Promise<{ campaignId: string; businessId: string }[]> {
  return queryRows(
    db,
    settleByCallbackSql(
      sql`SELECT provider_message_id AS pid, reference::uuid AS ref, recipient, event_at AS at
          FROM pending_receipts p
          WHERE reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            AND NOT EXISTS (SELECT 1 FROM campaign_messages m WHERE m.provider_message_id = p.provider_message_id)
          ORDER BY id LIMIT ${limit}`,
    ),
  );
}

/**
 * Applies the pending reports of the given gateway ids (just stored by an outcome write, in the same
 * transaction), taking them out of `pending_receipts`.
 */
export function applyPendingReceiptsOf(db: Db, providerMessageIds: string[]): Promise<ReceiptsApplied> {
  return runReceipts(
    db,
    applyReceiptsSql(
      sql`DELETE FROM pending_receipts WHERE provider_message_id = ANY(${sql.param(providerMessageIds)}::text[])
          RETURNING provider_message_id AS pid, recipient, event, event_at AS at, error_code AS code, reason,
                    reference AS ref, pricing`,
      null,
    ),
  );
}

/**
 * The sweep's half of pending reports: up to `limit` whose message id is stored by now (a report that
 * raced the outcome write that stored it) are applied and removed; SKIP LOCKED lets sweeps run side by side.
 */
export function applyMatchedPendingReceipts(db: Db, limit = 5000): Promise<ReceiptsApplied> {
  return runReceipts(
    db,
    applyReceiptsSql(
      sql`DELETE FROM pending_receipts WHERE id = ANY(ARRAY(
            SELECT p.id FROM pending_receipts p
            WHERE EXISTS (SELECT 1 FROM campaign_messages m WHERE m.provider_message_id = p.provider_message_id)
            ORDER BY p.id LIMIT ${limit} FOR UPDATE SKIP LOCKED))
          RETURNING provider_message_id AS pid, recipient, event, event_at AS at, error_code AS code, reason,
                    reference AS ref, pricing`,
      null,
    ),
  );
}

/** Pending reports whose message id never appeared within `ttlMs`: dropped. Returns how many. */
export async function dropExpiredPendingReceipts(db: Db, ttlMs: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`WITH gone AS (DELETE FROM pending_receipts
                      WHERE received_at < now() - ${ttlMs} * interval '1 millisecond' RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * A provider error that every remaining send of a campaign would meet (its template, the business's token or
 * permissions): the campaign's messages not yet handed to a dispatcher (held or queued) fail with `reason`.
 * Messages being sent are left to their dispatcher, which records them. Returns how many failed.
 */
export async function failUnsentMessagesOfCampaign(
  db: Db,
  businessId: string,
  campaignId: string,
  reason: string,
): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`WITH moved AS (
          UPDATE campaign_messages
          SET status = 'failed', error = ${reason}, failed_at = now(), failure_outcome = 'stop', updated_at = now()
          WHERE business_id = ${businessId} AND campaign_id = ${campaignId} AND status IN ('held', 'queued')
          RETURNING *
        ), hooks AS (${messageStatusWebhooks(sql`moved`)})
        SELECT id FROM moved`,
  );
  return rows.length;
}
