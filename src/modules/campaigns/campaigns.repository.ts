import { and, desc, eq, getTableColumns, ilike, not, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { businesses, campaignMessages, campaigns, contacts } from '../../platform/db/schema/index.js';
import { likePattern, type PageQuery, pageOffset } from '../../platform/http/pagination.js';
import type { MESSAGE_STATUSES } from './campaigns.schemas.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
export type CampaignMessageRow = typeof campaignMessages.$inferSelect;
type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export async function insertCampaign(db: Db, values: NewCampaign): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row!;
}

export async function findCampaign(db: Db, businessId: string, id: string): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.businessId, businessId)));
  return row ?? null;
}

/** The campaign under a row lock, for the publish transaction. */
export async function lockCampaign(db: Db, businessId: string, id: string): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.businessId, businessId)))
    .for('update');
  return row ?? null;
}

/** Updates a draft; returns null when the campaign is not (or no longer) an unpublished draft. */
export async function updateDraft(
  db: Db,
  businessId: string,
  id: string,
  patch: Partial<NewCampaign>,
): Promise<CampaignRow | null> {
  const [row] = await db
    .update(campaigns)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      and(
        eq(campaigns.id, id),
        eq(campaigns.businessId, businessId),
        eq(campaigns.isPublished, false),
        eq(campaigns.isSentOut, false),
      ),
    )
    .returning();
  return row ?? null;
}

export async function markPublished(db: Db, id: string, values: Partial<NewCampaign>): Promise<CampaignRow> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, isPublished: true, updatedAt: new Date() })
    .where(eq(campaigns.id, id))
    .returning();
  return row!;
}

/**
 * Deletes a campaign unless it is published and waiting for its time (CONVENTIONS.md), deciding on the row
 * as it is when the delete runs: a publish holding the row lock is waited for and its outcome rechecked, so
 * a campaign billed a moment ago is never deleted by a request that read it as a draft. False when nothing
 * was deleted (missing, another business's, or published and not sent out).
 */
export async function deleteUnlessWaiting(db: Db, businessId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(campaigns)
    .where(
      and(
        eq(campaigns.id, id),
        eq(campaigns.businessId, businessId),
        not(and(eq(campaigns.isPublished, true), eq(campaigns.isSentOut, false))!),
      ),
    )
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

export async function listCampaigns(
  db: Db,
  businessId: string,
  q: PageQuery & { search?: string },
): Promise<{ rows: CampaignRow[]; total: number }> {
  const where = and(
    eq(campaigns.businessId, businessId),
    q.search
      ? or(ilike(campaigns.name, likePattern(q.search)), ilike(campaigns.description, likePattern(q.search)))
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(campaigns).where(where),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

export async function campaignStats(db: Db, businessId: string) {
  const [row] = await queryRows<{
    total: number;
    draft: number;
    scheduled: number;
    pending: number;
    sent: number;
  }>(
    db,
    sql`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE NOT is_published)::int AS draft,
             count(*) FILTER (WHERE is_published AND NOT is_sent_out)::int AS scheduled,
             count(*) FILTER (WHERE is_sent_out AND completed_at IS NULL)::int AS pending,
             count(*) FILTER (WHERE is_sent_out AND completed_at IS NOT NULL)::int AS sent
      FROM campaigns WHERE business_id = ${businessId}`,
  );
  return {
    total: Number(row?.total ?? 0),
    sent: Number(row?.sent ?? 0),
    pending: Number(row?.pending ?? 0),
    scheduled: Number(row?.scheduled ?? 0),
    draft: Number(row?.draft ?? 0),
  };
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

/**
 * Queues one message per recipient, snapshotting phone and names, in a single INSERT ... SELECT: the
 * opted-in contacts of this business, all of them or those among `selected_contact_id` or carrying the
 * campaign's tags (any of them, or all of them). Returns how many
 * were queued, which is what the publish bills.
 */
export async function insertRecipients(
  db: Db,
  campaign: Pick<CampaignRow, 'id' | 'businessId'>,
  status: 'held' | 'queued',
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
      WITH inserted AS (
        INSERT INTO campaign_messages
          (campaign_id, business_id, contact_id, phone_number, first_name, last_name, status, next_attempt_at)
        SELECT k.id, k.business_id, c.id, c.phone_number, c.first_name, c.last_name, ${status}::message_status, now()
        FROM campaigns k
        JOIN contacts c ON c.business_id = k.business_id
        WHERE k.id = ${campaign.id} AND k.business_id = ${campaign.businessId} AND c.opt_in
          AND (k.send_to_all_contact OR c.id = ANY(k.selected_contact_id)
               OR (k.tag_match = 'any' AND c.tags && k.tags)
               OR (k.tag_match = 'all' AND cardinality(k.tags) > 0 AND c.tags @> k.tags))
        ON CONFLICT (campaign_id, phone_number) DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM inserted`,
  );
  return Number(row?.n ?? 0);
}

export async function findBusinessForCampaigns(db: Db, businessId: string) {
  const [row] = await db
    .select({
      id: businesses.id,
      wabaNumber: businesses.wabaNumber,
      referredBy: businesses.referredBy,
      hasCredentials: sql<boolean>`(${businesses.providerHSMID} IS NOT NULL AND ${businesses.providerHSMPasswordEnc} IS NOT NULL)`,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row ?? null;
}
