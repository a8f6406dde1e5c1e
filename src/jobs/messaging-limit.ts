import type { Logger } from 'pino';
import {
  type ClaimedMessage,
  claimMessages,
  claimWithinLimit,
  messagingLimitOf,
  takeWindowPlace,
} from '../modules/messages/index.js';
import type { Db } from '../platform/db/client.js';

/** How long a business's limit is trusted before it is read again (an admin or a webhook may change it). */
const LIMIT_TTL_MS = 1_000;
/** A business at its limit is asked again at most this often, even before its window frees a place. */
const RECHECK_MS = 1_000;
/**
 * A reply waiting for a place goes back to the queue for at most this long (a raised limit or a freed place
 * is seen within it); each wait costs a claim, so it is longer than a campaign's recheck.
 */
const REPLY_RECHECK_MS = 5_000;

/**
 * The dispatcher's side of messaging limits: claims a business's messages through `claimWithinLimit` when
 * it has a daily limit (ordered across processes by the database), else the plain claim. A business that
 * has used up its limit is not claimed for again until its window frees a place (by `now`, which tests move)
 * or a second has passed (the limit may have been raised). Limits are cached per business for a second, so
 * a business without one costs one primary-key read a second, not one per claim.
 */
export class MessagingLimits {
  private readonly cache = new Map<string, { daily: number | null; rate: number | null; readAt: number }>();
  private readonly blocked = new Map<string, { freesAt: number; recheckAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly logger: Logger,
  ) {}

  /** Whether the business waits for its limit now (no claim is worth making). */
  waiting(businessId: string): boolean {
    const b = this.blocked.get(businessId);
    if (!b) return false;
    if (this.now().getTime() >= b.freesAt || Date.now() >= b.recheckAt) {
      this.blocked.delete(businessId);
      return false;
    }
    return true;
  }

  /** The business's own throughput (messages/s) as last read; undefined: the dispatcher's default rate. */
  rateOf(businessId: string): number | undefined {
    return this.cache.get(businessId)?.rate ?? undefined;
  }

  async claim(args: {
    businessId: string;
    limit: number;
    workerId: string;
    leaseMs: number;
  }): Promise<ClaimedMessage[]> {
    const daily = await this.dailyOf(args.businessId);
    if (daily === null) return claimMessages(this.db, args);
    const now = this.now();
    const claim = await claimWithinLimit(this.db, { ...args, dailyRecipients: daily, now });
    if (claim.heldBack > 0 && claim.messages.length === 0) {
      this.blocked.set(args.businessId, {
        freesAt: claim.freesAt?.getTime() ?? now.getTime() + RECHECK_MS,
        recheckAt: Date.now() + RECHECK_MS,
      });
      this.logger.debug(
        { businessId: args.businessId, freesAt: claim.freesAt },
        'dispatcher: waiting for the messaging limit',
      );
    }
    return claim.messages;
  }

  /**
   * A reply that starts a conversation (`startsConversation`) takes a place in the business's window, as a
   * campaign message does. Returns 0 when it may be sent now, else how long it waits before it is tried again.
   */
  async admitReply(businessId: string, phoneNumber: string): Promise<number> {
    const daily = await this.dailyOf(businessId);
    if (daily === null) return 0;
    const now = this.now();
    const place = await takeWindowPlace(this.db, { businessId, phoneNumber, dailyRecipients: daily, now });
    if (place.taken) return 0;
    const freesIn = place.freesAt ? place.freesAt.getTime() - now.getTime() : REPLY_RECHECK_MS;
    return Math.min(Math.max(freesIn, 1), REPLY_RECHECK_MS);
  }

  private async dailyOf(businessId: string): Promise<number | null> {
    const cached = this.cache.get(businessId);
    if (cached && Date.now() - cached.readAt < LIMIT_TTL_MS) return cached.daily;
    const limit = await messagingLimitOf(this.db, businessId);
    const daily = limit?.dailyRecipients ?? null;
    this.cache.set(businessId, { daily, rate: limit?.messagesPerSecond ?? null, readAt: Date.now() });
    return daily;
  }
}
