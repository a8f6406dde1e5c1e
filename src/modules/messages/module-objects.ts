import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import type { RealtimeHub } from '../../platform/realtime-hub.js';
import type { RechargeRefunded, SettleDelivered } from './message-queue.js';
import { CampaignProgress } from './progress.js';
import { ReceiptWriter } from './receipt-writer.js';

declare module '../../deps.js' {
  interface ModuleObjects {
    /** The process's `campaignProgress` reporter: one, so its coalescing spans every caller. */
    campaignProgress: CampaignProgress;
    /**
     * The process's delivery-report writer: one, so the receipts of every callback (the gateway's and the
     * Cloud API's) join the same writes.
     */
    receiptWriter: ReceiptWriter;
  }
}

/**
 * The messages module's objects of a process; `recharge` and `settle` are the campaigns module's charges
 * of the receipts it writes.
 */
export function messagesObjects(deps: {
  db: Db;
  realtime: RealtimeHub;
  logger: Logger;
  recharge: RechargeRefunded;
  settle: SettleDelivered;
}): { campaignProgress: CampaignProgress; receiptWriter: ReceiptWriter } {
  const campaignProgress = new CampaignProgress(deps.db, deps.realtime, deps.logger);
  const receiptWriter = new ReceiptWriter({
    db: deps.db,
    logger: deps.logger,
    campaignProgress,
    recharge: deps.recharge,
    settle: deps.settle,
  });
  return { campaignProgress, receiptWriter };
}
