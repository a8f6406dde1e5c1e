import type { Logger } from 'pino';
import { Counter } from 'prom-client';
import type { Db } from '../../platform/db/client.js';
import { registry } from '../../platform/metrics.js';
import {
  applyReceipts,
  type Receipt,
  type ReceiptsApplied,
  type RechargeRefunded,
  type SettleDelivered,
  settleByCallback,
} from './message-queue.js';
import type { CampaignProgress } from './progress.js';

/**
 * `delivery_reports_total{result}`: applied (moved its message), unchanged (duplicate or late), pending
 * (unknown id, kept), malformed, ignored (a status that says nothing, like UNKNOWN), rejected (bad token),
 * expired (pending too long, dropped), failed (not stored: the database failed).
 */
export const deliveryReportsTotal = new Counter({
  name: 'delivery_reports_total',
  help: 'Delivery reports received from the messaging gateway, by result',
  labelNames: ['result'] as const,
  registers: [registry],
});

/** Receipts per write, at most: a full write costs little more than a small one. */
const MAX_BATCH = 2_000;
const MAX_PARALLEL_WRITES = 2;

type Waiter = { size: number; resolve: () => void; reject: (err: unknown) => void };

/**
 * Writes the receipts of concurrent callbacks together. The gateway posts small batches (up to 20
 * events) in parallel; one statement per callback would pay a statement's fixed cost and a commit for
 * every 20 receipts. A callback's receipts join the next write (at most two run at once, each of up to
 * 2,000 receipts) and the callback is answered once that write has committed, so a 200 still means stored.
 */
export class ReceiptWriter {
  private buffer: Receipt[] = [];
  private waiters: Waiter[] = [];
  private writing = 0;

  constructor(private readonly deps: WriterDeps) {}

  /** Resolves once the receipts are applied or kept as pending; rejects if the database failed. */
  write(receipts: Receipt[]): Promise<void> {
    if (!receipts.length) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.buffer.push(...receipts);
      this.waiters.push({ size: receipts.length, resolve, reject });
      // Let the callbacks arriving in the same turn join this write.
      if (this.writing < MAX_PARALLEL_WRITES) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    if (this.writing >= MAX_PARALLEL_WRITES || this.buffer.length === 0) return;
    // Whole callbacks only, up to MAX_BATCH receipts (one larger callback goes alone).
    let take = 0;
    let count = 0;
    while (take < this.waiters.length && (take === 0 || count + this.waiters[take]!.size <= MAX_BATCH)) {
      count += this.waiters[take]!.size;
      take++;
    }
    const batch = this.buffer.splice(0, count);
    const waiters = this.waiters.splice(0, take);
    this.writing++;
    void this.apply(batch)
      .then(
        () => {
          for (const w of waiters) w.resolve();
        },
        (err) => {
          for (const w of waiters) w.reject(err);
        },
      )
      .finally(() => {
        this.writing--;
        this.flush();
      });
  }

  private async apply(batch: Receipt[]): Promise<void> {
    // Cloud statuses naming a message in doubt settle it first, so their receipts then find it.
    const settled = await settleByCallback(this.deps.db, batch);
    if (settled.length)
      this.deps.logger.info({ campaigns: settled.length }, 'messages in doubt settled by their statuses');
    const result = await applyCharged(this.deps, (db) => applyReceipts(db, batch));
    deliveryReportsTotal.inc({ result: 'applied' }, result.applied);
    deliveryReportsTotal.inc({ result: 'unchanged' }, result.unchanged);
    deliveryReportsTotal.inc({ result: 'pending' }, result.pending);
    if (result.pending)
      this.deps.logger.info({ pending: result.pending }, 'delivery reports for unknown ids kept');
    for (const c of [...settled, ...result.campaigns])
      this.deps.campaignProgress.touched(c.campaignId, c.businessId);
  }
}

/** What writing receipts needs: `recharge` charges again the refunded messages they find delivered. */
export type WriterDeps = {
  db: Db;
  logger: Logger;
  campaignProgress: CampaignProgress;
  recharge: RechargeRefunded;
  /** Posts the settlements of prices held until delivery (required once a business charges on delivery). */
  settle?: SettleDelivered;
};

/**
 * Runs one receipts statement and, in its transaction, charges again the messages it moved out of `failed`
 * after their refund (docs/decisions/payments.md "A message refunded, then reported delivered?").
 */
export function applyCharged(
  deps: Pick<WriterDeps, 'db' | 'logger' | 'recharge' | 'settle'>,
  run: (db: Db) => Promise<ReceiptsApplied>,
): Promise<ReceiptsApplied> {
  return deps.db.transaction(async (tx) => {
    const result = await run(tx);
    // Settlements first, by business: wallets are locked in one order whichever batches race.
    if (result.settled.length) {
      if (!deps.settle) throw new Error('receipts settled held prices, and no settle was given');
      await deps.settle(tx, result.settled);
    }
    if (result.recharged.length) {
      const { unpaid } = await deps.recharge(tx, result.recharged);
      if (unpaid)
        deps.logger.warn({ unpaid }, 'refunded messages reported delivered keep their refund: funds short');
    }
    return result;
  });
}
