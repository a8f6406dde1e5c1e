import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { type DayRange, dayOf, withinDays } from '../../platform/db/day-range.js';

/** Businesses registered per local day (the admin console's sign-up chart). Days without any are absent. */
export async function newBusinessesByDay(db: Db, r: DayRange): Promise<{ day: string; count: number }[]> {
  const rows = await queryRows<{ day: string; n: number }>(
    db,
    sql`SELECT ${dayOf(sql`created_at`, r)} AS day, count(*)::int AS n FROM businesses
        WHERE ${withinDays(sql`created_at`, r)} GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((x) => ({ day: x.day, count: Number(x.n) }));
}
