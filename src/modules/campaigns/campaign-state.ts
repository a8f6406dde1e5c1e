import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { inList } from '../../platform/db/schema/columns.js';
import { campaigns } from '../../platform/db/schema/index.js';
import { type CampaignState, canMoveCampaign } from '../../vocabulary/campaign-states.js';

// The row types as the repository names them (it imports this file: no import back).
type CampaignRow = typeof campaigns.$inferSelect;
type NewCampaign = typeof campaigns.$inferInsert;

/**
 * The states a move to `to` may start from, each checked against the vocabulary's table
 * (`CAMPAIGN_TRANSITIONS`): asking for a move the table does not have is a programming error.
 */
function checkedFrom(from: readonly CampaignState[], to: readonly CampaignState[]): readonly CampaignState[] {
  for (const f of from)
    for (const t of to)
      if (!canMoveCampaign(f, t)) throw new Error(`A campaign does not move from ${f} to ${t}`);
  return from;
}

/**
 * Moves a campaign from one of `from` to `to` (with `values` written in the same statement), as one
 * conditional update: `WHERE state IN (from)`, so of two requests racing to move it only the first does,
 * and the second finds it moved. Returns the row as it now is, or null when the campaign was not in one of
 * `from` (the caller answers its own refusal) or is not `businessId`'s.
 */
export async function moveCampaign(
  db: Db,
  where: { id: string; businessId?: string },
  move: { from: readonly CampaignState[]; to: CampaignState },
  values: Partial<Omit<NewCampaign, 'state'>> = {},
): Promise<CampaignRow | null> {
  const from = checkedFrom(move.from, [move.to]);
  const [row] = await db
    .update(campaigns)
    .set({ ...values, state: move.to, updatedAt: new Date() })
    .where(
      and(
        eq(campaigns.id, where.id),
        where.businessId ? eq(campaigns.businessId, where.businessId) : undefined,
        inArray(campaigns.state, [...from]),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The same guard for a statement written in SQL (the scheduler's release, the completion): `column IN
 * (from)`, once every move from `from` to each of `to` is checked against the table.
 */
export function campaignMovesSql(
  column: SQL,
  from: readonly CampaignState[],
  to: readonly CampaignState[],
): SQL {
  return sql`${column} IN (${inList(checkedFrom(from, to))})`;
}
