import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { rooms } from '../../platform/realtime-hub.js';
import { toConversationDto } from './conversation.dto.js';
import { findConversation } from './conversations.repository.js';

/**
 * Pushes `conversationAssigned` for conversations a member change left unassigned (removal, a role that cannot
 * reply), after its commit: the other members' consoles see them back in the unassigned list at once. A failure
 * is logged: the change is what counts.
 */
export async function emitUnassigned(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  businessId: string,
  conversationIds: string[],
  previousAssigneeId: string,
  assignedBy: string,
  log: Logger,
): Promise<void> {
  try {
    for (const id of conversationIds) {
      const row = await findConversation(deps.db, businessId, id);
      if (!row) continue;
      deps.realtime.emit(rooms.business(businessId), 'conversationAssigned', {
        conversation: toConversationDto(row),
        previousAssigneeId,
        assignedBy,
      });
    }
  } catch (err) {
    log.warn({ err, businessId, conversations: conversationIds.length }, 'unassignment events not sent');
  }
}
