import type { Db } from '../../platform/db/client.js';
import { BusinessRuleError, NotFoundError } from '../../platform/http/errors.js';
import { reverseCampaignCommission, voidHeldCommissions } from '../affiliate/index.js';
import { removeUnsentMessages } from '../messages/index.js';
import { refundCampaignCharge } from './campaign-billing.js';
import { campaignChanged } from './campaign-webhooks.js';
import { type CampaignRow, lockCampaign, markUnpublished } from './campaigns.repository.js';

/**
 * Cancels a published campaign still waiting for its scheduled time, in the caller's transaction: its
 * messages are removed, its charge refunded, the referrer's commission on it voided (held until the campaign
 * is sent out; one paid before commissions were held is taken back), and it becomes a draft again. The campaign's row lock orders this against the scheduler's release and against another
 * cancel, which then finds a draft (400): one refund, one reversal.
 */
export async function cancelInTransaction(
  tx: Db,
  args: { businessId: string; campaignId: string },
): Promise<CampaignRow> {
  const campaign = await lockCampaign(tx, args.businessId, args.campaignId);
  if (!campaign) throw new NotFoundError('Campaign');
  if (!campaign.isPublished || campaign.isSentOut) {
    throw new BusinessRuleError(
      campaign.isSentOut
        ? 'This campaign has already been sent out: it cannot be cancelled'
        : 'Only a published campaign waiting for its scheduled time can be cancelled',
    );
  }
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
  return markUnpublished(tx, campaign.id);
}
