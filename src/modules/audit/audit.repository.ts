// The audit module owns audit_log: every statement that writes it is in this file.
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newestFirstPage } from '../../platform/db/paging.js';
import { auditLog } from '../../platform/db/schema/index.js';
import type { PageQuery } from '../../platform/http/pagination.js';
import { AUDIT_RETENTION_DAYS, type AuditAction } from './audit-actions.js';

export type AuditRow = typeof auditLog.$inferSelect;

export type AuditActor = { accountId: string; email: string } | null;

/** The member (or platform administrator) making a request, as an entry names it. */
export const actorOf = (auth: { accountId: string; email: string }): AuditActor => ({
  accountId: auth.accountId,
  email: auth.email,
});

export interface AuditEntry {
  businessId: string;
  actor: AuditActor;
  action: AuditAction;
  target?: { type: string; id: string };
  details?: Record<string, unknown>;
}

/** Records a change; pass the change's own transaction, so the entry exists exactly when the change does. */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    businessId: entry.businessId,
    actorId: entry.actor?.accountId ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    details: entry.details ?? {},
  });
}

export interface AuditFilters {
  actorId?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function whereOf(businessId: string, f: AuditFilters) {
  return and(
    eq(auditLog.businessId, businessId),
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from ? gte(auditLog.createdAt, f.from) : undefined,
    f.to ? lt(auditLog.createdAt, f.to) : undefined,
  );
}

export async function listAudit(
  db: Db,
  businessId: string,
  filters: AuditFilters,
  page: PageQuery,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = whereOf(businessId, filters);
  const [rows, [total]] = await Promise.all([
    newestFirstPage(db.select().from(auditLog).where(where).$dynamic(), auditLog, page),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Every entry matching, newest first, at most `limit` (an export). */
export async function allAudit(
  db: Db,
  businessId: string,
  filters: AuditFilters,
  limit: number,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(whereOf(businessId, filters))
    .orderBy(sql`${auditLog.createdAt} DESC, ${auditLog.id} DESC`)
    .limit(limit);
}

/** Drops the entries older than the retention; answers how many went. */
export async function purgeExpiredAudit(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000);
  const rows = await db.delete(auditLog).where(lt(auditLog.createdAt, cutoff)).returning({ id: auditLog.id });
  return rows.length;
}
