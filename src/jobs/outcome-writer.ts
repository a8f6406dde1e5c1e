import type { AppDeps } from '../deps.js';
import { completeIfDone, settleDeliveredMessages } from '../modules/campaigns/index.js';
import { type Outcome, recordOutcomes } from '../modules/messages/index.js';
import { messagesTotal } from '../platform/metrics.js';

/**
 * Outcomes per write, at most (more only while every write slot is busy). A write's fixed cost (the bind,
 * the CTEs, the commit) is paid per batch: at ~90 rows it cost PostgreSQL twice as much per row as a claim
 * of ~450 did (docs/benchmark-notes.md), so a write waits for a full batch or for `flushMs`.
 */
const BATCH = 500;
/** `campaign_messages_total{outcome}`: final outcomes (sent, failed) and the two ways back to the queue. */
const OUTCOME_LABELS: Record<Outcome['kind'], string> = {
  sent: 'sent',
  failed: 'failed',
  retry: 'retried',
  release: 'released',
};
const MAX_PARALLEL_WRITES = 3;
const COMPLETION_DELAY_MS = 200;
/** Pause after a failed write, doubled per consecutive failure: the database may be restarting. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * Writes a dispatcher's outcomes back in batches (once 500 are waiting, or once the oldest has waited
 * `flushMs`), up to three writes at a time on separate connections: their rows never overlap, since a
 * message has one outcome per claim. A failed write is put back and retried after a pause that grows while
 * the database stays unreachable, never dropped; meanwhile its rows stay `sending` under the worker's
 * heartbeat-extended lease. After each write it checks, once per burst, whether the campaigns it touched
 * are complete.
 */
export class OutcomeWriter {
  private buffer: Outcome[] = [];
  /** When the oldest outcome in `buffer` arrived. */
  private oldestAt = 0;
  private timer?: NodeJS.Timeout;
  private writing = 0;
  private idle: (() => void)[] = [];
  private stopping = false;
  /** No write starts before this time (after a failure); 0 when the last write succeeded. */
  private retryAt = 0;
  private retryMs = 0;
  private readonly completionChecks = new Map<string, NodeJS.Timeout>();
  readonly stats = { writes: 0, written: 0, writeMs: 0 };

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'campaignProgress' | 'logger' | 'notifier'>,
    private readonly workerId: string,
    private readonly flushMs: number,
    private readonly onCompleted: (campaignId: string) => void = () => {},
  ) {}

  /** Outcomes not yet in the database (buffered or being written). */
  get pending(): number {
    return this.buffer.length + this.writing;
  }

  add(outcome: Outcome): void {
    if (this.buffer.length === 0) this.oldestAt = Date.now();
    this.buffer.push(outcome);
    this.flushWhenDue();
  }

  /** Writes now if a full batch is waiting or the oldest outcome has waited `flushMs`; else sets the timer. */
  private flushWhenDue(): void {
    // While stopping, `drain` writes what is left itself and no timer may outlive the stop.
    if (this.buffer.length === 0 || this.stopping) return;
    const waited = Date.now() - this.oldestAt;
    if (this.buffer.length >= BATCH || waited >= this.flushMs) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs - waited);
  }

  /**
   * Starts a write of what is buffered (if a slot is free and no failure pause is running; `force` skips
   * the pause); resolves when no write is running.
   */
  flush(force = false): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const wait = this.retryAt - Date.now();
    if (this.stopping && !force) {
      // `drain` does the remaining rounds itself; no timer may outlive the stop.
    } else if (!force && wait > 0 && this.buffer.length > 0) {
      this.timer = setTimeout(() => void this.flush(), wait);
    } else if (this.buffer.length > 0 && this.writing < MAX_PARALLEL_WRITES) {
      const batch = this.buffer;
      this.buffer = [];
      this.writing++;
      void this.write(batch).finally(() => {
        this.writing--;
        // Not at once: what arrived during this write waits to make a full batch, up to `flushMs`.
        this.flushWhenDue();
        if (this.writing === 0) for (const resolve of this.idle.splice(0)) resolve();
      });
    }
    return this.writing === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }

  /** Graceful stop: writes everything (a few rounds at most), then runs the pending completion checks. */
  async drain(): Promise<void> {
    this.stopping = true;
    for (let round = 0; round < 5 && this.pending > 0; round++) {
      await this.flush(true);
      if (this.buffer.length && this.retryAt) await sleep(Math.min(this.retryMs, 1_000));
    }
    if (this.buffer.length) {
      this.deps.logger.error(
        {
          count: this.buffer.length,
          batchIds: [...new Set(this.buffer.map((o) => o.batchId).filter(Boolean))],
        },
        'dispatcher: outcomes not recorded at stop; their messages are retried once the lease expires',
      );
    }
    const campaigns = [...this.completionChecks.keys()];
    for (const timer of this.completionChecks.values()) clearTimeout(timer);
    this.completionChecks.clear();
    await Promise.all(campaigns.map((id) => this.checkCompletion(id)));
  }

  /** A trailing check per campaign, so a burst of writes costs one completion query, not hundreds. */
  scheduleCompletionCheck(campaignId: string): void {
    if (this.completionChecks.has(campaignId)) return;
    const timer = setTimeout(() => {
      this.completionChecks.delete(campaignId);
      void this.checkCompletion(campaignId);
    }, COMPLETION_DELAY_MS);
    this.completionChecks.set(campaignId, timer);
  }

  async checkCompletion(campaignId: string): Promise<void> {
    try {
      if (await completeIfDone(this.deps, campaignId)) {
        this.onCompleted(campaignId);
        this.deps.logger.info({ campaignId }, 'campaign completed');
      }
    } catch (err) {
      this.deps.logger.warn({ err, campaignId }, 'dispatcher: completion check failed');
    }
  }

  private async write(batch: Outcome[]): Promise<void> {
    try {
      const started = performance.now();
      const recorded = await recordOutcomes(this.deps.db, this.workerId, batch, settleDeliveredMessages);
      this.stats.writes++;
      this.stats.written += batch.length;
      this.stats.writeMs += performance.now() - started;
      this.retryAt = 0;
      this.retryMs = 0;
      // Counted once written, so the counters say what the database says (a fenced-off row is not).
      for (const r of recorded) messagesTotal.inc({ outcome: OUTCOME_LABELS[r.kind] });
      const campaigns = new Map(recorded.map((r) => [r.campaignId, r.businessId]));
      for (const [campaignId, businessId] of campaigns) {
        this.deps.campaignProgress.touched(campaignId, businessId);
        this.scheduleCompletionCheck(campaignId);
      }
    } catch (err) {
      this.deps.logger.error(
        { err, count: batch.length, batchIds: [...new Set(batch.map((o) => o.batchId).filter(Boolean))] },
        'dispatcher: recording outcomes failed',
      );
      this.buffer = batch.concat(this.buffer);
      // Every retry waits (the `finally` of this write calls flush again, which honours the pause), so an
      // outage costs one attempt per pause instead of a loop of connection attempts.
      this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs ? this.retryMs * 2 : RETRY_FIRST_MS);
      this.retryAt = Date.now() + this.retryMs;
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
