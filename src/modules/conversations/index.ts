// The conversations module's public surface: the inbox (conversations and their messages). Other modules and
// the jobs import from here, never from its inner files.

export { unassignMember } from './assignment.js';
export { emitUnassigned } from './assignment-events.js';
export { openAssignedCounts } from './assignment-store.js';
export { startsConversation, WINDOW_MS, windowEndsAt } from './conversation-window.js';
export { conversationsRoutes } from './conversations.routes.js';
export { type ReplyBody, replyBody } from './conversations.schemas.js';
export type { StoredInbound } from './inbound-batch.js';
export {
  type InboundMessageInput,
  receiveInbound,
  receiveInboundBatch,
  receiveInboundRecords,
} from './inbound-receiver.js';
export { fetchDueMedia, type MediaJobOptions, mediaJobOptions } from './media-fetch.js';
export { conversationsObjects } from './module-objects.js';
export { freeServiceRepliesUsed } from './reply-billing.js';
export {
  type AutomatedReply,
  type AutomatedReplyItem,
  afterQueued,
  type QueuedReply,
  queueAutomatedRepliesIn,
  WINDOW_CLOSED,
} from './reply-compose.js';
export { type InteractiveReply, interactiveReply } from './reply-interactive.js';
export {
  type ClaimedReply,
  claimReplies,
  type ReplyOutcome,
  reclaimExpiredReplies,
  recordReplyOutcome,
} from './reply-queue.js';
export {
  refundDueReplies,
  refundFailedReplies,
  refundFailedReply,
  refundUnbilledReply,
} from './reply-refund.js';
export { AUTOMATION_RULE_OFF, replyDelivered, replyOutboundOf } from './reply-sending.js';
export { replySpendByCountry } from './reply-spend.js';
