// The statements of the assignment workflow: who holds a conversation, the turns of round robin, the
// business's automatic-assignment settings, and how many open conversations each member holds.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { type AssignmentMode, inboxAssignment } from '../../platform/db/schema/index.js';

export interface AssignmentSettings {
  mode: AssignmentMode;
  /** The open conversations automatic assignment gives one member at most; null: no cap. */
  capacity: number | null;
}

export const DEFAULT_SETTINGS: AssignmentSettings = { mode: 'off', capacity: null };

export async function assignmentSettings(db: Db, businessId: string): Promise<AssignmentSettings> {
  const [row] = await queryRows<AssignmentSettings>(
    db,
    sql`SELECT mode, capacity FROM inbox_assignment WHERE business_id = ${businessId}`,
  );
  return row ? { mode: row.mode, capacity: row.capacity ?? null } : DEFAULT_SETTINGS;
}

export async function saveAssignmentSettings(
  db: Db,
  businessId: string,
  settings: AssignmentSettings,
): Promise<void> {
  await db
    .insert(inboxAssignment)
    .values({ businessId, ...settings })
    .onConflictDoUpdate({
      target: inboxAssignment.businessId,
      set: { ...settings, updatedAt: new Date() },
    });
}

/**
 * Locks the conversation's row until the transaction ends and answers who holds it (undefined: no such
 * conversation in the business). Not limited to the caller's view: the caller checked that first, and a
 * conversation taken meanwhile must answer "taken", not "not found".
 */
export async function lockAssignee(
  db: Db,
  businessId: string,
  id: string,
): Promise<string | null | undefined> {
  const [row] = await queryRows<{ assigneeId: string | null }>(
    db,
    sql`SELECT assignee_id AS "assigneeId" FROM conversations
        WHERE business_id = ${businessId} AND id = ${id} FOR UPDATE`,
  );
  return row ? row.assigneeId : undefined;
}

export async function setAssignee(db: Db, businessId: string, id: string, assigneeId: string | null) {
  await db.execute(sql`UPDATE conversations SET assignee_id = ${assigneeId}, updated_at = now()
                       WHERE business_id = ${businessId} AND id = ${id}`);
}

/**
 * Records that these members were just given a conversation, in this order (the last one most recently):
 * after every stamp already kept, so round robin's order holds whatever the clocks of the processes.
 */
export async function stampTurns(db: Db, businessId: string, accountIds: string[]): Promise<void> {
  if (!accountIds.length) return;
  // One row per member (its last turn): an upsert may not touch a row twice.
  const last = new Map(accountIds.map((account, ord) => [account, ord]));
  const turns = [...last].map(([account, ord]) => ({ account, ord }));
  await db.execute(sql`
    INSERT INTO inbox_assignment_turns AS t (business_id, account_id, last_assigned_at)
    SELECT ${businessId}, s.account, b.base + s.ord * interval '1 microsecond'
    FROM jsonb_to_recordset(${JSON.stringify(turns)}::jsonb) AS s(account uuid, ord int),
         (SELECT GREATEST(clock_timestamp(),
                          (SELECT max(last_assigned_at) FROM inbox_assignment_turns
                           WHERE business_id = ${businessId}) + interval '1 microsecond') AS base) b
    ON CONFLICT (business_id, account_id) DO UPDATE SET last_assigned_at = EXCLUDED.last_assigned_at`);
}

/** How many open conversations each member of the business holds (members holding none are absent). */
export async function openAssignedCounts(db: Db, businessId: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ accountId: string; n: number }>(
    db,
    sql`SELECT assignee_id AS "accountId", count(*)::int AS n FROM conversations
        WHERE business_id = ${businessId} AND assignee_id IS NOT NULL AND status = 'open'
        GROUP BY assignee_id`,
  );
  return new Map(rows.map((r) => [r.accountId, Number(r.n)]));
}
