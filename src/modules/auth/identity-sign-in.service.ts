import type { AppDeps } from '../../deps.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { UnauthorizedError, UpstreamError } from '../../platform/http/errors.js';
import { type IdentityProfile, IdentityProviderError } from '../../providers/identity/identity.port.js';
import { clearUnprovedSignUp } from '../business/index.js';
import {
  type AccountChanges,
  type AccountWithBusiness,
  findAccountByEmail,
  findAccountBySubject,
  updateAccount,
} from './account.repository.js';
import { authMails, sendInBackground } from './auth.mails.js';
import type { AuthService } from './auth.service.js';
import type { IssuedCode, OtpService } from './otp.service.js';
import { insertAccountGraph } from './registration.repository.js';
import { revokeAllSessions } from './sessions.js';

/**
 * Who the identity provider says holds an authorisation code: a rejected code is the client's (401), any
 * other failure the provider's (502). Also how an invitation is accepted with the identity provider.
 */
export async function identityProfileFromCode(
  deps: Pick<AppDeps, 'identity' | 'logger'>,
  code: string,
): Promise<IdentityProfile> {
  try {
    return await deps.identity.profileFromCode(code);
  } catch (err) {
    // RFC 6749 5.2: invalid_grant is a bad code from the client (like a wrong OTP), not a provider failure.
    if (err instanceof IdentityProviderError && err.codeRejected)
      throw new UnauthorizedError('Invalid or expired authorisation code');
    if (err instanceof IdentityProviderError) throw new UpstreamError(err.message);
    deps.logger.error({ err }, 'identity provider adapter failed');
    throw new UpstreamError('Identity provider sign-in failed');
  }
}

/** `POST /oauth/identity-provider-sign-in`: the provider vouches for the person; we open a session. */
export class IdentitySignInService {
  constructor(
    private readonly deps: AppDeps,
    private readonly auth: AuthService,
    private readonly otp: OtpService,
  ) {}

  async signIn(code: string) {
    const profile = await this.profile(code);
    let account: AccountWithBusiness;
    try {
      account = await this.findOrCreate(profile);
    } catch (err) {
      // The same person signing in twice at once (or signing up meanwhile) met a unique index (e-mail or
      // provider subject): the other request stored the account first, so look again and use it.
      if (!isUniqueViolation(err)) throw err;
      account = await this.findOrCreate(profile);
    }
    return this.auth.session(account, 'identity-provider');
  }

  private async findOrCreate(profile: IdentityProfile): Promise<AccountWithBusiness> {
    const known =
      (await findAccountBySubject(this.deps.db, profile.subject)) ??
      (await findAccountByEmail(this.deps.db, profile.email));
    return known ? this.update(known, profile) : this.create(profile);
  }

  private profile(code: string): Promise<IdentityProfile> {
    return identityProfileFromCode(this.deps, code);
  }

  private async update(account: AccountWithBusiness, profile: IdentityProfile) {
    const linked = account.identityProviderSubject === profile.subject;
    // Taking over an existing account by e-mail needs the provider to vouch for that e-mail, and the
    // account must not be linked to another identity already.
    if (!linked && (!profile.emailVerified || account.identityProviderSubject))
      throw new UnauthorizedError(
        'This e-mail address belongs to an account that cannot be signed in with this identity',
      );
    // Anyone can sign up with any address. Until the e-mail was proved, whoever created the account may not
    // be its owner, so the provider's verified owner takes it over alone: no password, no other session.
    const lockOutCreator = !linked && !account.verified;
    const changes: AccountChanges = {
      name: profile.name,
      avatarUrl: profile.avatarUrl ?? account.avatarUrl,
      identityProviderSubject: profile.subject,
      verified: account.verified || (profile.emailVerified && profile.email === account.email),
      // Signing in again restores a deactivated account, whichever way the person signs in.
      deleted: false,
      deletedAt: null,
      ...(lockOutCreator ? { passwordHash: null, whatsappNumber: null } : {}),
    };
    const updated = await this.deps.db.transaction(async (tx) => {
      const row = await updateAccount(tx, account.id, changes);
      if (lockOutCreator) {
        await revokeAllSessions(tx, account.id);
        if (account.businessId) await clearUnprovedSignUp(tx, account.businessId);
      }
      return row;
    });
    if (lockOutCreator) this.deps.sessionSockets.disconnectAccount(account.id);
    return { ...updated, businessId: account.businessId };
  }

  private async create(profile: IdentityProfile): Promise<AccountWithBusiness> {
    let issued: IssuedCode | null = null;
    const account = await this.deps.db.transaction(async (tx) => {
      const graph = await insertAccountGraph(tx, {
        name: profile.name,
        email: profile.email,
        avatarUrl: profile.avatarUrl,
        verified: profile.emailVerified,
        identityProviderSubject: profile.subject,
      });
      if (!profile.emailVerified) issued = await this.otp.issue(graph.account.email, 'verify', { db: tx });
      return { ...graph.account, businessId: graph.business.id };
    });
    sendInBackground(this.deps, authMails.welcome(account.email, account.name));
    if (issued)
      sendInBackground(this.deps, authMails.verification(account.email, issued, this.deps.config.PUBLIC_URL));
    await this.auth.notifyAdmins({
      type: 'account.signed_up',
      title: 'New sign-up',
      message: `${account.name} (${account.email}) created an account with the identity provider.`,
    });
    return account;
  }
}
