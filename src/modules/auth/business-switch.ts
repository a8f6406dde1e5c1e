import type { AppDeps } from '../../deps.js';
import { ROLE_PERMISSIONS } from '../../platform/auth/permissions.js';
import type { AuthContext } from '../../platform/auth/principal.js';
import { sqlState } from '../../platform/db/errors.js';
import { NotFoundError, UnauthorizedError } from '../../platform/http/errors.js';
import { membershipsOf, roleIn } from '../business/index.js';
import { toUserDto } from './account.dto.js';
import { findAccountById } from './account.repository.js';
import { openSession, revokeSession } from './sessions.js';

/**
 * Which business a session acts for (docs/api.md "Members, roles and permissions"). Switching opens a new
 * session acting for the other business and ends the current one, so a token never changes business under a
 * request in flight and every token names one business for its whole life (docs/decisions/members.md).
 */
export class BusinessSwitch {
  constructor(private readonly deps: AppDeps) {}

  async list(auth: AuthContext) {
    const rows = await membershipsOf(this.deps.db, auth.accountId);
    return rows.map((m) => ({
      businessId: m.businessId,
      companyName: m.companyName,
      role: m.role,
      joinedAt: m.joinedAt.toISOString(),
      current: m.businessId === auth.businessId,
      permissions: [...ROLE_PERMISSIONS[m.role]],
      availability: m.availability,
    }));
  }

  async switchTo(auth: AuthContext, businessId: string) {
    // Not a member and no such business are one answer: the business is not the caller's to see.
    if (!(await roleIn(this.deps.db, businessId, auth.accountId))) throw new NotFoundError('Business');
    const account = await findAccountById(this.deps.db, auth.accountId);
    if (!account) throw new UnauthorizedError('Session is no longer valid');
    let tokens: Awaited<ReturnType<typeof openSession>>;
    try {
      tokens = await openSession(this.deps.db, this.deps.tokens, auth.accountId, businessId);
    } catch (err) {
      // The membership went between the check and the insert: the session's foreign key refused it.
      if (sqlState(err) === '23503') throw new NotFoundError('Business');
      throw err;
    }
    await revokeSession(this.deps.db, auth.sessionId);
    this.deps.sessionSockets.disconnectSession(auth.sessionId);
    return {
      user: toUserDto({ ...account, businessId: tokens.businessId }),
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
    };
  }
}
