/**
 * The states of a message in an inbox conversation. Owner: the conversations module. Inbound messages are
 * `received`; a member's or an automated reply moves like a campaign message (`message-states.ts`) from
 * `queued` on. The database check, the real-time event's schema and the outgoing webhooks are derived from
 * this list.
 */
export const REPLY_STATES = ['received', 'queued', 'sending', 'sent', 'delivered', 'read', 'failed'] as const;
export type ReplyState = (typeof REPLY_STATES)[number];
