import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';

/**
 * Marks campaign messages replied: the first inbound message whose context names one sets its `replied_at`
 * (the `replied` engagement; its counter and minute activity follow by trigger), later replies change
 * nothing, so a message counts once however many replies it gets. Only the business's own messages are
 * touched. Rows are updated in id order, so concurrent deliveries lock them in one order. Returns the
 * campaigns whose count moved.
 */
export async function markMessagesReplied(
  db: Db,
  businessId: string,
  replies: readonly { messageId: string; at: string }[],
): Promise<{ campaignId: string }[]> {
  if (!replies.length) return [];
  const rows = await queryRows<{ campaign_id: string }>(
    db,
    sql`WITH v AS (
          SELECT "messageId", min(at) AS at
          FROM jsonb_to_recordset(${JSON.stringify(replies)}::jsonb) AS v("messageId" uuid, at timestamptz)
          GROUP BY "messageId"
        ), locked AS (
          SELECT m.id, v.at FROM campaign_messages m JOIN v ON v."messageId" = m.id
          WHERE m.business_id = ${businessId} AND m.replied_at IS NULL ORDER BY m.id FOR UPDATE OF m
        ), done AS (
          UPDATE campaign_messages m SET replied_at = locked.at FROM locked
          WHERE m.id = locked.id AND m.replied_at IS NULL
          RETURNING m.campaign_id
        )
        SELECT DISTINCT campaign_id FROM done`,
  );
  return rows.map((r) => ({ campaignId: r.campaign_id }));
}
