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
}

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
 * JSON batches, the way the gateway does. Used by the sandbox adapter (so `npm start` shows delivered and
 * read without a gateway account) and by the test gateway simulator. Timers never keep a process alive.
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

  private async post(events: Event[]): Promise<void> {
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
      if (!res.ok)
        this.logger?.warn({ status: res.status, events: events.length }, 'delivery reports refused');
    } catch (err) {
      this.logger?.warn(
        { err: (err as Error).message, events: events.length },
        'delivery reports not posted',
      );
    }
  }
}
