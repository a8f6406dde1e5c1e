import type { Db } from '../../platform/db/client.js';
import { BusinessRuleError, NotFoundError } from '../../platform/http/errors.js';
import type { CampaignState } from '../../vocabulary/campaign-states.js';
import { reverseCampaignCommission, voidHeldCommissions } from '../affiliate/index.js';
import { removeUnsentMessages } from '../messages/index.js';
import { refundCampaignCharge } from './campaign-billing.js';
import { campaignChanged } from './campaign-webhooks.js';
import { type CampaignRow, lockCampaign, markUnpublished } from './campaigns.repository.js';

/**
 * Cancels a published campaign still waiting for its scheduled time, in the caller's transaction: its
 * messages are removed, its charge refunded, the referrer's commission on it voided (held until the campaign
 * is sent out; one paid before commissions were held is taken back), and it becomes a draft again
 * (`scheduled` to `draft`). The campaign's row lock orders this against the scheduler's release and against
 * another cancel, which then finds a draft (400): one refund, one reversal.
 */
export async function cancelInTransaction(
  tx: Db,
  args: { businessId: string; campaignId: string },
): Promise<CampaignRow> {
  const campaign = await lockCampaign(tx, args.businessId, args.campaignId);
  if (!campaign) throw new NotFoundError('Campaign');
  if (campaign.state !== 'scheduled') throw notWaiting(campaign.state);
  await removeUnsentMessages(tx, args.businessId, campaign.id);
  const refund = await refundCampaignCharge(tx, {
    businessId: args.businessId,
    campaignId: campaign.id,
    campaignName: campaign.name,
  });
  await voidHeldCommissions(tx, campaign.id);
  if (refund)
    await reverseCampaignCommission(tx, {
      campaignId: campaign.id,
      refundId: refund.refundId,
      share: refund.share,
    });
  await campaignChanged(tx, campaign, 'cancelled');
  const draft = await markUnpublished(tx, campaign.id);
  if (!draft) throw notWaiting(campaign.state);
  return draft;
}

/** The answer to cancelling a campaign that is not waiting for its time (400, as ever). */
const notWaiting = (state: CampaignState) =>
  new BusinessRuleError(
    state === 'draft'
      ? 'Only a published campaign waiting for its scheduled time can be cancelled'
      : 'This campaign has already been sent out: it cannot be cancelled',
  );
