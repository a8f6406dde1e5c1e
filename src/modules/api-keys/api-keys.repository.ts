// The api-keys module owns api_keys: every statement that writes it is in this file.
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { accounts, apiKeys, businesses, businessMembers } from '../../platform/db/schema/index.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;

export async function insertApiKey(db: Db, values: NewApiKey): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/** The business's keys, oldest first (revoked ones too: the list is also their history). */
export function listApiKeys(db: Db, businessId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.businessId, businessId)).orderBy(asc(apiKeys.createdAt));
}

/** One key of the business, locked for the change that follows; undefined for another business's id. */
export async function lockApiKey(db: Db, businessId: string, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.businessId, businessId)))
    .for('update');
  return row;
}

export async function rotateApiKey(
  db: Db,
  id: string,
  change: { secretHash: string; previousSecretHash: string; previousValidUntil: Date },
): Promise<ApiKeyRow> {
  const [row] = await db.update(apiKeys).set(change).where(eq(apiKeys.id, id)).returning();
  return row!;
}

export async function revokeApiKey(db: Db, id: string): Promise<ApiKeyRow> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(eq(apiKeys.id, id))
    .returning();
  return row!;
}

/**
 * A key by its public prefix, with what its caller needs: the business and its owner (the account a key's
 * actions are recorded as). One indexed query per request.
 */
export async function findKeyForAuth(db: Db, prefix: string) {
  const [row] = await db
    .select({
      key: apiKeys,
      ownerId: accounts.id,
      ownerEmail: accounts.email,
      ownerRole: accounts.role,
      ownerVerified: accounts.verified,
      businessVerified: businesses.businessVerified,
      businessType: businesses.type,
      businessCountryCode: businesses.countryCode,
      now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(apiKeys)
    .innerJoin(businesses, eq(businesses.id, apiKeys.businessId))
    .innerJoin(
      businessMembers,
      and(eq(businessMembers.businessId, businesses.id), eq(businessMembers.role, 'owner')),
    )
    .innerJoin(accounts, eq(accounts.id, businessMembers.accountId))
    .where(eq(apiKeys.prefix, prefix))
    .limit(1);
  return row;
}

/** Records a use, at most once a minute per key: a busy key does not write on every request. */
export async function touchApiKey(db: Db, id: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}
