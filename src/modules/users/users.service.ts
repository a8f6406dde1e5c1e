import type { AppDeps } from '../../deps.js';
import type { AuthContext } from '../../platform/auth/principal.js';
import { revokeAllSessions } from '../../platform/auth/sessions.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { BusinessRuleError, ConflictError, UnauthorizedError } from '../../platform/http/errors.js';
import { toUserDto } from '../auth/account.dto.js';
import { emailTaken, findAccountById, updateAccount } from '../auth/index.js';
import type { OtpService } from '../auth/otp.service.js';

const emailInUse = () => new ConflictError('This e-mail address is already in use', { field: 'newEmail' });

/** SPEC.md "Users": the caller's own account. */
export class UsersService {
  constructor(
    private readonly deps: AppDeps,
    private readonly otp: OtpService,
  ) {}

  async profile(auth: AuthContext) {
    const account = await findAccountById(this.deps.db, auth.accountId);
    if (!account) throw new UnauthorizedError('Session is no longer valid');
    return toUserDto(account);
  }

  async updateProfile(auth: AuthContext, changes: { name?: string; avatarUrl?: string | null }) {
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length) await updateAccount(this.deps.db, auth.accountId, set);
    return this.profile(auth);
  }

  /**
   * The code proves the new mailbox (it was sent there by send-code). It is checked before the address is
   * looked up, so only whoever controls an address learns that it is taken.
   */
  async changeEmail(auth: AuthContext, newEmail: string, code: string) {
    if (newEmail === auth.email) throw new BusinessRuleError('This is already your e-mail address');
    if (!(await this.otp.check(newEmail, code))) throw new UnauthorizedError('Invalid or expired code');
    if (await emailTaken(this.deps.db, newEmail)) throw emailInUse();
    try {
      await this.deps.db.transaction(async (tx) => {
        if (!(await this.otp.consumeIn(tx, newEmail, code)))
          throw new UnauthorizedError('Invalid or expired code');
        await updateAccount(tx, auth.accountId, { email: newEmail, verified: true });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailInUse();
      throw err;
    }
    return this.profile(auth);
  }

  /** Soft delete (SPEC.md): every session ends; signing in again with the password restores the account. */
  async deactivate(auth: AuthContext): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await updateAccount(tx, auth.accountId, { deleted: true, deletedAt: new Date() });
      await revokeAllSessions(tx, auth.accountId);
    });
    this.deps.sessionSockets.disconnectAccount(auth.accountId);
  }
}
