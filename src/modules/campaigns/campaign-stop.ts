import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { campaigns } from '../../platform/db/schema/index.js';
import { failUnsentMessagesOfCampaign } from '../messages/index.js';
import { moveCampaign } from './campaign-state.js';
import { campaignChanged } from './campaign-webhooks.js';

/**
 * A provider error that is the sender's, not the message's (the template paused or deleted, the token
 * expired, a permission missing): the campaign's remaining sends stop with the reason, and the business is
 * told once. Called by the dispatcher each time such an error comes back; only the first call records the
 * stop and notifies (the move to `stopped` is conditional on the state it leaves, so of two racing calls one
 * moves it), every call fails the messages still waiting. Returns whether this call stopped it.
 */
export async function stopCampaignSends(
  deps: Pick<AppDeps, 'db' | 'notifier' | 'logger'>,
  campaign: { id: string; businessId: string },
  reason: string,
): Promise<boolean> {
  const stopped = await deps.db.transaction(async (tx) => {
    const stop = { stoppedAt: new Date(), stopReason: reason.slice(0, 500) };
    // Being delivered (or paused): it moves to `stopped`. One that completed meanwhile (a late delivery
    // report) keeps its state, the stop recorded all the same.
    const row =
      (await moveCampaign(tx, campaign, { from: ['sending', 'paused'], to: 'stopped' }, stop)) ??
      (
        await tx
          .update(campaigns)
          .set(stop)
          .where(
            and(
              eq(campaigns.id, campaign.id),
              eq(campaigns.businessId, campaign.businessId),
              isNull(campaigns.stoppedAt),
            ),
          )
          .returning()
      )[0];
    await failUnsentMessagesOfCampaign(tx, campaign.businessId, campaign.id, reason);
    if (row) await campaignChanged(tx, { ...campaign, name: row.name }, 'stopped', { reason });
    return row ?? null;
  });
  if (!stopped) return false;
  try {
    await deps.notifier.toBusiness(campaign.businessId, {
      type: 'campaign.stopped',
      title: 'Campaign stopped',
      message: `"${stopped.name}" stopped sending: ${reason}`,
    });
  } catch (err) {
    deps.logger.warn({ err, campaignId: campaign.id }, 'campaign-stopped notification not created');
  }
  return true;
}
