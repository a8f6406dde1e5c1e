import { cloudSignature } from '../../src/providers/messaging/cloud-signature.js';

/** What Meta says a message cost (`statuses[].pricing`). */
export interface StatusPricing {
  billable: boolean;
  pricing_model: string;
  category: string;
  type: 'regular' | 'free_customer_service' | 'free_entry_point';
}

/** Where the simulator posts its statuses, as Meta posts them to an app's webhook. */
export interface StatusWebhook {
  /** The webhook's URL (may change: a restarted service listens elsewhere). */
  url: string;
  /** The app secret the body is signed with (`X-Hub-Signature-256`). */
  appSecret: string;
  /** How long a refused or unanswered post waits before it is tried again. */
  retryMs?: number;
  /** Posts under way at once. */
  parallel?: number;
  /** The pricing of a send's status (default: billable marketing, `regular`). */
  pricingOf?: (body: Record<string, unknown>) => StatusPricing;
}

export interface QueuedStatus {
  wabaId: string;
  phoneNumberId: string;
  wamid: string;
  to: string;
  body: Record<string, unknown>;
}

export const BILLED_MARKETING: StatusPricing = {
  billable: true,
  pricing_model: 'PMP',
  category: 'marketing',
  type: 'regular',
};

/**
 * Posts a `sent` status for every message the simulator accepted, signed, one status per post, with the
 * send's `biz_opaque_callback_data` and its `pricing`, as the Cloud API does; anything but a 200 (a refused
 * connection while the service is down, a 503) is tried again after `retryMs`, until `stop`, as Meta retries
 * a webhook for days.
 */
export class StatusPoster {
  private readonly queue: QueuedStatus[] = [];
  private running = 0;
  private stopped = false;
  private idle: (() => void)[] = [];
  /** Posts answered 200 / attempts that failed (and were retried). */
  delivered = 0;
  retried = 0;

  constructor(readonly webhook: StatusWebhook) {}

  push(status: QueuedStatus): void {
    this.queue.push(status);
    this.pump();
  }

  /** Statuses not yet answered 200. */
  get outstanding(): number {
    return this.queue.length + this.running;
  }

  /** Resolves once every status queued so far was answered 200. */
  drained(): Promise<void> {
    if (this.outstanding === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    for (const resolve of this.idle.splice(0)) resolve();
  }

  private pump(): void {
    while (!this.stopped && this.running < (this.webhook.parallel ?? 8) && this.queue.length) {
      const status = this.queue.shift()!;
      this.running++;
      void this.deliver(status).finally(() => {
        this.running--;
        this.pump();
        if (this.outstanding === 0) for (const resolve of this.idle.splice(0)) resolve();
      });
    }
  }

  private async deliver(status: QueuedStatus): Promise<void> {
    const payload = JSON.stringify(
      statusBody(status, this.webhook.pricingOf?.(status.body) ?? BILLED_MARKETING),
    );
    while (!this.stopped) {
      try {
        const res = await fetch(this.webhook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-hub-signature-256': cloudSignature(this.webhook.appSecret, payload),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        if (res.status === 200) {
          this.delivered++;
          return;
        }
      } catch {
        // Refused or cut: the service is down. Meta keeps trying.
      }
      this.retried++;
      await new Promise((r) => setTimeout(r, this.webhook.retryMs ?? 200));
    }
  }
}

/** The webhook body of one `sent` status, as Meta posts it. */
export function statusBody(status: QueuedStatus, pricing: StatusPricing) {
  const reference = status.body.biz_opaque_callback_data;
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: status.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001234', phone_number_id: status.phoneNumberId },
              statuses: [
                {
                  id: status.wamid,
                  status: 'sent',
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: status.to,
                  ...(typeof reference === 'string' ? { biz_opaque_callback_data: reference } : {}),
                  pricing,
                },
              ],
            },
          },
        ],
      },
    ],
  };
}
