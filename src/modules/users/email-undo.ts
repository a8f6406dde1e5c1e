import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** How long the old address can undo an e-mail change. */
export const EMAIL_UNDO_TTL_MS = 7 * 24 * 3600_000;

/** What an undo link carries: which change (its record holds the rest). */
export interface EmailUndoClaims {
  accountId: string;
  changeId: string;
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
 * Signed undo links (HMAC under a key derived from the JWT secret for this purpose only) naming an
 * `email_changes` record; the record says whether the link still undoes anything.
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
      const wellFormed =
        typeof claims.accountId === 'string' &&
        typeof claims.changeId === 'string' &&
        typeof claims.exp === 'number';
      return wellFormed && claims.exp > Date.now() ? claims : null;
    } catch {
      return null;
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
