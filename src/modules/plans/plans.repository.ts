import { and, count, desc, eq, gt, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { plans, userPlans } from '../../platform/db/schema/index.js';
import { likePattern, type PageQuery, pageOffset } from '../../platform/http/pagination.js';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = Omit<typeof plans.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type UserPlanRow = typeof userPlans.$inferSelect;

export async function insertPlan(db: Db, values: NewPlan): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  return row!;
}

export async function updatePlan(db: Db, id: string, patch: Partial<NewPlan>): Promise<PlanRow | null> {
  const [row] = await db
    .update(plans)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(plans.id, id))
    .returning();
  return row ?? null;
}

export async function findPlan(
  db: Db,
  id: string,
  opts: { activeOnly?: boolean } = {},
): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), opts.activeOnly ? eq(plans.isActive, true) : undefined));
  return row ?? null;
}

/** Newest first, then id, as every list (docs/api.md "Pagination"). */
export async function listPlans(
  db: Db,
  filter: { activeOnly: boolean; search?: string },
  page?: PageQuery,
): Promise<{ rows: PlanRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    filter.activeOnly ? eq(plans.isActive, true) : undefined,
    filter.search ? ilike(plans.name, likePattern(filter.search)) : undefined,
  ];
  const where = and(...conditions);
  const query = db.select().from(plans).where(where).orderBy(desc(plans.createdAt), desc(plans.id));
  const rows = page ? await query.limit(page.pageSize).offset(pageOffset(page)) : await query;
  if (!page) return { rows, total: rows.length };
  const [counted] = await db.select({ n: count() }).from(plans).where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

/**
 * The business's plan while it runs: a row whose `expiredDate` has passed is history, not an active plan.
 * Rows are written by the payments module at settlement; this module only reads them.
 */
export async function findActiveUserPlan(
  db: Db,
  businessId: string,
): Promise<{ userPlan: UserPlanRow; plan: PlanRow } | null> {
  const [row] = await db
    .select({ userPlan: userPlans, plan: plans })
    .from(userPlans)
    .innerJoin(plans, eq(plans.id, userPlans.planId))
    .where(and(eq(userPlans.businessId, businessId), gt(userPlans.expiredDate, new Date())));
  return row ?? null;
}
