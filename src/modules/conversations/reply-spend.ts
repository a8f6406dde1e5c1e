import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';

/**
 * Replies paid and kept (not refunded, or charged again after a refund), by the country and category their
 * debit priced them at, with the credits paid; free replies (the allowance) are not in it. A business's, or
 * every business's (null), queued in [from, to).
 */
export async function replySpendByCountry(
  db: Db,
  filter: { businessId: string | null; from: Date; to: Date },
): Promise<{ country: string | null; category: string; messages: number; credits: string }[]> {
  const rows = await queryRows<{
    country: string | null;
    category: string;
    messages: number;
    credits: string;
  }>(
    db,
    sql`SELECT tr.metadata ->> 'country' AS country, tr.metadata ->> 'category' AS category,
               count(*)::int AS messages, coalesce(sum(tr.amount), 0)::text AS credits
        FROM conversation_messages m JOIN transactions tr ON tr.id = m.transaction_id
        WHERE m.direction = 'out' AND tr.kind = 'reply_credit_debit'
          AND (m.refund_id IS NULL OR m.recharge_id IS NOT NULL)
          AND m.created_at >= ${filter.from.toISOString()} AND m.created_at < ${filter.to.toISOString()}
          AND ${filter.businessId ? sql`m.business_id = ${filter.businessId}` : sql`true`}
        GROUP BY 1, 2`,
  );
  return rows.map((r) => ({ ...r, messages: Number(r.messages) }));
}
