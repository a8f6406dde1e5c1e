import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { ensureContacts } from '../contacts/index.js';
import { type InboundInput, preview } from './inbound.js';

export interface StoredInboundOf {
  eventKey: string;
  conversationId: string;
  messageId: string;
}

/**
 * Stores the inbound messages of one business in one transaction of a few statements, whatever their number
 * (a Cloud delivery carries many): the conversations of their senders upserted in phone order (so concurrent
 * batches lock them in the same order, and a conversation's row lock orders its messages), every message
 * counted once in its conversation's `unread_count`, contacts created for new numbers (not opted in).
 * Messages already stored (by event key) are left out. Returns the stored ones.
 */
export async function storeInboundBatch(
  db: Db,
  businessId: string,
  inputs: InboundInput[],
): Promise<StoredInboundOf[]> {
  if (!inputs.length) return [];
  const rows = inputs.map((m, i) => ({
    i,
    phone: m.phone,
    event_key: m.eventKey,
    type: m.type,
    text: m.text,
    details: m.details,
    at: m.at.toISOString(),
    preview: preview(m),
  }));
  const names = new Map(inputs.map((m) => [m.phone, m.name]));
  return db.transaction(async (tx) => {
    const stored = await queryRows<StoredInboundOf & { contactId: string | null; phone: string }>(
      tx,
      sql`
        WITH input AS MATERIALIZED (
          SELECT DISTINCT ON (r.event_key) r.* FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS r(i int, phone text, event_key text, type text, text text, details jsonb, at timestamptz, preview text)
          WHERE NOT EXISTS (SELECT 1 FROM conversation_messages m
                            WHERE m.business_id = ${businessId} AND m.event_key = r.event_key)
          ORDER BY r.event_key, r.i
        ),
        agg AS (
          SELECT phone, count(*)::int AS n, max(at) AS last_at,
                 (array_agg(preview ORDER BY at DESC, i DESC))[1] AS last_text
          FROM input GROUP BY phone
        ),
        conv AS (
          INSERT INTO conversations AS v
            (business_id, phone_number, unread_count, last_message_at, last_inbound_at, last_message_text)
          SELECT ${businessId}, phone, n, last_at, last_at, last_text FROM agg ORDER BY phone
          ON CONFLICT (business_id, phone_number) DO UPDATE SET
            unread_count = v.unread_count + EXCLUDED.unread_count,
            last_message_at = GREATEST(v.last_message_at, EXCLUDED.last_message_at),
            last_inbound_at = GREATEST(v.last_inbound_at, EXCLUDED.last_inbound_at),
            last_message_text = CASE WHEN EXCLUDED.last_message_at >= v.last_message_at
                                     THEN EXCLUDED.last_message_text ELSE v.last_message_text END,
            status = 'open', updated_at = now()
          RETURNING v.id, v.phone_number, v.contact_id
        ),
        msgs AS (
          INSERT INTO conversation_messages
            (conversation_id, business_id, direction, type, text, details, event_key, status, created_at)
          SELECT conv.id, ${businessId}, 'in', input.type, input.text, input.details, input.event_key,
                 'received', input.at
          FROM input JOIN conv ON conv.phone_number = input.phone
          ORDER BY input.at, input.i
          ON CONFLICT (business_id, event_key) DO NOTHING
          RETURNING id, conversation_id, event_key
        )
        SELECT msgs.event_key AS "eventKey", msgs.conversation_id AS "conversationId", msgs.id AS "messageId",
               conv.contact_id AS "contactId", conv.phone_number AS phone
        FROM msgs JOIN conv ON conv.id = msgs.conversation_id`,
    );
    const newNumbers = [...new Map(stored.filter((s) => !s.contactId).map((s) => [s.phone, s])).values()];
    if (newNumbers.length) {
      const ids = await ensureContacts(
        tx,
        businessId,
        newNumbers.map((s) => {
          const [first, ...rest] = (names.get(s.phone) ?? '').trim().split(/\s+/).filter(Boolean);
          return { phone: s.phone, firstName: first ?? s.phone, lastName: rest.join(' ') };
        }),
      );
      const links = newNumbers.map((s) => ({ id: s.conversationId, contact: ids.get(s.phone) }));
      await tx.execute(sql`
        UPDATE conversations v SET contact_id = l.contact
        FROM jsonb_to_recordset(${JSON.stringify(links)}::jsonb) AS l(id uuid, contact uuid)
        WHERE v.id = l.id AND v.contact_id IS NULL`);
    }
    return stored.map(({ eventKey, conversationId, messageId }) => ({ eventKey, conversationId, messageId }));
  });
}
