import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { AppDeps } from '../deps.js';
import { type DueCampaign, notifyCampaignSent, releaseDueCampaigns } from '../modules/campaigns/index.js';
import { signalDispatch } from '../platform/dispatch-signal.js';
import type { Job } from '../platform/job.js';

type SchedulerDeps = Pick<AppDeps, 'db' | 'realtime' | 'logger' | 'notifier'>;

const CLAIM_LIMIT = 20;

/**
 * Sends out scheduled campaigns when they fall due. It keeps no state: each tick asks the database for
 * every published, unsent campaign whose `scheduledAt` has passed, so ticks missed while no worker ran are
 * caught up by the next one. FOR UPDATE SKIP LOCKED lets several workers tick at once without two of them
 * taking the same campaign. Every log line of one tick (its housekeeping included) carries its `tickId`.
 */
export class Scheduler implements Job {
  readonly name = 'scheduler';
  private timer?: NodeJS.Timeout;
  private running: Promise<unknown> = Promise.resolve();
  private stopping = false;

  constructor(
    private readonly deps: SchedulerDeps,
    private readonly intervalMs: number,
    /** Housekeeping run on every tick after the due campaigns (unfinished webhook events). */
    private readonly alsoOnTick?: (log: Logger) => Promise<unknown>,
  ) {}

  start(): this {
    this.schedule(0);
    return this;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One tick: releases every due campaign; returns how many. */
  async tick(log: Logger = this.tickLogger()): Promise<number> {
    let total = 0;
    for (;;) {
      const due = await releaseDueCampaigns(this.deps.db, CLAIM_LIMIT, this.deps.notifier);
      total += due.length;
      if (due.length) {
        signalDispatch();
        await this.announce(due, log);
      }
      if (due.length < CLAIM_LIMIT || this.stopping) {
        log.debug({ due: total }, 'scheduler: tick done');
        return total;
      }
    }
  }

  private tickLogger(): Logger {
    return this.deps.logger.child({ tickId: randomBytes(6).toString('hex') });
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      const log = this.tickLogger();
      this.running = this.tick(log)
        .then(() => this.alsoOnTick?.(log))
        .catch((err) => log.error({ err }, 'scheduler tick failed'))
        .finally(() => this.schedule(this.intervalMs));
    }, delayMs);
    this.timer.unref();
  }

  private async announce(due: DueCampaign[], log: Logger): Promise<void> {
    for (const c of due) {
      // Paused while it waited: the business was told why then, and nothing goes out until it resumes.
      if (c.paused) {
        log.info({ campaignId: c.id }, 'scheduled campaign due while paused: its messages stay held');
        continue;
      }
      log.info({ campaignId: c.id, recipients: c.recipient_count }, 'scheduled campaign sent out');
      await notifyCampaignSent(
        { ...this.deps, logger: log },
        { id: c.id, businessId: c.business_id, name: c.name, recipientCount: c.recipient_count },
      );
    }
  }
}
