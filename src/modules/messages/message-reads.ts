import { and, desc, eq, getTableColumns, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import { type Db, queryRows } from '../../platform/db/client.js';
import { inList } from '../../platform/db/schema/columns.js';
import { campaignMessages, contacts } from '../../platform/db/schema/index.js';
import { type PageQuery, pageOffset } from '../../platform/http/pagination.js';
import { registry } from '../../platform/metrics.js';
import { campaignStatesBefore } from '../../vocabulary/campaign-states.js';
import {
  FAILED_STATE,
  MESSAGE_STATE_MODEL,
  type MessageState,
  PENDING_STATES,
  statesReaching,
} from '../../vocabulary/message-states.js';
import { searchWords } from '../contacts/index.js';
import { campaignCounters } from './counters.js';

export type CampaignMessageRow = typeof campaignMessages.$inferSelect;

/** `k.held + k.queued`: the counters of the states that wait to be sent (their own counters only). */
const PENDING_COUNTERS = PENDING_STATES.filter((s) => MESSAGE_STATE_MODEL[s].counter === s)
  .map((s) => `k.${s}`)
  .join(' + ');
/** `k.sent + k.delivered + k.read`: accepted by the gateway and not reported failed since. */
const SENT_NOT_FAILED = statesReaching('sent')
  .map((s) => `k.${s}`)
  .join(' + ');

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
 * SQL conditions and counts over one campaign's messages (read from its counters), for statements of other
 * modules that must decide on them atomically (completion). `campaignId` is an SQL expression naming the
 * campaign (e.g. `c.id`).
 */
export const campaignMessageSql = {
  /** True when none of the campaign's messages waits to be sent. */
  nonePending: (campaignId: ReturnType<typeof sql>) =>
    sql`COALESCE((SELECT ${sql.raw(PENDING_COUNTERS)} FROM campaign_counters k
                  WHERE k.campaign_id = ${campaignId}), 0) = 0`,
  /** Accepted by the gateway and not reported failed since: sent, delivered or read. */
  sentCount: (campaignId: ReturnType<typeof sql>) =>
    sql`COALESCE((SELECT ${sql.raw(SENT_NOT_FAILED)} FROM campaign_counters k
                  WHERE k.campaign_id = ${campaignId}), 0)`,
  failedCount: (campaignId: ReturnType<typeof sql>) =>
    sql`COALESCE((SELECT ${sql.raw(`k.${FAILED_STATE}`)} FROM campaign_counters k WHERE k.campaign_id = ${campaignId}), 0)`,
};

/** Sent-out campaigns not yet complete (sending, paused, stopped: `campaigns_delivering_idx`) whose messages are all final (missed by the per-flush check). */
export async function campaignsReadyToComplete(db: Db, limit = 100): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
      SELECT c.id FROM campaigns c
      WHERE c.state IN (${inList(campaignStatesBefore('completed'))}) AND ${campaignMessageSql.nonePending(sql`c.id`)}
      LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

/**
 * A campaign's messages by stage, from its counters: `sent` is accepted by the gateway and not reported
 * failed since (sent, delivered or read), so the stages add up to `total`. The report has every state.
 */
export async function deliveryCounts(db: Db, campaignId: string) {
  const c = await campaignCounters(db, campaignId);
  return {
    total: c.recipients,
    held: c.held,
    queued: c.queued,
    sending: c.sending,
    sent: statesReaching('sent').reduce((sum, s) => sum + c[s], 0),
    failed: c.failed,
  };
}

export interface MessageFilters {
  status?: MessageState;
  /** Phone digits, or words of the recipient's name (see `messageSearch`). */
  search?: string;
  /** Only messages whose recipient clicked (true) or did not (false). */
  clicked?: boolean;
}

/**
 * A search over a campaign's recipients, as the snapshot stored on each message: a phone-like term is a run
 * of digits anywhere in the number, any other term is words that must each start a word of the name (the
 * same reading as the contact search). No index serves it: a trigram index on the queue would cost every
 * publish and every state change; the scan is bounded by the one campaign's messages.
 */
export function messageSearch(term: string): SQL | null {
  if (!term.trim()) return null;
  const words = searchWords(term);
  if (!words.length) return sql`false`;
  if (/^\d+$/.test(words[0]!) && words.length === 1 && /\d/.test(term)) {
    return sql`${campaignMessages.phoneNumber} LIKE ${`%${words[0]}%`}`;
  }
  const name = sql`(' ' || ${campaignMessages.firstName} || ' ' || ${campaignMessages.lastName})`;
  return and(...words.map((w) => sql`${name} ILIKE ${`% ${escapeLike(w)}%`}`))!;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function messageFilter(campaignId: string, f: MessageFilters): SQL {
  return and(
    eq(campaignMessages.campaignId, campaignId),
    f.status ? eq(campaignMessages.status, f.status) : undefined,
    f.search ? (messageSearch(f.search) ?? undefined) : undefined,
    f.clicked === undefined
      ? undefined
      : f.clicked
        ? isNotNull(campaignMessages.clickedAt)
        : isNull(campaignMessages.clickedAt),
  )!;
}

export async function listCampaignMessages(
  db: Db,
  campaignId: string,
  q: PageQuery & MessageFilters,
): Promise<{ rows: CampaignMessageRow[]; total: number }> {
  const where = messageFilter(campaignId, q);
  const [rows, [count]] = await Promise.all([
    db
      // contact_id has no foreign key (migration 0007): a contact deleted since is shown as null.
      .select({ ...getTableColumns(campaignMessages), contactId: contacts.id })
      .from(campaignMessages)
      .leftJoin(contacts, eq(contacts.id, campaignMessages.contactId))
      .where(where)
      .orderBy(desc(campaignMessages.createdAt), desc(campaignMessages.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(campaignMessages).where(where),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

let queueDb: Db | undefined;
/** Queue depth is read from the database at scrape time: it is shared by every process. */
new Gauge({
  name: 'campaign_queue_depth',
  help: 'Campaign messages waiting to be sent, by status',
  labelNames: ['status'] as const,
  registers: [registry],
  async collect() {
    if (!queueDb) return;
    this.reset();
    // From the campaigns' counters (one row per campaign instead of one per waiting message), whose `queued`
    // includes the messages being sent; those are few and counted by the lease index.
    const [row] = await queryRows<{ held: number; queued: number; sending: number }>(
      queueDb,
      sql`WITH k AS (SELECT COALESCE(sum(held), 0)::int AS held, COALESCE(sum(queued), 0)::int AS waiting
                     FROM campaign_counters WHERE held + queued > 0),
               f AS (SELECT count(*)::int AS sending FROM campaign_messages WHERE status = 'sending')
          SELECT k.held, k.waiting - f.sending AS queued, f.sending FROM k, f`,
    );
    for (const s of ['held', 'queued', 'sending'] as const) this.set({ status: s }, Number(row?.[s] ?? 0));
  },
});

/** Lets the `campaign_queue_depth` gauge read the queue (once per process that serves metrics). */
export function watchQueue(db: Db): void {
  queueDb = db;
}
