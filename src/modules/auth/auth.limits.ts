import { createHash } from 'node:crypto';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../../platform/config.js';
import { TooManyRequestsError } from '../../platform/http/errors.js';
import { clientNetwork } from '../../platform/net/client-network.js';
import type { LimitRule, RateLimiter } from '../../platform/rate-limit.js';
import { OTP_TTL_MS } from './otp.service.js';

export type LimitedAction =
  | 'signUp'
  | 'signIn'
  | 'sendCode'
  | 'verifyCode'
  | 'forgotPassword'
  | 'resetPassword'
  | 'setPassword'
  | 'changePassword';
/**
 * The actions also counted per e-mail. Not those that send or check a one-time code: counting them per
 * e-mail would let a stranger spend the owner's allowance; the code rule's budgets per client and per
 * address (`OTP_BUDGET`) bound them instead, always on. A sign-up's e-mail is registered once.
 */
type PerEmailAction = 'signIn' | 'setPassword' | 'changePassword';

const WINDOW_MS = 15 * 60_000;

/**
 * Abuse limits per 15 minutes (docs/decisions/accounts.md). Per address, high enough for an office behind one NAT;
 * per e-mail, low enough that nobody guesses a password or floods a mailbox. Off when
 * RATE_LIMIT_ENABLED=false.
 */
export const ABUSE_LIMITS: Record<PerEmailAction, { perIp: number; perEmail: number }> &
  Record<Exclude<LimitedAction, PerEmailAction>, { perIp: number }> = {
  // Each sign-up costs an argon2 hash and sends two e-mails to an address nobody has proved yet.
  signUp: { perIp: 10 },
  signIn: { perIp: 30, perEmail: 10 },
  sendCode: { perIp: 10 },
  verifyCode: { perIp: 30 },
  forgotPassword: { perIp: 10 },
  resetPassword: { perIp: 20 },
  // Signed-in routes that hash a password: counted per account (its e-mail) so a stolen session cannot
  // guess the current password nor burn CPU.
  setPassword: { perIp: 20, perEmail: 5 },
  changePassword: { perIp: 20, perEmail: 10 },
};

/**
 * verify-code with only a code guesses against every live record at once, so a wrong guess cannot be
 * charged to one address. Such guesses get 5 per client per code lifetime and a ceiling for the whole
 * service, kept low because each of them is also a guess at every address's code (it is in the odds of
 * docs/decisions/accounts.md); sending the e-mail with the code is never held back by it. These are part of
 * the OTP rule, so they hold even with limits turned off.
 */
export const CODE_ONLY_GUESSES = {
  perIp: { max: 5, windowMs: OTP_TTL_MS },
  global: { max: 10, windowMs: 3600_000 },
} satisfies Record<string, LimitRule>;

/** The per-address limit of a route, as `config.rateLimit` for @fastify/rate-limit. */
export function perIpLimit(config: Config, action: LimitedAction): RateLimitOptions | false {
  if (!config.RATE_LIMIT_ENABLED) return false;
  return { max: ABUSE_LIMITS[action].perIp, timeWindow: WINDOW_MS };
}

// Keys carry a digest, not the address itself: the counters store holds no e-mail addresses.
const digest = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);

export class AbuseLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly enabled: boolean,
  ) {}

  /** Counts one request for `email`; 429 once the e-mail is over its limit. */
  async perEmail(action: PerEmailAction, email: string): Promise<void> {
    if (!this.enabled) return;
    const result = await this.limiter.hit(`auth:${action}:email:${digest(email)}`, {
      max: ABUSE_LIMITS[action].perEmail,
      windowMs: WINDOW_MS,
    });
    if (!result.allowed)
      throw new TooManyRequestsError(
        'Too many attempts for this e-mail address, try again later',
        result.retryAfterSeconds,
      );
  }

  /**
   * Reserves one code-only guess for `ip` (and from the service-wide ceiling). The caller gives it back
   * with the returned function when the guess was right: only wrong guesses are spent.
   */
  async reserveCodeOnlyGuess(ip: string): Promise<() => Promise<void>> {
    const ipKey = `auth:code-only:ip:${digest(clientNetwork(ip))}`;
    const globalKey = 'auth:code-only:all';
    const byIp = await this.limiter.hit(ipKey, CODE_ONLY_GUESSES.perIp);
    const all = await this.limiter.hit(globalKey, CODE_ONLY_GUESSES.global);
    const release = async () => {
      await Promise.all([this.limiter.release(ipKey), this.limiter.release(globalKey)]);
    };
    if (!byIp.allowed || !all.allowed) {
      await release();
      throw new TooManyRequestsError(
        'Too many wrong codes; send the e-mail address with the code',
        Math.max(byIp.allowed ? 0 : byIp.retryAfterSeconds, all.allowed ? 0 : all.retryAfterSeconds),
      );
    }
    return release;
  }
}
