export interface IdentityProfile {
  /** The provider's stable subject id. */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  avatarUrl: string | null;
}

/** OAuth 2.0 authorisation-code sign-in: exchange the code, read the user-info endpoint. */
export interface IdentityPort {
  profileFromCode(code: string): Promise<IdentityProfile>;
}

export class IdentityProviderError extends Error {
  constructor(
    message: string,
    /** The provider refused the code itself (`invalid_grant`: unknown, used or expired): the client's error. */
    readonly codeRejected = false,
  ) {
    super(message);
    this.name = 'IdentityProviderError';
  }
}
