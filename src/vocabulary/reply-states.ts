import { MESSAGE_STATES, type MessageState } from './message-states.js';

/**
 * The states of a message in an inbox conversation. Owner: the conversations module. Inbound messages are
 * `received`; a member's or an automated reply moves through the campaign message's states
 * (`message-states.ts`) from `queued` on (a reply is never held: it is queued or refused at once), so a
 * state added there is a reply's too. The database check, the real-time event's schema and the outgoing
 * webhooks are derived from this list.
 */
export type ReplyState = 'received' | Exclude<MessageState, 'held'>;
export const REPLY_STATES: readonly [ReplyState, ...ReplyState[]] = [
  'received',
  ...MESSAGE_STATES.filter((s): s is Exclude<MessageState, 'held'> => s !== 'held'),
];
