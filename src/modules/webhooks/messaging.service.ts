import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { queryRows } from '../../platform/db/client.js';
import { failureReason } from '../../platform/db/errors.js';
import { webhookEventsTotal } from '../../platform/metrics.js';
import { answerInbound, optOutWordOf, recordConsentForAutomation } from '../automation/index.js';
import { type ConsentBusiness, type ConsentReply, ConsentService } from '../consent/index.js';
import { toE164 } from '../contacts/index.js';
import { receiveInboundBatch, receiveInboundRecords } from '../conversations/index.js';
import { claimUnfinishedEvents, markEvent, markEvents, receiveEvent, receiveEvents } from './inbox.js';
import {
  eventKeyOf,
  type InboundMessage,
  intentOf,
  type OptOutWord,
  parseInbound,
  replaceNul,
} from './messaging.payload.js';

export const MESSAGING_PROVIDER = 'messaging-provider';
/** How long after its arrival an unfinished opt-in or opt-out is still retried. */
export const RETRY_WINDOW_MS = 60 * 60_000;
const SUPERSEDED = 'superseded by a later opt-in or opt-out from the same sender';

type Outcome = { status: 'processed' | 'ignored'; note?: string; reply?: ConsentReply };

/**
 * The gateway's two-way callback (docs/api.md "Webhooks"): opt-ins and opt-outs sent to a business's number.
 * Whatever arrives is answered 200 (the route does that): the event is stored in the inbox first, so a
 * replay is a no-op, then handled; anything unreadable or unknown is logged and ignored, never a 500.
 * Every log line of one event's handling carries its `eventId` (and the request's `reqId` when it came
 * through the route), and each event counts once in `webhook_events_total`.
 */
export class MessagingWebhookService {
  private readonly consent: ConsentService;

  constructor(private readonly deps: AppDeps) {
    this.consent = new ConsentService(deps);
  }

  /** `log`: the request's logger, so the handling's lines carry its request id. */
  async receive(body: unknown, log: Logger = this.deps.logger): Promise<void> {
    const message = parseInbound(body);
    if (!message) {
      count('rejected');
      log.warn('messaging webhook: unreadable payload ignored');
      return;
    }
    await this.receiveMessage(message, eventKeyOf(message), log);
  }

  /**
   * The one place an inbound message from either provider is handed over (the gateway's callback, the Cloud
   * webhook's `messages`): stored in the inbox under `eventKey` (a replay is a no-op), then its opt-in or
   * opt-out keyword applied. `message.waNumber` is the receiving business's number as stored.
   */
  async receiveMessage(
    received: InboundMessage,
    eventKey: string,
    log: Logger = this.deps.logger,
  ): Promise<void> {
    const message = replaceNul({ ...received, eventKey });
    const event = await receiveEvent(this.deps.db, {
      provider: MESSAGING_PROVIDER,
      eventKey,
      eventType: intentOf(message) ?? 'message',
      payload: message,
    });
    if (!event) {
      count('duplicate');
      log.info('messaging webhook: replayed event ignored');
      return;
    }
    await this.process(event.id, message, log);
  }

  /**
   * `receiveMessage` for the messages of one delivery (the Cloud webhook's `messages[]`). A message without
   * a keyword has its conversation for its inbox: kept there in one statement for the delivery, under the
   * same unique event key (a replay stores nothing), and not copied into the webhook inbox as well. Should
   * keeping them fail, they are recorded there as failed and the retry sweep keeps each on its own; should
   * even that fail, the error reaches the caller (the Cloud route answers 503 and Meta sends them again).
   * Opt-in and opt-out keywords go through the inbox first, as in `receiveMessage`, and are applied one by
   * one. `owner`: the business the caller already found for the receiving number (the Cloud webhook finds it
   * by phone-number id), so it is not looked up again.
   */
  async receiveMessages(
    items: { message: InboundMessage; eventKey: string; owner?: ConsentBusiness }[],
    log: Logger = this.deps.logger,
  ): Promise<void> {
    // One business lookup per receiving number (a delivery's messages share it), not one per message.
    const owners = new Map<string, Promise<ConsentBusiness | null>>();
    const plain: { message: InboundMessage; sender: Sender }[] = [];
    const keywords: { message: InboundMessage; sender: Sender }[] = [];
    const ignored: { message: InboundMessage; note: string }[] = [];
    for (const { message: received, eventKey, owner } of items) {
      const message = replaceNul({ ...received, eventKey });
      const waNumber = message.waNumber.replace(/\D/g, '');
      if (owner) owners.set(waNumber, Promise.resolve(owner));
      else if (!owners.has(waNumber)) owners.set(waNumber, this.ownerOf(waNumber));
      const sender = senderWith(await owners.get(waNumber)!, message);
      if ('note' in sender) ignored.push({ message, note: sender.note });
      else (intentOf(message, await this.optOutWord(sender)) ? keywords : plain).push({ message, sender });
    }
    await this.keepPlain(plain, log);
    await this.recordIgnored(ignored, log);
    if (keywords.length) await this.receiveKeywords(keywords, log);
  }

  /** Messages without a keyword: kept in their conversations, in the webhook inbox only when that fails. */
  private async keepPlain(plain: { message: InboundMessage; sender: Sender }[], log: Logger) {
    if (!plain.length) return;
    const rowOf = (message: InboundMessage) => ({
      provider: MESSAGING_PROVIDER,
      eventKey: message.eventKey!,
      eventType: 'message',
      payload: message,
    });
    const kept = new Set<string>();
    let stored: Awaited<ReturnType<typeof receiveInboundRecords>>;
    try {
      stored = await receiveInboundRecords(
        this.deps,
        plain.map(({ sender, message }) => inboundOf(sender, message, message.eventKey!)),
        log,
      );
      for (const group of stored) for (const s of group.stored) kept.add(s.eventKey);
    } catch (err) {
      log.error({ err, events: plain.length }, 'messaging webhook: keeping messages failed');
      await receiveEvents(
        this.deps.db,
        plain.map(({ message }) => rowOf(message)),
        { status: 'failed', error: failureReason(err) },
      );
      for (const _ of plain) count('failed');
      return;
    }
    for (const { message } of plain) count(kept.has(message.eventKey!) ? 'processed' : 'duplicate');
    // Automated answers, once the messages are kept (a replay stored nothing, so answers nothing).
    for (const group of stored) await answerInbound(this.deps, group.businessId, group.stored, log);
  }

  /** The business's own opt-out words (read through automation's cache); null: the built-in ones. */
  private optOutWord(sender: Sender): Promise<OptOutWord | null> {
    return optOutWordOf(this.deps.db, sender.business.id).catch(() => null);
  }

  /** Messages no business of ours can take (unknown number, unreadable sender): recorded with why. */
  private async recordIgnored(ignored: { message: InboundMessage; note: string }[], log: Logger) {
    for (const { message, note } of ignored) {
      const [row] = await receiveEvents(
        this.deps.db,
        [
          {
            provider: MESSAGING_PROVIDER,
            eventKey: message.eventKey!,
            eventType: 'message',
            payload: message,
          },
        ],
        { status: 'ignored', error: note },
      );
      count(row ? 'ignored' : 'duplicate');
      if (row) log.info({ eventId: row.id, note }, 'messaging webhook: ignored');
    }
  }

  /** Opt-in and opt-out keywords: in the inbox first, kept in their conversations, then applied one by one. */
  private async receiveKeywords(items: { message: InboundMessage; sender: Sender }[], log: Logger) {
    const events = await receiveEvents(
      this.deps.db,
      items.map(({ message }) => ({
        provider: MESSAGING_PROVIDER,
        eventKey: message.eventKey!,
        eventType: intentOf(message)!,
        payload: message,
      })),
    );
    const fresh = new Map(events.map((e) => [e.eventKey, e.id]));
    for (let i = fresh.size; i < items.length; i++) count('duplicate');
    const kept = items.flatMap((k) => {
      const eventId = fresh.get(k.message.eventKey!);
      return eventId ? [{ ...k, eventId }] : [];
    });
    try {
      await receiveInboundBatch(
        this.deps,
        kept.map(({ sender, message, eventId }) => inboundOf(sender, message, eventId)),
        log,
      );
    } catch (err) {
      log.error({ err, events: kept.length }, 'messaging webhook: keeping messages failed');
      await markEvents(
        this.deps.db,
        kept.map((k) => k.eventId),
        'failed',
        failureReason(err),
      ).catch(() => {});
      for (const _ of kept) count('failed');
      return;
    }
    for (const k of kept) await this.process(k.eventId, k.message, log, k.sender);
  }

  /**
   * Events stored but never finished (the process died between storing and handling, or handling failed,
   * say on a database hiccup): handled again by the worker's scheduler tick, a bounded number of times
   * (`claimUnfinishedEvents`), in the order they arrived. Handling is idempotent (the contact upsert and the
   * unique message key). An opt-in or opt-out is a person's decision at one moment, so a retry never
   * overrides a later one: an event followed by another opt-in or opt-out from the same sender to the same
   * number is ignored, and one older than RETRY_WINDOW_MS is no longer retried (the sender can repeat it).
   */
  async retryUnfinished(olderThanMs = 60_000, parent: Logger = this.deps.logger): Promise<number> {
    const stale = await claimUnfinishedEvents(this.deps.db, MESSAGING_PROVIDER, olderThanMs, {
      maxAgeMs: RETRY_WINDOW_MS,
    });
    if (!stale.length) return 0;
    const log = parent.child({ sweepId: randomUUID() });
    log.info({ events: stale.length }, 'messaging webhook: retrying unfinished events');
    for (const event of stale) {
      const message = event.payload as InboundMessage;
      if (await this.supersededByLaterDecision(event.id, event.receivedAt, message)) {
        await markEvent(this.deps.db, event.id, 'ignored', SUPERSEDED);
        count('ignored');
        log.info({ eventId: event.id, note: SUPERSEDED }, 'messaging webhook: ignored');
        continue;
      }
      await this.process(event.id, message, log);
    }
    return stale.length;
  }

  /** Whether the same sender sent the same number another opt-in or opt-out after this event arrived. */
  private async supersededByLaterDecision(
    eventId: string,
    receivedAt: Date,
    message: InboundMessage,
  ): Promise<boolean> {
    const digits = (v: unknown) => String(v ?? '').replace(/\D/g, '');
    const [later] = await queryRows<{ id: string }>(
      this.deps.db,
      sql`SELECT id FROM webhook_events
          WHERE status IN ('received', 'processed', 'ignored', 'failed')
            AND received_at > ${receivedAt.toISOString()}::timestamptz
            AND provider = ${MESSAGING_PROVIDER} AND event_type IN ('opt_in', 'opt_out') AND id <> ${eventId}
            AND regexp_replace(payload->>'mobile', '\\D', '', 'g') = ${digits(message?.mobile)}
            AND regexp_replace(payload->>'waNumber', '\\D', '', 'g') = ${digits(message?.waNumber)}
          LIMIT 1`,
    );
    return Boolean(later);
  }

  /** `known`: the sender, when the caller already resolved it (and kept the message). */
  private async process(
    eventId: string,
    message: InboundMessage,
    parent: Logger,
    known?: Sender,
  ): Promise<void> {
    const log = parent.child({ eventId });
    let intent = intentOf(message);
    try {
      const sender = known ?? (await this.senderOf(message));
      let outcome: Outcome;
      let stored: Awaited<ReturnType<typeof receiveInboundRecords>> = [];
      if ('note' in sender) outcome = { status: 'ignored', note: sender.note };
      else {
        intent = intentOf(message, await this.optOutWord(sender));
        // Every message is kept in its conversation first; a keyword then does what it always did.
        if (!known)
          stored = await receiveInboundRecords(this.deps, [inboundOf(sender, message, eventId)], log);
        outcome = intent ? await this.handle(sender, message, intent, log) : { status: 'processed' };
      }
      await markEvent(this.deps.db, eventId, outcome.status, outcome.note);
      count(outcome.status);
      if (outcome.note) log.info({ note: outcome.note }, 'messaging webhook: ignored');
      else log.info({ intent }, 'messaging webhook: processed');
      if (outcome.reply) void this.consent.confirm(outcome.reply, log);
      // A message without a keyword may get an automated answer; a keyword's answer is its confirmation.
      else for (const group of stored) await answerInbound(this.deps, group.businessId, group.stored, log);
    } catch (err) {
      count('failed');
      log.error({ err }, 'messaging webhook: processing failed');
      await markEvent(this.deps.db, eventId, 'failed', failureReason(err)).catch(() => {});
    }
  }

  /** The business that owns the number written to, and the sender's number; or why neither is known. */
  private async senderOf(message: InboundMessage): Promise<Sender | { note: string }> {
    return senderWith(await this.ownerOf(message.waNumber.replace(/\D/g, '')), message);
  }

  private async ownerOf(waNumber: string): Promise<ConsentBusiness | null> {
    const [business] = await queryRows<ConsentBusiness>(
      this.deps.db,
      sql`SELECT id, company_name AS "companyName" FROM businesses WHERE waba_number = ${waNumber}`,
    );
    return business ?? null;
  }

  private async handle(
    { business, phone }: Sender,
    message: InboundMessage,
    intent: 'opt_in' | 'opt_out',
    log: Logger,
  ): Promise<Outcome> {
    const reply =
      intent === 'opt_in'
        ? await this.consent.optIn(business, phone, message.name, log)
        : await this.consent.optOut(business, phone, message.name, log);
    // After consent: an opted-out contact gets no automated reply until it opts in again.
    await recordConsentForAutomation(this.deps.db, business.id, phone, intent);
    return { status: 'processed', reply };
  }
}

interface Sender {
  business: ConsentBusiness;
  phone: string;
}

function senderWith(business: ConsentBusiness | null, message: InboundMessage): Sender | { note: string } {
  if (!business) return { note: `no business has the number ${message.waNumber.replace(/\D/g, '')}` };
  const phone = toE164(`+${message.mobile.replace(/\D/g, '')}`);
  if (!phone) return { note: 'sender number is not a valid phone number' };
  return { business, phone };
}

/**
 * The conversation's record of the message. Its key: the inbox key the caller gave (`receiveMessage`), kept
 * in the event; the event's id stands in for events stored before (the same event, retried, keeps its id).
 */
function inboundOf({ business, phone }: Sender, message: InboundMessage, eventId: string) {
  return {
    businessId: business.id,
    phone,
    name: message.name,
    eventKey: message.eventKey ?? eventId,
    type: message.type,
    text: message.text,
    button: message.button,
    media: message.media ?? null,
    details: message.details ?? null,
    replyTo: message.replyTo ?? null,
    timestamp: message.timestamp,
  };
}

function count(result: 'processed' | 'ignored' | 'duplicate' | 'rejected' | 'failed'): void {
  webhookEventsTotal.inc({ provider: MESSAGING_PROVIDER, result });
}
