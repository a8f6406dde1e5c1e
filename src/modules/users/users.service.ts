import type { AppDeps } from '../../deps.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import type { AuthContext } from '../../platform/auth/principal.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import {
  BusinessRuleError,
  ConflictError,
  ForbiddenError,
  StateConflictError,
  UnauthorizedError,
  ValidationError,
} from '../../platform/http/errors.js';
import { isUuid } from '../../platform/http/id-params.js';
import type { AbuseLimits, OtpService } from '../auth/index.js';
import {
  type AccountChanges,
  emailTaken,
  FRESH_SIGN_IN_MS,
  findAccountById,
  lockAccount,
  revokeAllSessions,
  revokeOtherSessions,
  sendInBackground,
  sessionOpenedSince,
  toUserDto,
  updateAccount,
} from '../auth/index.js';
import { ownedWithOtherMembers } from '../business/index.js';
import { EMAIL_UNDO_TTL_MS, EmailUndoTokens, fingerprint } from './email-undo.js';
import { emailChangedMail } from './users.mails.js';
import { findEmailChange, insertEmailChange, voidEmailChangesFrom } from './users.repository.js';

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
    // The business this session acts for, which switching business changes.
    return toUserDto({ ...account, businessId: auth.businessId });
  }

  async updateProfile(auth: AuthContext, changes: { name?: string; avatarUrl?: string | null }) {
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length) await updateAccount(this.deps.db, auth.accountId, set);
    return this.profile(auth);
  }

  /**
   * A session alone must not move the account to another mailbox: the caller proves to be the owner with
   * the current password, or (an account without one, signed in through the identity provider) with a
   * sign-in from the last minutes, like set-password. Then the code proves the new mailbox (it was sent
   * there by send-code). It is checked before the address is looked up, so only whoever controls an
   * address learns that it is taken; and a right code is used up by that answer too, so the 400 cannot
   * serve to confirm guesses.
   */
  async changeEmail(
    auth: AuthContext,
    newEmail: string,
    code: string,
    password: string | undefined,
    client: string,
  ) {
    if (newEmail === auth.email) throw new BusinessRuleError('This is already your e-mail address');
    const before = await findAccountById(this.deps.db, auth.accountId);
    if (!before) throw new UnauthorizedError('Session is no longer valid');
    await this.proveOwner(auth, before.passwordHash, password);
    if (!(await this.otp.check(newEmail, code, client)))
      throw new UnauthorizedError('Invalid or expired code');
    if (await emailTaken(this.deps.db, newEmail)) {
      await this.otp.consumeIn(this.deps.db, newEmail, code);
      throw emailInUse();
    }
    let changeId = '';
    let oldEmail = '';
    try {
      await this.deps.db.transaction(async (tx) => {
        const current = await lockAccount(tx, auth.accountId);
        if (!current) throw new UnauthorizedError('Session is no longer valid');
        if (!(await this.otp.consumeIn(tx, newEmail, code)))
          throw new UnauthorizedError('Invalid or expired code');
        oldEmail = current.email;
        await updateAccount(tx, auth.accountId, { email: newEmail, verified: true });
        const change = await insertEmailChange(tx, {
          accountId: auth.accountId,
          oldEmail,
          newEmail,
          passwordFingerprint: fingerprint(current.passwordHash),
          identityFingerprint: fingerprint(current.identityProviderSubject),
        });
        changeId = change.id;
        // Whoever else holds a session (a stolen one, say) is out; this device stays signed in.
        await revokeOtherSessions(tx, auth.accountId, auth.sessionId);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailInUse();
      throw err;
    }
    this.deps.sessionSockets.disconnectAccount(auth.accountId, auth.sessionId);
    // The old address hears of it and can undo it: a session alone must not be enough to take an account.
    const token = this.undoTokens.issue({ accountId: auth.accountId, changeId });
    sendInBackground(this.deps, emailChangedMail(oldEmail, newEmail, this.undoUrl(token)));
    return this.profile(auth);
  }

  private async proveOwner(auth: AuthContext, passwordHash: string | null, password: string | undefined) {
    if (passwordHash) {
      if (!password)
        throw ValidationError.field('password', 'Your current password is required to change the e-mail');
      // Counted before argon2 runs: a stolen session must not be a way to guess the current password.
      await this.limits.perEmail('changePassword', auth.email);
      if (!(await verifyPassword(passwordHash, password)))
        throw new UnauthorizedError('Current password is wrong');
      return;
    }
    const since = new Date(Date.now() - FRESH_SIGN_IN_MS);
    if (!(await sessionOpenedSince(this.deps.db, auth.sessionId, since)))
      throw new ForbiddenError(
        'Sign in again to change the e-mail: it needs a session opened in the last minutes',
      );
  }

  /**
   * The old address's undo link. The first link used within its validity wins: the address from before
   * the change it was sent for comes back whatever changed after, every session ends, and a password or
   * identity link set since that change (by whoever made it) is removed; the owner then resets the
   * password by e-mail. The links of that change and of every later one stop working, so the mailbox a
   * later change reported to cannot take the address back; a link of an earlier change still works.
   */
  async undoEmailChange(token: string): Promise<void> {
    const claims = this.undoTokens.open(token);
    if (!claims || !isUuid(claims.changeId) || !isUuid(claims.accountId))
      throw new BusinessRuleError('This link is invalid or has expired');
    try {
      await this.deps.db.transaction(async (tx) => {
        const account = await lockAccount(tx, claims.accountId);
        const change = account ? await findEmailChange(tx, claims.changeId, claims.accountId) : null;
        if (!account || !change || change.voidedAt)
          throw new BusinessRuleError('This change was already undone');
        if (change.createdAt.getTime() + EMAIL_UNDO_TTL_MS <= Date.now())
          throw new BusinessRuleError('This link is invalid or has expired');
        const changes: AccountChanges = {
          email: change.oldEmail,
          verified: true,
          ...(fingerprint(account.passwordHash) === change.passwordFingerprint ? {} : { passwordHash: null }),
          ...(fingerprint(account.identityProviderSubject) === change.identityFingerprint
            ? {}
            : { identityProviderSubject: null }),
        };
        await updateAccount(tx, claims.accountId, changes);
        await voidEmailChangesFrom(tx, claims.accountId, change.createdAt);
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
      // A business with other members would be left without an owner who can act: hand it over first.
      const owned = await ownedWithOtherMembers(tx, auth.accountId);
      if (owned.length)
        throw new StateConflictError(
          'You own a business that has other members: hand ownership over to one of them before deleting your account',
          { reason: 'owner-of-team', businessIds: owned },
        );
      await updateAccount(tx, auth.accountId, { deleted: true, deletedAt: new Date() });
      await revokeAllSessions(tx, auth.accountId);
    });
    this.deps.sessionSockets.disconnectAccount(auth.accountId);
  }
}
