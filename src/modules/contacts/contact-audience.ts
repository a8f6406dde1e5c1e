import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';

/**
 * Who a campaign reaches, as the campaigns module stores it. Recipients are opted-in contacts: every one
 * when `sendToAllContact`, else those among `selectedContactId` together with those carrying `tags` (any
 * of them, or all of them with `tagMatch: 'all'`). An empty `tags` selects nobody by tag.
 */
export interface Audience {
  sendToAllContact: boolean;
  selectedContactId: readonly string[];
  tags: readonly string[];
  tagMatch: 'any' | 'all';
}

export interface TagCount {
  tag: string;
  contacts: number;
  optedIn: number;
}

/**
 * The business's tags with how many contacts (and opted-in contacts) carry each, most used first. Read from
 * the per-tag-set counts kept by triggers (contact_tag_sets): the cost follows the number of distinct tag
 * sets, not the number of contacts.
 */
export async function tagCounts(db: Db, businessId: string): Promise<TagCount[]> {
  const rows = await queryRows<{ tag: string; contacts: number; opted_in: number }>(
    db,
    sql`SELECT tag, sum(total)::int AS contacts, sum(opted_in)::int AS opted_in
        FROM contact_tag_sets, unnest(tags) AS tag
        WHERE business_id = ${businessId}
        GROUP BY tag ORDER BY contacts DESC, tag COLLATE "C"`,
  );
  return rows.map((r) => ({ tag: r.tag, contacts: Number(r.contacts), optedIn: Number(r.opted_in) }));
}

/** The SQL test of a contact row `c` against the tags of an audience (false when there are none). */
function tagTest(a: Pick<Audience, 'tags' | 'tagMatch'>, column: ReturnType<typeof sql>) {
  if (!a.tags.length) return sql`false`;
  const wanted = sql`${toPgArray(a.tags)}::text[]`;
  return a.tagMatch === 'all' ? sql`${column} @> ${wanted}` : sql`${column} && ${wanted}`;
}

/** A text[] literal: drizzle would otherwise bind each element as its own parameter. */
function toPgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/**
 * How many opted-in contacts an audience reaches, counted without reading the contacts when it can be:
 * everyone is one primary-key read of contact_counts; tags are a sum over the business's tag sets; only
 * the selected ids (at most 100,000) are looked up one by one, leaving out those the tags already count.
 */
export async function countAudience(db: Db, businessId: string, a: Audience): Promise<number> {
  if (a.sendToAllContact) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT opted_in::int AS n FROM contact_counts WHERE business_id = ${businessId}`,
    );
    return Number(row?.n ?? 0);
  }
  let byTags = 0;
  if (a.tags.length) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT coalesce(sum(opted_in), 0)::int AS n FROM contact_tag_sets
          WHERE business_id = ${businessId} AND ${tagTest(a, sql`tags`)}`,
    );
    byTags = Number(row?.n ?? 0);
  }
  let bySelection = 0;
  if (a.selectedContactId.length) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM contacts
          WHERE business_id = ${businessId} AND opt_in
            AND id = ANY(${toPgArray(a.selectedContactId)}::uuid[])
            AND NOT ${tagTest(a, sql`tags`)}`,
    );
    bySelection = Number(row?.n ?? 0);
  }
  return byTags + bySelection;
}

/**
 * The opted-in contacts an audience reaches, by country (null: not derived yet): what an estimate prices.
 * Unlike `countAudience` it reads the audience's rows (one scan of the business's opted-in contacts).
 */
export async function countAudienceByCountry(
  db: Db,
  businessId: string,
  a: Audience,
): Promise<{ country: string | null; recipients: number }[]> {
  const reach = a.sendToAllContact
    ? sql`true`
    : sql`(id = ANY(${toPgArray(a.selectedContactId)}::uuid[]) OR ${tagTest(a, sql`tags`)})`;
  return queryRows<{ country: string | null; recipients: number }>(
    db,
    sql`SELECT country_code AS country, count(*)::int AS recipients FROM contacts
        WHERE business_id = ${businessId} AND opt_in AND ${reach}
        GROUP BY country_code ORDER BY country_code`,
  );
}
