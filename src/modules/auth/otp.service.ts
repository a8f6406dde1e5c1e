import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db/client.js';
import { TooManyRequestsError } from '../../platform/http/errors.js';
import { clientNetwork } from '../../platform/net/client-network.js';
import type { LimitRule, RateLimiter } from '../../platform/rate-limit.js';
import {
  addFailedAttempt,
  deleteByLink,
  deleteLiveOtp,
  emailOfLink,
  type LinkPurpose,
  liveOtpWithHash,
  lockOtp,
  replaceLink,
  upsertOtp,
  windowEnd,
} from './otp.repository.js';

export type { LinkPurpose } from './otp.repository.js';

/** What a mail carries: the code (null in a link-only mail) and the link's single-use token. */
export interface IssuedCode {
  code: string | null;
  token: string;
}

/** 256 bits from the CSPRNG, URL-safe: no budget is needed against guessing it. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_PATTERN = /^\d{6}$/;
const HOUR_MS = 3600_000;

/**
 * The code rule's budgets (docs/decisions/accounts.md, "How are one-time codes kept from being guessed
 * without letting a stranger lock the owner out?"). Each is per e-mail address and hour; a client is the
 * request's address as the service resolves it (TRUST_PROXY), an IPv6 one counted by its /64
 * (`clientNetwork`). They hold even with RATE_LIMIT_ENABLED=false.
 *
 * - One client's wrong codes stop that client only: a stranger's guesses never touch the owner's client.
 * - All clients' wrong codes together are capped, which bounds guessing however many clients guess:
 *   WRONG_CODES_PER_HOUR × 24 a day against a million codes.
 * - One client's sends stop that client only; all clients' sends together are capped well above that, so a
 *   stranger needs several clients every hour to keep the owner from a new code (and the owner still holds
 *   the code last mailed).
 * - Past the address's codes, a client with sends left still gets a link-only mail (a link cannot be
 *   guessed), up to `linksPerHour` of them: a stranger needs 10 clients an hour to stop new mails too.
 */
export const OTP_BUDGET = {
  wrongCodesPerClient: 6,
  wrongCodesPerHour: 30,
  codesPerClient: 3,
  codesPerHour: 10,
  linksPerHour: 20,
} as const;

const perClient = (max: number): LimitRule => ({ max, windowMs: HOUR_MS });

// Counter keys carry digests: the counters store holds neither e-mail addresses nor client addresses.
const digest = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);
const clientKey = (what: 'sent' | 'wrong', email: string, client: string) =>
  `otp:${what}:${digest(email)}:${digest(clientNetwork(client))}`;

const linkHash = (token: string) => createHash('sha256').update(token).digest('hex');

const secondsUntil = (at: Date) => Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000));

/**
 * One-time codes (docs/api.md "Authentication"): 6 digits from the CSPRNG, stored only as an HMAC under a key derived
 * from JWT_SECRET (a leaked table does not give the codes away: a million candidates are nothing without
 * the key), one record per e-mail, valid 10 minutes, checked within the budgets above.
 */
export class OtpService {
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    secret: string,
    /** Counts per client (Redis when configured); the address-wide counts live in the record itself. */
    private readonly limiter: RateLimiter,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'otp-code-hash', 'verification-tokens', 32));
  }

  hash(code: string): string {
    return createHmac('sha256', this.key).update(code).digest('hex');
  }

  /**
   * A new code for `email`, replacing any earlier one. The code is drawn again while another live record
   * holds the same one, so a code-only lookup (verify-code without e-mail) names one record. `db` may be
   * a transaction (sign-up creates the record with the account). `client` is the requester when a request
   * asks for the code by address (send-code, forgot-password); sign-up registers an address once.
   */
  async issue(
    email: string,
    purpose: LinkPurpose,
    { client, db = this.db }: { client?: string; db?: Db } = {},
  ): Promise<IssuedCode> {
    const key = client === undefined ? null : clientKey('sent', email, client);
    if (key) {
      const sent = await this.limiter.hit(key, perClient(OTP_BUDGET.codesPerClient));
      if (!sent.allowed) {
        await this.limiter.release(key);
        throw new TooManyRequestsError(
          'Too many codes asked for this e-mail address from here; use the last one sent, or try again later',
          sent.retryAfterSeconds,
        );
      }
    }
    let code = '';
    for (let tries = 0; tries < 5; tries++) {
      code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      if (!(await liveOtpWithHash(db, this.hash(code), OTP_BUDGET.wrongCodesPerHour, email))) break;
    }
    const token = randomBytes(32).toString('base64url');
    const link = { hash: linkHash(token), purpose };
    const expiresAt = new Date(Date.now() + OTP_TTL_MS);
    const sent = await upsertOtp(db, email, this.hash(code), link, expiresAt, OTP_BUDGET.codesPerHour);
    if (!sent.ok) {
      // The owner's way past a many-client stranger: a link, which no budget of guesses needs to protect.
      if (key && (await replaceLink(db, email, link, expiresAt, OTP_BUDGET.linksPerHour)))
        return { code: null, token };
      if (key) await this.limiter.release(key);
      throw new TooManyRequestsError(
        'Too many codes sent to this e-mail address this hour; use the last one sent, or try again later',
        secondsUntil(sent.windowEndsAt),
      );
    }
    return { code, token };
  }

  /** The address a live link of this purpose belongs to; null for any other token (counted nowhere). */
  emailOfLink(token: string, purpose: LinkPurpose): Promise<string | null> {
    if (!LINK_TOKEN_PATTERN.test(token)) return Promise.resolve(null);
    return emailOfLink(this.db, linkHash(token), purpose);
  }

  /**
   * Uses the link inside the caller's transaction: the record goes, code included. `email`, when given,
   * must be the link's address. Returns that address, or null when the link is not live for this use.
   */
  consumeLinkIn(tx: Db, token: string, purpose: LinkPurpose, email?: string): Promise<string | null> {
    if (!LINK_TOKEN_PATTERN.test(token)) return Promise.resolve(null);
    return deleteByLink(tx, linkHash(token), purpose, email);
  }

  /**
   * Whether `code` is the live code of `email`, without consuming it. A wrong code counts against
   * `client`'s budget and the address's, both before the comparison (so concurrent guesses cannot slip
   * past) and given back when the code was right or there was nothing to compare with. Past either budget
   * the answer is a 429, whatever the code. The address's count runs under the record's row lock.
   */
  async check(email: string, code: string, client: string): Promise<boolean> {
    if (!OTP_PATTERN.test(code)) return false;
    const key = clientKey('wrong', email, client);
    const spent = await this.limiter.hit(key, perClient(OTP_BUDGET.wrongCodesPerClient));
    let wrong = false;
    try {
      if (!spent.allowed)
        throw new TooManyRequestsError(
          'Too many wrong codes for this e-mail address from here; try again later',
          spent.retryAfterSeconds,
        );
      const given = Buffer.from(this.hash(code), 'hex');
      return await this.db.transaction(async (tx) => {
        const row = await lockOtp(tx, email);
        if (!row || row.expiresAt.getTime() <= Date.now()) return false;
        const windowEndsAt = windowEnd(row.windowStartedAt);
        if (row.attempts >= OTP_BUDGET.wrongCodesPerHour && windowEndsAt.getTime() > Date.now())
          throw new TooManyRequestsError(
            'Too many wrong codes for this e-mail address; try again later',
            secondsUntil(windowEndsAt),
          );
        if (timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) return true;
        await addFailedAttempt(tx, row.id);
        wrong = true;
        return false;
      });
    } finally {
      if (!wrong) await this.limiter.release(key);
    }
  }

  /** Consumes the code inside the caller's transaction (with the effect it unlocks); false if it is gone. */
  consumeIn(tx: Db, email: string, code: string): Promise<boolean> {
    return deleteLiveOtp(tx, email, this.hash(code), OTP_BUDGET.wrongCodesPerHour);
  }

  /** Whether some live record holds `code` (verify-code without e-mail; see docs/decisions/accounts.md). */
  async existsLive(code: string): Promise<boolean> {
    if (!OTP_PATTERN.test(code)) return false;
    return liveOtpWithHash(this.db, this.hash(code), OTP_BUDGET.wrongCodesPerHour);
  }
}
