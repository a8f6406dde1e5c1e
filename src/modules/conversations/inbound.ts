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
  /** Where its medium is fetched from, by the media job once the message is kept; null without one. */
  media: MediaRef | null;
}

/** Where a medium a contact sent can be fetched from (as the webhook named it). */
export interface MediaRef {
  /** The Cloud API's media id. */
  id: string | null;
  /** The gateway's link to the file. */
  url: string | null;
  /** The type the sender declared. */
  mimeType: string | null;
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
