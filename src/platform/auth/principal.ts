import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { accounts, businesses, businessMembers, refreshSessions } from '../db/schema/index.js';
import { NotFoundError } from '../http/errors.js';
import type { ApiKeyScope } from './api-key-scopes.js';
import type { MemberRole } from './permissions.js';

export type Role = 'superadmin' | 'admin' | 'business' | 'user';

/** Who is calling: what every service receives as its first argument. */
export interface AuthContext {
  accountId: string;
  sessionId: string;
  email: string;
  role: Role;
  /** E-mail verified. */
  verified: boolean;
  businessId: string | null;
  /** The caller's role in the business it acts for (`businessId`); null when it acts for none. */
  memberRole: MemberRole | null;
  businessVerified: 'pending' | 'accepted' | 'rejected' | null;
  businessType: string | null;
  /** The business's country (ISO code), for prices shown in its currency. */
  businessCountryCode: string | null;
  /**
   * Set when an API key calls (docs/decisions/api-keys.md): the key's scopes decide, never a role
   * (`memberRole` is null), and `accountId` is the business owner's, so what records who acted keeps working.
   * Null for a person.
   */
  apiKey: ApiKeyIdentity | null;
}

export interface ApiKeyIdentity {
  id: string;
  name: string;
  scopes: readonly ApiKeyScope[];
}

export const isAdminRole = (role: Role): boolean => role === 'admin' || role === 'superadmin';

/**
 * The caller's business, for endpoints that act on it. Every account is created with one, so a caller
 * without one asks about a profile that does not exist: 404 (403 is for a role or a verification the
 * caller lacks), the same answer everywhere (docs/module-guide.md).
 */
export function businessOf(auth: AuthContext): string {
  if (!auth.businessId) throw new NotFoundError('Business profile');
  return auth.businessId;
}

/**
 * Loads the caller in one query: the account (not deleted), a live session, the business the session acts for
 * and the account's role in it. Anything
 * missing means the token no longer stands for anyone, which the guard answers with 401. It runs on every
 * authenticated request, so it is a prepared statement.
 */
export async function loadPrincipal(
  db: Db,
  accountId: string,
  sessionId: string,
): Promise<AuthContext | null> {
  const [row] = await prepared(db, 'load_principal', preparePrincipalQuery).execute({ accountId, sessionId });
  if (!row) return null;
  return { ...row, sessionId, apiKey: null };
}

/**
 * The pieces of the caller's statement, for a route that reads what it answers in the same statement
 * (`PrincipalReader`): its columns, the live session, the membership of the business the session acts for,
 * that business, and the account (not deleted). `loadPrincipal` is built from them, so both read the same caller.
 */
export const principalFields = {
  accountId: accounts.id,
  email: accounts.email,
  role: accounts.role,
  verified: accounts.verified,
  businessId: businesses.id,
  memberRole: businessMembers.role,
  businessVerified: businesses.businessVerified,
  businessType: businesses.type,
  businessCountryCode: businesses.countryCode,
};
export const principalSessionJoin = and(
  eq(refreshSessions.id, sql.placeholder('sessionId')),
  eq(refreshSessions.accountId, accounts.id),
  isNull(refreshSessions.revokedAt),
  gt(refreshSessions.expiresAt, sql`now()`),
);
// The business the session acts for, through the account's membership of it (the session's foreign key to the
// membership deletes the session when the membership goes, so a live session's business is one its account
// belongs to; the join says so again).
export const principalMembershipJoin = and(
  eq(businessMembers.businessId, refreshSessions.businessId),
  eq(businessMembers.accountId, accounts.id),
);
export const principalBusinessJoin = eq(businesses.id, businessMembers.businessId);
export const principalWhere = and(eq(accounts.id, sql.placeholder('accountId')), eq(accounts.deleted, false));

/**
 * Reads the caller (as `loadPrincipal` does) and, in the same statement, what the route answers: a route's
 * `config.readsWithPrincipal`. The request guard then checks the caller as usual and leaves `preload` on the
 * request (`request.preloaded`) for the handler. Null: the token stands for no one (401).
 */
export type PrincipalReader = (
  db: Db,
  accountId: string,
  sessionId: string,
) => Promise<{ principal: AuthContext; preload: unknown } | null>;

function preparePrincipalQuery(db: Db) {
  return db
    .select(principalFields)
    .from(accounts)
    .innerJoin(refreshSessions, principalSessionJoin)
    .leftJoin(businessMembers, principalMembershipJoin)
    .leftJoin(businesses, principalBusinessJoin)
    .where(principalWhere)
    .limit(1)
    .prepare('load_principal');
}
