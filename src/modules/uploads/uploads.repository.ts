import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { uploadFiles } from '../../platform/db/schema/index.js';

export type UploadFileRow = typeof uploadFiles.$inferSelect;

/**
 * Records a confirmed upload once: the key is unique, so a repeated (or concurrent) confirm of the same
 * object returns the existing record with `created: false`.
 */
export async function insertUploadOnce(
  db: Db,
  values: typeof uploadFiles.$inferInsert,
): Promise<{ row: UploadFileRow; created: boolean }> {
  const [inserted] = await db.insert(uploadFiles).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(uploadFiles)
    .where(and(eq(uploadFiles.businessId, values.businessId), eq(uploadFiles.key, values.key)));
  return { row: existing!, created: false };
}

export async function findUploadByKey(
  db: Db,
  businessId: string,
  key: string,
): Promise<UploadFileRow | null> {
  const [row] = await db
    .select()
    .from(uploadFiles)
    .where(and(eq(uploadFiles.businessId, businessId), eq(uploadFiles.key, key)));
  return row ?? null;
}

export async function listUploads(db: Db, businessId: string): Promise<UploadFileRow[]> {
  return db
    .select()
    .from(uploadFiles)
    .where(eq(uploadFiles.businessId, businessId))
    .orderBy(desc(uploadFiles.createdAt), desc(uploadFiles.id));
}

export async function findUpload(db: Db, businessId: string, id: string): Promise<UploadFileRow | null> {
  const [row] = await db
    .select()
    .from(uploadFiles)
    .where(and(eq(uploadFiles.id, id), eq(uploadFiles.businessId, businessId)));
  return row ?? null;
}

export async function deleteUpload(db: Db, businessId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(uploadFiles)
    .where(and(eq(uploadFiles.id, id), eq(uploadFiles.businessId, businessId)))
    .returning({ id: uploadFiles.id });
  return rows.length > 0;
}

/** Bytes of the business's confirmed files. */
export async function storedBytes(db: Db, businessId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${uploadFiles.size}::bigint), 0)::text` })
    .from(uploadFiles)
    .where(eq(uploadFiles.businessId, businessId));
  return Number(row?.total ?? 0);
}
