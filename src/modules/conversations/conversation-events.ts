import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { rooms } from '../../platform/realtime-hub.js';
import {
  type ConversationRecord,
  type MessageRecord,
  toConversationDto,
  toMessageDto,
} from './conversation.dto.js';
import { findConversation, findMessage } from './conversations.repository.js';

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

/**
 * `emitConversationMessage` for messages whose records their writer already holds (a delivery's batch):
 * one event per message, nothing read.
 */
export function emitConversationRecords(
  deps: EventDeps,
  businessId: string,
  records: { conversation: ConversationRecord; message: MessageRecord }[],
  log: Logger,
): void {
  try {
    for (const { conversation, message } of records) {
      deps.realtime.emit(rooms.business(businessId), 'conversationMessage', {
        conversation: toConversationDto(conversation),
        message: toMessageDto(message, (key) => deps.storage.urlOf(key)),
      });
    }
  } catch (err) {
    log.warn({ err, messages: records.length }, 'conversation events not sent');
  }
}
