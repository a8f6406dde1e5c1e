import {
  type ClaimedReply,
  claimReplies,
  type ReplyOutcome,
  reclaimExpiredReplies,
  replyDelivered,
  replyOutboundOf,
  startsConversation,
} from '../modules/conversations/index.js';
import { MessagingError } from '../providers/messaging/messaging.port.js';
import type { DispatcherDeps, DispatcherOptions } from './dispatcher-options.js';
import type { MessagingLimits } from './messaging-limit.js';
import { createRateLimiter, type RateLimiter } from './rate-limiter.js';
import { retryDelayMs } from './send-policy.js';

/** Most replies claimed in one round: replies come one at a time from people typing. */
const REPLIES_PER_ROUND = 50;

export const TWOWAY_CREDENTIALS_MISSING =
  'Messaging provider two-way credentials (providerTwowayLogin, providerTwowayPassword) are not configured';

/**
 * The dispatcher's second queue: conversation replies. Each round (one per turn of the dispatcher's loop)
 * claims due replies under a lease, draws each one's token from the same per-business bucket campaign
 * messages draw from (a reply never lets a business exceed its rate), sends it through the business's
 * provider and writes the outcome back. Replies were billed when queued, like a campaign at publish.
 */
export class ReplySender {
  private readonly limiter: RateLimiter;
  private lastReclaim = 0;
  /** Sends started and not yet recorded: the dispatcher's loop never waits on a provider for them. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deps: DispatcherDeps,
    private readonly opts: DispatcherOptions,
    /** The campaign messages' limits: a template outside the window counts against the same daily limit. */
    private readonly limits: MessagingLimits,
  ) {
    this.limiter = createRateLimiter(deps.db, deps.redis, opts.ratePerSecond);
  }

  /** Starts sending what is due now (at most REPLIES_PER_ROUND in flight); returns how many it claimed. */
  async round(): Promise<number> {
    const now = Date.now();
    if (now - this.lastReclaim >= this.opts.pollMs) {
      this.lastReclaim = now;
      await reclaimExpiredReplies(this.deps.db, this.opts.maxAttempts);
    }
    const room = Math.min(REPLIES_PER_ROUND, this.opts.batchSize) - this.inFlight.size;
    if (room <= 0) return 0;
    const claimed = await claimReplies(this.deps.db, {
      limit: room,
      workerId: this.opts.workerId,
      leaseMs: this.opts.leaseMs,
    });
    for (const reply of claimed) {
      const sending: Promise<void> = this.sendOne(reply).finally(() => this.inFlight.delete(sending));
      this.inFlight.add(sending);
    }
    return claimed.length;
  }

  /** Waits for the sends in flight to be sent and recorded (a graceful stop). */
  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  private async sendOne(reply: ClaimedReply): Promise<void> {
    const log = this.deps.logger.child({ replyId: reply.id, businessId: reply.businessId });
    let outcome: ReplyOutcome;
    try {
      const limitWaitMs = startsConversation(reply, this.opts.now())
        ? await this.limits.admitReply(reply.businessId, reply.phoneNumber)
        : 0;
      if (limitWaitMs > 0) outcome = { kind: 'release', delayMs: limitWaitMs };
      else {
        const { granted, waitMs } = await this.limiter.take(reply.businessId, 1);
        if (!granted) outcome = { kind: 'release', delayMs: waitMs };
        else outcome = await this.send(reply);
      }
    } catch (err) {
      log.error({ err }, 'dispatcher: a reply could not be sent');
      outcome = { kind: 'retry', error: 'Temporary internal error', delayMs: this.opts.retryBaseMs };
    }
    try {
      await replyDelivered(this.deps, this.opts.workerId, reply, outcome, log);
    } catch (err) {
      // The lease runs out and the reply is claimed again.
      log.error({ err }, 'dispatcher: writing a reply outcome failed');
    }
  }

  private async send(reply: ClaimedReply): Promise<ReplyOutcome> {
    const { message, credentials, refusal } = await replyOutboundOf(this.deps, reply);
    if (refusal) return { kind: 'failed', error: refusal };
    if (!message) return { kind: 'failed', error: 'Template not found' };
    if (!credentials) return { kind: 'failed', error: TWOWAY_CREDENTIALS_MISSING };
    const port = credentials.provider === 'whatsapp-cloud' ? this.deps.cloud : this.deps.messaging;
    try {
      const result = await port.send(credentials, message);
      return { kind: 'sent', providerMessageId: result.providerMessageId };
    } catch (err) {
      const error =
        err instanceof MessagingError
          ? err
          : new MessagingError(`Unexpected send error: ${(err as Error)?.message ?? String(err)}`, true);
      // A throttle never fails a reply and gives its attempt back, as for campaign messages.
      if (!error.transient || (!error.throttled && reply.attempts >= this.opts.maxAttempts))
        return {
          kind: 'failed',
          error: error.reason,
          outcome: error.outcome,
          ...(error.code ? { code: error.code } : {}),
        };
      return {
        kind: 'retry',
        error: error.reason,
        delayMs: retryDelayMs(reply.attempts, {
          baseMs: this.opts.retryBaseMs,
          maxMs: this.opts.retryMaxMs,
          retryAfterMs: error.retryAfterMs,
        }),
        refund: error.throttled,
      };
    }
  }
}
