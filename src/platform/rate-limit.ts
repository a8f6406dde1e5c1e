import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** At most `max` hits per fixed window of `windowMs`. */
export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface LimitResult {
  /** False once this hit went over `max`. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters for limits keyed by something other than the client address (an e-mail, a whole
 * endpoint). Counting and checking are one atomic step, so concurrent hits can never all slip under `max`.
 */
export interface RateLimiter {
  hit(key: string, rule: LimitRule): Promise<LimitResult>;
  /** Gives back one hit counted by `hit` (a reservation that turned out not to count). */
  release(key: string): Promise<void>;
}

const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** One process's counters: the default without Redis, and the fallback while Redis is unreachable. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  async hit(key: string, rule: LimitRule): Promise<LimitResult> {
    const now = Date.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { allowed: w.count <= rule.max, count: w.count, retryAfterSeconds: toSeconds(w.resetAt - now) };
  }

  async release(key: string): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.count > 0) w.count -= 1;
  }

  /** Drops finished windows now and then, so keys seen once do not pile up. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

// INCR, start the window on the first hit, report the count and what is left of the window.
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}
`;
const RELEASE_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current > 0 then redis.call('DECR', KEYS[1]) end
return current
`;

type LimiterRedis = Redis & {
  limiterHit(key: string, windowMs: number): Promise<[number, number]>;
  limiterRelease(key: string): Promise<number>;
};

/**
 * Counters shared by every instance through Redis. When Redis fails, the limit is still applied by this
 * process's own counters rather than dropped: an outage must not open the door to guessing.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: LimiterRedis;
  private readonly fallback = new MemoryRateLimiter();

  constructor(
    redis: Redis,
    private readonly prefix = 'limit:',
    private readonly logger?: Logger,
  ) {
    if (!('limiterHit' in redis)) {
      redis.defineCommand('limiterHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
      redis.defineCommand('limiterRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    }
    this.redis = redis as LimiterRedis;
  }

  async hit(key: string, rule: LimitRule): Promise<LimitResult> {
    try {
      const [count, ttl] = await this.redis.limiterHit(this.prefix + key, rule.windowMs);
      return { allowed: count <= rule.max, count, retryAfterSeconds: toSeconds(ttl) };
    } catch (err) {
      this.logger?.warn({ err: (err as Error).message }, 'rate limiter: Redis failed, counting locally');
      return this.fallback.hit(key, rule);
    }
  }

  async release(key: string): Promise<void> {
    try {
      await this.redis.limiterRelease(this.prefix + key);
    } catch {
      await this.fallback.release(key);
    }
  }
}

export function createRateLimiter(redis: Redis | undefined, logger?: Logger): RateLimiter {
  return redis ? new RedisRateLimiter(redis, 'limit:', logger) : new MemoryRateLimiter();
}
