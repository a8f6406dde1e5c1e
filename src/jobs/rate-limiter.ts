import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { type Db, queryRows } from '../platform/db/client.js';

/**
 * A token bucket per key (a business), shared by every worker process: `take` draws up to `want` tokens,
 * `giveBack` returns the ones a dispatcher drew but could not use (fewer messages were due than it asked
 * for). The bucket holds at most a quarter second of sending, so a burst never exceeds the rate by much
 * and the limit holds over any window longer than a second. A new bucket starts empty: a campaign's first
 * second goes at the rate, not at the rate plus a burst.
 */
export interface RateLimiter {
  /**
   * Draws between `min` and `want` tokens, or none while fewer than `min` are available (then `waitMs`
   * says when there will be): waiting for a handful instead of one keeps round trips few at low rates.
   */
  take(key: string, want: number, min?: number, rate?: number): Promise<{ granted: number; waitMs: number }>;
  giveBack(key: string, tokens: number, rate?: number): Promise<void>;
}

export function bucketCapacity(ratePerSecond: number): number {
  return Math.max(1, Math.ceil(ratePerSecond / 4));
}

/** `DISPATCH_RATE_PER_SECOND=0`: no limit. */
export class UnlimitedRateLimiter implements RateLimiter {
  async take(_key: string, want: number, _min?: number, _rate?: number) {
    return { granted: want, waitMs: 0 };
  }
  async giveBack(): Promise<void> {}
}

/** Mirrors the SQL and Lua below, which compute the same number from the same float. */
function granted(available: number, want: number, min: number): number {
  const whole = Math.floor(available + 1e-9);
  return whole >= min ? Math.min(want, whole) : 0;
}

function outcome(available: number, want: number, min: number, rate: number) {
  const n = granted(available, want, min);
  return { granted: n, waitMs: n > 0 ? 0 : Math.max(1, Math.ceil(((min - available) / rate) * 1000)) };
}

/**
 * The bucket as a PostgreSQL row. The refill and the draw happen in one statement under the row lock,
 * so concurrent workers serialise on it and never draw the same token twice. `clock_timestamp()` (not
 * `now()`) because a worker that waited for the lock must refill up to the moment it got it.
 */
export class PostgresRateLimiter implements RateLimiter {
  private readonly capacity: number;
  private readonly known = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly rate: number,
  ) {
    this.capacity = bucketCapacity(rate);
  }

  /** `rate`: this key's own rate (a number's throughput), else the limiter's. */
  async take(key: string, want: number, min = 1, rate = this.rate) {
    const capacity = rate === this.rate ? this.capacity : bucketCapacity(rate);
    min = Math.max(1, Math.min(min, want, capacity));
    if (!this.known.has(key)) {
      await this.db.execute(sql`
        INSERT INTO rate_limit_buckets (key, tokens, refreshed_at)
        VALUES (${key}, 0, clock_timestamp())
        ON CONFLICT (key) DO NOTHING`);
      this.known.add(key);
    }
    const [row] = await queryRows<{ available: number | string }>(
      this.db,
      sql`
        WITH current AS (
          SELECT LEAST(${capacity}::float8,
                       tokens + ${rate}::float8
                         * GREATEST(0, EXTRACT(EPOCH FROM clock_timestamp() - refreshed_at))) AS available
          FROM rate_limit_buckets WHERE key = ${key}
          FOR UPDATE
        )
        UPDATE rate_limit_buckets b
        SET tokens = current.available - CASE WHEN FLOOR(current.available + 1e-9) >= ${min}
                                              THEN LEAST(${want}::float8, FLOOR(current.available + 1e-9))
                                              ELSE 0 END,
            refreshed_at = clock_timestamp()
        FROM current
        WHERE b.key = ${key}
        RETURNING current.available`,
    );
    if (!row) {
      this.known.delete(key);
      return { granted: 0, waitMs: 1 };
    }
    return outcome(Number(row.available), want, min, rate);
  }

  async giveBack(key: string, tokens: number, rate = this.rate): Promise<void> {
    if (tokens <= 0) return;
    await this.db.execute(sql`
      UPDATE rate_limit_buckets SET tokens = LEAST(${bucketCapacity(rate)}::float8, tokens + ${tokens}::float8)
      WHERE key = ${key}`);
  }
}

// Redis keeps the bucket as a hash {tokens, ts}; the script runs atomically on the server, with the
// server's clock, so workers on different machines agree on time.
const TAKE = `
local cap = tonumber(ARGV[1]); local rate = tonumber(ARGV[2]); local want = tonumber(ARGV[3])
local min = tonumber(ARGV[4])
local t = redis.call('TIME'); local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local b = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(b[1]) or 0
local ts = tonumber(b[2]) or now
local available = math.min(cap, tokens + math.max(0, now - ts) * rate)
local whole = math.floor(available + 1e-9)
local granted = 0
if whole >= min then granted = math.min(want, whole) end
redis.call('HSET', KEYS[1], 'tokens', tostring(available - granted), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], 60000)
return tostring(available)`;

const GIVE_BACK = `
local cap = tonumber(ARGV[1])
local tokens = tonumber(redis.call('HGET', KEYS[1], 'tokens'))
if tokens then redis.call('HSET', KEYS[1], 'tokens', tostring(math.min(cap, tokens + tonumber(ARGV[2])))) end
return 1`;

export class RedisRateLimiter implements RateLimiter {
  private readonly capacity: number;

  constructor(
    private readonly redis: Redis,
    private readonly rate: number,
    private readonly prefix = 'dispatch-rate:',
  ) {
    this.capacity = bucketCapacity(rate);
  }

  /** `rate`: this key's own rate (a number's throughput), else the limiter's. */
  async take(key: string, want: number, min = 1, rate = this.rate) {
    const capacity = rate === this.rate ? this.capacity : bucketCapacity(rate);
    min = Math.max(1, Math.min(min, want, capacity));
    const available = (await this.redis.eval(
      TAKE,
      1,
      this.prefix + key,
      capacity,
      rate,
      want,
      min,
    )) as string;
    return outcome(Number(available), want, min, rate);
  }

  async giveBack(key: string, tokens: number, rate = this.rate): Promise<void> {
    if (tokens <= 0) return;
    await this.redis.eval(GIVE_BACK, 1, this.prefix + key, bucketCapacity(rate), tokens);
  }
}

export function createRateLimiter(db: Db, redis: Redis | undefined, ratePerSecond: number): RateLimiter {
  if (ratePerSecond <= 0) return new UnlimitedRateLimiter();
  return redis ? new RedisRateLimiter(redis, ratePerSecond) : new PostgresRateLimiter(db, ratePerSecond);
}
