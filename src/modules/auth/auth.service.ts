import type { AppDeps } from '../../deps.js';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { AuthContext } from '../../platform/auth/principal.js';
import { InvalidTokenError } from '../../platform/auth/tokens.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import {
  BusinessRuleError,
  ConflictError,
  ForbiddenError,
  UnauthorizedError,
  ValidationError,
} from '../../platform/http/errors.js';
import { recordAudit } from '../audit/index.js';
import { toE164 } from '../contacts/index.js';
import type { Notifier } from '../notifications/index.js';
import { toUserDto } from './account.dto.js';
import {
  type AccountWithBusiness,
  emailTaken,
  findAccountByEmail,
  findAccountById,
  findAffiliateByReferralCode,
  isSessionLive,
  sessionOpenedSince,
  setFirstPassword,
  updateAccount,
} from './account.repository.js';
import type { AbuseLimits } from './auth.limits.js';
import { authMails, sendInBackground } from './auth.mails.js';
import type { IssuedCode, OtpService } from './otp.service.js';
import { insertAccountGraph } from './registration.repository.js';
import { openSession, revokeOtherSessions, revokeSession, rotateRefresh } from './sessions.js';

export interface SignUpInput {
  name: string;
  email: string;
  whatsappNumber: string;
  password?: string;
  referralCode?: string;
}

/** How recent a sign-in set-password asks for. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

const alreadyHasPassword = () =>
  new BusinessRuleError('This account already has a password; use change-password');

const alreadyRegistered = () =>
  new ConflictError('This e-mail address is already registered', { field: 'email' });

/** Sign-up, sign-in and the session and password endpoints of `/auth` (docs/api.md "Authentication"). */
export class AuthService {
  constructor(
    private readonly deps: AppDeps,
    private readonly otp: OtpService,
    private readonly limits: AbuseLimits,
  ) {}

  /** A signed-in answer: the account and a new session's tokens. */
  async session(account: AccountWithBusiness, method: 'sign-up' | 'password' | 'identity-provider') {
    // The sign-in is in the audit log of the business the session acts for, in the session's transaction.
    const tokens = await this.deps.db.transaction(async (tx) => {
      const issued = await openSession(tx, this.deps.tokens, account.id);
      if (issued.businessId)
        await recordAudit(tx, {
          businessId: issued.businessId,
          actor: { accountId: account.id, email: account.email },
          action: 'account.signed_in',
          target: { type: 'session', id: issued.sessionId },
          details: { method },
        });
      return issued;
    });
    return {
      user: toUserDto({ ...account, businessId: tokens.businessId }),
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
    };
  }

  async signUp(input: SignUpInput) {
    const whatsappNumber = toE164(input.whatsappNumber);
    if (!whatsappNumber)
      throw ValidationError.field(
        'whatsappNumber',
        'Must be a phone number with its country code, e.g. +234...',
      );
    // Answered before hashing: a taken e-mail should not cost an argon2 hash.
    if (await emailTaken(this.deps.db, input.email)) throw alreadyRegistered();
    const referredBy = input.referralCode
      ? await findAffiliateByReferralCode(this.deps.db, input.referralCode)
      : null;
    if (input.referralCode && !referredBy)
      throw ValidationError.field('referralCode', 'Unknown referral code');
    const passwordHash = input.password ? await hashPassword(input.password) : null;

    let issued: IssuedCode | undefined;
    let account: AccountWithBusiness;
    try {
      account = await this.deps.db.transaction(async (tx) => {
        const graph = await insertAccountGraph(tx, {
          name: input.name,
          email: input.email,
          whatsappNumber,
          passwordHash,
          referredBy,
        });
        issued = await this.otp.issue(graph.account.email, 'verify', { db: tx });
        return { ...graph.account, businessId: graph.business.id };
      });
    } catch (err) {
      // Two sign-ups with one e-mail at once: the unique index lets one through, the other lands here.
      if (isUniqueViolation(err)) throw alreadyRegistered();
      throw err;
    }

    sendInBackground(this.deps, authMails.welcome(account.email, account.name));
    if (issued)
      sendInBackground(this.deps, authMails.verification(account.email, issued, this.deps.config.PUBLIC_URL));
    await this.notifyAdmins({
      type: 'account.signed_up',
      title: 'New sign-up',
      message: `${account.name} (${account.email}) created an account.`,
    });
    return this.session(account, 'sign-up');
  }

  async signIn(email: string, password: string) {
    await this.limits.perEmail('signIn', email);
    const account = await findAccountByEmail(this.deps.db, email);
    // An unknown e-mail (or one without a password) costs one argon2 verification like a wrong password,
    // so the answer's timing does not tell which e-mails have accounts.
    const ok = await verifyPassword(account?.passwordHash ?? (await decoyHash()), password);
    if (!account?.passwordHash || !ok) throw new UnauthorizedError('Invalid e-mail or password');
    if (account.deleted) {
      // Signing in again restores a deactivated account (docs/api.md "Authentication").
      const restored = await updateAccount(this.deps.db, account.id, { deleted: false, deletedAt: null });
      return this.session({ ...restored, businessId: account.businessId }, 'password');
    }
    return this.session(account, 'password');
  }

  async signOut(auth: AuthContext): Promise<void> {
    await revokeSession(this.deps.db, auth.sessionId);
    this.deps.sessionSockets.disconnectSession(auth.sessionId);
  }

  async refresh(refreshToken: string | undefined): Promise<{ accessToken: string; refreshToken: string }> {
    if (!refreshToken) throw new UnauthorizedError('A refresh token is required');
    let claims: Awaited<ReturnType<AppDeps['tokens']['verify']>>;
    try {
      claims = await this.deps.tokens.verify(refreshToken, 'refresh');
    } catch (err) {
      if (err instanceof InvalidTokenError && err.reason === 'wrong-type')
        throw new UnauthorizedError('This is not a refresh token');
      throw new UnauthorizedError('Invalid or expired refresh token');
    }
    if (!(await isSessionLive(this.deps.db, claims.sid, claims.sub)))
      throw new UnauthorizedError('Session is no longer valid');
    // Rotation: each refresh token works once. A second use means two parties hold it (one copied it), and
    // nothing tells which is the owner, so the whole session ends and its owner signs in again.
    const count = claims.rc ?? 0;
    if (!(await rotateRefresh(this.deps.db, claims.sid, count))) {
      await revokeSession(this.deps.db, claims.sid);
      this.deps.sessionSockets.disconnectSession(claims.sid);
      this.deps.logger.warn({ accountId: claims.sub, sessionId: claims.sid }, 'refresh token reused');
      throw new UnauthorizedError('This refresh token was already used; sign in again');
    }
    const [accessToken, nextRefresh] = await Promise.all([
      this.deps.tokens.sign({ sub: claims.sub, sid: claims.sid, typ: 'access' }),
      this.deps.tokens.sign({ sub: claims.sub, sid: claims.sid, typ: 'refresh', rc: count + 1 }),
    ]);
    return { accessToken, refreshToken: nextRefresh };
  }

  async checkEmail(email: string): Promise<{ email: string; available: true }> {
    if (await emailTaken(this.deps.db, email)) throw alreadyRegistered();
    return { email, available: true };
  }

  /**
   * A first password turns whoever holds a session into someone who can sign in for good, so it needs a
   * session signed in moments ago (`FRESH_SIGN_IN_MS`), not merely a valid token. The cheap checks come
   * before the argon2 hash.
   */
  async setPassword(auth: AuthContext, password: string) {
    const account = await findAccountById(this.deps.db, auth.accountId);
    if (!account) throw new UnauthorizedError('Session is no longer valid');
    if (account.passwordHash) throw alreadyHasPassword();
    const since = new Date(Date.now() - FRESH_SIGN_IN_MS);
    if (!(await sessionOpenedSince(this.deps.db, auth.sessionId, since)))
      throw new ForbiddenError(
        'Sign in again to set a password: it needs a session opened in the last minutes',
      );
    await this.limits.perEmail('setPassword', auth.email);
    const passwordHash = await hashPassword(password);
    if (!(await setFirstPassword(this.deps.db, auth.accountId, passwordHash))) throw alreadyHasPassword();
    return this.profile(auth.accountId);
  }

  async changePassword(auth: AuthContext, current: string, next: string) {
    const account = await findAccountById(this.deps.db, auth.accountId);
    if (!account?.passwordHash)
      throw new BusinessRuleError('This account has no password yet; use set-password');
    if (current === next) throw new BusinessRuleError('The new password must differ from the current one');
    // Counted before argon2 runs: a stolen session must not be a way to guess the current password.
    await this.limits.perEmail('changePassword', auth.email);
    if (!(await verifyPassword(account.passwordHash, current)))
      throw new UnauthorizedError('Current password is wrong');
    await updateAccount(this.deps.db, account.id, { passwordHash: await hashPassword(next) });
    // Other devices must sign in with the new password; this one stays signed in.
    await revokeOtherSessions(this.deps.db, account.id, auth.sessionId);
    this.deps.sessionSockets.disconnectAccount(account.id, auth.sessionId);
  }

  async profile(accountId: string) {
    const account = await findAccountById(this.deps.db, accountId);
    if (!account) throw new UnauthorizedError('Session is no longer valid');
    return toUserDto(account);
  }

  /** Admin notifications follow a committed change; failing to write one must not fail the request. */
  async notifyAdmins(input: Parameters<Notifier['toAdmins']>[0]): Promise<void> {
    try {
      await this.deps.notifier.toAdmins(input);
    } catch (err) {
      this.deps.logger.error({ err }, 'admin notification not created');
    }
  }
}
