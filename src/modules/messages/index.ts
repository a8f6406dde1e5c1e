/**
 * The message queue: the module that owns `campaign_messages`. Other modules and the background jobs call
 * these functions; none of them writes the table. `message-queue.ts` is every state change.
 */

export * from '../../platform/db/message-states.js';
export * from './counters.js';
export * from './counters-of-campaigns.js';
export * from './message-clicks.js';
export * from './message-export.js';
export * from './message-failures.js';
export * from './message-outcomes.js';
export * from './message-queue.js';
export * from './message-reads.js';
export * from './message-replies.js';
export * from './message-variants.js';
export * from './messaging-limit-status.js';
export * from './pending-receipts-take.js';
export * from './progress.js';
export * from './receipt-sweep.js';
export * from './receipt-writer.js';
export * from './recipient-window.js';
