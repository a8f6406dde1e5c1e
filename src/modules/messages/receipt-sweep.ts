import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import type { Job } from '../../platform/job.js';
import { periodicJob } from '../../platform/periodic-job.js';
import {
  applyMatchedPendingReceipts,
  dropExpiredPendingReceipts,
  type RechargeRefunded,
  type SettleDelivered,
  settlePendingByCallback,
} from './message-queue.js';
import type { CampaignProgress } from './progress.js';
import { applyCharged, deliveryReportsTotal } from './receipt-writer.js';

type Deps = {
  db: Db;
  campaignProgress: CampaignProgress;
  logger: Logger;
  recharge: RechargeRefunded;
  settle?: SettleDelivered;
};

/**
 * One round of the pending-receipts sweep: settles the messages in doubt that pending Cloud statuses name
 * (`settlePendingByCallback`), applies the reports whose message id has been stored since they arrived (one that raced the outcome write storing it), then drops those older than `ttlMs` whose id
 * never appeared (a message re-sent under a new id, a deleted campaign, an id that was never ours).
 */
export async function sweepPendingReceipts(
  deps: Deps,
  ttlMs: number,
): Promise<{ applied: number; dropped: number }> {
  let applied = 0;
  // Cloud statuses kept before their message's outcome was written settle it if that write never came.
  const settled = await settlePendingByCallback(deps.db);
  for (const c of settled) deps.campaignProgress.touched(c.campaignId, c.businessId);
  for (;;) {
    const result = await applyCharged(deps, (db) => applyMatchedPendingReceipts(db));
    applied += result.applied + result.unchanged;
    deliveryReportsTotal.inc({ result: 'applied' }, result.applied);
    deliveryReportsTotal.inc({ result: 'unchanged' }, result.unchanged);
    for (const c of result.campaigns) deps.campaignProgress.touched(c.campaignId, c.businessId);
    if (result.applied + result.unchanged === 0) break;
  }
  const dropped = await dropExpiredPendingReceipts(deps.db, ttlMs);
  if (dropped) {
    deliveryReportsTotal.inc({ result: 'expired' }, dropped);
    deps.logger.warn({ dropped, ttlMs }, 'delivery reports dropped: their message id never appeared');
  }
  return { applied, dropped };
}

/** The worker's periodic sweep of pending receipts. */
export function startReceiptSweep(deps: Deps, intervalMs: number, ttlMs: number): Job {
  return periodicJob('receipt-sweep', intervalMs, () =>
    sweepPendingReceipts(deps, ttlMs).catch((err) => deps.logger.error({ err }, 'receipt sweep failed')),
  );
}
