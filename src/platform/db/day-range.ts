import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from './client.js';

/**
 * Calendar days `from`..`to` (inclusive, `YYYY-MM-DD`) in an IANA time zone: the window per-day activity
 * is read over. Each module that keeps activity answers it with `dayOf` and `withinDays`, so every chart
 * cuts days at the same instants.
 */
export interface DayRange {
  /** null: every business (the admin console). */
  businessId: string | null;
  from: string;
  to: string;
  timeZone: string;
}

/** `column` (a timestamptz) falls on one of the range's days, in its time zone. */
export function withinDays(column: SQL | SQL.Aliased | unknown, r: DayRange): SQL {
  return sql`${column} >= (${r.from}::date)::timestamp AT TIME ZONE ${r.timeZone}
    AND ${column} < (${r.to}::date + 1)::timestamp AT TIME ZONE ${r.timeZone}`;
}

/** The local calendar day of `column`, as `YYYY-MM-DD` text. */
export function dayOf(column: SQL | unknown, r: DayRange): SQL<string> {
  return sql<string>`to_char(${column} AT TIME ZONE ${r.timeZone}, 'YYYY-MM-DD')`;
}

/** The instants the range starts and ends at (local midnight of `from`, and of the day after `to`). */
export async function dayBounds(db: Db, r: DayRange): Promise<{ start: Date; end: Date }> {
  const [row] = await queryRows<{ start: string; end: string }>(
    db,
    sql`SELECT to_char((${r.from}::date)::timestamp AT TIME ZONE ${r.timeZone} AT TIME ZONE 'UTC',
                       'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start,
               to_char((${r.to}::date + 1)::timestamp AT TIME ZONE ${r.timeZone} AT TIME ZONE 'UTC',
                       'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS end`,
  );
  return { start: new Date(row!.start), end: new Date(row!.end) };
}
