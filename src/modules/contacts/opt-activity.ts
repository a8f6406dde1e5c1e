import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { type DayRange, dayOf, withinDays } from '../../platform/db/day-range.js';

export interface OptDay {
  day: string;
  optIns: number;
  optOuts: number;
}

/**
 * Opt-ins and opt-outs per local day, from the quarter-hour counts the contact triggers keep
 * (contact_opt_activity): a few rows per day, whatever the number of contacts. Days without any are absent.
 */
export async function optActivityByDay(db: Db, r: DayRange): Promise<OptDay[]> {
  const rows = await queryRows<{ day: string; opt_ins: number; opt_outs: number }>(
    db,
    sql`SELECT ${dayOf(sql`bucket`, r)} AS day, sum(opt_ins)::int AS opt_ins, sum(opt_outs)::int AS opt_outs
        FROM contact_opt_activity
        WHERE ${r.businessId ? sql`business_id = ${r.businessId} AND` : sql``} ${withinDays(sql`bucket`, r)}
        GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((x) => ({ day: x.day, optIns: Number(x.opt_ins), optOuts: Number(x.opt_outs) }));
}

/**
 * Recipients of a campaign who opted out within 7 days of receiving it: rows the opt-out trigger wrote,
 * counted on the (campaign, phone) primary key.
 */
export async function campaignOptOutCount(db: Db, campaignId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM campaign_opt_outs WHERE campaign_id = ${campaignId}`,
  );
  return Number(row?.n ?? 0);
}
