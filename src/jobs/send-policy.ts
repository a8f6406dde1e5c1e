/**
 * The dispatcher's rules for one business's sends: when to retry, and when to stop sending for a while
 * because the provider is down or pushing back. Kept apart from the loop so each rule reads on its own.
 */

/** `{{firstName}}`, or `{{city|there}}`: a field, with the text sent when the contact has no value. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]{0,39})\s*(?:\|([^{}]*))?\}\}/g;

/**
 * `{{firstName}}` and `{{lastName}}` (spaces inside the braces allowed) filled from the recipient, and the
 * business's own fields (`fieldKeys`) by key (`{{city|there}}`), from the contact as it is at send time. One
 * pass, so a value that looks like a placeholder is sent as it is; any other `{{...}}` (a template's
 * variables, or a word in braces that names no field) is sent as written.
 */
export function personalise(
  template: string,
  names: { firstName: string; lastName: string; fields?: Record<string, unknown> | null },
  fieldKeys: ReadonlySet<string> = new Set(),
): string {
  return template.replace(PLACEHOLDER, (whole, key: string, fallback: string | undefined) => {
    let value: unknown;
    if (key === 'firstName' || key === 'lastName') value = names[key];
    else if (fieldKeys.has(key)) value = names.fields?.[key];
    else return whole;
    const text = value === undefined || value === null ? '' : String(value);
    return text.trim() ? text : (fallback?.trim() ?? '');
  });
}

/** Whether a text fills any of the business's own fields (`{{city}}`): then its sends need the contacts' values. */
export function textUsesFields(template: string, fieldKeys: ReadonlySet<string>): boolean {
  for (const m of template.matchAll(PLACEHOLDER)) if (fieldKeys.has(m[1]!)) return true;
  return false;
}

/**
 * Exponential backoff with "equal jitter": half the delay fixed, half random, so retries of a burst
 * spread out instead of arriving together; never sooner than the provider's Retry-After.
 */
export function retryDelayMs(
  attempt: number,
  opts: { baseMs: number; maxMs: number; retryAfterMs?: number },
  random = Math.random,
): number {
  const exp = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = exp / 2 + random() * (exp / 2);
  return Math.round(Math.max(jittered, opts.retryAfterMs ?? 0));
}

export interface BreakerOptions {
  /** Consecutive transport failures (network, 5xx) that open the circuit. */
  threshold: number;
  firstPauseMs: number;
  maxPauseMs: number;
}

export const DEFAULT_BREAKER: BreakerOptions = { threshold: 3, firstPauseMs: 1_000, maxPauseMs: 30_000 };

/**
 * A circuit breaker per business (each business sends with its own gateway account). Closed: send freely.
 * Open: send nothing until the pause ends, so an outage does not burn every queued message's attempts.
 * Half-open: one probe message; success closes the circuit, failure reopens it for twice as long.
 * A 429 pauses the business for the provider's Retry-After without counting as an outage.
 */
export class SendGate {
  private failures = 0;
  private trips = 0;
  private pausedUntil = 0;
  private probing = false;
  /** The message whose probe failed last: probing with it again is no longer a test of the provider. */
  private lastFailedProbe: string | null = null;

  constructor(private readonly opts: BreakerOptions = DEFAULT_BREAKER) {}

  /**
   * How many messages may be claimed now: none while paused or while a probe is out, one (the probe)
   * after a pause, else `want`. Call `probeUnused` when the probe slot found nothing to claim.
   */
  claimAllowance(want: number, now = Date.now()): { limit: number; probe: boolean } {
    if (now < this.pausedUntil) return { limit: 0, probe: false };
    if (this.trips > 0) {
      if (this.probing) return { limit: 0, probe: false };
      this.probing = true;
      return { limit: 1, probe: true };
    }
    return { limit: want, probe: false };
  }

  probeUnused(): void {
    this.probing = false;
  }

  /** True while already-claimed messages (other than the probe) should go back to the queue unsent. */
  holdsBack(now = Date.now()): boolean {
    return now < this.pausedUntil || this.trips > 0;
  }

  /** Milliseconds until the pause ends (0 when not paused). */
  pauseLeft(now = Date.now()): number {
    return Math.max(0, this.pausedUntil - now);
  }

  succeeded(): void {
    this.failures = 0;
    this.trips = 0;
    this.probing = false;
    this.lastFailedProbe = null;
  }

  /**
   * Whether a failed probe's attempt is given back. During an outage the probes rotate through the queue and
   * spend nothing; when the same message probes twice in a row it is the only one left, and its failure may
   * be its own (a recipient the provider answers 5xx for), so it spends its attempt like any send and cannot
   * keep a campaign sending forever.
   */
  probeFailed(messageId: string): boolean {
    const firstTime = this.lastFailedProbe !== messageId;
    this.lastFailedProbe = messageId;
    return firstTime;
  }

  transportFailed(now = Date.now()): void {
    this.failures++;
    this.probing = false;
    if (this.trips > 0 || this.failures >= this.opts.threshold) {
      const pause = Math.min(this.opts.maxPauseMs, this.opts.firstPauseMs * 2 ** this.trips);
      this.trips++;
      this.pausedUntil = Math.max(this.pausedUntil, now + pause);
    }
  }

  throttled(retryAfterMs: number | undefined, now = Date.now()): void {
    this.probing = false;
    this.pausedUntil = Math.max(this.pausedUntil, now + (retryAfterMs ?? 1_000));
  }

  /** A permanent rejection still proves the provider is up. */
  rejected(): void {
    this.succeeded();
  }
}
