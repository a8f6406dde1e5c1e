// The auth module owns refresh_sessions: every statement that writes it is in this file.
import { and, eq, isNull, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_SECONDS, type TokenService } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { businessMembers, refreshSessions } from '../../platform/db/schema/index.js';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  /** The business the session acts for (null when the account belongs to none). */
  businessId: string | null;
}

/**
 * The business a new session acts for when none is asked: the one the account owns, else the one it joined
 * first (docs/decisions/members.md).
 */
export function defaultBusinessOf(accountId: SQLWrapper | string): SQL<string | null> {
  // Written with its own alias: drizzle leaves a lone table's columns unqualified, and an outer `"id"` would
  // name the membership's own id inside the subquery.
  return sql<string | null>`(SELECT m.business_id FROM ${businessMembers} m WHERE m.account_id = ${accountId}
    ORDER BY m.role = 'owner' DESC, m.created_at, m.business_id LIMIT 1)`;
}

/**
 * Opens a session and signs its pair of tokens (access 14 days, refresh 21 days). It acts for `businessId`,
 * which must be one of the account's memberships (the foreign key refuses another), or for the default one.
 */
export async function openSession(
  db: Db,
  tokens: TokenService,
  accountId: string,
  businessId?: string,
): Promise<IssuedTokens> {
  const [session] = await db
    .insert(refreshSessions)
    .values({
      accountId,
      businessId: businessId ?? defaultBusinessOf(accountId),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    })
    .returning({ id: refreshSessions.id, businessId: refreshSessions.businessId });
  const claims = { sub: accountId, sid: session!.id };
  const [accessToken, refreshToken] = await Promise.all([
    tokens.sign({ ...claims, typ: 'access' }),
    tokens.sign({ ...claims, typ: 'refresh', rc: 0 }),
  ]);
  return { accessToken, refreshToken, sessionId: session!.id, businessId: session!.businessId };
}

/**
 * Moves a session's refresh rotation from `count` to the next one. False when the session is gone or its
 * count moved on already (the token was used before: by the client or by whoever copied it).
 */
export async function rotateRefresh(db: Db, sessionId: string, count: number): Promise<boolean> {
  const rows = await db
    .update(refreshSessions)
    .set({ refreshCounter: count + 1 })
    .where(
      and(
        eq(refreshSessions.id, sessionId),
        eq(refreshSessions.refreshCounter, count),
        isNull(refreshSessions.revokedAt),
      ),
    )
    .returning({ id: refreshSessions.id });
  return rows.length === 1;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(refreshSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshSessions.id, sessionId), isNull(refreshSessions.revokedAt)));
}

/** Signs the account out everywhere (password reset or change). */
export async function revokeAllSessions(db: Db, accountId: string): Promise<void> {
  await db
    .update(refreshSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshSessions.accountId, accountId), isNull(refreshSessions.revokedAt)));
}

/** Signs the account out of every other device after a password change; the caller's session stays. */
export async function revokeOtherSessions(db: Db, accountId: string, keepSessionId: string): Promise<void> {
  await db
    .update(refreshSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshSessions.accountId, accountId),
        ne(refreshSessions.id, keepSessionId),
        isNull(refreshSessions.revokedAt),
      ),
    );
}
