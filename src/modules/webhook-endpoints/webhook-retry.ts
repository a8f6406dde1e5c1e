/**
 * When a failed delivery is tried again: exponential (30 s × 4^n) capped at 20 hours, each delay drawn
 * within ±20 % (jitter, so an endpoint back from an outage is not hit by every delivery at once). Ten
 * attempts span about three days (0.5 m, 2 m, 8 m, 32 m, 2.1 h, 8.5 h, 20 h, 20 h, 20 h); the tenth failure
 * is final.
 */
export const MAX_ATTEMPTS = 10;
const BASE_MS = 30_000;
const CAP_MS = 20 * 3_600_000;

/** The delay after the `attempts`-th failed attempt (1-based); `random` in [0, 1). */
export function retryDelayMs(attempts: number, random: number = Math.random()): number {
  const delay = Math.min(CAP_MS, BASE_MS * 4 ** (attempts - 1));
  return Math.round(delay * (0.8 + 0.4 * random));
}

/** An endpoint whose automatic attempts have all failed for this long is switched off. */
export const DISABLE_AFTER_MS = 24 * 3_600_000;
