import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { wallets } from '../../platform/db/schema/index.js';

export type WalletRow = typeof wallets.$inferSelect;

/** A business's wallet (every business has exactly one, created with it). */
export async function findWallet(db: Db, businessId: string): Promise<WalletRow | null> {
  const [row] = await db.select().from(wallets).where(eq(wallets.businessId, businessId));
  return row ?? null;
}

/** A new business's wallet, empty (registration creates it in the account's transaction). */
export async function createWallet(tx: Db, businessId: string): Promise<void> {
  await tx.insert(wallets).values({ businessId });
}
