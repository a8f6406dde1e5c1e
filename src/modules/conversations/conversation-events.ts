import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { rooms } from '../../platform/realtime-hub.js';
import { toConversationDto, toMessageDto } from './conversation.dto.js';
import {
  findConversation,
  findConversations,
  findMessage,
  findMessages,
} from './conversations.repository.js';

type EventDeps = Pick<AppDeps, 'db' | 'realtime' | 'storage'>;

/**
 * Pushes `conversationMessage` to the business's room: the message as it stands and its conversation (for
 * the list and the unread badge). A failure is logged: the stored message is what counts.
 */
export async function emitConversationMessage(
  deps: EventDeps,
  businessId: string,
  conversationId: string,
  messageId: string,
  log: Logger,
  /** The message as its writer read it; read again when not given. */
  known?: Awaited<ReturnType<typeof findMessage>>,
): Promise<void> {
  try {
    const [conversation, message] = await Promise.all([
      findConversation(deps.db, businessId, conversationId),
      known ?? findMessage(deps.db, businessId, messageId),
    ]);
    if (!conversation || !message) return;
    deps.realtime.emit(rooms.business(businessId), 'conversationMessage', {
      conversation: toConversationDto(conversation),
      message: toMessageDto(message, (key) => deps.storage.urlOf(key)),
    });
  } catch (err) {
    log.warn({ err, conversationId, messageId }, 'conversation event not sent');
  }
}

/** `emitConversationMessage` for many messages of one business: two reads, one event per message. */
export async function emitConversationMessages(
  deps: EventDeps,
  businessId: string,
  stored: { conversationId: string; messageId: string }[],
  log: Logger,
): Promise<void> {
  if (!stored.length) return;
  try {
    const [conversations, messages] = await Promise.all([
      findConversations(deps.db, businessId, [...new Set(stored.map((s) => s.conversationId))]),
      findMessages(
        deps.db,
        businessId,
        stored.map((s) => s.messageId),
      ),
    ]);
    const conversationOf = new Map(conversations.map((c) => [c.id, toConversationDto(c)]));
    const messageOf = new Map(messages.map((m) => [m.id, m]));
    for (const s of stored) {
      const conversation = conversationOf.get(s.conversationId);
      const message = messageOf.get(s.messageId);
      if (!conversation || !message) continue;
      deps.realtime.emit(rooms.business(businessId), 'conversationMessage', {
        conversation,
        message: toMessageDto(message, (key) => deps.storage.urlOf(key)),
      });
    }
  } catch (err) {
    log.warn({ err, messages: stored.length }, 'conversation events not sent');
  }
}
