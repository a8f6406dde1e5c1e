// Automatic assignment: the unassigned open conversations a delivery of inbound messages touched go to the
// available members who may answer them, round robin or to the least busy, never past the business's capacity.
import { sql } from 'drizzle-orm';
import { MEMBER_ROLES, roleCan } from '../../platform/auth/permissions.js';
import { type Db, queryRows } from '../../platform/db/client.js';
import { enqueueWebhookEvents } from '../webhook-endpoints/index.js';
import { type AssignmentSettings, assignmentSettings, stampTurns } from './assignment-store.js';

export interface AutoAssigned {
  conversationId: string;
  accountId: string;
}

/** The roles whose members may be given conversations: those that may answer them. */
export const REPLYING_ROLES = MEMBER_ROLES.filter((r) => roleCan(r, 'inbox:reply'));

/** Every automatic assignment of a business runs under this lock: capacity is counted by one at a time. */
const LOCK_SPACE = 36_001;

interface Candidate {
  accountId: string;
  /** Its open assigned conversations. */
  open: number;
  /** Its place in "least recently assigned" order: lower was assigned longer ago (never: lowest). */
  turn: number;
}

/**
 * Assigns those of `conversationIds` still unassigned and open, in the order of their last activity, and
 * answers who got which. Nothing when the business's mode is `off` or no member is available under capacity.
 * One transaction whatever the number: the business's advisory lock, the candidates (their membership rows
 * share-locked: none leaves or changes role meanwhile), one update of the conversations (still unassigned:
 * a member who took one meanwhile keeps it) and one of the turns.
 */
export async function autoAssign(
  db: Db,
  businessId: string,
  conversationIds: string[],
): Promise<AutoAssigned[]> {
  const ids = [...new Set(conversationIds)];
  if (!ids.length) return [];
  const settings = await assignmentSettings(db, businessId);
  if (settings.mode === 'off') return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${businessId}))`);
    const waiting = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM conversations
          WHERE business_id = ${businessId} AND id IN (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) AND assignee_id IS NULL AND status = 'open'
          ORDER BY last_message_at, id`,
    );
    if (!waiting.length) return [];
    const candidates = await candidatesOf(tx, businessId);
    const plan = planAssignments(
      waiting.map((w) => w.id),
      candidates,
      settings,
    );
    if (!plan.length) return [];
    const done = await queryRows<{ conversationId: string; accountId: string }>(
      tx,
      sql`UPDATE conversations v SET assignee_id = p.account, updated_at = now()
          FROM jsonb_to_recordset(${JSON.stringify(plan.map((p) => ({ id: p.conversationId, account: p.accountId })))}::jsonb)
            AS p(id uuid, account uuid)
          WHERE v.id = p.id AND v.business_id = ${businessId} AND v.assignee_id IS NULL AND v.status = 'open'
          RETURNING v.id AS "conversationId", v.assignee_id AS "accountId"`,
    );
    const given = new Set(done.map((d) => d.conversationId));
    const assigned = plan.filter((p) => given.has(p.conversationId));
    await stampTurns(
      tx,
      businessId,
      assigned.map((a) => a.accountId),
    );
    const at = new Date();
    await enqueueWebhookEvents(
      tx,
      businessId,
      assigned.map((a) => ({
        type: 'conversation.assigned' as const,
        at,
        data: {
          conversationId: a.conversationId,
          assigneeId: a.accountId,
          previousAssigneeId: null,
          how: 'auto',
        },
      })),
    );
    return assigned;
  });
}

/** The available members who may answer, with their open conversations, least recently assigned first. */
async function candidatesOf(tx: Db, businessId: string): Promise<Candidate[]> {
  const rows = await queryRows<{ accountId: string; open: number }>(
    tx,
    sql`SELECT m.account_id AS "accountId",
               (SELECT count(*)::int FROM conversations v
                WHERE v.business_id = m.business_id AND v.assignee_id = m.account_id AND v.status = 'open') AS open
        FROM business_members m
        LEFT JOIN inbox_assignment_turns t ON t.business_id = m.business_id AND t.account_id = m.account_id
        WHERE m.business_id = ${businessId} AND m.availability = 'available'
          AND m.role IN (${sql.join(
            REPLYING_ROLES.map((r) => sql`${r}`),
            sql`, `,
          )})
        ORDER BY t.last_assigned_at ASC NULLS FIRST, m.created_at, m.account_id
        FOR SHARE OF m`,
  );
  return rows.map((r, turn) => ({ accountId: r.accountId, open: Number(r.open), turn }));
}

/**
 * Who gets each conversation, in order: among the candidates under capacity, round robin takes the one
 * assigned least recently, least_open the one holding the fewest open conversations (then the one assigned
 * least recently). Each assignment counts at once, so one delivery never overfills a member.
 */
export function planAssignments(
  conversationIds: string[],
  candidates: Candidate[],
  settings: AssignmentSettings,
): AutoAssigned[] {
  const pool = candidates.map((c) => ({ ...c }));
  let nextTurn = pool.length;
  const plan: AutoAssigned[] = [];
  for (const conversationId of conversationIds) {
    const open = pool.filter((c) => settings.capacity === null || c.open < settings.capacity);
    if (!open.length) break;
    const pick = open.reduce((best, c) =>
      (settings.mode === 'least_open' && c.open !== best.open ? c.open < best.open : c.turn < best.turn)
        ? c
        : best,
    );
    pick.open += 1;
    pick.turn = nextTurn++;
    plan.push({ conversationId, accountId: pick.accountId });
  }
  return plan;
}
