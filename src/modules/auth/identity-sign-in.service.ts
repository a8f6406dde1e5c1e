import type { AppDeps } from '../../deps.js';
import { UnauthorizedError, UpstreamError } from '../../platform/http/errors.js';
import { type IdentityProfile, IdentityProviderError } from '../../providers/identity/identity.port.js';
import {
  type AccountWithBusiness,
  findAccountByEmail,
  findAccountBySubject,
  isUniqueViolation,
  updateAccount,
} from './account.repository.js';
import { authMails, sendInBackground } from './auth.mails.js';
import type { AuthService } from './auth.service.js';
import type { OtpService } from './otp.service.js';
import { insertAccountGraph } from './registration.repository.js';

/** `POST /oauth/identity-provider-sign-in`: the provider vouches for the person; we open a session. */
export class IdentitySignInService {
  constructor(
    private readonly deps: AppDeps,
    private readonly auth: AuthService,
    private readonly otp: OtpService,
  ) {}

  async signIn(code: string) {
    const profile = await this.profile(code);
    const known =
      (await findAccountBySubject(this.deps.db, profile.subject)) ??
      (await findAccountByEmail(this.deps.db, profile.email));
    const account = known ? await this.update(known, profile) : await this.create(profile);
    return this.auth.session(account);
  }

  private async profile(code: string): Promise<IdentityProfile> {
    try {
      return await this.deps.identity.profileFromCode(code);
    } catch (err) {
      // RFC 6749 5.2: invalid_grant is a bad code from the client (like a wrong OTP), not a provider failure.
      if (err instanceof IdentityProviderError && err.codeRejected)
        throw new UnauthorizedError('Invalid or expired authorisation code');
      if (err instanceof IdentityProviderError) throw new UpstreamError(err.message);
      this.deps.logger.error({ err }, 'identity provider adapter failed');
      throw new UpstreamError('Identity provider sign-in failed');
    }
  }

  private async update(account: AccountWithBusiness, profile: IdentityProfile) {
    const linked = account.identityProviderSubject === profile.subject;
    // Taking over an existing account by e-mail needs the provider to vouch for that e-mail, and the
    // account must not be linked to another identity already.
    if (!linked && (!profile.emailVerified || account.identityProviderSubject))
      throw new UnauthorizedError(
        'This e-mail address belongs to an account that cannot be signed in with this identity',
      );
    const changes = {
      name: profile.name,
      avatarUrl: profile.avatarUrl ?? account.avatarUrl,
      identityProviderSubject: profile.subject,
      verified: account.verified || (profile.emailVerified && profile.email === account.email),
      // Signing in again restores a deactivated account, whichever way the person signs in.
      deleted: false,
      deletedAt: null,
    };
    const updated = await updateAccount(this.deps.db, account.id, changes);
    return { ...updated, businessId: account.businessId };
  }

  private async create(profile: IdentityProfile): Promise<AccountWithBusiness> {
    let code: string | null = null;
    let account: AccountWithBusiness;
    try {
      account = await this.deps.db.transaction(async (tx) => {
        const graph = await insertAccountGraph(tx, {
          name: profile.name,
          email: profile.email,
          avatarUrl: profile.avatarUrl,
          verified: profile.emailVerified,
          identityProviderSubject: profile.subject,
        });
        if (!profile.emailVerified) code = await this.otp.issue(graph.account.email, tx);
        return { ...graph.account, businessId: graph.business.id };
      });
    } catch (err) {
      // The same person signing in twice at once (or signing up meanwhile): use the account that won.
      const winner = isUniqueViolation(err) ? await findAccountByEmail(this.deps.db, profile.email) : null;
      if (!winner) throw err;
      return this.update(winner, profile);
    }
    sendInBackground(this.deps, authMails.welcome(account.email, account.name));
    if (code) sendInBackground(this.deps, authMails.verification(account.email, code));
    await this.auth.notifyAdmins({
      type: 'account.signed_up',
      title: 'New sign-up',
      message: `${account.name} (${account.email}) created an account with the identity provider.`,
    });
    return account;
  }
}
