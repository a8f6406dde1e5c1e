import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, queryRows } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { queueOptInMessage, type Recipient } from '../messages/index.js';
import { priceIn } from '../pricing/index.js';
import { type Charge, chargeCampaign } from './campaign-billing.js';

export type Delivery =
  | { kind: 'none' }
  | { kind: 'queued'; campaignId: string; charge: Charge | null }
  | { kind: 'unpaid'; campaignId: string; reason: string };

interface LatestCampaign {
  id: string;
  name: string;
  message_type: 'marketing' | 'utility' | 'authentication';
  payment_method: 'credit' | 'plan' | null;
  rate: string | null;
  prices: Record<string, string> | null;
  charge_on_delivery: boolean;
}

/**
 * Delivers the business's most recently sent campaign to a contact who just opted in, inside the caller's
 * transaction. The unique (campaign, phone) key decides: a contact who already has the message gets
 * nothing and pays nothing; one whose message was cancelled by an earlier opt-out gets it re-queued,
 * already paid for; anyone else is queued and billed one message at the campaign's rate. Billing runs in
 * a savepoint: when funds are short the contact is still opted in, only the delivery is dropped.
 */
export async function deliverLatestCampaign(
  tx: Db,
  logger: Logger,
  businessId: string,
  contact: Recipient,
): Promise<Delivery> {
  const [campaign] = await queryRows<LatestCampaign>(
    tx,
    sql`SELECT id, name, message_type, payment_method, rate, prices, charge_on_delivery FROM campaigns
        WHERE business_id = ${businessId} AND is_sent_out
        ORDER BY sent_out_at DESC, created_at DESC
        LIMIT 1
        FOR UPDATE`,
  );
  if (!campaign) return { kind: 'none' };
  try {
    return await tx.transaction(async (savepoint): Promise<Delivery> => {
      const queued = await queueOptInMessage(savepoint, campaign.id, businessId, contact);
      if (!queued) return { kind: 'none' };
      if (!queued.inserted) return { kind: 'queued', campaignId: campaign.id, charge: null };
      const charge = await chargeCampaign(savepoint, {
        businessId,
        campaignId: campaign.id,
        campaignName: campaign.name,
        messageType: campaign.message_type,
        paymentMethod: campaign.payment_method ?? 'credit',
        recipients: 1,
        // By the card the campaign was published with, at the contact's country's price.
        rate: (campaign.prices ? priceIn(campaign.prices, contact.countryCode) : campaign.rate) ?? undefined,
        hold: campaign.charge_on_delivery,
      });
      await savepoint.execute(sql`
        UPDATE campaigns SET recipient_count = recipient_count + 1,
               cost = COALESCE(cost, 0) + ${new Decimal(charge.cost).toFixed(4)}::numeric, updated_at = now()
        WHERE id = ${campaign.id}`);
      return { kind: 'queued', campaignId: campaign.id, charge };
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // Not paid for (funds short, plan expired): the savepoint took the message back; the opt-in stands.
    logger.info({ businessId, campaignId: campaign.id, reason: err.message }, 'opt-in delivery not paid for');
    return { kind: 'unpaid', campaignId: campaign.id, reason: err.message };
  }
}
