import { createSecretKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 14 * 24 * 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 21 * 24 * 3600;
const ISSUER = 'campaign-messaging';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  /** Account id. */
  sub: string;
  /** Session id (refresh_sessions.id): revoking the session invalidates both tokens. */
  sid: string;
  typ: TokenType;
  /**
   * Refresh tokens only: the session's rotation count when this token was issued. Each refresh issues the
   * next one; presenting an older one again means the token was copied (see `rotateRefresh`).
   */
  rc?: number;
}

export class InvalidTokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid' | 'wrong-type') {
    super(`Token ${reason}`);
  }
}

/** Signs and verifies the service's JWTs (HS256). A refresh token is never accepted as an access token. */
export class TokenService {
  // A KeyObject made once: given raw bytes, jose would import a new key on every verification.
  private readonly key: KeyObject;

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async sign(claims: TokenClaims, ttlSeconds?: number): Promise<string> {
    const ttl =
      ttlSeconds ?? (claims.typ === 'access' ? ACCESS_TOKEN_TTL_SECONDS : REFRESH_TOKEN_TTL_SECONDS);
    const extra = claims.typ === 'refresh' ? { rc: claims.rc ?? 0 } : {};
    return new SignJWT({ sid: claims.sid, typ: claims.typ, ...extra })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .sign(this.key);
  }

  /**
   * Tokens whose signature was already checked, with their claims: a client sends the same token on every
   * request, and the signature check (WebCrypto under jose) is a large share of a cheap request's CPU. A token
   * is immutable, so its verdict cannot change; expiry is still checked on every use. Bounded, oldest out.
   */
  private readonly verified = new Map<string, TokenClaims & { exp: number }>();
  private static readonly CACHE_SIZE = 10_000;

  async verify(token: string, expected: TokenType): Promise<TokenClaims> {
    const known = this.verified.get(token);
    if (known && known.exp * 1000 > Date.now()) {
      if (known.typ !== expected) throw new InvalidTokenError('wrong-type');
      return {
        sub: known.sub,
        sid: known.sid,
        typ: known.typ,
        ...(known.rc === undefined ? {} : { rc: known.rc }),
      };
    }
    if (known) this.verified.delete(token);
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] }));
    } catch (err) {
      throw new InvalidTokenError(err instanceof errors.JWTExpired ? 'expired' : 'invalid');
    }
    const { sub, sid, typ, exp } = payload;
    const rc = typeof payload.rc === 'number' ? payload.rc : undefined;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') {
      throw new InvalidTokenError('invalid');
    }
    if (typ !== 'access' && typ !== 'refresh') throw new InvalidTokenError('invalid');
    if (this.verified.size >= TokenService.CACHE_SIZE) {
      this.verified.delete(this.verified.keys().next().value!);
    }
    this.verified.set(token, { sub, sid, typ, exp, ...(rc === undefined ? {} : { rc }) });
    if (typ !== expected) throw new InvalidTokenError('wrong-type');
    return { sub, sid, typ: expected, ...(rc === undefined ? {} : { rc }) };
  }
}
