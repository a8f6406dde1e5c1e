import { refundDueCampaigns, stopCampaignSends } from '../modules/campaigns/index.js';
import { optOutForProvider } from '../modules/consent/index.js';
import { refundDueReplies } from '../modules/conversations/index.js';
import { applySpamLimit } from '../modules/deliverability/index.js';
import {
  applyReportedFailures,
  type ClaimedMessage,
  holdMessagesOfPausedCampaigns,
  type Outcome,
  unsortedFailures,
} from '../modules/messages/index.js';
import { classifyGatewayFailure, DEFER_MS } from '../providers/messaging/cloud-errors.js';
import type { MessagingError } from '../providers/messaging/messaging.port.js';
import { type DispatcherDeps, SETTLE_MS } from './dispatcher-options.js';

/**
 * The send failures whose outcome is neither "try again with backoff" nor "fail this one message" nor "stop
 * the campaign" (those stay with the dispatcher): a deferral (131049) waits 24 hours once, without using an
 * attempt, and is final the second time; a stop of marketing (131050) fails the message and opts the person
 * out; a spam limit on the number (131048) fails the message and pauses the business's marketing. Returns
 * null for the other outcomes.
 */
export function outcomeByCause(
  deps: DispatcherDeps,
  message: ClaimedMessage,
  error: MessagingError,
): Outcome | null {
  if (error.outcome === 'defer') {
    if (message.deferred)
      return {
        id: message.id,
        kind: 'failed',
        error: `${error.reason} (already deferred once)`,
        outcome: 'defer',
      };
    return {
      id: message.id,
      kind: 'retry',
      error: error.reason,
      delayMs: DEFER_MS,
      refund: true,
      outcome: 'defer',
    };
  }
  if (error.outcome === 'optout') {
    void optOutForProvider(deps, message.businessId, message.phoneNumber, error.reason).catch((err) =>
      deps.logger.error({ err, messageId: message.id }, 'dispatcher: opting a contact out failed'),
    );
    return { id: message.id, kind: 'failed', error: error.reason, outcome: 'optout' };
  }
  if (error.outcome === 'pause') {
    void applySpamLimit(deps, message.businessId).catch((err) =>
      deps.logger.error(
        { err, messageId: message.id },
        'dispatcher: pausing marketing on a spam limit failed',
      ),
    );
    return { id: message.id, kind: 'failed', error: error.reason, outcome: 'pause' };
  }
  return null;
}

/**
 * The dispatcher's maintenance for failures: messages of paused campaigns that came back to the queue are
 * held again, and the charge of messages and replies that failed for good (or that the Cloud API did not
 * bill) is given back.
 */
export async function afterFailures(deps: DispatcherDeps, settleMs = SETTLE_MS): Promise<void> {
  await holdMessagesOfPausedCampaigns(deps.db);
  await sortReportedFailures(deps, settleMs);
  await refundDueCampaigns(deps);
  await refundDueReplies(deps);
}

/**
 * Reported failures no handler sorted (their report waited for the message): each gets its outcome from the
 * failure table (a Cloud code, or the gateway's cause), with the same follow-up as the webhook's.
 */
async function sortReportedFailures(deps: DispatcherDeps, settleMs: number): Promise<void> {
  const unsorted = await unsortedFailures(deps.db, settleMs);
  if (!unsorted.length) return;
  const classes = new Map(
    unsorted.map((u) => [u.providerMessageId, classifyGatewayFailure(u.error, u.errorCode)]),
  );
  const results = await applyReportedFailures(
    deps.db,
    unsorted.map((u) => ({
      providerMessageId: u.providerMessageId,
      outcome: classes.get(u.providerMessageId)!.outcome,
    })),
  );
  for (const r of results) {
    const reason = classes.get(r.providerMessageId)?.reason ?? r.reason;
    if (r.outcome === 'stop')
      await stopCampaignSends(deps, { id: r.campaignId, businessId: r.businessId }, reason);
    else if (r.outcome === 'optout') await optOutForProvider(deps, r.businessId, r.phoneNumber, reason);
    else if (r.outcome === 'pause') await applySpamLimit(deps, r.businessId);
  }
}
