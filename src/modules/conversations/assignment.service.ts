import type { AppDeps } from '../../deps.js';
import { roleCan } from '../../platform/auth/permissions.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import { NotFoundError, StateConflictError, UnprocessableFieldError } from '../../platform/http/errors.js';
import { rooms } from '../../platform/realtime-hub.js';
import { recordAudit } from '../audit/index.js';
import { lockMembership } from '../business/index.js';
import { enqueueWebhookEvents } from '../webhook-endpoints/index.js';
import { onlyAssignedTo } from './assignment.js';
import {
  type AssignmentSettings,
  assignmentSettings,
  lockAssignee,
  saveAssignmentSettings,
  setAssignee,
  stampTurns,
} from './assignment-store.js';
import { type ConversationDto, toConversationDto } from './conversation.dto.js';
import { findConversation } from './conversations.repository.js';

const NOT_FOUND = 'Conversation not found';
export const TAKEN_BY_ANOTHER =
  'This conversation is already assigned to another member: ask an admin to move it to you';
export const NOT_YOURS =
  'This conversation is not assigned to you: only its assignee or an admin can release it';

type How = 'assign' | 'take' | 'release';
interface Change {
  previous: string | null;
  next: string | null;
}

/**
 * Who answers a conversation (docs/api.md "Assignment"): an admin assigns or moves it, a member takes an
 * unassigned one or releases its own. Each change locks the conversation's row (and the new assignee's
 * membership), so concurrent takes, moves and automatic assignments leave exactly one assignee; it is audited
 * in its transaction and pushed as `conversationAssigned` after the commit.
 */
export class AssignmentService {
  constructor(private readonly deps: AppDeps) {}

  async assign(auth: AuthContext, id: string, assigneeId: string | null): Promise<ConversationDto> {
    const businessId = businessOf(auth);
    await this.visible(auth, businessId, id);
    const change = await this.deps.db.transaction(async (tx) => {
      if (assigneeId) await this.checkAssignee(tx, businessId, assigneeId);
      const previous = await this.locked(tx, businessId, id);
      return this.apply(tx, auth, id, { previous, next: assigneeId }, 'assign');
    });
    return this.answer(auth, businessId, id, change);
  }

  /**
   * Held by another member: a 409 to anyone, an agent too (not the 404 of what it cannot see): two members
   * taking at once must hear the same "taken", whichever read the conversation after the other's commit.
   * The answer names no one and shows nothing of the conversation.
   */
  async take(auth: AuthContext, id: string): Promise<ConversationDto> {
    const businessId = businessOf(auth);
    const change = await this.deps.db.transaction(async (tx) => {
      // The caller's membership too: it cannot be removed while it takes (it would keep the conversation).
      if (!(await lockMembership(tx, businessId, auth.accountId))) throw new NotFoundError(NOT_FOUND);
      const previous = await this.locked(tx, businessId, id);
      if (previous !== null && previous !== auth.accountId)
        throw new StateConflictError(TAKEN_BY_ANOTHER, { reason: 'assigned' });
      return this.apply(tx, auth, id, { previous, next: auth.accountId }, 'take');
    });
    return this.answer(auth, businessId, id, change);
  }

  async release(auth: AuthContext, id: string): Promise<ConversationDto> {
    const businessId = businessOf(auth);
    await this.visible(auth, businessId, id);
    const mayAssign = auth.memberRole === null || roleCan(auth.memberRole, 'inbox:assign');
    const change = await this.deps.db.transaction(async (tx) => {
      const previous = await this.locked(tx, businessId, id);
      if (previous !== auth.accountId && !mayAssign)
        throw new StateConflictError(NOT_YOURS, { reason: 'not-assignee' });
      return this.apply(tx, auth, id, { previous, next: null }, 'release');
    });
    return this.answer(auth, businessId, id, change);
  }

  async settings(auth: AuthContext): Promise<AssignmentSettings> {
    return assignmentSettings(this.deps.db, businessOf(auth));
  }

  async saveSettings(auth: AuthContext, settings: AssignmentSettings): Promise<AssignmentSettings> {
    const businessId = businessOf(auth);
    await this.deps.db.transaction(async (tx) => {
      await saveAssignmentSettings(tx, businessId, settings);
      await recordAudit(tx, {
        businessId,
        actor: { accountId: auth.accountId, email: auth.email },
        action: 'inbox_assignment.updated',
        target: { type: 'business', id: businessId },
        details: { ...settings },
      });
    });
    return assignmentSettings(this.deps.db, businessId);
  }

  /** 404 unless the caller may see the conversation (an agent: its own or an unassigned one). */
  private async visible(auth: AuthContext, businessId: string, id: string): Promise<void> {
    if (!(await findConversation(this.deps.db, businessId, id, onlyAssignedTo(auth))))
      throw new NotFoundError(NOT_FOUND);
  }

  private async locked(tx: Db, businessId: string, id: string): Promise<string | null> {
    const holder = await lockAssignee(tx, businessId, id);
    if (holder === undefined) throw new NotFoundError(NOT_FOUND);
    return holder;
  }

  /** A member of the business whose role may answer conversations, kept so until the commit. */
  private async checkAssignee(tx: Db, businessId: string, assigneeId: string): Promise<void> {
    const role = await lockMembership(tx, businessId, assigneeId);
    if (!role)
      throw new UnprocessableFieldError('assigneeId', 'No member of this business has this account id');
    if (!roleCan(role, 'inbox:reply'))
      throw new UnprocessableFieldError(
        'assigneeId',
        `This member's role (${role}) cannot answer conversations: assign it to a member who can`,
      );
  }

  /** Writes the change (nothing when it changes nothing), its turn and its audit entry. */
  private async apply(tx: Db, auth: AuthContext, id: string, change: Change, how: How) {
    if (change.previous === change.next) return null;
    const businessId = businessOf(auth);
    await setAssignee(tx, businessId, id, change.next);
    if (change.next) await stampTurns(tx, businessId, [change.next]);
    await recordAudit(tx, {
      businessId,
      actor: { accountId: auth.accountId, email: auth.email },
      action: 'conversation.assigned',
      target: { type: 'conversation', id },
      details: { from: change.previous, to: change.next, how },
    });
    await enqueueWebhookEvents(tx, businessId, [
      {
        type: 'conversation.assigned',
        at: new Date(),
        data: { conversationId: id, assigneeId: change.next, previousAssigneeId: change.previous, how },
      },
    ]);
    return change;
  }

  /** The conversation as it stands, pushed to the business's room when it changed. */
  private async answer(auth: AuthContext, businessId: string, id: string, change: Change | null) {
    const row = await findConversation(this.deps.db, businessId, id);
    if (!row) throw new NotFoundError(NOT_FOUND);
    const conversation = toConversationDto(row);
    if (change)
      this.deps.realtime.emit(rooms.business(businessId), 'conversationAssigned', {
        conversation,
        previousAssigneeId: change.previous,
        assignedBy: auth.accountId,
      });
    return conversation;
  }
}
