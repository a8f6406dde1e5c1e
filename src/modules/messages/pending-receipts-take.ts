import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import type { Receipt } from './message-queue.js';

/**
 * Takes out of `pending_receipts` the reports kept for these provider ids (reports that arrived before the
 * id was stored), for a sender whose messages are not campaign messages (conversation replies) to apply.
 */
export async function takePendingReceiptsOf(db: Db, providerMessageIds: string[]): Promise<Receipt[]> {
  if (!providerMessageIds.length) return [];
  const rows = await queryRows<{
    pid: string;
    recipient: string | null;
    event: Receipt['event'];
    at: string | Date;
    code: string | null;
    reason: string | null;
    pricing: Receipt['pricing'] | string | null;
  }>(
    db,
    sql`DELETE FROM pending_receipts WHERE provider_message_id = ANY(${sql.param(providerMessageIds)}::text[])
        RETURNING provider_message_id AS pid, recipient, event, event_at AS at, error_code AS code, reason,
                  pricing`,
  );
  return rows.map((r) => ({
    providerMessageId: r.pid,
    recipient: r.recipient,
    event: r.event,
    at: new Date(r.at),
    errorCode: r.code,
    reason: r.reason,
    pricing: typeof r.pricing === 'string' ? JSON.parse(r.pricing) : r.pricing,
  }));
}
