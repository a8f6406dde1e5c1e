import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../platform/db/client.js';
import { campaigns } from '../../platform/db/schema/index.js';
import { signalDispatch } from '../../platform/dispatch-signal.js';
import { BusinessRuleError, NotFoundError } from '../../platform/http/errors.js';
import { countGivenUp, holdQueuedMessages, requeueGivenUp, requeueHeldMessages } from '../messages/index.js';
import { chargeCampaign } from './campaign-billing.js';
import { refundFailedMessages } from './campaign-refund.js';
import { type CampaignRow, lockCampaign } from './campaigns.repository.js';

export const PAUSED_BY_BUSINESS = 'Paused by the business';

/** A campaign being delivered (sent out, not finished, not stopped) can be paused; its queued messages are held. */
export async function pauseCampaign(
  tx: Db,
  args: { businessId: string; campaignId: string; reason?: string; scheduled?: boolean },
): Promise<CampaignRow> {
  const campaign = await lockCampaign(tx, args.businessId, args.campaignId);
  if (!campaign) throw new NotFoundError('Campaign');
  if (campaign.pausedAt) return campaign;
  // A business pauses what is being delivered (it cancels what waits); a quality drop pauses both.
  const waiting = args.scheduled === true && campaign.isPublished && !campaign.isSentOut;
  if ((!campaign.isSentOut && !waiting) || campaign.completedAt || campaign.stoppedAt)
    throw new BusinessRuleError('Only a campaign being delivered can be paused');
  const [row] = await tx
    .update(campaigns)
    .set({ pausedAt: new Date(), pauseReason: (args.reason ?? PAUSED_BY_BUSINESS).slice(0, 500) })
    .where(eq(campaigns.id, campaign.id))
    .returning();
  await holdQueuedMessages(tx, args.businessId, campaign.id);
  return row!;
}

/**
 * A paused campaign goes on: its held messages go back to the queue (the dispatcher is woken). One paused
 * while waiting for its scheduled time only loses its pause: it goes out when its time comes.
 */
export async function resumeCampaign(
  tx: Db,
  args: { businessId: string; campaignId: string },
): Promise<CampaignRow> {
  const campaign = await lockCampaign(tx, args.businessId, args.campaignId);
  if (!campaign) throw new NotFoundError('Campaign');
  if (!campaign.pausedAt) throw new BusinessRuleError('This campaign is not paused');
  const [row] = await tx
    .update(campaigns)
    .set({ pausedAt: null, pauseReason: null })
    .where(eq(campaigns.id, campaign.id))
    .returning();
  if (campaign.isSentOut) {
    await requeueHeldMessages(tx, args.businessId, campaign.id);
    signalDispatch();
  }
  return row!;
}

/**
 * The number's quality fell to red (or it was flagged): every marketing campaign of the business being
 * delivered pauses with `reason`, and so does every one waiting for its scheduled time (its messages stay
 * held when the time comes, until the business resumes it). Returns the names of those it paused.
 */
export async function pauseMarketingCampaigns(
  deps: Pick<AppDeps, 'db'>,
  businessId: string,
  reason: string,
): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    const running = await tx
      .select({ id: campaigns.id, name: campaigns.name })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.businessId, businessId),
          eq(campaigns.messageType, 'marketing'),
          eq(campaigns.isPublished, true),
          isNull(campaigns.completedAt),
          isNull(campaigns.pausedAt),
          isNull(campaigns.stoppedAt),
        ),
      );
    for (const c of running)
      await pauseCampaign(tx, { businessId, campaignId: c.id, reason, scheduled: true });
    return running.map((c) => c.name);
  });
}

/**
 * `POST /campaigns/{id}/retry`: the messages whose failure was temporary or deferred and which were given up
 * go out again. Their earlier charge is refunded first (if the sweep had not yet), then they are charged
 * anew at the campaign's rate, in one transaction under the campaign's lock. A second call finds nothing
 * given up (they are queued again) and charges nothing: the retry is idempotent.
 */
export async function retryCampaign(
  tx: Db,
  args: { businessId: string; campaignId: string },
): Promise<{ campaign: CampaignRow; messages: number; credits: string }> {
  const campaign = await lockCampaign(tx, args.businessId, args.campaignId);
  if (!campaign) throw new NotFoundError('Campaign');
  if (!campaign.isSentOut || !campaign.paymentMethod || !campaign.rate)
    throw new BusinessRuleError('Only a campaign that was sent out can be retried');
  if (campaign.stoppedAt)
    throw new BusinessRuleError('This campaign was stopped: fix its cause and send a new campaign');
  await refundFailedMessages(tx, campaign.id);
  const messages = await requeueGivenUp(tx, args.businessId, campaign.id);
  if (!messages) return { campaign, messages: 0, credits: '0' };
  const charge = await chargeCampaign(tx, {
    businessId: args.businessId,
    campaignId: campaign.id,
    campaignName: `${campaign.name} (retry)`,
    messageType: campaign.messageType,
    paymentMethod: campaign.paymentMethod,
    recipients: messages,
    rate: campaign.rate,
  });
  const [row] = await tx
    .update(campaigns)
    .set({ completedAt: null })
    .where(eq(campaigns.id, campaign.id))
    .returning();
  signalDispatch();
  return { campaign: row!, messages, credits: charge.cost };
}

/** What a retry would send and charge now (nothing is reserved). */
export async function retryEstimate(db: Db, campaign: CampaignRow) {
  const messages = campaign.isSentOut ? await countGivenUp(db, campaign.businessId, campaign.id) : 0;
  const rate = campaign.rate ?? '0';
  return {
    messages,
    rate: Number(rate),
    credits: Number((Number(rate) * messages).toFixed(4)),
    paymentMethod: campaign.paymentMethod,
  };
}
