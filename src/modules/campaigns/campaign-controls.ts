import { Decimal } from 'decimal.js';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../platform/db/client.js';
import { campaigns } from '../../platform/db/schema/index.js';
import { signalDispatch } from '../../platform/dispatch-signal.js';
import { BusinessRuleError, NotFoundError, StateConflictError } from '../../platform/http/errors.js';
import { campaignStatusOf } from '../../vocabulary/campaign-states.js';
import {
  countGivenUp,
  holdQueuedMessages,
  messagingLimitOf,
  requeueGivenUp,
  requeueHeldMessages,
} from '../messages/index.js';
import { categoryCard, priceByCountry } from '../pricing/index.js';
import { chargeCampaign, currentRate } from './campaign-billing.js';
import { messageTypeNow } from './campaign-category.js';
import { refundFailedMessages } from './campaign-refund.js';
import { moveCampaign } from './campaign-state.js';
import { campaignChanged } from './campaign-webhooks.js';
import { type CampaignRow, lockCampaign } from './campaigns.repository.js';

export const PAUSED_BY_BUSINESS = 'Paused by the business';

/** The number's qualities at which marketing campaigns pause, and may not be resumed (but by an admin). */
export const QUALITIES_THAT_PAUSE_MARKETING: ReadonlySet<string> = new Set(['RED', 'FLAGGED']);

/** Why a marketing campaign is paused for the number's quality, as the business reads it. */
export const qualityPauseReason = (quality: string): string =>
  `Your number's quality is ${quality}: marketing campaigns paused to protect it`;

/**
 * A marketing campaign published while the number's quality is RED or FLAGGED starts paused, as if the drop
 * had come just after: published (charged, its messages queued and held), then resumed by the business once the
 * quality recovers. Returns the campaign as it now is.
 */
export async function pauseIfQualityLow(
  tx: Db,
  campaign: CampaignRow,
  messageType: string,
): Promise<CampaignRow> {
  if (messageType !== 'marketing') return campaign;
  const quality = (await messagingLimitOf(tx, campaign.businessId))?.qualityRating ?? null;
  if (!quality || !QUALITIES_THAT_PAUSE_MARKETING.has(quality)) return campaign;
  return pauseCampaign(tx, {
    businessId: campaign.businessId,
    campaignId: campaign.id,
    reason: qualityPauseReason(quality),
    scheduled: true,
  });
}

/**
 * A campaign being delivered (`sending`) can be paused: it moves to `paused` and its queued messages are
 * held. A quality drop (`scheduled`) also pauses one waiting for its time: it stays `scheduled`, its pause
 * recorded, and goes out paused when its time comes.
 */
export async function pauseCampaign(
  tx: Db,
  args: { businessId: string; campaignId: string; reason?: string; scheduled?: boolean },
): Promise<CampaignRow> {
  const campaign = await lockCampaign(tx, args.businessId, args.campaignId);
  if (!campaign) throw new NotFoundError('Campaign');
  if (campaign.pausedAt) return campaign;
  const pause = { pausedAt: new Date(), pauseReason: (args.reason ?? PAUSED_BY_BUSINESS).slice(0, 500) };
  // A business pauses what is being delivered (it cancels what waits); a quality drop pauses both.
  const row =
    args.scheduled === true && campaign.state === 'scheduled'
      ? await pauseWhileWaiting(tx, campaign.id, pause)
      : await moveCampaign(tx, { id: campaign.id }, { from: ['sending'], to: 'paused' }, pause);
  if (!row) throw new BusinessRuleError('Only a campaign being delivered can be paused');
  await holdQueuedMessages(tx, args.businessId, campaign.id);
  await campaignChanged(tx, row, 'paused', { reason: row.pauseReason });
  return row;
}

/** A campaign waiting for its time keeps its state: its pause holds its messages when it goes out. */
async function pauseWhileWaiting(
  tx: Db,
  id: string,
  pause: Partial<CampaignRow>,
): Promise<CampaignRow | null> {
  const [row] = await tx
    .update(campaigns)
    .set({ ...pause, updatedAt: new Date() })
    .where(and(eq(campaigns.id, id), eq(campaigns.state, 'scheduled')))
    .returning();
  return row ?? null;
}

/**
 * A paused campaign goes on (`paused` to `sending`): its held messages go back to the queue (the dispatcher
 * is woken). One paused while waiting for its scheduled time only loses its pause: it goes out when its time
 * comes. One that stopped or completed while paused only loses its pause too.
 */
export async function resumeCampaign(
  tx: Db,
  args: { businessId: string; campaignId: string; overrideQuality?: boolean },
): Promise<CampaignRow> {
  const campaign = await lockCampaign(tx, args.businessId, args.campaignId);
  if (!campaign) throw new NotFoundError('Campaign');
  if (!campaign.pausedAt) throw new BusinessRuleError('This campaign is not paused');
  if (!args.overrideQuality) await refuseWhileQualityLow(tx, campaign);
  const unpause = { pausedAt: null, pauseReason: null };
  const row =
    campaign.state === 'paused'
      ? await moveCampaign(tx, { id: campaign.id }, { from: ['paused'], to: 'sending' }, unpause)
      : (
          await tx
            .update(campaigns)
            .set({ ...unpause, updatedAt: new Date() })
            .where(and(eq(campaigns.id, campaign.id), eq(campaigns.state, campaign.state)))
            .returning()
        )[0];
  if (!row) throw new BusinessRuleError('This campaign is not paused');
  await campaignChanged(tx, row, 'resumed');
  if (campaign.isSentOut) {
    await requeueHeldMessages(tx, args.businessId, campaign.id);
    signalDispatch();
  }
  return row;
}

/**
 * A marketing campaign (by what it sends now) stays paused while the number's quality is RED or FLAGGED:
 * resuming it would undo what the quality drop's pause protects (409 until the quality recovers).
 */
async function refuseWhileQualityLow(tx: Db, campaign: CampaignRow): Promise<void> {
  const quality = (await messagingLimitOf(tx, campaign.businessId))?.qualityRating ?? null;
  if (!quality || !QUALITIES_THAT_PAUSE_MARKETING.has(quality)) return;
  if ((await messageTypeNow(tx, campaign.businessId, campaign)) !== 'marketing') return;
  throw new StateConflictError(
    `Your number's quality is ${quality}: marketing campaigns stay paused until it recovers`,
    { reason: 'quality', qualityRating: quality },
  );
}

/**
 * The number's quality fell to red (or it was flagged): every marketing campaign of the business being
 * delivered (marketing by its templates' category now, `messageTypeNow`) pauses with `reason`, and so does
 * every one waiting for its scheduled time (its messages stay held when the time comes, until the business
 * resumes it). Returns the names of those it paused.
 */
export async function pauseMarketingCampaigns(
  deps: Pick<AppDeps, 'db'>,
  businessId: string,
  reason: string,
): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    const running = await tx
      .select({
        id: campaigns.id,
        name: campaigns.name,
        messageType: campaigns.messageType,
        templateId: campaigns.templateId,
        variants: campaigns.variants,
      })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.businessId, businessId),
          inArray(campaigns.state, ['scheduled', 'sending']),
          isNull(campaigns.pausedAt),
        ),
      );
    // Marketing by what each sends now: a template the provider moved to MARKETING counts from then on.
    const paused: string[] = [];
    for (const c of running) {
      if ((await messageTypeNow(tx, businessId, c)) !== 'marketing') continue;
      await pauseCampaign(tx, { businessId, campaignId: c.id, reason, scheduled: true });
      paused.push(c.name);
    }
    return paused;
  });
}

/**
 * `POST /campaigns/{id}/retry`: the messages whose failure was temporary or deferred and which were given up
 * go out again. Their earlier charge is refunded first (if the sweep had not yet), then they are charged
 * anew, in one transaction under the campaign's lock: at the campaign's rate, or, when the provider moved its
 * template to another category since, at that category's rate now (`retryPrice`). A second call finds nothing
 * given up (they are queued again) and charges nothing: the retry is idempotent.
 */
export async function retryCampaign(
  tx: Db,
  args: { businessId: string; campaignId: string },
): Promise<{ campaign: CampaignRow; messages: number; credits: string }> {
  const campaign = await lockCampaign(tx, args.businessId, args.campaignId);
  if (!campaign) throw new NotFoundError('Campaign');
  const status = campaignStatusOf(campaign.state);
  if ((status !== 'pending' && status !== 'sent') || !campaign.paymentMethod || !campaign.rate)
    throw new BusinessRuleError('Only a campaign that was sent out can be retried');
  if (campaign.stoppedAt)
    throw new BusinessRuleError('This campaign was stopped: fix its cause and send a new campaign');
  await refundFailedMessages(tx, campaign.id);
  const byCountry = await requeueGivenUp(tx, args.businessId, campaign.id);
  const messages = byCountry.reduce((n, c) => n + c.messages, 0);
  if (!messages) return { campaign, messages: 0, credits: '0' };
  const price = await retryPrice(tx, campaign);
  const prices = await retryCard(tx, campaign, price.messageType);
  const charge = await chargeCampaign(tx, {
    businessId: args.businessId,
    campaignId: campaign.id,
    campaignName: `${campaign.name} (retry)`,
    messageType: price.messageType,
    paymentMethod: campaign.paymentMethod,
    recipients: messages,
    rate: prices ? undefined : (price.rate ?? undefined),
    // Charged on delivery, a message is held again at the card kept at publish: what it settles or releases.
    card: prices ? { prices: campaign.chargeOnDelivery ? campaign.prices! : prices, byCountry } : undefined,
    retry: true,
    hold: campaign.chargeOnDelivery,
  });
  // A completed campaign is being delivered again; one still being delivered (or paused) stays as it is.
  const row =
    campaign.state === 'completed'
      ? await moveCampaign(
          tx,
          { id: campaign.id },
          { from: ['completed'], to: 'sending' },
          { completedAt: null },
        )
      : campaign;
  if (!row) throw new BusinessRuleError('Only a campaign that was sent out can be retried');
  await campaignChanged(tx, row, 'retried', { messages });
  signalDispatch();
  return { campaign: row, messages, credits: charge.cost };
}

/**
 * What a retry is charged per message: the campaign's own rate while it sends what it was published as;
 * once the provider moved a template of it to another category, that category's rate now (null: the
 * plan's rate, when there is no active plan to tell).
 */
async function retryPrice(db: Db, campaign: CampaignRow) {
  const messageType = await messageTypeNow(db, campaign.businessId, campaign);
  if (messageType === campaign.messageType || !campaign.paymentMethod)
    return { messageType, rate: campaign.rate };
  return {
    messageType,
    rate: await currentRate(db, campaign.businessId, campaign.paymentMethod, messageType),
  };
}

/** By credits, each country at the card kept at publish, or at the card now for a category changed since. */
async function retryCard(db: Db, campaign: CampaignRow, messageType: CampaignRow['messageType']) {
  if (campaign.paymentMethod !== 'credit' || !campaign.prices) return null;
  return messageType === campaign.messageType ? campaign.prices : categoryCard(db, messageType);
}

/** What a retry would send and charge now (nothing is reserved). */
export async function retryEstimate(db: Db, campaign: CampaignRow) {
  const byCountry = campaign.isSentOut ? await countGivenUp(db, campaign.businessId, campaign.id) : [];
  const messages = byCountry.reduce((n, c) => n + c.messages, 0);
  const price = await retryPrice(db, campaign);
  const card = await retryCard(db, campaign, price.messageType);
  const rate = new Decimal(card ? card['*']! : (price.rate ?? 0));
  return {
    messages,
    messageType: price.messageType,
    rate: rate.toNumber(),
    credits: card ? Number(priceByCountry(card, byCountry).total) : rate.times(messages).toNumber(),
    paymentMethod: campaign.paymentMethod,
  };
}
