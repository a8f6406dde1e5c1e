import type { AppDeps } from '../../deps.js';
import type { AuthContext } from '../../platform/auth/principal.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { BusinessRuleError, ConflictError, UnauthorizedError } from '../../platform/http/errors.js';
import type { AbuseLimits, OtpService } from '../auth/index.js';
import {
  type AccountChanges,
  emailTaken,
  findAccountById,
  revokeAllSessions,
  revokeOtherSessions,
  sendInBackground,
  toUserDto,
  updateAccount,
  updateAccountIfEmail,
} from '../auth/index.js';
import { EmailUndoTokens, fingerprint } from './email-undo.js';
import { emailChangedMail } from './users.mails.js';

const emailInUse = () => new ConflictError('This e-mail address is already in use', { field: 'newEmail' });

/** The `/users` endpoints: the caller's own account. */
export class UsersService {
  constructor(
    private readonly deps: AppDeps,
    private readonly otp: OtpService,
    private readonly limits: AbuseLimits,
  ) {
    this.undoTokens = new EmailUndoTokens(deps.config.JWT_SECRET);
  }

  private readonly undoTokens: EmailUndoTokens;

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
   * looked up, so only whoever controls an address learns that it is taken; and a right code is used up
   * by that answer too, so the 400 cannot serve to confirm guesses.
   */
  async changeEmail(auth: AuthContext, newEmail: string, code: string) {
    if (newEmail === auth.email) throw new BusinessRuleError('This is already your e-mail address');
    await this.limits.perEmail('verifyCode', newEmail);
    if (!(await this.otp.check(newEmail, code))) throw new UnauthorizedError('Invalid or expired code');
    if (await emailTaken(this.deps.db, newEmail)) {
      await this.otp.consumeIn(this.deps.db, newEmail, code);
      throw emailInUse();
    }
    const before = await findAccountById(this.deps.db, auth.accountId);
    if (!before) throw new UnauthorizedError('Session is no longer valid');
    try {
      await this.deps.db.transaction(async (tx) => {
        if (!(await this.otp.consumeIn(tx, newEmail, code)))
          throw new UnauthorizedError('Invalid or expired code');
        await updateAccount(tx, auth.accountId, { email: newEmail, verified: true });
        // Whoever else holds a session (a stolen one, say) is out; this device stays signed in.
        await revokeOtherSessions(tx, auth.accountId, auth.sessionId);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailInUse();
      throw err;
    }
    this.deps.sessionSockets.disconnectAccount(auth.accountId, auth.sessionId);
    // The old address hears of it and can undo it: a session alone must not be enough to take an account.
    const token = this.undoTokens.issue({
      accountId: auth.accountId,
      oldEmail: before.email,
      newEmail,
      password: fingerprint(before.passwordHash),
      identity: fingerprint(before.identityProviderSubject),
    });
    sendInBackground(this.deps, emailChangedMail(before.email, newEmail, this.undoUrl(token)));
    return this.profile(auth);
  }

  /**
   * The old address's undo link: the address goes back, every session ends, and a password or identity
   * link set since the change (by whoever made it) is removed; the owner then resets the password by
   * e-mail. Works once, while the account still has the address the change gave it.
   */
  async undoEmailChange(token: string): Promise<void> {
    const claims = this.undoTokens.open(token);
    if (!claims) throw new BusinessRuleError('This link is invalid or has expired');
    const account = await findAccountById(this.deps.db, claims.accountId);
    if (!account || account.email !== claims.newEmail)
      throw new BusinessRuleError('This change was already undone or replaced by another');
    const changes: AccountChanges = {
      email: claims.oldEmail,
      verified: true,
      ...(fingerprint(account.passwordHash) === claims.password ? {} : { passwordHash: null }),
      ...(fingerprint(account.identityProviderSubject) === claims.identity
        ? {}
        : { identityProviderSubject: null }),
    };
    try {
      await this.deps.db.transaction(async (tx) => {
        if (!(await updateAccountIfEmail(tx, claims.accountId, claims.newEmail, changes)))
          throw new BusinessRuleError('This change was already undone or replaced by another');
        await revokeAllSessions(tx, claims.accountId);
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw new ConflictError('The previous address now belongs to another account', { field: 'token' });
      throw err;
    }
    this.deps.sessionSockets.disconnectAccount(claims.accountId);
  }

  private undoUrl(token: string): string {
    return `${this.deps.config.PUBLIC_URL}/api/v1/users/email/undo?token=${encodeURIComponent(token)}`;
  }

  /**
   * Soft delete (docs/api.md "Authentication"): every session ends; signing in again with the password restores the
   * account.
   */
  async deactivate(auth: AuthContext): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await updateAccount(tx, auth.accountId, { deleted: true, deletedAt: new Date() });
      await revokeAllSessions(tx, auth.accountId);
    });
    this.deps.sessionSockets.disconnectAccount(auth.accountId);
  }
}
