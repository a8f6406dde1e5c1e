import type { Logger } from 'pino';

export interface ReceiptEmitterOptions {
  /** The delivery-report callback to post to. */
  url: string;
  /** Sent as `x-webhook-token` when set (MESSAGING_WEBHOOK_SECRET). */
  token?: string;
  /** About how long after the send a message is delivered (or fails); each message varies ±50%. */
  deliveredDelayMs: number;
  /** About how long after delivery a message is read; ±50%. */
  readDelayMs: number;
  /** Share of messages (0..1) reported failed after sent. */
  failedShare: number;
  /** Share of delivered messages (0..1) later read. */
  readShare: number;
  /** Events per callback, as the gateway batches them. */
  batchSize?: number;
  /** The first retry's wait; each further retry waits twice as long (the gateway's backoff). */
  retryDelayMs?: number;
}

/** Posts of one batch in all, the first included: the gateway gives up on a callback after these. */
const ATTEMPTS = 6;

interface Event {
  externalId: string;
  eventType: 'SENT' | 'DELIVERED' | 'READ' | 'FAILED';
  eventTs: number;
  destAddr: string;
  srcAddr: string;
  cause: string;
  errorCode: string;
  channel: 'WHATSAPP';
}

const FAILURES = [
  { cause: 'UNKNOWN_SUBSCRIBER', errorCode: '003' },
  { cause: 'ABSENT_SUBSCRIBER', errorCode: '001' },
  { cause: 'EXPIRED', errorCode: '410' },
];

/**
 * Plays a gateway's delivery reports for messages it accepted: after a random delay each is delivered or
 * (a share) fails, and a share of the delivered is read later; the events are posted to the callback in
 * JSON batches, the way the gateway does. A batch the callback did not take (no answer in time, a 5xx or a
 * 429) is posted again with a growing wait, as the gateway retries: the service answers 503 when it could not
 * store reports and counts on that. Used by the sandbox adapter (so `npm start` shows delivered and read
 * without a gateway account) and by the test gateway simulator. Timers never keep a process alive.
 */
export class ReceiptEmitter {
  private queue: Event[] = [];
  private flushing?: NodeJS.Timeout;
  private readonly batchSize: number;

  constructor(
    private readonly opts: ReceiptEmitterOptions,
    private readonly logger?: Logger,
    private readonly random: () => number = Math.random,
  ) {
    this.batchSize = opts.batchSize ?? 20;
  }

  /** A message the gateway accepted under `providerMessageId`. */
  accepted(providerMessageId: string, to: string, from = ''): void {
    const base = {
      externalId: providerMessageId,
      destAddr: to.replace(/\D/g, ''),
      srcAddr: from,
      channel: 'WHATSAPP',
    } as const;
    const deliveredIn = this.vary(this.opts.deliveredDelayMs);
    if (this.random() < this.opts.failedShare) {
      const failure = FAILURES[Math.floor(this.random() * FAILURES.length)]!;
      this.later(deliveredIn, () =>
        this.push({ ...base, eventType: 'FAILED', eventTs: Date.now(), ...failure }),
      );
      return;
    }
    this.later(deliveredIn, () =>
      this.push({ ...base, eventType: 'DELIVERED', eventTs: Date.now(), cause: 'SUCCESS', errorCode: '000' }),
    );
    if (this.random() < this.opts.readShare) {
      this.later(deliveredIn + this.vary(this.opts.readDelayMs), () =>
        this.push({ ...base, eventType: 'READ', eventTs: Date.now(), cause: 'SUCCESS', errorCode: '000' }),
      );
    }
  }

  private vary(ms: number): number {
    return Math.round(ms * (0.5 + this.random()));
  }

  private later(ms: number, run: () => void): void {
    setTimeout(run, ms).unref();
  }

  private push(event: Event): void {
    this.queue.push(event);
    if (this.queue.length >= this.batchSize) this.flush();
    else if (!this.flushing) {
      this.flushing = setTimeout(() => this.flush(), 200);
      this.flushing.unref();
    }
  }

  private flush(): void {
    clearTimeout(this.flushing);
    this.flushing = undefined;
    while (this.queue.length) void this.post(this.queue.splice(0, this.batchSize));
  }

  private async post(events: Event[], attempt = 1): Promise<void> {
    let retry: string | undefined;
    try {
      const res = await fetch(this.opts.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.opts.token ? { 'x-webhook-token': this.opts.token } : {}),
        },
        body: JSON.stringify(events),
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      if (res.status >= 500 || res.status === 429) retry = `answered ${res.status}`;
      else if (!res.ok)
        // A refusal (a wrong token, a malformed batch) is not fixed by sending it again.
        this.logger?.warn({ status: res.status, events: events.length }, 'delivery reports refused');
    } catch (err) {
      retry = (err as Error).message;
    }
    if (retry === undefined) return;
    if (attempt >= ATTEMPTS) {
      this.logger?.warn({ err: retry, events: events.length, attempt }, 'delivery reports not posted');
      return;
    }
    this.logger?.info({ err: retry, events: events.length, attempt }, 'delivery reports to be posted again');
    this.later((this.opts.retryDelayMs ?? 1_000) * 2 ** (attempt - 1), () => {
      void this.post(events, attempt + 1);
    });
  }
}
