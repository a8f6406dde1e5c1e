import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { ensureContact } from '../contacts/index.js';

/** A message a contact sent, as the webhooks hand it over (either provider), its number resolved. */
export interface InboundInput {
  businessId: string;
  /** E.164. */
  phone: string;
  /** The sender's profile name: the new contact's names. */
  name: string | null;
  /** The provider's key of the event: a replay stores nothing. */
  eventKey: string;
  type: string;
  text: string | null;
  details: Record<string, unknown> | null;
  /** When the contact sent it (the provider's timestamp, never later than now). */
  at: Date;
}

export interface StoredInbound {
  conversationId: string;
  messageId: string;
}

class Duplicate extends Error {}

/**
 * Stores an inbound message in its conversation, creating both the conversation and the contact when the
 * number is new. One transaction: the conversation's row is locked by its upsert, so concurrent messages of
 * one contact are stored one after the other (their `seq` in that order) and every one counts once in
 * `unread_count`; a closed conversation opens again. A message already stored (its event key) changes
 * nothing and returns null.
 */
export async function storeInbound(db: Db, input: InboundInput): Promise<StoredInbound | null> {
  try {
    return await db.transaction(async (tx) => {
      const [conversation] = await queryRows<{ id: string; contactId: string | null }>(
        tx,
        sql`INSERT INTO conversations
              (business_id, phone_number, unread_count, last_message_at, last_inbound_at, last_message_text)
            VALUES (${input.businessId}, ${input.phone}, 1, ${input.at.toISOString()}, ${input.at.toISOString()},
                    ${preview(input)})
            ON CONFLICT (business_id, phone_number) DO UPDATE SET
              unread_count = conversations.unread_count + 1,
              last_message_at = GREATEST(conversations.last_message_at, EXCLUDED.last_message_at),
              last_inbound_at = GREATEST(conversations.last_inbound_at, EXCLUDED.last_inbound_at),
              last_message_text = CASE WHEN EXCLUDED.last_message_at >= conversations.last_message_at
                                       THEN EXCLUDED.last_message_text ELSE conversations.last_message_text END,
              status = 'open', updated_at = now()
            RETURNING id, contact_id AS "contactId"`,
      );
      const [message] = await queryRows<{ id: string }>(
        tx,
        sql`INSERT INTO conversation_messages
              (conversation_id, business_id, direction, type, text, details, event_key, status, created_at)
            VALUES (${conversation!.id}, ${input.businessId}, 'in', ${input.type}, ${input.text},
                    ${input.details ? JSON.stringify(input.details) : null}::jsonb, ${input.eventKey},
                    'received', ${input.at.toISOString()})
            ON CONFLICT (business_id, event_key) DO NOTHING
            RETURNING id`,
      );
      if (!message) throw new Duplicate();
      if (!conversation!.contactId) {
        const [firstName, ...rest] = (input.name ?? '').trim().split(/\s+/).filter(Boolean);
        const contactId = await ensureContact(
          tx,
          input.businessId,
          input.phone,
          firstName ?? input.phone,
          rest.join(' '),
        );
        await tx.execute(
          sql`UPDATE conversations SET contact_id = ${contactId} WHERE id = ${conversation!.id}`,
        );
      }
      return { conversationId: conversation!.id, messageId: message.id };
    });
  } catch (err) {
    if (err instanceof Duplicate) return null;
    throw err;
  }
}

/** The media stored for an inbound message once fetched. */
export async function setMessageMedia(
  db: Db,
  messageId: string,
  media: { key: string | null; type: string | null; error?: string },
): Promise<void> {
  await db.execute(sql`
    UPDATE conversation_messages SET media_key = ${media.key}, media_type = ${media.type},
           error = ${media.error ?? null}, updated_at = now()
    WHERE id = ${messageId}`);
}

const LABELS: Record<string, string> = {
  image: 'Photo',
  video: 'Video',
  audio: 'Audio',
  document: 'Document',
  sticker: 'Sticker',
  location: 'Location',
  contacts: 'Contact card',
  reaction: 'Reaction',
};

/** The line the conversation list shows for its last message. */
export function preview(m: { type: string; text: string | null; details?: Record<string, unknown> | null }) {
  if (m.text) return m.text.slice(0, 200);
  if (m.type === 'reaction' && typeof m.details?.emoji === 'string') return `Reacted ${m.details.emoji}`;
  return LABELS[m.type] ?? 'Message';
}
