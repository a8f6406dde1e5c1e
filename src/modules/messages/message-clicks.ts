import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { isoSql, webhookOutboxSql } from '../webhook-endpoints/index.js';

/**
 * Marks messages clicked: the first click sets `clicked_at` (the `clicked` milestone; its counter and
 * minute activity follow by trigger), later ones change nothing. Rows are updated in id order, so concurrent
 * batches lock them in one order. Returns the campaigns whose count moved, with their business.
 */
export async function markMessagesClicked(
  db: Db,
  clicks: readonly { messageId: string; at: string }[],
): Promise<{ campaignId: string; businessId: string }[]> {
  if (!clicks.length) return [];
  const rows = await queryRows<{ campaign_id: string; business_id: string }>(
    db,
    sql`WITH v AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(clicks)}::jsonb) AS v("messageId" uuid, at timestamptz)
        ), locked AS (
          SELECT m.id, v.at FROM campaign_messages m JOIN v ON v."messageId" = m.id
          WHERE m.clicked_at IS NULL ORDER BY m.id FOR UPDATE OF m
        ), done AS (
          UPDATE campaign_messages m SET clicked_at = locked.at FROM locked
          WHERE m.id = locked.id AND m.clicked_at IS NULL
          RETURNING m.id, m.campaign_id, m.business_id, m.phone_number, m.clicked_at
        ),
        -- Outgoing webhooks: a message's first click, in this statement.
        hooks AS (${webhookOutboxSql(sql`
          SELECT business_id, 'message.clicked', clicked_at,
                 jsonb_build_object('messageId', id, 'campaignId', campaign_id, 'phoneNumber', phone_number,
                                    'at', ${isoSql(sql`clicked_at`)})
          FROM done`)})
        SELECT DISTINCT campaign_id, business_id FROM done`,
  );
  return rows.map((r) => ({ campaignId: r.campaign_id, businessId: r.business_id }));
}
