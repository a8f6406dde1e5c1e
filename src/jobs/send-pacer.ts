import type { Logger } from 'pino';
import { bucketCapacity, type RateLimiter } from './rate-limiter.js';

/**
 * Draws a business's rate-limit tokens at the moment its sends can start, never ahead of them. Tokens drawn
 * when messages were claimed used to wait in memory with them while the pool was busy (a slow gateway), and
 * were all spent at once when it sped up: a burst far over the limit. Here a draw asks for at most the free
 * send slots, its grant is spent at once by `spend` (which starts that many sends of the business), and
 * whatever `spend` could not use goes straight back to the bucket. So the sends of any second are the tokens
 * the shared bucket handed out in that second: at most the rate plus one bucket (a quarter second).
 */
export class SendPacer {
  /** Businesses with a draw under way: one at a time each, so grants never pile up. */
  private readonly drawing = new Set<string>();
  /** Businesses waiting for their bucket to refill (or for the store to answer again). */
  private readonly waits = new Map<string, NodeJS.Timeout>();
  private readonly draws = new Set<Promise<void>>();
  /** Businesses whose limiter did not answer their last draw, until the pause after it ends. */
  private readonly unreachable = new Set<string>();
  private readonly minDraw: number;
  private stopped = false;

  constructor(
    private readonly limiter: RateLimiter,
    ratePerSecond: number,
    private readonly retryMs: number,
    private readonly logger: Logger,
    /** Starts up to `tokens` sends of the business now; returns how many it started. */
    private readonly spend: (businessId: string, tokens: number) => number,
    /** Called when a wait is over: the business may draw again. */
    private readonly onReady: () => void,
    /** Called when the limit cannot be checked for the business: its held messages should go back. */
    private readonly onUnreachable: (businessId: string) => void = () => {},
    /** A business's own rate (its number's throughput), when it has one; else the limiter's. */
    private readonly rateOf: (businessId: string) => number | undefined = () => undefined,
  ) {
    // Waiting for half a bucket instead of one token keeps round trips few at low rates.
    this.minDraw = Math.ceil(bucketCapacity(ratePerSecond) / 2);
  }

  /** True while the business's sends are paused because its limiter did not answer: claim nothing for it. */
  isUnreachable(businessId: string): boolean {
    return this.unreachable.has(businessId);
  }

  /** Draws up to `want` tokens for the business, unless a draw is already out or its bucket is empty. */
  request(businessId: string, want: number): void {
    if (this.stopped || want <= 0 || this.drawing.has(businessId) || this.waits.has(businessId)) return;
    this.drawing.add(businessId);
    const draw = this.draw(businessId, want).finally(() => {
      this.drawing.delete(businessId);
      this.draws.delete(draw);
    });
    this.draws.add(draw);
  }

  /** No new draws; resolves once the draws under way have spent or returned their tokens. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.waits.values()) clearTimeout(timer);
    this.waits.clear();
    this.unreachable.clear();
    await Promise.all([...this.draws]);
  }

  private async draw(businessId: string, want: number): Promise<void> {
    let granted = 0;
    try {
      const rate = this.rateOf(businessId);
      const minDraw = rate === undefined ? this.minDraw : Math.ceil(bucketCapacity(rate) / 2);
      const result = await this.limiter.take(businessId, want, Math.min(want, minDraw), rate);
      granted = result.granted;
      if (granted === 0) return this.waitFor(businessId, result.waitMs);
    } catch (err) {
      // The limit cannot be checked: send nothing for this business until the store answers again.
      this.logger.warn({ err, businessId }, 'dispatcher: rate limiter unreachable; pausing sends');
      // However long the store stays down, nothing waits in memory meanwhile: an opt-out arriving during
      // the outage finds the business's messages in the queue and cancels them there.
      this.unreachable.add(businessId);
      this.onUnreachable(businessId);
      return this.waitFor(businessId, this.retryMs);
    }
    const used = this.stopped ? 0 : this.spend(businessId, granted);
    if (used < granted) {
      await this.limiter.giveBack(businessId, granted - used, this.rateOf(businessId)).catch((err) => {
        this.logger.warn({ err, businessId }, 'dispatcher: unused rate tokens not returned');
      });
    }
  }

  private waitFor(businessId: string, ms: number): void {
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.waits.delete(businessId);
        this.unreachable.delete(businessId);
        this.onReady();
      },
      Math.max(1, ms),
    );
    timer.unref();
    this.waits.set(businessId, timer);
  }
}
