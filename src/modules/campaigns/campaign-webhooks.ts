import type { Db } from '../../platform/db/client.js';
import { enqueueWebhookEvents } from '../webhook-endpoints/index.js';

/** What happened to a campaign, as `campaign.status_changed` names it (`data.change`). */
export type CampaignChange =
  | 'published'
  | 'sending'
  | 'paused'
  | 'resumed'
  | 'stopped'
  | 'completed'
  | 'retried'
  | 'cancelled';

/**
 * Writes a `campaign.status_changed` event to the outbox in the transaction that made the change (`tx`),
 * so an endpoint hears of it only if it committed. `extra` adds what the change carries (a reason, counts).
 */
export function campaignChanged(
  tx: Db,
  campaign: { id: string; businessId: string; name: string },
  change: CampaignChange,
  extra: Record<string, unknown> = {},
): Promise<void> {
  return enqueueWebhookEvents(tx, campaign.businessId, [
    {
      type: 'campaign.status_changed',
      at: new Date(),
      data: { campaignId: campaign.id, name: campaign.name, change, ...extra },
    },
  ]);
}
