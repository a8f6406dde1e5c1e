import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../platform/db/client.js';

/**
 * An import of fewer rows never refreshes the statistics: autovacuum's own threshold (a tenth of the table)
 * is soon enough for it.
 */
export const ANALYZE_AFTER_ROWS = 10_000;

/**
 * Whether the planner's statistics of `contacts` are stale for the business an import just grew: the
 * planner's estimate of its rows (`business_id = $1`, as every list and search of it filters) is under half of
 * what the import alone added. Reading the estimate costs one EXPLAIN; an ANALYZE of a million-row table
 * costs seconds (the search expression keeps 1,000 statistics buckets, a sample of 300,000 rows), so it runs
 * only where the first searches would otherwise plan for a business a fraction of its size: a business that
 * grew by half or more, or one the last sample had not seen. An import of 100,000 rows into a business of
 * two million leaves its estimate within a few percent, and analyses nothing.
 */
export async function statisticsStale(
  database: Database,
  businessId: string,
  imported: number,
): Promise<boolean> {
  if (imported < ANALYZE_AFTER_ROWS) return false;
  const plan = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    database.db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM contacts WHERE business_id = ${businessId}`,
  );
  const estimate = Number(plan[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  return estimate * 2 < imported;
}

/** The advisory lock keys (`contacts-analyze`, 0 and 1) that coalesce the refreshes of every process. */
const QUEUED = "hashtext('contacts-analyze'), 0";
const RUNNING = "hashtext('contacts-analyze'), 1";

/**
 * `ANALYZE contacts`, coalesced across imports and processes, so that imports finishing together do not
 * queue an ANALYZE each (each samples the whole table, and they would run one after another: ANALYZE
 * conflicts with itself). At most one runs and one waits to run: an import that finds one already waiting
 * leaves the refresh to it (that one starts after this import committed, so its sample sees these rows) and
 * only waits for it to finish, so that its own first search plans on the fresh sample. Answers whether this
 * call ran the ANALYZE. On the embedded engine (one connection) it simply runs.
 */
export async function refreshContactStatistics(database: Database): Promise<boolean> {
  if (!database.pool) {
    await database.db.execute(sql`ANALYZE contacts`);
    return true;
  }
  const client = await database.pool.connect();
  let broken = false;
  try {
    const [queued] = (await client.query<{ got: boolean }>(`SELECT pg_try_advisory_lock(${QUEUED}) AS got`))
      .rows;
    if (!queued?.got) {
      // Another import waits to analyse; it holds the running lock once it runs: wait for it to be done.
      await client.query(`SELECT pg_advisory_lock_shared(${RUNNING})`);
      await client.query(`SELECT pg_advisory_unlock_shared(${RUNNING})`);
      return false;
    }
    // Waits for the ANALYZE in progress (if any), which may have sampled before this import committed.
    await client.query(`SELECT pg_advisory_lock(${RUNNING})`);
    await client.query(`SELECT pg_advisory_unlock(${QUEUED})`);
    await client.query('ANALYZE contacts');
    await client.query(`SELECT pg_advisory_unlock(${RUNNING})`);
    return true;
  } catch (err) {
    // A session lock may still be held: the connection is closed rather than returned to the pool.
    broken = true;
    throw err;
  } finally {
    client.release(broken);
  }
}
