import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/db/client.js';
import { newestFirstPage } from '../../../platform/db/paging.js';
import { campaigns, contacts, segments } from '../../../platform/db/schema/index.js';
import type { PageQuery } from '../../../platform/http/pagination.js';

export type SegmentRow = typeof segments.$inferSelect;

export async function findSegment(db: Db, businessId: string, id: string): Promise<SegmentRow | null> {
  const [row] = await db
    .select()
    .from(segments)
    .where(and(eq(segments.businessId, businessId), eq(segments.id, id)));
  return row ?? null;
}

export async function insertSegment(
  db: Db,
  businessId: string,
  values: { name: string; filter: unknown },
): Promise<SegmentRow> {
  const [row] = await db
    .insert(segments)
    .values({ businessId, ...values })
    .returning();
  return row!;
}

export async function updateSegment(
  db: Db,
  businessId: string,
  id: string,
  patch: { name?: string; filter?: unknown },
): Promise<SegmentRow | null> {
  const [row] = await db
    .update(segments)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(segments.businessId, businessId), eq(segments.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteSegment(db: Db, businessId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(segments)
    .where(and(eq(segments.businessId, businessId), eq(segments.id, id)))
    .returning({ id: segments.id });
  return rows.length > 0;
}

/** How many contacts a compiled condition matches, and how many of them are opted in, in one pass. */
export async function countMatching(db: Db, where: SQL): Promise<{ contacts: number; optedIn: number }> {
  const [row] = await queryRows<{ n: number; opted_in: number }>(
    db,
    sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE ${contacts.optIn})::int AS opted_in
        FROM ${contacts} WHERE ${where}`,
  );
  return { contacts: Number(row?.n ?? 0), optedIn: Number(row?.opted_in ?? 0) };
}

/** The opted-in contacts matching `where`, by country: what a segment audience is priced by. */
export async function countMatchingByCountry(
  db: Db,
  where: SQL,
): Promise<{ country: string | null; recipients: number }[]> {
  return queryRows<{ country: string | null; recipients: number }>(
    db,
    sql`SELECT ${contacts.countryCode} AS country, count(*)::int AS recipients
        FROM ${contacts} WHERE ${where} AND ${contacts.optIn}
        GROUP BY 1 ORDER BY 1`,
  );
}

export async function listSegments(db: Db, businessId: string, page: PageQuery) {
  const where = eq(segments.businessId, businessId);
  const [rows, [total]] = await Promise.all([
    newestFirstPage(db.select().from(segments).where(where).$dynamic(), segments, page),
    db.select({ n: count() }).from(segments).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Segments of the business whose filter names a field (a field in use cannot be deleted). */
export async function segmentsUsingField(db: Db, businessId: string, key: string): Promise<string[]> {
  const rows = await db
    .select({ name: segments.name })
    .from(segments)
    .where(
      and(
        eq(segments.businessId, businessId),
        sql`jsonb_path_exists(${segments.filter}, '$.** ? (@.on == "field" && @.key == $k)', jsonb_build_object('k', ${key}::text))`,
      ),
    );
  return rows.map((r) => r.name);
}

/** Which of `ids` are not campaigns of the business. */
export async function unknownCampaigns(
  db: Db,
  businessId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(eq(campaigns.businessId, businessId), sql`${campaigns.id} = ANY(${`{${ids.join(',')}}`}::uuid[])`),
    );
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export async function segmentExists(db: Db, businessId: string, id: string): Promise<boolean> {
  return (await findSegment(db, businessId, id)) !== null;
}

/** Campaigns not yet sent out whose audience is the segment: it cannot be deleted under them. */
export async function campaignsWaitingOn(db: Db, businessId: string, segmentId: string): Promise<string[]> {
  const rows = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.businessId, businessId),
        eq(campaigns.audienceSegmentId, segmentId),
        eq(campaigns.isSentOut, false),
      ),
    );
  return rows.map((r) => r.name);
}

/**
 * Whether every contact of the business has its country stored (none left for the backfill job): one probe of
 * the partial index of those missing it, contacts_country_missing_idx.
 */
export async function countriesAllStored(db: Db, businessId: string): Promise<boolean> {
  const [row] = await queryRows<{ missing: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM ${contacts}
          WHERE ${contacts.businessId} = ${businessId} AND ${contacts.countryCode} IS NULL) AS missing`,
  );
  return !row?.missing;
}
