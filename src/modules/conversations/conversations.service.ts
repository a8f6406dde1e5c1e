import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import { NotFoundError } from '../../platform/http/errors.js';
import { type Page, type PageQuery, toPage } from '../../platform/http/pagination.js';
import { onlyAssignedTo } from './assignment.js';
import {
  type ConversationDto,
  type ConversationMessageDto,
  toConversationDto,
  toMessageDto,
} from './conversation.dto.js';
import {
  countUnreadConversations,
  findConversation,
  listConversations,
  listMessages,
  markRead,
  setStatus,
} from './conversations.repository.js';
import type { ConversationsQuery, ReplyBody } from './conversations.schemas.js';
import { queueReply } from './reply-compose.js';

export { MARKETING_NOT_OPTED_IN, OPTED_OUT_OUTSIDE_WINDOW, WINDOW_CLOSED } from './reply-compose.js';

const NOT_FOUND = 'Conversation not found';

export class ConversationsService {
  constructor(private readonly deps: AppDeps) {}

  async list(auth: AuthContext, q: ConversationsQuery): Promise<Page<ConversationDto>> {
    const { page, pageSize, assignee, ...filters } = q;
    const now = new Date();
    const scope = {
      ...filters,
      onlyAssignedTo: onlyAssignedTo(auth),
      assignee: assignee === 'me' ? auth.accountId : assignee === 'unassigned' ? null : assignee,
    };
    const { rows, total } = await listConversations(this.deps.db, businessOf(auth), scope, {
      page,
      pageSize,
    });
    return toPage(
      rows.map((r) => toConversationDto(r, now)),
      total,
      q,
    );
  }

  async get(auth: AuthContext, id: string): Promise<ConversationDto> {
    return toConversationDto(await this.find(auth, businessOf(auth), id));
  }

  async unread(auth: AuthContext): Promise<{ conversations: number }> {
    return {
      conversations: await countUnreadConversations(this.deps.db, businessOf(auth), onlyAssignedTo(auth)),
    };
  }

  async messages(auth: AuthContext, id: string, q: PageQuery): Promise<Page<ConversationMessageDto>> {
    const businessId = businessOf(auth);
    const conversation = await this.find(auth, businessId, id);
    const { rows, total } = await listMessages(this.deps.db, businessId, conversation, q);
    return toPage(
      rows.map((r) => toMessageDto(r, (key) => this.deps.storage.urlOf(key))),
      total,
      q,
    );
  }

  async read(auth: AuthContext, id: string): Promise<ConversationDto> {
    const businessId = businessOf(auth);
    if (!(await markRead(this.deps.db, businessId, id, onlyAssignedTo(auth))))
      throw new NotFoundError(NOT_FOUND);
    return this.get(auth, id);
  }

  async setStatus(auth: AuthContext, id: string, status: 'open' | 'closed'): Promise<ConversationDto> {
    const businessId = businessOf(auth);
    if (!(await setStatus(this.deps.db, businessId, id, status, onlyAssignedTo(auth))))
      throw new NotFoundError(NOT_FOUND);
    return this.get(auth, id);
  }

  /** Queues a reply and bills it in one transaction (`queueReply`). */
  async reply(auth: AuthContext, id: string, body: ReplyBody): Promise<ConversationMessageDto> {
    const businessId = businessOf(auth);
    const conversation = await this.find(auth, businessId, id);
    const stored = await queueReply(this.deps, businessId, conversation, body);
    return toMessageDto(stored!, (key) => this.deps.storage.urlOf(key));
  }

  /** The conversation if the caller may see it: another's assigned conversation is a 404 to an agent. */
  private async find(auth: AuthContext, businessId: string, id: string) {
    const row = await findConversation(this.deps.db, businessId, id, onlyAssignedTo(auth));
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }
}
