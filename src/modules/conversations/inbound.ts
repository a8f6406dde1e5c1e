import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';

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
  /** The provider message id of the message it answers, resolved within the business when stored. */
  replyTo: string | null;
  /** When the contact sent it (the provider's timestamp, never later than now). */
  at: Date;
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
