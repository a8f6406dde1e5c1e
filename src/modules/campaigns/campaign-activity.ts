import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';

export interface SentCampaign {
  id: string;
  businessId: string;
  name: string;
  sentOutAt: string;
}

/**
 * Campaigns sent out between two instants, for one business or (null) all of them, newest first, at most
 * `limit`: the candidates an overview ranks. Read through campaigns_business_sent_idx for a business.
 */
export async function campaignsSentOutBetween(
  db: Db,
  opts: { businessId: string | null; start: Date; end: Date; limit: number },
): Promise<SentCampaign[]> {
  const rows = await queryRows<{ id: string; business_id: string; name: string; sent_out_at: string }>(
    db,
    sql`SELECT id, business_id, name,
               to_char(sent_out_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS sent_out_at
        FROM campaigns
        WHERE is_sent_out ${opts.businessId ? sql`AND business_id = ${opts.businessId}` : sql``}
          AND sent_out_at >= ${opts.start.toISOString()}::timestamptz
          AND sent_out_at < ${opts.end.toISOString()}::timestamptz
        ORDER BY sent_out_at DESC LIMIT ${opts.limit}`,
  );
  return rows.map((r) => ({ id: r.id, businessId: r.business_id, name: r.name, sentOutAt: r.sent_out_at }));
}
