import { pgEnum } from 'drizzle-orm/pg-core';
import { MESSAGE_CATEGORIES } from '../../../vocabulary/categories.js';
import { MESSAGE_STATES } from '../../../vocabulary/message-states.js';

export const roleEnum = pgEnum('role', ['superadmin', 'admin', 'business', 'user']);
export const businessVerifiedEnum = pgEnum('business_verified', ['pending', 'accepted', 'rejected']);
export const messageTypeEnum = pgEnum('message_type', MESSAGE_CATEGORIES);
/** How a campaign's `tags` select contacts: those with any of them, or those with all of them. */
export const tagMatchEnum = pgEnum('tag_match', ['any', 'all']);
export const paymentMethodEnum = pgEnum('payment_method', ['credit', 'plan']);
/**
 * held: waiting for its scheduled campaign to fall due; queued: ready (or waiting for a retry at
 * next_attempt_at); sending: leased by a dispatcher; sent: accepted by the gateway; delivered, read: what
 * the gateway's delivery reports said since; failed: refused, given up, or reported failed after sent.
 * The transitions are in `src/modules/messages/message-queue.ts`; the states are defined in `../message-states.ts`.
 */
export const messageStatusEnum = pgEnum('message_status', MESSAGE_STATES);
export const transactionStatusEnum = pgEnum('transaction_status', [
  'pending',
  'successful',
  'failed',
  'reversed',
]);
export const transactionKindEnum = pgEnum('transaction_kind', [
  'credit_purchase',
  'plan_purchase',
  'campaign_credit_debit',
  'campaign_plan_debit',
  'affiliate_commission',
  'withdrawal',
  'withdrawal_refund',
  'admin_adjustment',
  'campaign_refund',
  'affiliate_commission_reversal',
  'reply_credit_debit',
  'reply_refund',
  'campaign_recharge',
  'reply_recharge',
  /** Charge on delivery: credits set aside at publish, then spent per delivered message or given back. */
  'campaign_hold',
  'campaign_settle',
  'campaign_release',
]);
export const ticketIssueTypeEnum = pgEnum('ticket_issue_type', [
  'organizationAccount',
  'userSubscription',
  'paymentAndCredit',
  'bugReports',
  'featureRequests',
  'campaignDelivery',
]);
export const ticketStatusEnum = pgEnum('ticket_status', ['pending', 'open', 'closed', 'resolved']);
export const ticketPriorityEnum = pgEnum('ticket_priority', ['high', 'medium', 'low']);
export const webhookStatusEnum = pgEnum('webhook_status', ['received', 'processed', 'ignored', 'failed']);
