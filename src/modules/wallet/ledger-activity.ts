import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { type DayRange, dayOf, withinDays } from '../../platform/db/day-range.js';

export interface CreditDay {
  day: string;
  credits: number;
}

/**
 * Credits (and plan units) campaigns debited per local day: the ledger's campaign debits, one row per
 * publish, read through the (business, kind, created_at) index. Days without any are absent.
 */
export function creditsSpentByDay(db: Db, r: DayRange): Promise<CreditDay[]> {
  return creditsByDay(db, r, sql`kind IN ('campaign_credit_debit', 'campaign_plan_debit')`);
}

/** Credits bought per local day (settled credit purchases): what the admin console charts as sales. */
export function creditsSoldByDay(db: Db, r: DayRange): Promise<CreditDay[]> {
  return creditsByDay(db, r, sql`kind = 'credit_purchase'`);
}

async function creditsByDay(db: Db, r: DayRange, kind: ReturnType<typeof sql>): Promise<CreditDay[]> {
  const rows = await queryRows<{ day: string; credits: string }>(
    db,
    sql`SELECT ${dayOf(sql`created_at`, r)} AS day, sum(coalesce(credits, 0))::text AS credits
        FROM transactions
        WHERE ${r.businessId ? sql`business_id = ${r.businessId} AND` : sql``} ${kind}
          AND status = 'successful' AND ${withinDays(sql`created_at`, r)}
        GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((x) => ({ day: x.day, credits: Number(x.credits) }));
}
