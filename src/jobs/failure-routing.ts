import { refundDueCampaigns } from '../modules/campaigns/index.js';
import { optOutForProvider } from '../modules/consent/index.js';
import {
  type ClaimedMessage,
  holdMessagesOfPausedCampaigns,
  type Outcome,
} from '../modules/messages/index.js';
import { DEFER_MS } from '../providers/messaging/cloud-errors.js';
import type { MessagingError } from '../providers/messaging/messaging.port.js';
import type { DispatcherDeps } from './dispatcher.js';

/**
 * The send failures whose outcome is neither "try again with backoff" nor "fail this one message" nor "stop
 * the campaign" (those stay with the dispatcher): a deferral (131049) waits 24 hours once, without using an
 * attempt, and is final the second time; a stop of marketing (131050) fails the message and opts the person
 * out. Returns null for the other outcomes.
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
  return null;
}

/**
 * The dispatcher's maintenance for failures: messages of paused campaigns that came back to the queue are
 * held again, and the charge of messages that failed for good is given back.
 */
export async function afterFailures(deps: DispatcherDeps): Promise<void> {
  await holdMessagesOfPausedCampaigns(deps.db);
  await refundDueCampaigns(deps);
}
