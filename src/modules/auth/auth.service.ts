import type { AppDeps } from '../../deps.js';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { AuthContext } from '../../platform/auth/principal.js';
import { openSession, revokeSession } from '../../platform/auth/sessions.js';
import { InvalidTokenError } from '../../platform/auth/tokens.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import {
  BusinessRuleError,
  ConflictError,
  UnauthorizedError,
  ValidationError,
} from '../../platform/http/errors.js';
import { toE164 } from '../contacts/phone.js';
import type { Notifier } from '../notifications/notifier.js';
import { toUserDto } from './account.dto.js';
import {
  type AccountWithBusiness,
  emailTaken,
  findAccountByEmail,
  findAccountById,
  findAffiliateByReferralCode,
  isSessionLive,
  revokeOtherSessions,
  setFirstPassword,
  updateAccount,
} from './account.repository.js';
import type { AbuseLimits } from './auth.limits.js';
import { authMails, sendInBackground } from './auth.mails.js';
import type { OtpService } from './otp.service.js';
import { insertAccountGraph } from './registration.repository.js';

export interface SignUpInput {
  name: string;
  email: string;
  whatsappNumber: string;
  password?: string;
  referralCode?: string;
}

const alreadyRegistered = () =>
  new ConflictError('This e-mail address is already registered', { field: 'email' });

/** Sign-up, sign-in and the session and password endpoints of SPEC.md "Auth". */
export class AuthService {
  constructor(
    private readonly deps: AppDeps,
    private readonly otp: OtpService,
    private readonly limits: AbuseLimits,
  ) {}

  /** A signed-in answer: the account and a new session's tokens. */
  async session(account: AccountWithBusiness) {
    const tokens = await openSession(this.deps.db, this.deps.tokens, account.id);
    return { user: toUserDto(account), accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
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

    let code = '';
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
        code = await this.otp.issue(graph.account.email, tx);
        return { ...graph.account, businessId: graph.business.id };
      });
    } catch (err) {
      // Two sign-ups with one e-mail at once: the unique index lets one through, the other lands here.
      if (isUniqueViolation(err)) throw alreadyRegistered();
      throw err;
    }

    sendInBackground(this.deps, authMails.welcome(account.email, account.name));
    sendInBackground(this.deps, authMails.verification(account.email, code));
    await this.notifyAdmins({
      type: 'account.signed_up',
      title: 'New sign-up',
      message: `${account.name} (${account.email}) created an account.`,
    });
    return this.session(account);
  }

  async signIn(email: string, password: string) {
    await this.limits.perEmail('signIn', email);
    const account = await findAccountByEmail(this.deps.db, email);
    // An unknown e-mail (or one without a password) costs one argon2 verification like a wrong password,
    // so the answer's timing does not tell which e-mails have accounts.
    const ok = await verifyPassword(account?.passwordHash ?? (await decoyHash()), password);
    if (!account?.passwordHash || !ok) throw new UnauthorizedError('Invalid e-mail or password');
    if (account.deleted) {
      // Signing in again restores a deactivated account (SPEC.md "States and transitions").
      const restored = await updateAccount(this.deps.db, account.id, { deleted: false, deletedAt: null });
      return this.session({ ...restored, businessId: account.businessId });
    }
    return this.session(account);
  }

  async signOut(auth: AuthContext): Promise<void> {
    await revokeSession(this.deps.db, auth.sessionId);
    this.deps.sessionSockets.disconnectSession(auth.sessionId);
  }

  async refresh(refreshToken: string): Promise<{ accessToken: string }> {
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
    // The new access token belongs to the same session: signing out still ends it.
    const accessToken = await this.deps.tokens.sign({ sub: claims.sub, sid: claims.sid, typ: 'access' });
    return { accessToken };
  }

  async checkEmail(email: string): Promise<{ email: string; available: true }> {
    if (await emailTaken(this.deps.db, email)) throw alreadyRegistered();
    return { email, available: true };
  }

  async setPassword(auth: AuthContext, password: string) {
    const passwordHash = await hashPassword(password);
    if (!(await setFirstPassword(this.deps.db, auth.accountId, passwordHash)))
      throw new BusinessRuleError('This account already has a password; use change-password');
    return this.profile(auth.accountId);
  }

  async changePassword(auth: AuthContext, current: string, next: string) {
    const account = await findAccountById(this.deps.db, auth.accountId);
    if (!account?.passwordHash)
      throw new BusinessRuleError('This account has no password yet; use set-password');
    if (!(await verifyPassword(account.passwordHash, current)))
      throw new UnauthorizedError('Current password is wrong');
    if (current === next) throw new BusinessRuleError('The new password must differ from the current one');
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
