import type { AppDeps } from '../deps.js';
import {
  rechargeDeliveredMessages,
  settleDeliveredMessages,
  startAbDecisions,
} from '../modules/campaigns/index.js';
import { startReceiptSweep } from '../modules/messages/index.js';
import { MessagingWebhookService } from '../modules/webhooks/index.js';
import type { Job } from '../platform/job.js';
import { startAuditRetention } from './audit-retention.js';
import { startAutomationSender } from './automation-sender.js';
import { startContactCountryBackfill } from './contact-country-backfill.js';
import { Dispatcher, dispatcherOptions } from './dispatcher.js';
import { startIdempotencySweep } from './idempotency-sweep.js';
import { startMediaFetcher } from './media-fetcher.js';
import { startNumberHealthSweep } from './number-health-sweep.js';
import { startPaymentEventSweep } from './payment-event-sweep.js';
import { Scheduler } from './scheduler.js';
import { startUploadSweep } from './upload-sweep.js';
import { startWebhookRetention, startWebhookSender } from './webhook-sender.js';
import { startWithdrawalReconciliation } from './withdrawal-reconciliation.js';

/** Starts the worker role's loops (scheduler, dispatcher). Each keeps its state in the database. */
export async function startWorker(deps: AppDeps): Promise<Job[]> {
  const dispatcher = new Dispatcher(deps, dispatcherOptions(deps.config)).start();
  const webhooks = new MessagingWebhookService(deps);
  const scheduler = new Scheduler(deps, deps.config.SCHEDULER_INTERVAL_MS, (log) =>
    webhooks.retryUnfinished(undefined, log),
  ).start();
  deps.logger.info(
    {
      workerId: dispatcher.workerId,
      ratePerSecond: deps.config.DISPATCH_RATE_PER_SECOND,
      rateLimiter: deps.config.DISPATCH_RATE_PER_SECOND > 0 ? (deps.redis ? 'redis' : 'postgres') : 'none',
    },
    'worker started',
  );
  // Payment events stored but never finished (a crash between the inbox and the ledger) are retried too.
  const paymentSweep = startPaymentEventSweep(deps, deps.config.SCHEDULER_INTERVAL_MS);
  // Delivery reports that raced the outcome write storing their id, and those whose id never came.
  const receiptSweep = startReceiptSweep(
    { ...deps, recharge: rechargeDeliveredMessages, settle: settleDeliveredMessages },
    deps.config.RECEIPT_SWEEP_INTERVAL_MS,
    deps.config.RECEIPT_PENDING_TTL_MS,
  );
  return [
    scheduler,
    dispatcher,
    paymentSweep,
    receiptSweep,
    startWithdrawalReconciliation(deps),
    // Uploads signed but never confirmed, once their grace period is over.
    startUploadSweep(deps),
    // A/B tests whose time is up get their winner, and the rest of their audience goes out.
    startAbDecisions(deps, deps.config.SCHEDULER_INTERVAL_MS),
    // The Cloud numbers' quality and messaging limit, between their webhooks.
    startNumberHealthSweep(deps),
    // The media contacts sent, copied into storage after their webhook answered.
    startMediaFetcher(deps),
    // The automated replies the webhook decided, billed and queued in batches.
    startAutomationSender(deps),
    // The audit log keeps a year.
    startAuditRetention(deps),
    // Idempotent answers keep a day.
    startIdempotencySweep(deps),
    // Outgoing webhooks: the outbox posted to the businesses' endpoints, and its log kept 30 days.
    startWebhookSender(deps),
    startWebhookRetention(deps),
    // Contacts older than their country column get one (a migration cannot run the phone library).
    startContactCountryBackfill(deps),
  ];
}
