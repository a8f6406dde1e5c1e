import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { type CampaignProgress, markMessagesClicked } from '../messages/index.js';
import { applyClicks, type ClickBatchEntry } from './links.repository.js';

/** A batch is written at most this long after its first click. */
export const CLICK_FLUSH_MS = 250;
/** ...or as soon as it holds this many distinct message links. */
const FLUSH_AT = 2_000;

type Deps = { db: Db; logger: Logger; campaignProgress: CampaignProgress };

/**
 * Clicks are recorded after the redirect has answered, in batches: one transaction per batch counts them per
 * message and link, sets the messages' first click (`clicked_at`, which moves the campaign's counters) and
 * schedules a `campaignProgress`. A redirect never waits on a write; a process that stops flushes first.
 */
export class ClickRecorder {
  private pending = new Map<string, ClickBatchEntry>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: Deps) {}

  record(click: { messageId: string; position: number; campaignId: string; at: Date }): void {
    const key = `${click.messageId}:${click.position}`;
    const entry = this.pending.get(key);
    if (entry) entry.clicks += 1;
    else
      this.pending.set(key, {
        messageId: click.messageId,
        position: click.position,
        campaignId: click.campaignId,
        clicks: 1,
        at: click.at.toISOString(),
      });
    if (this.pending.size >= FLUSH_AT) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), CLICK_FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what is pending (and waits for a write under way): for shutdown and tests. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.flushing.then(() => (batch.length ? this.write(batch) : undefined));
    return this.flushing;
  }

  private async write(batch: ClickBatchEntry[]): Promise<void> {
    try {
      const moved = await this.deps.db.transaction(async (tx) => {
        const firsts = await applyClicks(tx, batch);
        return markMessagesClicked(
          tx,
          firsts.map((f) => ({ messageId: f.message_id, at: f.at })),
        );
      });
      for (const c of moved) this.deps.campaignProgress.touched(c.campaignId, c.businessId);
    } catch (err) {
      this.deps.logger.error({ err, clicks: batch.length }, 'clicks not recorded');
    }
  }
}
