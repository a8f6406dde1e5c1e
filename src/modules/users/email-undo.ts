import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** How long the old address can undo an e-mail change. */
export const EMAIL_UNDO_TTL_MS = 7 * 24 * 3600_000;

/** What an undo link carries: which change, and what the account looked like when it was made. */
export interface EmailUndoClaims {
  accountId: string;
  oldEmail: string;
  newEmail: string;
  /** Fingerprints of the password hash and identity link at the change: a later change is undone too. */
  password: string;
  identity: string;
  /** Expiry, epoch milliseconds. */
  exp: number;
}

/** A short digest of a credential, so the link never carries the credential itself. */
export const fingerprint = (value: string | null) =>
  createHash('sha256')
    .update(value ?? '')
    .digest('base64url')
    .slice(0, 16);

/**
 * Signed, self-contained undo links (HMAC under a key derived from the JWT secret for this purpose only).
 * Nothing is stored: a link stops working once the account's address is no longer the one it changed to,
 * which also makes it single-use.
 */
export class EmailUndoTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'email-undo', 'users-email-undo', 32));
  }

  issue(claims: Omit<EmailUndoClaims, 'exp'>, now = Date.now()): string {
    const body = Buffer.from(JSON.stringify({ ...claims, exp: now + EMAIL_UNDO_TTL_MS })).toString(
      'base64url',
    );
    return `${body}.${this.sign(body)}`;
  }

  /** The claims of a genuine, unexpired link, or null. */
  open(token: string): EmailUndoClaims | null {
    const [body, mac, ...rest] = token.split('.');
    if (!body || !mac || rest.length) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as EmailUndoClaims;
      return typeof claims.exp === 'number' && claims.exp > Date.now() ? claims : null;
    } catch {
      return null;
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
