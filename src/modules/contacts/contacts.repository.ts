import { and, arrayContains, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { businesses, contactCounts, contacts, uploadFiles } from '../../platform/db/schema/index.js';
import type { ContactFields } from './contact-fields.js';
import { searchCondition } from './contact-search.js';
import type { FieldValue } from './custom-fields/field-types.js';

export type ContactRow = typeof contacts.$inferSelect;

export interface ContactFilters {
  search?: string;
  optIn?: boolean;
  tag?: string;
  /** A segment's or an unsaved filter's compiled condition. */
  where?: SQL;
  /** ISO 3166 alpha-2 of the phone (`contacts.country_code`). */
  country?: string;
}

/**
 * Newest first, exactly the order of `contacts_business_created_idx` (`DESC`, which sorts NULLS FIRST), so
 * the index itself gives the order and a page never sorts the business's rows.
 */
export const newestFirst = [sql`${contacts.createdAt} DESC`, sql`${contacts.id} DESC`];

export function contactFilter(businessId: string, f: ContactFilters): SQL {
  const parts: (SQL | undefined)[] = [eq(contacts.businessId, businessId)];
  if (f.optIn !== undefined) parts.push(eq(contacts.optIn, f.optIn));
  if (f.tag) parts.push(arrayContains(contacts.tags, [f.tag]));
  if (f.country) parts.push(eq(contacts.countryCode, f.country));
  if (f.search) parts.push(searchCondition(f.search) ?? undefined);
  if (f.where) parts.push(f.where);
  return and(...parts)!;
}

export async function businessCountry(db: Db, businessId: string): Promise<string | null> {
  const [row] = await db
    .select({ countryCode: businesses.countryCode })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.countryCode ?? null;
}

export async function insertContact(
  db: Db,
  businessId: string,
  fields: ContactFields & { countryCode: string; fields?: Record<string, FieldValue> },
): Promise<ContactRow> {
  const [row] = await db
    .insert(contacts)
    .values({ businessId, ...fields })
    .returning();
  return row!;
}

export async function findContact(db: Db, businessId: string, id: string): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)));
  return row ?? null;
}

/** Whether the business's contact is opted in, its row locked until the transaction ends; null: no such contact. */
export async function lockContactOptIn(db: Db, businessId: string, id: string): Promise<boolean | null> {
  const [row] = await db
    .select({ optIn: contacts.optIn })
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)))
    .for('update');
  return row ? row.optIn : null;
}

export async function updateContact(
  db: Db,
  businessId: string,
  id: string,
  patch: Partial<ContactFields & { countryCode: string }> & { fields?: SQL },
): Promise<ContactRow | null> {
  const [row] = await db
    .update(contacts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteContact(db: Db, businessId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** Deletes those of `ids` that belong to the business; ids of other businesses match nothing. */
export async function deleteContacts(db: Db, businessId: string, ids: readonly string[]): Promise<number> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.businessId, businessId), inArray(contacts.id, [...ids])))
    .returning({ id: contacts.id });
  return rows.length;
}

export async function listContacts(
  db: Db,
  businessId: string,
  filters: ContactFilters,
  page: { limit: number; offset: number },
): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(contactFilter(businessId, filters))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * The business's contacts, all or by opt-in, from `contact_counts` (kept by triggers in the writing
 * transaction): exact, and one primary-key read however many contacts there are.
 */
export async function countContacts(db: Db, businessId: string, optIn?: boolean): Promise<number> {
  const [row] = await db
    .select({ total: contactCounts.total, optedIn: contactCounts.optedIn })
    .from(contactCounts)
    .where(eq(contactCounts.businessId, businessId));
  if (!row) return 0;
  if (optIn === undefined) return row.total;
  return optIn ? row.optedIn : row.total - row.optedIn;
}

/**
 * A page of a filter that only a recheck can answer (search, tag), read from its first `cap + 1` matches in
 * one statement: the total up to `cap + 1`, and the ids of the page, newest first. When the total is within
 * the cap those are all the matches, so the page is exact and costs one scan of at most `cap` rows, however
 * the matches lie. Left to itself the planner walks the newest-first index for a term it expects to be
 * common and stops after a page, which reads the whole business when the few matches are all old.
 */
export async function pageOfFirstMatches(
  db: Db,
  businessId: string,
  filters: ContactFilters,
  page: { limit: number; offset: number },
  cap: number,
): Promise<{ total: number; ids: string[] }> {
  const [row] = await queryRows<{ total: number; ids: string[] }>(
    db,
    sql`WITH matches AS MATERIALIZED (
          SELECT ${contacts.id} AS id, ${contacts.createdAt} AS created_at FROM ${contacts}
          WHERE ${contactFilter(businessId, filters)} LIMIT ${cap + 1})
        SELECT (SELECT count(*)::int FROM matches) AS total,
               ARRAY(SELECT id::text FROM matches ORDER BY created_at DESC, id DESC
                     LIMIT ${page.limit} OFFSET ${page.offset}) AS ids`,
  );
  return { total: row?.total ?? 0, ids: row?.ids ?? [] };
}

/** The business's contacts of `ids`, newest first. */
export async function contactsByIds(
  db: Db,
  businessId: string,
  ids: readonly string[],
): Promise<ContactRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), inArray(contacts.id, [...ids])))
    .orderBy(...newestFirst);
}

/** The planner's estimate of the matching contacts, from the statistics PostgreSQL keeps (no rows read). */
export async function estimateContacts(db: Db, businessId: string, filters: ContactFilters): Promise<number> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${contacts} WHERE ${contactFilter(businessId, filters)}`,
  );
  const raw = rows[0] ? Object.values(rows[0])[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * Whether a stored object belongs to the business: recorded by its upload confirmation, or kept under the
 * business's own prefix (`<businessId>/...`). Only the first segment counts: another business's key may
 * well contain this id further down.
 */
export async function ownsStoredFile(db: Db, businessId: string, key: string): Promise<boolean> {
  if (key.startsWith(`${businessId}/`)) return true;
  const [row] = await db
    .select({ id: uploadFiles.id })
    .from(uploadFiles)
    .where(and(eq(uploadFiles.businessId, businessId), eq(uploadFiles.key, key)))
    .limit(1);
  return row !== undefined;
}

/** Field values changed in place: `set` merged over the stored ones, then `unset` keys removed. */
export function fieldsPatch(set: Record<string, FieldValue>, unset: readonly string[]): SQL {
  const keys = `{${unset.map((k) => `"${k}"`).join(',')}}`;
  return sql`(${contacts.fields} || ${JSON.stringify(set)}::jsonb) - ${keys}::text[]`;
}

/**
 * Adds tags to every contact matching `where` that lacks one of them; answers how many changed. Tags already
 * held keep their place, new ones go at the end; a contact the addition would take past `max` tags is left
 * as it is. Counted in the statement, so a million tagged contacts send back one row.
 */
export async function addTagsWhere(
  db: Db,
  where: SQL,
  tags: readonly string[],
  max: number,
): Promise<number> {
  const wanted = sql`${`{${tags.map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
  const missing = sql`ARRAY(SELECT t FROM unnest(${wanted}) AS t WHERE NOT t = ANY(${contacts.tags}))`;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`WITH changed AS (
          UPDATE ${contacts} SET tags = ${contacts.tags} || ${missing}, updated_at = now()
          WHERE ${where} AND NOT (${contacts.tags} @> ${wanted})
            AND cardinality(${contacts.tags}) + cardinality(${missing}) <= ${max}
          RETURNING 1)
        SELECT count(*)::int AS n FROM changed`,
  );
  return Number(row?.n ?? 0);
}
