import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { webhookEvents } from '../../platform/db/schema/index.js';
import { webhookEventsTotal } from '../../platform/metrics.js';
import { applyTransferOutcome, type TransferOutcome } from '../affiliate/index.js';
import { settlePayment } from '../payments/index.js';
import {
  claimUnfinishedEvents,
  MAX_EVENT_ATTEMPTS,
  markEvent,
  receiveEvent,
  type WebhookEventRow,
} from './inbox.js';

export const PAYMENT_PROVIDER = 'payment-provider';

type Deps = Pick<AppDeps, 'db' | 'notifier' | 'logger'>;
type Verdict = { status: 'processed' | 'ignored'; note?: string };

const TRANSFER_OUTCOMES: Record<string, TransferOutcome> = {
  'transfer.success': 'successful',
  'transfer.failed': 'failed',
  'transfer.reversed': 'reversed',
};

/**
 * The inbox key of an event: its type and the reference it concerns. Each (type, reference) has one
 * effect at most, so a redelivery, whatever else differs in its body, finds the stored row and stops
 * there. An event without a reference is keyed by the hash of its exact bytes.
 */
export function eventKeyOf(payload: unknown, rawBody: Buffer): { eventKey: string; eventType: string } {
  const p = payload as { event?: unknown; data?: { reference?: unknown } } | null;
  const eventType = typeof p?.event === 'string' && p.event ? p.event.slice(0, 100) : 'unknown';
  const reference = p?.data?.reference;
  if (typeof reference === 'string' && reference)
    return { eventKey: `${eventType}:${reference.slice(0, 200)}`, eventType };
  return { eventKey: `sha256:${createHash('sha256').update(rawBody).digest('hex')}`, eventType };
}

/**
 * Stores each signed event once, then applies it. Processing runs after the HTTP answer, so it is tracked
 * and awaited on shutdown; an event whose processing failed is processed again when it is delivered again
 * or by `retryUnfinished`. Every effect below is idempotent under row locks, which makes that safe.
 */
export class PaymentEventProcessor {
  private readonly inflight = new Set<Promise<void>>();

  constructor(private readonly deps: Deps) {}

  /** The stored event to process now, or null when it was already received (a replay: nothing to do). */
  async receive(payload: unknown, rawBody: Buffer): Promise<WebhookEventRow | null> {
    const { eventKey, eventType } = eventKeyOf(payload, rawBody);
    const stored = await receiveEvent(this.deps.db, {
      provider: PAYMENT_PROVIDER,
      eventKey,
      eventType,
      payload: payload ?? {},
    });
    if (stored) return stored;
    const [previous] = await this.deps.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, PAYMENT_PROVIDER), eq(webhookEvents.eventKey, eventKey)));
    return previous?.status === 'failed' ? previous : null;
  }

  /**
   * Starts processing in the background (the webhook has already answered). `log` is the request's, so
   * the processing's lines carry its request id even after the response.
   */
  process(event: WebhookEventRow, log?: Logger): void {
    const p = this.handle(event, log).finally(() => this.inflight.delete(p));
    this.inflight.add(p);
  }

  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  /** Events stored but never finished (a crash, a failed attempt): processed again, oldest first. */
  async retryUnfinished(olderThanMs = 60_000): Promise<number> {
    const unfinished = await claimUnfinishedEvents(this.deps.db, PAYMENT_PROVIDER, olderThanMs);
    if (!unfinished.length) return 0;
    const log = this.deps.logger.child({ sweepId: randomUUID() });
    log.info({ events: unfinished.length }, 'payment webhook: retrying unfinished events');
    for (const row of unfinished) await this.handle(row, log);
    return unfinished.length;
  }

  /** Applies one stored event; every line it logs carries the event's id and key. */
  async handle(event: WebhookEventRow, parent: Logger = this.deps.logger): Promise<void> {
    const log = parent.child({ eventId: event.id, eventKey: event.eventKey });
    try {
      const verdict = await this.apply(event, { ...this.deps, logger: log });
      await markEvent(this.deps.db, event.id, verdict.status, verdict.note);
      webhookEventsTotal.inc({ provider: PAYMENT_PROVIDER, result: verdict.status });
      log.info(
        { eventType: event.eventType, result: verdict.status, note: verdict.note },
        'payment webhook: event applied',
      );
    } catch (err) {
      webhookEventsTotal.inc({ provider: PAYMENT_PROVIDER, result: 'failed' });
      log.error({ err }, 'payment webhook event failed');
      // The sweeps stop here: a payment nobody settles must be settled by a person, so say it loudly.
      if (event.attempts >= MAX_EVENT_ATTEMPTS)
        log.error(
          { eventType: event.eventType, attempts: event.attempts },
          'payment webhook event abandoned after its last retry: settle it by hand (POST /payments/verify or the provider dashboard)',
        );
      await markEvent(this.deps.db, event.id, 'failed', 'Processing failed').catch(() => {});
    }
  }

  private async apply(event: WebhookEventRow, deps: Deps): Promise<Verdict> {
    const data = ((event.payload as { data?: unknown } | null)?.data ?? {}) as Record<string, unknown>;
    const reference = typeof data.reference === 'string' ? data.reference : '';
    if (!reference) return { status: 'ignored', note: 'No reference in the event' };

    if (event.eventType === 'charge.success') {
      if (data.status !== undefined && data.status !== 'success')
        return { status: 'ignored', note: `Charge status ${String(data.status)}` };
      const settled = await settlePayment(deps, {
        reference,
        amountMinor:
          typeof data.amount === 'number' || typeof data.amount === 'string'
            ? Number(data.amount)
            : Number.NaN,
        currency: typeof data.currency === 'string' ? data.currency : '',
        providerId: data.id === undefined || data.id === null ? null : String(data.id),
        paidAt: typeof data.paid_at === 'string' ? data.paid_at : null,
        via: 'webhook',
      });
      if (settled.outcome === 'not_found') return { status: 'ignored', note: 'Unknown payment reference' };
      if (settled.outcome === 'already_processed') return { status: 'ignored', note: 'Already processed' };
      if (settled.outcome === 'mismatch') return { status: 'processed', note: settled.reason };
      return { status: 'processed' };
    }

    const outcome = TRANSFER_OUTCOMES[event.eventType];
    if (outcome) {
      const why = typeof data.reason === 'string' && outcome !== 'successful' ? data.reason : event.eventType;
      const { result } = await applyTransferOutcome(deps, reference, outcome, why);
      if (result === 'not_found') return { status: 'ignored', note: 'Unknown transfer reference' };
      if (result === 'unchanged') return { status: 'ignored', note: 'Already applied' };
      return {
        status: 'processed',
        note: result === 'flagged' ? 'Contradicts an earlier event; flagged' : undefined,
      };
    }
    return { status: 'ignored', note: `Event ${event.eventType} not handled` };
  }
}
