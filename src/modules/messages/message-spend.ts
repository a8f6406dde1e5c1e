import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';

/** What messages were paid, by recipient country and category: how many, and the credits (or plan units). */
export interface SpendLine {
  country: string | null;
  category: string;
  messages: number;
  /** Decimal text: the sum of each paid message's own price. */
  credits: string;
}

/**
 * Campaign messages paid and kept (not refunded, or charged again after a refund), by recipient country and
 * category: each at its price on the card its campaign kept at publish (`prices`), or the campaign's rate
 * (plan units, or a campaign published before the card). One campaign (its report), or a business's or every
 * business's messages queued in [from, to) paid by `credit` (analytics).
 */
export async function campaignSpendByCountry(
  db: Db,
  filter: { campaignId?: string; businessId?: string | null; from?: Date; to?: Date; creditsOnly?: boolean },
): Promise<SpendLine[]> {
  const conditions = [
    filter.campaignId ? sql`cm.campaign_id = ${filter.campaignId}` : sql`true`,
    filter.businessId ? sql`cm.business_id = ${filter.businessId}` : sql`true`,
    filter.from ? sql`cm.created_at >= ${filter.from.toISOString()}` : sql`true`,
    filter.to ? sql`cm.created_at < ${filter.to.toISOString()}` : sql`true`,
    filter.creditsOnly ? sql`c.payment_method = 'credit'` : sql`c.payment_method IS NOT NULL`,
  ];
  const rows = await queryRows<SpendLine>(
    db,
    sql`SELECT cm.country_code AS country, c.message_type AS category, count(*)::int AS messages,
               coalesce(sum(coalesce(c.prices ->> cm.country_code, c.prices ->> '*', c.rate::text)::numeric), 0)::text
                 AS credits
        FROM campaign_messages cm JOIN campaigns c ON c.id = cm.campaign_id
        WHERE ${sql.join(conditions, sql` AND `)} AND c.message_type IS NOT NULL
          AND (cm.refunded_at IS NULL OR cm.recharge_id IS NOT NULL)
        GROUP BY cm.country_code, c.message_type
        ORDER BY c.message_type, cm.country_code`,
  );
  return rows.map((r) => ({ ...r, messages: Number(r.messages) }));
}
