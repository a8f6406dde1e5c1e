import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';

/**
 * What happened to a campaign's message, as a retarget audience names it. Messages still waiting to be sent
 * are in none of them. `not-delivered`: sent or failed without a delivery report (failed ones included);
 * `delivered-not-read`: delivered and never read; `read-not-clicked`: read and no tracked link followed.
 */
export const RETARGET_OUTCOMES = [
  'failed',
  'not-delivered',
  'delivered-not-read',
  'read',
  'clicked',
  'read-not-clicked',
] as const;
export type RetargetOutcome = (typeof RETARGET_OUTCOMES)[number];

const CONDITIONS: Record<RetargetOutcome, string> = {
  failed: `m.status = 'failed'`,
  'not-delivered': `m.status IN ('sent', 'failed') AND m.delivered_at IS NULL`,
  'delivered-not-read': `m.status = 'delivered'`,
  read: `m.read_at IS NOT NULL`,
  clicked: `m.clicked_at IS NOT NULL`,
  'read-not-clicked': `m.read_at IS NOT NULL AND m.clicked_at IS NULL`,
};

/**
 * The SQL test of a message `m` against an outcome held in `outcome` (a column or a parameter): one CASE, so
 * a publish can read the outcome from the campaign row.
 */
export function outcomeTest(outcome: SQL): SQL {
  return sql`(CASE ${outcome} ${sql.raw(
    RETARGET_OUTCOMES.map((o) => `WHEN '${o}' THEN ${CONDITIONS[o]}`).join(' '),
  )} ELSE false END)`;
}

/**
 * How many opted-in contacts of the business a retarget audience reaches now: the recipients of
 * `fromCampaign` (found by its (campaign, phone) key) with that outcome, still contacts and opted in, and,
 * when tags are given, carrying them. Opted-out contacts are never counted.
 */
export async function countRetargetAudience(
  db: Db,
  businessId: string,
  a: { fromCampaign: string; outcome: RetargetOutcome; tags: readonly string[]; tagMatch: 'any' | 'all' },
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM contacts c
        WHERE c.business_id = ${businessId} AND c.opt_in
          AND ${retargetTagTest(sql`${textArray(a.tags)}::text[]`, sql`${a.tagMatch}::text`)}
          AND EXISTS (SELECT 1 FROM campaign_messages m
                      WHERE m.campaign_id = ${a.fromCampaign} AND m.business_id = ${businessId}
                        AND m.phone_number = c.phone_number AND ${outcomeTest(sql`${a.outcome}::text`)})`,
  );
  return Number(row?.n ?? 0);
}

/** `countRetargetAudience` by the contacts' country (null: not derived yet), for an estimate's breakdown. */
export async function countRetargetAudienceByCountry(
  db: Db,
  businessId: string,
  a: { fromCampaign: string; outcome: RetargetOutcome; tags: readonly string[]; tagMatch: 'any' | 'all' },
): Promise<{ country: string | null; recipients: number }[]> {
  return queryRows<{ country: string | null; recipients: number }>(
    db,
    sql`SELECT c.country_code AS country, count(*)::int AS recipients FROM contacts c
        WHERE c.business_id = ${businessId} AND c.opt_in
          AND ${retargetTagTest(sql`${textArray(a.tags)}::text[]`, sql`${a.tagMatch}::text`)}
          AND EXISTS (SELECT 1 FROM campaign_messages m
                      WHERE m.campaign_id = ${a.fromCampaign} AND m.business_id = ${businessId}
                        AND m.phone_number = c.phone_number AND ${outcomeTest(sql`${a.outcome}::text`)})
        GROUP BY c.country_code ORDER BY c.country_code`,
  );
}

/** Tags narrow a retarget audience: none given keeps everyone; else any or all of them. */
export function retargetTagTest(tags: SQL, tagMatch: SQL): SQL {
  return sql`(cardinality(${tags}) = 0
              OR (${tagMatch} = 'any' AND c.tags && ${tags})
              OR (${tagMatch} = 'all' AND c.tags @> ${tags}))`;
}

/** A text[] literal (one parameter rather than one per element). */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
