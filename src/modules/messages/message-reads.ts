import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import { type Db, queryRows } from '../../platform/db/client.js';
import { campaignMessages, contacts } from '../../platform/db/schema/index.js';
import { type PageQuery, pageOffset } from '../../platform/http/pagination.js';
import { registry } from '../../platform/metrics.js';

export type CampaignMessageRow = typeof campaignMessages.$inferSelect;
export const MESSAGE_STATUSES = ['held', 'queued', 'sending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

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
 * SQL conditions and counts over one campaign's messages, for statements of other modules that must decide
 * on them atomically (completion). `campaignId` is an SQL expression naming the campaign (e.g. `c.id`).
 */
export const campaignMessageSql = {
  /** True when none of the campaign's messages waits to be sent. */
  nonePending: (campaignId: ReturnType<typeof sql>) =>
    sql`NOT EXISTS (SELECT 1 FROM campaign_messages m
                    WHERE m.campaign_id = ${campaignId} AND m.status IN ('held', 'queued', 'sending'))`,
  sentCount: (campaignId: ReturnType<typeof sql>) =>
    sql`(SELECT count(*)::int FROM campaign_messages m WHERE m.campaign_id = ${campaignId} AND m.status = 'sent')`,
  failedCount: (campaignId: ReturnType<typeof sql>) =>
    sql`(SELECT count(*)::int FROM campaign_messages m WHERE m.campaign_id = ${campaignId} AND m.status = 'failed')`,
};

/** Sent-out campaigns not yet marked complete whose messages are all final (missed by the per-flush check). */
export async function campaignsReadyToComplete(db: Db, limit = 100): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
      SELECT c.id FROM campaigns c
      WHERE c.is_sent_out AND c.completed_at IS NULL AND ${campaignMessageSql.nonePending(sql`c.id`)}
      LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

export async function deliveryCounts(db: Db, campaignId: string): Promise<Record<MessageStatus, number>> {
  const rows = await queryRows<{ status: MessageStatus; n: number }>(
    db,
    sql`SELECT status, count(*)::int AS n FROM campaign_messages WHERE campaign_id = ${campaignId} GROUP BY status`,
  );
  const counts = { held: 0, queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

export async function listCampaignMessages(
  db: Db,
  campaignId: string,
  q: PageQuery & { status?: MessageStatus },
): Promise<{ rows: CampaignMessageRow[]; total: number }> {
  const where = and(
    eq(campaignMessages.campaignId, campaignId),
    q.status ? eq(campaignMessages.status, q.status) : undefined,
  );
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
    const rows = await queryRows<{ status: string; n: number }>(
      queueDb,
      sql`SELECT status, count(*)::int AS n FROM campaign_messages WHERE status IN ('held', 'queued', 'sending') GROUP BY status`,
    );
    for (const s of ['held', 'queued', 'sending'])
      this.set({ status: s }, rows.find((r) => r.status === s)?.n ?? 0);
  },
});

/** Lets the `campaign_queue_depth` gauge read the queue (once per process that serves metrics). */
export function watchQueue(db: Db): void {
  queueDb = db;
}
