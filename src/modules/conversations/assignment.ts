// Who may see which conversation of a business, and the assignee column (the assignment workflow builds on it).
import { sql } from 'drizzle-orm';
import { roleCan } from '../../platform/auth/permissions.js';
import type { AuthContext } from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import { conversations } from '../../platform/db/schema/index.js';

/**
 * The member whose view of the inbox is limited to its own and unassigned conversations, or null when the
 * caller sees every conversation (its role holds `inbox:read-all`). Derived from the permission, not the role.
 */
export function onlyAssignedTo(auth: AuthContext): string | null {
  if (auth.memberRole === null || roleCan(auth.memberRole, 'inbox:read-all')) return null;
  return auth.accountId;
}

/** The SQL condition on the conversation `v` for that view (`TRUE` when unlimited). */
export function visibleTo(accountId: string | null) {
  return accountId === null ? sql`TRUE` : sql`(v.assignee_id IS NULL OR v.assignee_id = ${accountId})`;
}

/**
 * A member leaving the business (or the inbox) leaves its conversations unassigned, in the change's transaction;
 * answers their ids, for `emitUnassigned` after the commit.
 */
export async function unassignMember(tx: Db, businessId: string, accountId: string): Promise<string[]> {
  const rows = await tx
    .update(conversations)
    .set({ assigneeId: null, updatedAt: new Date() })
    .where(sql`${conversations.businessId} = ${businessId} AND ${conversations.assigneeId} = ${accountId}`)
    .returning({ id: conversations.id });
  return rows.map((r) => r.id);
}
