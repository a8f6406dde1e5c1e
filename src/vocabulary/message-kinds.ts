/**
 * The kinds of message a conversation holds. Owner: the conversations module (the inbound webhooks read the
 * first list from Meta's and the gateway's payloads); the database column, the API's schemas and the real-time
 * event are derived from these.
 */

/** What a contact can send: the kinds the inbound webhooks store as such. */
export const INBOUND_MESSAGE_KINDS = [
  'text',
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'button',
  'reaction',
  'location',
  'contacts',
] as const;
export type InboundMessageKind = (typeof INBOUND_MESSAGE_KINDS)[number];

/**
 * Every kind in a conversation: what contacts send, what the business sends besides text and media (a
 * template, buttons or a list, a campaign's message), and what the service could not read.
 */
export const CONVERSATION_MESSAGE_TYPES = [
  ...INBOUND_MESSAGE_KINDS,
  'template',
  'interactive',
  'campaign',
  'unsupported',
] as const;
export type ConversationMessageType = (typeof CONVERSATION_MESSAGE_TYPES)[number];
