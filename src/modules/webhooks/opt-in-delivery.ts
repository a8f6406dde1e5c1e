import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, queryRows } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { type Charge, chargeCampaign } from '../campaigns/campaign-billing.js';

/** The failure reason of a message cancelled because its recipient opted out before it went. */
export const OPTED_OUT_REASON = 'Recipient opted out before the message was sent';

export interface Contact {
  id: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
}

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
}

/**
 * Puts back the messages an earlier opt-out cancelled in campaigns still waiting for their time: they were
 * paid for at publish and the opt-out refunded nothing, so they are held again without a charge and go out
 * with the campaign. FOR SHARE on the campaigns orders this against the scheduler, which marks a campaign
 * sent out and releases its held messages in one transaction: a message is never held in a campaign that
 * has already been released (it would wait forever). Returns how many were put back.
 */
export async function restoreHeldMessages(tx: Db, businessId: string, contact: Contact): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
      UPDATE campaign_messages
      SET status = 'held', error = NULL, attempts = 0, next_attempt_at = now(), updated_at = now()
      WHERE business_id = ${businessId} AND phone_number = ${contact.phoneNumber}
        AND status = 'failed' AND error = ${OPTED_OUT_REASON}
        AND campaign_id IN (SELECT id FROM campaigns
                            WHERE business_id = ${businessId} AND is_published AND NOT is_sent_out
                            FOR SHARE)
      RETURNING id`,
  );
  return rows.length;
}

/**
 * Delivers the business's most recently sent campaign to a contact who just opted in (SPEC.md), inside
 * the caller's transaction. The unique (campaign, phone) key decides: a contact who already has the
 * message gets nothing and pays nothing; one whose message was cancelled by an earlier opt-out gets it
 * re-queued, already paid for; anyone else is queued and billed one message at the campaign's rate.
 * Billing runs in a savepoint: when funds are short the contact is still opted in, only the delivery is
 * dropped.
 */
export async function deliverLatestCampaign(
  tx: Db,
  logger: Logger,
  businessId: string,
  contact: Contact,
): Promise<Delivery> {
  const [campaign] = await queryRows<LatestCampaign>(
    tx,
    sql`SELECT id, name, message_type, payment_method, rate FROM campaigns
        WHERE business_id = ${businessId} AND is_sent_out
        ORDER BY sent_out_at DESC, created_at DESC
        LIMIT 1
        FOR UPDATE`,
  );
  if (!campaign) return { kind: 'none' };
  try {
    return await tx.transaction(async (savepoint): Promise<Delivery> => {
      const [row] = await queryRows<{ inserted: boolean }>(
        savepoint,
        sql`
          INSERT INTO campaign_messages
            (campaign_id, business_id, contact_id, phone_number, first_name, last_name, status, next_attempt_at)
          VALUES (${campaign.id}, ${businessId}, ${contact.id}, ${contact.phoneNumber}, ${contact.firstName},
                  ${contact.lastName}, 'queued', now())
          ON CONFLICT (campaign_id, phone_number) DO UPDATE
            SET status = 'queued', error = NULL, attempts = 0, next_attempt_at = now(), updated_at = now()
            WHERE campaign_messages.status = 'failed' AND campaign_messages.error = ${OPTED_OUT_REASON}
          RETURNING (xmax = 0) AS inserted`,
      );
      if (!row) return { kind: 'none' };
      if (!row.inserted) return { kind: 'queued', campaignId: campaign.id, charge: null };
      const charge = await chargeCampaign(savepoint, {
        businessId,
        campaignId: campaign.id,
        campaignName: campaign.name,
        messageType: campaign.message_type,
        paymentMethod: campaign.payment_method ?? 'credit',
        recipients: 1,
        rate: campaign.rate ?? undefined,
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
