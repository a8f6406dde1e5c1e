import { and, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { emailChanges } from '../../platform/db/schema/index.js';

export type EmailChangeRow = typeof emailChanges.$inferSelect;

export async function insertEmailChange(
  tx: Db,
  values: Omit<typeof emailChanges.$inferInsert, 'id' | 'voidedAt' | 'createdAt'>,
): Promise<EmailChangeRow> {
  const [row] = await tx.insert(emailChanges).values(values).returning();
  return row!;
}

export async function findEmailChange(db: Db, id: string, accountId: string): Promise<EmailChangeRow | null> {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.id, id), eq(emailChanges.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** Voids the account's changes made at or after `since`: their links no longer undo anything. */
export async function voidEmailChangesFrom(tx: Db, accountId: string, since: Date): Promise<void> {
  await tx
    .update(emailChanges)
    .set({ voidedAt: new Date() })
    .where(
      and(
        eq(emailChanges.accountId, accountId),
        gte(emailChanges.createdAt, since),
        isNull(emailChanges.voidedAt),
      ),
    );
}
