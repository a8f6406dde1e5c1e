import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { inList } from '../../platform/db/schema/columns.js';
import { businesses, campaigns } from '../../platform/db/schema/index.js';
import { likePattern, type PageQuery, pageOffset } from '../../platform/http/pagination.js';
import { campaignStatesOfStatus } from '../../vocabulary/campaign-states.js';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '../../vocabulary/campaign-statuses.js';
import { moveCampaign } from './campaign-state.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;

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

/** The business a campaign belongs to, for an administrator acting on it by id alone. */
export async function businessOfCampaign(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: campaigns.businessId })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row?.businessId ?? null;
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
    .where(and(eq(campaigns.id, id), eq(campaigns.businessId, businessId), eq(campaigns.state, 'draft')))
    .returning();
  return row ?? null;
}

/**
 * A draft published: waiting for its time (`scheduled`) or sent out at once (`sending`). Null when it is no
 * longer a draft.
 */
export async function markPublished(
  db: Db,
  id: string,
  to: 'scheduled' | 'sending',
  values: Partial<NewCampaign>,
): Promise<CampaignRow | null> {
  return moveCampaign(db, { id }, { from: ['draft'], to }, { ...values, isPublished: true });
}

/** What a campaign put back to draft loses: its payment method, bill and recipients. */
export const UNPUBLISHED = {
  isPublished: false,
  publishedAt: null,
  paymentMethod: null,
  recipientCount: 0,
  cost: null,
  rate: null,
  prices: null,
  chargeOnDelivery: false,
} satisfies Partial<NewCampaign>;

/** A cancelled campaign goes back to being a draft. Null when it was not waiting for its time. */
export async function markUnpublished(db: Db, id: string): Promise<CampaignRow | null> {
  return moveCampaign(db, { id }, { from: ['scheduled'], to: 'draft' }, UNPUBLISHED);
}

/**
 * Deletes a campaign unless it is published and waiting for its time (docs/api.md "Campaigns and messages"), deciding
 * on the row as it is when the delete runs: a publish holding the row lock is waited for and its outcome rechecked, so
 * a campaign billed a moment ago is never deleted by a request that read it as a draft. False when nothing was deleted
 * (missing, another business's, or published and not sent out).
 */
export async function deleteUnlessWaiting(db: Db, businessId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.businessId, businessId), ne(campaigns.state, 'scheduled')))
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

/** How many campaigns the business has, in all and by API `status` (counted by their states). */
export async function campaignStats(db: Db, businessId: string) {
  const byStatus = (status: CampaignStatus) =>
    sql`count(*) FILTER (WHERE state IN (${inList(campaignStatesOfStatus(status))}))::int AS ${sql.identifier(status)}`;
  const [row] = await queryRows<Record<'total' | CampaignStatus, number>>(
    db,
    sql`SELECT count(*)::int AS total, ${sql.join(CAMPAIGN_STATUSES.map(byStatus), sql`, `)}
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

export async function findBusinessForCampaigns(db: Db, businessId: string) {
  const [row] = await db
    .select({
      id: businesses.id,
      wabaNumber: businesses.wabaNumber,
      referredBy: businesses.referredBy,
      chargeOnDelivery: businesses.chargeOnDelivery,
      hasCredentials: sql<boolean>`(${businesses.providerHSMID} IS NOT NULL AND ${businesses.providerHSMPasswordEnc} IS NOT NULL)`,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row ?? null;
}
