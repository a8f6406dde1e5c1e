import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { businesses, wabaNumberEvents } from '../../platform/db/schema/index.js';

export type WabaNumberAction = 'claimed' | 'released' | 'released_by_admin';

export async function recordWabaNumberEvent(
  db: Db,
  event: {
    businessId: string;
    wabaNumber: string;
    action: WabaNumberAction;
    otherBusinessId?: string | null;
    actorAccountId?: string | null;
  },
): Promise<void> {
  await db.insert(wabaNumberEvents).values(event);
}

/** The business other than `exceptBusinessId` that holds `wabaNumber`, with its name, or null. */
export async function findWabaNumberHolder(db: Db, wabaNumber: string, exceptBusinessId: string) {
  const [row] = await db
    .select({ id: businesses.id, companyName: businesses.companyName })
    .from(businesses)
    .where(and(eq(businesses.wabaNumber, wabaNumber), ne(businesses.id, exceptBusinessId)))
    .limit(1);
  return row ?? null;
}

/** An admin frees a business's number (recorded with who did it); null when the business had none. */
export async function releaseWabaNumber(db: Db, businessId: string, actorAccountId: string) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ wabaNumber: businesses.wabaNumber, companyName: businesses.companyName })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for('update');
    if (!current) return undefined;
    if (!current.wabaNumber) return null;
    await tx
      .update(businesses)
      .set({ wabaNumber: null, updatedAt: new Date() })
      .where(eq(businesses.id, businessId));
    await recordWabaNumberEvent(tx, {
      businessId,
      wabaNumber: current.wabaNumber,
      action: 'released_by_admin',
      actorAccountId,
    });
    return current.wabaNumber;
  });
}

/** A business's claim history, newest first (admins). */
export async function wabaNumberHistory(db: Db, businessId: string) {
  return db
    .select()
    .from(wabaNumberEvents)
    .where(eq(wabaNumberEvents.businessId, businessId))
    .orderBy(wabaNumberEvents.createdAt);
}

/** Whether the business has ever claimed a WhatsApp number (its first connection is the one not reviewed). */
export async function hasClaimedANumber(db: Db, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: wabaNumberEvents.id })
    .from(wabaNumberEvents)
    .where(and(eq(wabaNumberEvents.businessId, businessId), eq(wabaNumberEvents.action, 'claimed')))
    .limit(1);
  return Boolean(row);
}
