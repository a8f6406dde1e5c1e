import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db/client.js';
import { TooManyRequestsError } from '../../platform/http/errors.js';
import { addFailedAttempt, deleteLiveOtp, liveOtpWithHash, lockOtp, upsertOtp } from './otp.repository.js';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_PATTERN = /^\d{6}$/;

/**
 * New codes per address and hour. With `OTP_MAX_ATTEMPTS` wrong guesses killing a code, nobody makes more
 * than CODES_PER_HOUR × OTP_MAX_ATTEMPTS guesses an hour against one address (see docs/decisions/security.md),
 * and wrong guesses never carry over to the next code: a stranger's guesses cannot keep the owner, who holds
 * the code just mailed, from using it.
 */
export const CODES_PER_HOUR = 4;

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
    const sent = await upsertOtp(
      db,
      email,
      this.hash(code),
      new Date(Date.now() + OTP_TTL_MS),
      CODES_PER_HOUR,
    );
    if (!sent.ok)
      throw new TooManyRequestsError(
        'Too many codes sent to this e-mail address this hour; use the last one sent, or try again later',
        Math.max(1, Math.ceil((sent.windowEndsAt.getTime() - Date.now()) / 1000)),
      );
    return code;
  }

  /**
   * Whether `code` is the live code of `email`, without consuming it. A wrong code uses up one of the
   * record's attempts; the check runs under the row lock, so concurrent guesses are counted one by one.
   */
  async check(email: string, code: string): Promise<boolean> {
    if (!OTP_PATTERN.test(code)) return false;
    const given = Buffer.from(this.hash(code), 'hex');
    return this.db.transaction(async (tx) => {
      const row = await lockOtp(tx, email);
      if (!row) return false;
      if (row.expiresAt.getTime() <= Date.now() || row.attempts >= OTP_MAX_ATTEMPTS) return false;
      if (timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) return true;
      await addFailedAttempt(tx, row.id);
      return false;
    });
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
