import type { AppDeps } from '../../deps.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { AuthContext } from '../../platform/auth/principal.js';
import { BusinessRuleError, UnauthorizedError, ValidationError } from '../../platform/http/errors.js';
import { clearUnprovedSignUp } from '../business/index.js';
import { findAccountByEmail, updateAccount } from './account.repository.js';
import type { AbuseLimits } from './auth.limits.js';
import { authMails, sendInBackground } from './auth.mails.js';
import type { AuthService } from './auth.service.js';
import type { OtpService } from './otp.service.js';
import { revokeAllSessions } from './sessions.js';

const invalidCode = () => new UnauthorizedError('Invalid or expired code');
// A 400 on the field, not the typed code's 401: a token cannot be guessed, so it counts against nothing.
const invalidLink = () =>
  ValidationError.field('token', 'This link is invalid, used or expired; ask for a new e-mail');

/**
 * The typed code (with the e-mail where the route asks for it) or the token of the mail's link; the
 * route's schema lets exactly one form through.
 */
export interface CodeOrToken {
  email?: string;
  code?: string;
  token?: string;
}

/** The one-time-code endpoints: send-code, verify-code, verify-email, forgot-password, reset-password. */
export class CodesService {
  constructor(
    private readonly deps: AppDeps,
    private readonly otp: OtpService,
    private readonly limits: AbuseLimits,
    private readonly auth: AuthService,
  ) {}

  /** Sends a code to any address, registered or not: an e-mail change proves the new address this way. */
  async sendCode(email: string, client: string): Promise<void> {
    // The verify-email page a link opens confirms the signed-in account's own address; any other address (an
    // e-mail change's new one) gets the code alone, so no mail carries a link that cannot work.
    const account = await findAccountByEmail(this.deps.db, email);
    const ownVerification = account !== null && !account.verified;
    const issued = await this.otp.issue(email, 'verify', { client });
    sendInBackground(
      this.deps,
      ownVerification
        ? authMails.verification(email, issued, this.deps.config.PUBLIC_URL)
        : authMails.addressCode(email, issued),
    );
  }

  /**
   * Checks a code without consuming it (docs/api.md "Authentication"); see docs/decisions/accounts.md for the code-only form.
   */
  async verifyCode(code: string, email: string | undefined, ip: string): Promise<{ valid: true }> {
    if (email) {
      if (!(await this.otp.check(email, code, ip))) throw invalidCode();
      return { valid: true };
    }
    const giveBack = await this.limits.reserveCodeOnlyGuess(ip);
    if (!(await this.otp.existsLive(code))) throw invalidCode();
    await giveBack();
    return { valid: true };
  }

  async verifyEmail(auth: AuthContext, proof: CodeOrToken, client: string) {
    if (auth.verified) throw new BusinessRuleError('This e-mail address is already verified');
    const { code = '', token } = proof;
    if (token === undefined && !(await this.otp.check(auth.email, code, client))) throw invalidCode();
    await this.deps.db.transaction(async (tx) => {
      if (token !== undefined) {
        // The link must be this account's: another address's verification link verifies nothing here.
        if (!(await this.otp.consumeLinkIn(tx, token, 'verify', auth.email))) throw invalidLink();
      } else if (!(await this.otp.consumeIn(tx, auth.email, code))) throw invalidCode();
      await updateAccount(tx, auth.accountId, { verified: true });
    });
    const user = await this.auth.profile(auth.accountId);
    await this.auth.notifyAdmins({
      type: 'account.email_verified',
      title: 'E-mail verified',
      message: `${user.name} (${user.email}) verified their e-mail address.`,
    });
    return user;
  }

  /**
   * An unknown address is a 400 (docs/api.md): the public check-email already tells whether an address
   * is registered, so a uniform answer here would hide nothing.
   */
  async forgotPassword(email: string, client: string): Promise<void> {
    const account = await findAccountByEmail(this.deps.db, email);
    if (!account) throw ValidationError.field('email', 'No account uses this e-mail address');
    const issued = await this.otp.issue(email, 'reset', { client });
    sendInBackground(this.deps, authMails.passwordReset(account.email, issued, this.deps.config.PUBLIC_URL));
  }

  async resetPassword(proof: CodeOrToken, password: string, client: string): Promise<void> {
    const { token, code = '' } = proof;
    let email: string;
    if (token !== undefined) {
      const owner = await this.otp.emailOfLink(token, 'reset');
      if (!owner) throw invalidLink();
      email = owner;
    } else {
      email = proof.email ?? '';
      if (!(await this.otp.check(email, code, client))) throw invalidCode();
    }
    const invalid = token !== undefined ? invalidLink : invalidCode;
    const account = await findAccountByEmail(this.deps.db, email);
    if (!account) throw invalid();
    // Refused before the code is consumed, so the user can try again with another password.
    if (account.passwordHash && (await verifyPassword(account.passwordHash, password)))
      throw new BusinessRuleError('The new password must differ from the current one');
    const passwordHash = await hashPassword(password);
    await this.deps.db.transaction(async (tx) => {
      const used =
        token !== undefined
          ? (await this.otp.consumeLinkIn(tx, token, 'reset', email)) !== null
          : await this.otp.consumeIn(tx, email, code);
      if (!used) throw invalid();
      await updateAccount(tx, account.id, {
        passwordHash,
        // The code proved the mailbox, which is what e-mail verification proves too.
        verified: true,
        // An identity linked while the e-mail was unproved was vouched for by nobody (the provider had not
        // verified it either): the mailbox's owner, now proved, must not share the account with it.
        // What the unproved sign-up set goes too (its phone number here, referral and profile below).
        ...(account.verified ? {} : { identityProviderSubject: null, whatsappNumber: null }),
      });
      if (!account.verified && account.businessId) await clearUnprovedSignUp(tx, account.businessId);
      await revokeAllSessions(tx, account.id);
    });
    this.deps.sessionSockets.disconnectAccount(account.id);
  }
}
