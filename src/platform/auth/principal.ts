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

function preparePrincipalQuery(db: Db) {
  return (
    db
      .select({
        accountId: accounts.id,
        email: accounts.email,
        role: accounts.role,
        verified: accounts.verified,
        businessId: businesses.id,
        memberRole: businessMembers.role,
        businessVerified: businesses.businessVerified,
        businessType: businesses.type,
        businessCountryCode: businesses.countryCode,
      })
      .from(accounts)
      .innerJoin(
        refreshSessions,
        and(
          eq(refreshSessions.id, sql.placeholder('sessionId')),
          eq(refreshSessions.accountId, accounts.id),
          isNull(refreshSessions.revokedAt),
          gt(refreshSessions.expiresAt, sql`now()`),
        ),
      )
      // The business the session acts for, through the account's membership of it (the session's foreign key
      // to the membership deletes the session when the membership goes, so a live session's business is one
      // its account belongs to; the join says so again).
      .leftJoin(
        businessMembers,
        and(
          eq(businessMembers.businessId, refreshSessions.businessId),
          eq(businessMembers.accountId, accounts.id),
        ),
      )
      .leftJoin(businesses, eq(businesses.id, businessMembers.businessId))
      .where(and(eq(accounts.id, sql.placeholder('accountId')), eq(accounts.deleted, false)))
      .limit(1)
      .prepare('load_principal')
  );
}
