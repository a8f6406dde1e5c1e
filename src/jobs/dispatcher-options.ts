import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppDeps } from '../deps.js';
import type { Config } from '../platform/config.js';
import { type BreakerOptions, DEFAULT_BREAKER } from './send-policy.js';

/**
 * What a dispatcher is built from: its settings and the dependencies it and its helpers (the reply sender,
 * the failure routing) use. Apart from the dispatcher, so those helpers need not import it.
 */

/** How long a reported failure is left to the webhook's own handler before maintenance sorts it. */
export const SETTLE_MS = 10_000;

export interface DispatcherOptions {
  workerId: string;
  /** Sends in flight at once in this process. */
  concurrency: number;
  /** Most messages claimed in one query. */
  batchSize: number;
  maxAttempts: number;
  leaseMs: number;
  /** How long a Cloud message whose lease ran out waits for its status before it is sent again. */
  cloudStatusGraceMs: number;
  pollMs: number;
  /** Per business, across every worker process; 0 = unlimited. */
  ratePerSecond: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long outcomes wait to be written together. */
  flushMs: number;
  breaker: BreakerOptions;
  /** The clock the messaging limit's 24-hour window is counted by (tests move it). */
  now: () => Date;
  /** How long a reported failure is left to its webhook's handler before maintenance sorts it. */
  failureSettleMs: number;
}

export function dispatcherOptions(
  config: Config,
  overrides: Partial<DispatcherOptions> = {},
): DispatcherOptions {
  return {
    workerId: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    concurrency: config.DISPATCH_CONCURRENCY,
    batchSize: config.DISPATCH_BATCH_SIZE,
    maxAttempts: config.DISPATCH_MAX_ATTEMPTS,
    leaseMs: config.DISPATCH_LEASE_MS,
    cloudStatusGraceMs: config.CLOUD_STATUS_GRACE_MS,
    pollMs: config.DISPATCH_POLL_MS,
    ratePerSecond: config.DISPATCH_RATE_PER_SECOND,
    retryBaseMs: config.DISPATCH_RETRY_BASE_MS,
    retryMaxMs: config.DISPATCH_RETRY_MAX_MS,
    flushMs: 20,
    breaker: DEFAULT_BREAKER,
    now: () => new Date(),
    failureSettleMs: SETTLE_MS,
    ...overrides,
  };
}

export type DispatcherDeps = Pick<
  AppDeps,
  | 'db'
  | 'messaging'
  | 'cloud'
  | 'secretBox'
  | 'logger'
  | 'realtime'
  | 'redis'
  | 'notifier'
  | 'storage'
  | 'config'
  | 'campaignProgress'
  | 'linkTokens'
>;
