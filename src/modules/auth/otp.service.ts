import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db/client.js';
import { TooManyRequestsError } from '../../platform/http/errors.js';
import {
  addFailedAttempt,
  clearFailures,
  deleteLiveOtp,
  liveOtpWithHash,
  lockOtp,
  upsertOtp,
} from './otp.repository.js';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_PATTERN = /^\d{6}$/;

/**
 * Backoff once an address has used up one code's worth of wrong guesses: the n-th failure past that blocks
 * it for 30 s × 2^n, at most an hour. About 30 guesses a day then, against a million codes; a right guess
 * (by the owner, who holds the e-mailed code) clears it.
 */
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;
export function backoffAfter(failures: number): number | null {
  if (failures < OTP_MAX_ATTEMPTS) return null;
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - OTP_MAX_ATTEMPTS));
}

const blocked = (until: Date) =>
  new TooManyRequestsError(
    'Too many wrong codes for this e-mail address, try again later',
    Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)),
  );

/**
 * One-time codes (docs/api.md "Authentication"): 6 digits from the CSPRNG, stored only as an HMAC under a key derived
 * from JWT_SECRET (a leaked table does not give the codes away: a million candidates are nothing without
 * the key), one record per e-mail, valid 10 minutes, dead after 5 wrong tries.
 */
export class OtpService {
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    secret: string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'otp-code-hash', 'verification-tokens', 32));
  }

  hash(code: string): string {
    return createHmac('sha256', this.key).update(code).digest('hex');
  }

  /**
   * A new code for `email`, replacing any earlier one. The code is drawn again while another live record
   * holds the same one, so a code-only lookup (verify-code without e-mail) names one record. `db` may be
   * a transaction (sign-up creates the record with the account).
   */
  async issue(email: string, db: Db = this.db): Promise<string> {
    let code = '';
    for (let tries = 0; tries < 5; tries++) {
      code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      if (!(await liveOtpWithHash(db, this.hash(code), OTP_MAX_ATTEMPTS, email))) break;
    }
    await upsertOtp(db, email, this.hash(code), new Date(Date.now() + OTP_TTL_MS));
    return code;
  }

  /**
   * Whether `code` is the live code of `email`, without consuming it. A wrong code uses up one of the
   * record's attempts and counts against the address (see `backoffAfter`); the check runs under the row
   * lock, so concurrent guesses are counted one by one. While the address is blocked, nothing is compared
   * and the answer is a 429.
   */
  async check(email: string, code: string): Promise<boolean> {
    if (!OTP_PATTERN.test(code)) return false;
    const given = Buffer.from(this.hash(code), 'hex');
    const outcome = await this.db.transaction(async (tx) => {
      const row = await lockOtp(tx, email);
      if (!row) return { ok: false } as const;
      if (row.blockedUntil && row.blockedUntil.getTime() > Date.now())
        return { ok: false, blockedUntil: row.blockedUntil } as const;
      if (row.expiresAt.getTime() <= Date.now() || row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false };
      if (timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) {
        if (row.failures > 0) await clearFailures(tx, row.id);
        return { ok: true } as const;
      }
      const backoff = backoffAfter(row.failures + 1);
      await addFailedAttempt(tx, row.id, backoff === null ? null : new Date(Date.now() + backoff));
      return { ok: false } as const;
    });
    if ('blockedUntil' in outcome && outcome.blockedUntil) throw blocked(outcome.blockedUntil);
    return outcome.ok;
  }

  /** Consumes the code inside the caller's transaction (with the effect it unlocks); false if it is gone. */
  consumeIn(tx: Db, email: string, code: string): Promise<boolean> {
    return deleteLiveOtp(tx, email, this.hash(code), OTP_MAX_ATTEMPTS);
  }

  /** Whether some live record holds `code` (verify-code without e-mail; see docs/decisions/accounts.md). */
  async existsLive(code: string): Promise<boolean> {
    if (!OTP_PATTERN.test(code)) return false;
    return liveOtpWithHash(this.db, this.hash(code), OTP_MAX_ATTEMPTS);
  }
}
