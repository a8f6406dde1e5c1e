import { type IdentityPort, type IdentityProfile, IdentityProviderError } from './identity.port.js';

/** Identity sign-in when IDENTITY_PROVIDER_* are unset: a clear 500 (docs/api.md "Authentication"). */
export class UnconfiguredIdentityAdapter implements IdentityPort {
  async profileFromCode(): Promise<IdentityProfile> {
    throw new IdentityProviderError(
      'Identity provider sign-in is not configured (set IDENTITY_PROVIDER_CLIENT_ID, _CLIENT_SECRET, _REDIRECT_URI, _TOKEN_URL and _USERINFO_URL)',
    );
  }
}
