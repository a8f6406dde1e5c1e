/**
 * The message queue: the module that owns `campaign_messages`. Other modules and the background jobs call
 * these functions; none of them writes the table. `message-queue.ts` is every state change.
 */

export {
  ACTIVITY_KINDS,
  type ActivityKind,
  COUNTED_STATES,
  FUNNEL,
  funnelOf,
  MESSAGE_STATES,
  PENDING_STATES,
  RECEIPT_STATES,
  recordOf,
  statesCountedAs,
} from '../../vocabulary/message-states.js';
export {
  type ActivityCounts,
  campaignCounters,
  campaignFailureReasons,
  campaignTimeline,
  messageActivityByDay,
} from './counters.js';
export { countersOfCampaigns } from './counters-of-campaigns.js';
export { markMessagesClicked } from './message-clicks.js';
export { MESSAGE_EXPORT_LAYOUT, openMessageCursor } from './message-export.js';
export {
  applyReportedFailures,
  campaignPricingCounts,
  campaignsWithRefundDue,
  campaignsWithUnbilledDue,
  countGivenUp,
  type DueMessage,
  failureGroupsOf,
  holdMessagesOfPausedCampaigns,
  holdQueuedMessages,
  lockRefundDue,
  lockUnbilledDue,
  markRefunded,
  requeueGivenUp,
  requeueHeldMessages,
  unsortedFailures,
} from './message-failures.js';
export {
  countRetargetAudience,
  countRetargetAudienceByCountry,
  RETARGET_OUTCOMES,
  type RetargetOutcome,
} from './message-outcomes.js';
export {
  applyReceipts,
  type ClaimedMessage,
  cancelForOptOut,
  claimMessages,
  countMessagesByCountry,
  extendLeases,
  failUnsentMessagesOfCampaign,
  type MessagePricing,
  markRecharged,
  OPTED_OUT_REASON,
  type Outcome,
  queueOptInMessage,
  queueRecipients,
  type Receipt,
  type Recipient,
  type RefundedDelivery,
  reclaimExpiredLeases,
  recordOutcomes,
  releaseHeldMessages,
  removeUnsentMessages,
  restoreHeldMessages,
  type SettleDelivered,
  type Settlement,
} from './message-queue.js';
export {
  businessesWithQueuedMessages,
  type CampaignMessageRow,
  campaignMessageSql,
  campaignsReadyToComplete,
  deliveryCounts,
  listCampaignMessages,
  watchQueue,
} from './message-reads.js';
export { markMessagesReplied } from './message-replies.js';
export { campaignSpendByCountry, type SpendLine } from './message-spend.js';
export { releaseRestWithWinner, splitForTest, variantCounts } from './message-variants.js';
export {
  limitStatusSql,
  messagingLimitOf,
  messagingLimitStatus,
  messagingLimitStatusSchema,
  toLimitStatus,
} from './messaging-limit-status.js';
export { messagesObjects } from './module-objects.js';
export { takePendingReceiptsOf } from './pending-receipts-take.js';
export { CampaignProgress } from './progress.js';
export { startReceiptSweep, sweepPendingReceipts } from './receipt-sweep.js';
export { applyCharged, deliveryReportsTotal } from './receipt-writer.js';
export { claimWithinLimit, takeWindowPlace, windowFreesAt, windowStartOf } from './recipient-window.js';
