import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { accounts, businesses, refreshSessions } from '../../platform/db/schema/index.js';
import type { AccountRow } from './registration.repository.js';
import { defaultBusinessOf } from './sessions.js';

/** An account with the id of the business a new session of it acts for (`defaultBusinessOf`). */
export type AccountWithBusiness = AccountRow & { businessId: string | null };

const withBusiness = { account: accounts, businessId: defaultBusinessOf(sql`${accounts}."id"`) };
const flatten = (row: { account: AccountRow; businessId: string | null } | undefined) =>
  row ? { ...row.account, businessId: row.businessId } : null;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findAccountByEmail(db: Db, email: string): Promise<AccountWithBusiness | null> {
  const [row] = await db
    .select(withBusiness)
    .from(accounts)
    .where(eq(accounts.email, normaliseEmail(email)))
    .limit(1);
  return flatten(row);
}

export async function findAccountById(db: Db, accountId: string): Promise<AccountWithBusiness | null> {
  const [row] = await db.select(withBusiness).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return flatten(row);
}

export async function findAccountBySubject(db: Db, subject: string): Promise<AccountWithBusiness | null> {
  const [row] = await db
    .select(withBusiness)
    .from(accounts)
    .where(eq(accounts.identityProviderSubject, subject))
    .limit(1);
  return flatten(row);
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, normaliseEmail(email)))
    .limit(1);
  return Boolean(row);
}

export type AccountChanges = Partial<
  Pick<
    AccountRow,
    | 'name'
    | 'avatarUrl'
    | 'whatsappNumber'
    | 'email'
    | 'passwordHash'
    | 'verified'
    | 'deleted'
    | 'deletedAt'
    | 'identityProviderSubject'
  >
>;

/** Applies `changes` and returns the account as stored afterwards. */
export async function updateAccount(db: Db, accountId: string, changes: AccountChanges): Promise<AccountRow> {
  const [row] = await db.update(accounts).set(changes).where(eq(accounts.id, accountId)).returning();
  return row!;
}

/**
 * Applies `changes` only while the account's address is still `expectedEmail` (an undo link undoes the
 * change it was sent for, once). Returns whether it applied.
 */
export async function updateAccountIfEmail(
  db: Db,
  accountId: string,
  expectedEmail: string,
  changes: AccountChanges,
): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set(changes)
    .where(and(eq(accounts.id, accountId), eq(accounts.email, expectedEmail)))
    .returning({ id: accounts.id });
  return rows.length === 1;
}

/** Sets a password only where none exists, so two concurrent set-password calls cannot both win. */
export async function setFirstPassword(db: Db, accountId: string, passwordHash: string): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ passwordHash })
    .where(and(eq(accounts.id, accountId), isNull(accounts.passwordHash)))
    .returning({ id: accounts.id });
  return rows.length === 1;
}

/** The business id of the affiliate that owns `referralCode`, or null. */
export async function findAffiliateByReferralCode(db: Db, referralCode: string): Promise<string | null> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.referralCode, referralCode), eq(businesses.type, 'affiliate')))
    .limit(1);
  return row?.id ?? null;
}

/** A session that can still mint access tokens: not revoked, not expired, its account not deleted. */
export async function isSessionLive(db: Db, sessionId: string, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshSessions.id })
    .from(refreshSessions)
    .innerJoin(accounts, eq(accounts.id, refreshSessions.accountId))
    .where(
      and(
        eq(refreshSessions.id, sessionId),
        eq(refreshSessions.accountId, accountId),
        isNull(refreshSessions.revokedAt),
        gt(refreshSessions.expiresAt, sql`now()`),
        eq(accounts.deleted, false),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether the session was opened (signed in) at or after `since`; refreshing it does not make it newer. */
export async function sessionOpenedSince(db: Db, sessionId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshSessions.id })
    .from(refreshSessions)
    .where(and(eq(refreshSessions.id, sessionId), gte(refreshSessions.createdAt, since)))
    .limit(1);
  return Boolean(row);
}

/** An administrator's change of an account's role; null when there is no such account. */
export async function setAccountRole(
  db: Db,
  accountId: string,
  role: AccountRow['role'],
): Promise<{ account: AccountRow; businessId: string | null } | null> {
  const [account] = await db
    .update(accounts)
    .set({ role, updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!account) return null;
  const [business] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.accountId, accountId));
  return { account, businessId: business?.id ?? null };
}

/** Locks the account's row until the caller's transaction ends (changes and undos of its address queue). */
export async function lockAccount(tx: Db, accountId: string): Promise<AccountRow | null> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  return row ?? null;
}
