import { and, count, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newestFirstPage } from '../../platform/db/paging.js';
import { templates } from '../../platform/db/schema/index.js';
import type { ListTemplatesQuery } from './templates.schemas.js';

export type TemplateRow = typeof templates.$inferSelect;
export type NewTemplate = typeof templates.$inferInsert;

export async function insertTemplate(db: Db, row: NewTemplate): Promise<TemplateRow> {
  const [saved] = await db.insert(templates).values(row).returning();
  return saved!;
}

export async function findTemplate(db: Db, businessId: string, id: string): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.businessId, businessId), eq(templates.id, id)));
  return row ?? null;
}

export async function listTemplates(db: Db, businessId: string, q: ListTemplatesQuery) {
  const where: SQL[] = [eq(templates.businessId, businessId)];
  if (q.status) where.push(eq(templates.status, q.status));
  if (q.category) where.push(eq(templates.category, q.category));
  if (q.language) where.push(eq(templates.language, q.language));
  const filter = and(...where);
  const [items, [total]] = await Promise.all([
    newestFirstPage(db.select().from(templates).where(filter).$dynamic(), templates, q),
    db.select({ n: count() }).from(templates).where(filter),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

export async function deleteTemplate(db: Db, businessId: string, id: string): Promise<TemplateRow | null> {
  const [row] = await db
    .delete(templates)
    .where(and(eq(templates.businessId, businessId), eq(templates.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Sync: a template the provider holds, by name and language, inserted or updated (status, category,
 * components, its id). Returns the row and whether it was new.
 */
export async function upsertProviderTemplate(
  db: Db,
  row: NewTemplate & { businessId: string },
): Promise<{ row: TemplateRow; created: boolean; moved: boolean }> {
  // Locked: concurrent syncs see each other's change, so a move is told once.
  const [existing] = await db
    .select({ id: templates.id, status: templates.status, category: templates.category })
    .from(templates)
    .where(
      and(
        eq(templates.businessId, row.businessId),
        eq(templates.name, row.name),
        eq(templates.language, row.language),
      ),
    )
    .for('update');
  const [saved] = await db
    .insert(templates)
    .values(row)
    .onConflictDoUpdate({
      target: [templates.businessId, templates.name, templates.language],
      set: {
        category: row.category,
        status: row.status,
        components: row.components,
        parameterFormat: row.parameterFormat ?? 'POSITIONAL',
        rejectedReason: row.rejectedReason ?? null,
        provider: row.provider,
        providerTemplateId: row.providerTemplateId,
        wabaId: row.wabaId,
        updatedAt: new Date(),
      },
    })
    .returning();
  return {
    row: saved!,
    created: !existing,
    // A known template whose status or category the provider changed.
    moved: !!existing && (existing.status !== saved!.status || existing.category !== saved!.category),
  };
}

/**
 * A provider's status event: the templates of that account with that provider id (or, when the event has
 * none, that name and language) take the new status. `at`, the event's time: a status (or category) event
 * older than the one last applied to a template leaves it, and the time of one applied is kept. Checked in
 * the statement, so events racing each other end with the newest. Returns the rows that changed.
 */
export async function updateProviderTemplate(
  db: Db,
  match: { wabaId: string; providerTemplateId: string | null; name: string | null; language: string | null },
  patch: Partial<Pick<TemplateRow, 'status' | 'rejectedReason' | 'rejectionInfo' | 'category'>>,
  at: Date | null = null,
): Promise<TemplateRow[]> {
  // The id first; name and language too, since a large numeric id may not survive a JSON reader intact.
  const byName =
    match.name && match.language
      ? and(eq(templates.name, match.name), eq(templates.language, match.language))
      : undefined;
  const byId = match.providerTemplateId
    ? eq(templates.providerTemplateId, match.providerTemplateId)
    : undefined;
  const by = byId && byName ? or(byId, byName) : (byId ?? byName);
  if (!by) return [];
  const appliedAt = patch.category !== undefined ? templates.categoryEventAt : templates.statusEventAt;
  const timed = at
    ? {
        set: patch.category !== undefined ? { categoryEventAt: at } : { statusEventAt: at },
        where: or(isNull(appliedAt), lte(appliedAt, at)),
      }
    : { set: {}, where: undefined };
  return db
    .update(templates)
    .set({ ...patch, ...timed.set, updatedAt: new Date() })
    .where(and(eq(templates.wabaId, match.wabaId), eq(templates.provider, 'whatsapp-cloud'), by, timed.where))
    .returning();
}
