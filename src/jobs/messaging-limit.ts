import type { Logger } from 'pino';
import {
  type ClaimedMessage,
  claimMessages,
  claimWithinLimit,
  messagingLimitOf,
} from '../modules/messages/index.js';
import type { Db } from '../platform/db/client.js';

/** How long a business's limit is trusted before it is read again (an admin or a webhook may change it). */
const LIMIT_TTL_MS = 1_000;
/** A business at its limit is asked again at most this often, even before its window frees a place. */
const RECHECK_MS = 1_000;

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

  private async dailyOf(businessId: string): Promise<number | null> {
    const cached = this.cache.get(businessId);
    if (cached && Date.now() - cached.readAt < LIMIT_TTL_MS) return cached.daily;
    const limit = await messagingLimitOf(this.db, businessId);
    const daily = limit?.dailyRecipients ?? null;
    this.cache.set(businessId, { daily, rate: limit?.messagesPerSecond ?? null, readAt: Date.now() });
    return daily;
  }
}
