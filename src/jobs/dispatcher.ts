import { CredentialsUnreadableError } from '../modules/business/index.js';
import { stopCampaignSends } from '../modules/campaigns/index.js';
import {
  businessesWithQueuedMessages,
  type ClaimedMessage,
  campaignsReadyToComplete,
  extendLeases,
  type Outcome,
  reclaimExpiredLeases,
} from '../modules/messages/index.js';
import { onDispatchSignal } from '../platform/dispatch-signal.js';
import type { Job } from '../platform/job.js';
import { type MessagingCredentials, MessagingError } from '../providers/messaging/messaging.port.js';
import { ClaimedBatch } from './claimed-batch.js';
import type { DispatcherDeps, DispatcherOptions } from './dispatcher-options.js';
import { afterFailures, outcomeByCause } from './failure-routing.js';
import { MessagingLimits } from './messaging-limit.js';
import { OutcomeWriter } from './outcome-writer.js';
import { bucketCapacity, createRateLimiter } from './rate-limiter.js';
import { ReplySender } from './reply-sender.js';
import { needsFields, type SendContent, SendInputs, toOutbound } from './send-inputs.js';
import { SendPacer } from './send-pacer.js';
import { retryDelayMs, SendGate } from './send-policy.js';

export { type DispatcherDeps, type DispatcherOptions, dispatcherOptions } from './dispatcher-options.js';

export const CREDENTIALS_MISSING = 'Messaging provider credentials are not configured for this business';

interface Held extends ClaimedMessage {
  /** The half-open circuit's probe: a transport failure on it does not use up an attempt (`probeFailed`). */
  probe: boolean;
  /** The claim it came in (its logger carries the batch id). */
  batch: ClaimedBatch;
}

/**
 * The send engine (docs/architecture.md "The life of a campaign"). It claims due messages per business under a
 * lease, keeps at most two batches in memory, sends through a pool of `concurrency` requests, and writes
 * outcomes back in batches fenced by its worker id. Under a rate limit each send starts only with a token
 * drawn as it starts (`SendPacer`), and a business keeps at most half a second of sending in memory. Nothing
 * it holds only in memory is lost if it dies: unrecorded messages stay `sending` until their lease runs
 * out, then any dispatcher claims them again.
 */
export class Dispatcher implements Job {
  readonly name = 'dispatcher';
  /** Set when sends are rate limited (`ratePerSecond` > 0). */
  private readonly pacer?: SendPacer;
  /** Claimed messages not yet started, in claim order. */
  private readonly waiting: Held[] = [];
  /** How many of `waiting` each business has (rate-limited mode only). */
  private readonly waitingOf = new Map<string, number>();
  /** Most messages of one rate-limited business held in memory: half a second of its sending. */
  private readonly backlogCap: number;
  private running = 0;
  private readonly writer: OutcomeWriter;
  private readonly inputs: SendInputs;
  /** Conversation replies: claimed and sent beside campaign messages, under the same rate limit. */
  private readonly replies: ReplySender;
  private readonly gates = new Map<string, SendGate>();
  private readonly limits: MessagingLimits;
  private loop?: Promise<void>;
  private heartbeat?: NodeJS.Timeout;
  private stopping = false;
  private stopped?: Promise<void>;
  private wakeUp?: () => void;
  private idleWaiters: (() => void)[] = [];
  private lastMaintenance = 0;
  private turn = 0;
  private unsubscribe?: () => void;
  private readonly lowWater: number;
  private readonly highWater: number;
  /** Counters for benchmarks and logs: where the time goes. */
  private readonly counters = { claims: 0, claimed: 0, claimMs: 0, sends: 0, sendMs: 0 };

  constructor(
    private readonly deps: DispatcherDeps,
    readonly opts: DispatcherOptions,
  ) {
    if (opts.ratePerSecond > 0) {
      this.pacer = new SendPacer(
        createRateLimiter(deps.db, deps.redis, opts.ratePerSecond),
        opts.ratePerSecond,
        opts.pollMs,
        deps.logger,
        (businessId, tokens) => this.startPaced(businessId, tokens),
        () => this.pump(),
        (businessId) => this.releaseWaiting(businessId),
        (businessId) => this.limits.rateOf(businessId),
      );
    }
    this.backlogCap = 2 * bucketCapacity(opts.ratePerSecond);
    this.inputs = new SendInputs(deps);
    this.limits = new MessagingLimits(deps.db, opts.now, deps.logger);
    this.replies = new ReplySender(deps, opts, this.limits);
    this.writer = new OutcomeWriter(deps, opts.workerId, opts.flushMs, (id) => this.inputs.forget(id));
    // Claim the next batch while the current one is still being sent (double buffering), so the pool
    // never waits on a claim query. Claimed-but-unsent messages are only leased, never sent twice.
    this.lowWater = Math.max(opts.concurrency, opts.batchSize);
    this.highWater = Math.max(opts.batchSize, opts.concurrency) * 2;
  }

  get workerId(): string {
    return this.opts.workerId;
  }

  get stats() {
    return { ...this.counters, ...this.writer.stats };
  }

  start(): this {
    this.unsubscribe = onDispatchSignal(() => this.wake());
    this.heartbeat = setInterval(
      () => void this.keepLeases(),
      Math.max(250, Math.floor(this.opts.leaseMs / 3)),
    );
    this.heartbeat.unref();
    this.loop = this.run();
    return this;
  }

  /** Look for work now instead of at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /**
   * Graceful stop: no new claims; claimed messages not yet started go straight back to the queue; sends
   * in flight finish and their outcomes are written.
   */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      this.stopping = true;
      this.unsubscribe?.();
      this.wake();
      await this.loop;
      await this.replies.drain();
      for (const m of this.waiting.splice(0)) this.settle(m, { id: m.id, kind: 'release' });
      this.waitingOf.clear();
      await this.pacer?.stop();
      if (this.running > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
      await this.writer.drain();
      clearInterval(this.heartbeat);
    })();
    return this.stopped;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let sleepMs = this.opts.pollMs;
      try {
        await this.maintain();
        const replied = await this.replies.round();
        const result = await this.fill();
        if (replied > 0) continue;
        sleepMs = result.sleepMs;
        if (result.claimed > 0 && this.waiting.length < this.lowWater) continue;
      } catch (err) {
        this.deps.logger.error({ err }, 'dispatcher: claiming failed; retrying after the poll interval');
      }
      if (this.stopping) break;
      await this.sleep(sleepMs);
    }
  }

  /** Claims work for each business with queued messages, in turn, until the in-memory batch is full. */
  private async fill(): Promise<{ claimed: number; sleepMs: number }> {
    const { pollMs, batchSize } = this.opts;
    let room = this.highWater - this.waiting.length - this.running;
    if (room <= 0 || this.waiting.length >= this.lowWater) return { claimed: 0, sleepMs: pollMs };
    const businesses = await businessesWithQueuedMessages(this.deps.db);
    if (!businesses.length) return { claimed: 0, sleepMs: pollMs };
    // Rotate the starting business so that no business always goes first when room is short.
    const start = this.turn++ % businesses.length;
    const ordered = [...businesses.slice(start), ...businesses.slice(0, start)];
    let claimed = 0;
    let sleepMs = pollMs;
    const now = Date.now();
    for (const businessId of ordered) {
      if (room <= 0 || this.stopping) break;
      // A rate-limited business cannot send its backlog any faster by holding more of it.
      const want = this.pacer
        ? Math.min(room, batchSize, this.backlogCap - (this.waitingOf.get(businessId) ?? 0))
        : Math.min(room, batchSize);
      if (want <= 0 || this.pacer?.isUnreachable(businessId) || this.limits.waiting(businessId)) continue;
      const gate = this.gate(businessId);
      const { limit, probe } = gate.claimAllowance(want, now);
      if (limit === 0) {
        sleepMs = Math.min(sleepMs, gate.pauseLeft(now) || pollMs);
        continue;
      }
      const claimStarted = performance.now();
      const rows = await this.limits.claim({
        businessId,
        limit,
        workerId: this.opts.workerId,
        leaseMs: this.opts.leaseMs,
      });
      this.counters.claims++;
      this.counters.claimed += rows.length;
      this.counters.claimMs += performance.now() - claimStarted;
      if (probe && rows.length === 0) gate.probeUnused();
      const batch = rows.length ? new ClaimedBatch(this.deps.logger, businessId, rows) : undefined;
      for (const row of rows) this.waiting.push({ ...row, probe, batch: batch! });
      if (this.pacer && rows.length) {
        this.waitingOf.set(businessId, (this.waitingOf.get(businessId) ?? 0) + rows.length);
      }
      claimed += rows.length;
      room -= rows.length;
      this.pump();
    }
    return { claimed, sleepMs: Math.max(1, sleepMs) };
  }

  /** Starts sends while the pool has room; under a rate limit, asks for tokens for them instead. */
  private pump(): void {
    if (this.pacer) {
      this.requestTokens(this.pacer);
      return;
    }
    while (this.running < this.opts.concurrency && this.waiting.length > 0) {
      const message = this.waiting.shift()!;
      this.startSend(message);
    }
  }

  /** One draw per business with waiting messages, for at most the free slots (the pacer spends it at once). */
  private requestTokens(pacer: SendPacer): void {
    const free = this.opts.concurrency - this.running;
    if (free <= 0 || this.stopping) return;
    for (const [businessId, count] of this.waitingOf) pacer.request(businessId, Math.min(count, free));
  }

  /** Starts up to `tokens` of the business's waiting messages, oldest first; returns how many were sent. */
  private startPaced(businessId: string, tokens: number): number {
    let started = 0;
    for (let i = 0; i < this.waiting.length && started < tokens; ) {
      if (this.stopping || this.running >= this.opts.concurrency) break;
      const message = this.waiting[i]!;
      if (message.businessId !== businessId) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      const left = (this.waitingOf.get(businessId) ?? 1) - 1;
      if (left > 0) this.waitingOf.set(businessId, left);
      else this.waitingOf.delete(businessId);
      if (this.startSend(message)) started++;
    }
    return started;
  }

  /** Hands every claimed-but-unstarted message of the business back to the queue (attempt not counted). */
  private releaseWaiting(businessId: string): void {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const message = this.waiting[i]!;
      if (message.businessId !== businessId) continue;
      this.waiting.splice(i, 1);
      this.settle(message, { id: message.id, kind: 'release' });
    }
    this.waitingOf.delete(businessId);
  }

  /** Sends one claimed message, or hands it back while its business is paused; true when it was sent. */
  private startSend(message: Held): boolean {
    const gate = this.gate(message.businessId);
    if (!message.probe && gate.holdsBack()) {
      // The provider is down or pushing back for this business: hand the message back untouched.
      this.settle(message, { id: message.id, kind: 'release' });
      return false;
    }
    this.running++;
    void this.sendOne(message, gate).finally(() => {
      this.running--;
      if (this.running === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      if (!this.stopping) this.pump();
      if (this.waiting.length < this.lowWater) this.wake();
    });
    return true;
  }

  private async sendOne(message: Held, gate: SendGate): Promise<void> {
    let content: SendContent | null;
    let credentials: MessagingCredentials | null;
    try {
      content = await this.inputs.content(message.campaignId);
      credentials = content ? await this.inputs.credentialsOf(message.businessId) : null;
      // A `{{field}}`: the contacts' values at send time, one read for the whole claimed batch.
      if (content && message.contactId && needsFields(content, message))
        message.fields = (await message.batch.fieldsOf(this.deps.db)).get(message.contactId) ?? null;
    } catch (err) {
      if (err instanceof CredentialsUnreadableError)
        return this.settle(message, { id: message.id, kind: 'failed', error: err.message });
      // Our own database hiccup, not the message's fault: back to the queue without using an attempt.
      message.batch.log.error(
        { err, messageId: message.id },
        "dispatcher: loading a message's campaign, credentials or contact fields failed",
      );
      const delayMs = this.opts.retryBaseMs;
      return this.settle(message, {
        id: message.id,
        kind: 'retry',
        error: 'Temporary internal error',
        delayMs,
        refund: true,
      });
    }
    if (!content)
      return this.settle(message, { id: message.id, kind: 'failed', error: 'Campaign not found' });
    if (!credentials)
      return this.settle(message, { id: message.id, kind: 'failed', error: CREDENTIALS_MISSING });
    const sendStarted = performance.now();
    try {
      // The business's own provider: the Cloud API when it connected with it, else the gateway.
      const port = credentials.provider === 'whatsapp-cloud' ? this.deps.cloud : this.deps.messaging;
      const result = await port.send(credentials, toOutbound(content, message));
      this.counters.sends++;
      this.counters.sendMs += performance.now() - sendStarted;
      gate.succeeded();
      this.settle(message, {
        id: message.id,
        kind: 'sent',
        providerMessageId: result.providerMessageId,
        at: new Date(),
      });
    } catch (err) {
      this.settle(message, this.failureOutcome(message, gate, err));
    }
  }

  /** Hands an outcome to the writer, tagged with its batch for the writer's logs. */
  private settle(message: Held, outcome: Outcome): void {
    this.writer.add({ ...outcome, batchId: message.batch.id });
    message.batch.settled(outcome.kind);
  }

  private failureOutcome(message: Held, gate: SendGate, err: unknown): Outcome {
    const error =
      err instanceof MessagingError
        ? err
        : new MessagingError(`Unexpected send error: ${(err as Error)?.message ?? String(err)}`, true);
    if (!(err instanceof MessagingError))
      message.batch.log.error({ err, messageId: message.id }, 'dispatcher: unexpected send error');
    const byCause = outcomeByCause(this.deps, message, error);
    if (byCause) return byCause;
    if (!error.transient) {
      gate.rejected();
      if (error.scope === 'campaign') this.stopCampaign(message, error.reason);
      return { id: message.id, kind: 'failed', error: error.reason, outcome: error.outcome };
    }
    if (error.throttled) gate.throttled(error.retryAfterMs);
    else gate.transportFailed();
    // A throttle (429, 130429, 131056) says "slower", not "broken": the message waits out the pause and its
    // attempt is given back, so the provider's pushing back never fails a message.
    const given = error.throttled || (message.probe && gate.probeFailed(message.id));
    if (!given && message.attempts >= this.opts.maxAttempts) {
      return {
        id: message.id,
        kind: 'failed',
        error: `${error.reason} (gave up after ${message.attempts} attempts)`,
        outcome: 'retry',
      };
    }
    const delayMs = retryDelayMs(message.attempts, {
      baseMs: this.opts.retryBaseMs,
      maxMs: this.opts.retryMaxMs,
      retryAfterMs: error.retryAfterMs,
    });
    return {
      id: message.id,
      kind: 'retry',
      error: error.reason,
      delayMs,
      refund: given,
    };
  }

  /**
   * The sender's setup failed (template, token, permission): the campaign's remaining sends stop and the
   * business is told. Claimed messages of the campaign still waiting here fail with the same reason; those
   * held by other dispatchers fail when their own send meets the error.
   */
  private stopCampaign(message: Held, reason: string): void {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const waiting = this.waiting[i]!;
      if (waiting.campaignId !== message.campaignId) continue;
      this.waiting.splice(i, 1);
      if (this.pacer) {
        const left = (this.waitingOf.get(waiting.businessId) ?? 1) - 1;
        if (left > 0) this.waitingOf.set(waiting.businessId, left);
        else this.waitingOf.delete(waiting.businessId);
      }
      this.settle(waiting, { id: waiting.id, kind: 'failed', error: reason, outcome: 'stop' });
    }
    void stopCampaignSends(
      this.deps,
      { id: message.campaignId, businessId: message.businessId },
      reason,
    ).catch((err) =>
      message.batch.log.error(
        { err, campaignId: message.campaignId },
        'dispatcher: stopping a campaign failed',
      ),
    );
  }

  /** Once per poll interval: reclaim expired leases and complete campaigns no flush has seen finish. */
  private async maintain(): Promise<void> {
    const now = Date.now();
    if (now - this.lastMaintenance < this.opts.pollMs) return;
    this.lastMaintenance = now;
    const reclaimed = await reclaimExpiredLeases(
      this.deps.db,
      this.opts.maxAttempts,
      this.opts.cloudStatusGraceMs,
    );
    if (reclaimed.length)
      this.deps.logger.warn({ campaigns: reclaimed }, 'dispatcher: reclaimed expired leases');
    for (const id of reclaimed) this.writer.scheduleCompletionCheck(id);
    for (const id of await campaignsReadyToComplete(this.deps.db)) await this.writer.checkCompletion(id);
    await afterFailures(this.deps, this.opts.failureSettleMs);
  }

  private async keepLeases(): Promise<void> {
    if (this.waiting.length + this.running + this.writer.pending === 0) return;
    try {
      await extendLeases(this.deps.db, this.opts.workerId, this.opts.leaseMs);
    } catch (err) {
      this.deps.logger.warn({ err }, 'dispatcher: lease heartbeat failed');
    }
  }

  private gate(businessId: string): SendGate {
    let gate = this.gates.get(businessId);
    if (!gate) {
      gate = new SendGate(this.opts.breaker);
      this.gates.set(businessId, gate);
    }
    return gate;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}
