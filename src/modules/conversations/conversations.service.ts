import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import { signalDispatch } from '../../platform/dispatch-signal.js';
import { NotFoundError, ValidationError } from '../../platform/http/errors.js';
import { type Page, type PageQuery, toPage } from '../../platform/http/pagination.js';
import { findBusinessUpload } from '../uploads/index.js';
import { alertIfCreditLow } from '../wallet/index.js';
import { onlyAssignedTo } from './assignment.js';
import {
  type ConversationDto,
  type ConversationMessageDto,
  toConversationDto,
  toMessageDto,
} from './conversation.dto.js';
import { emitConversationMessage } from './conversation-events.js';
import { windowEndsAt } from './conversation-window.js';
import {
  contactOptedIn,
  countUnreadConversations,
  findConversation,
  findMessage,
  listConversations,
  listMessages,
  markRead,
  setStatus,
} from './conversations.repository.js';
import type { ConversationsQuery, ReplyBody } from './conversations.schemas.js';
import { preview } from './inbound.js';
import { chargeReply, type ReplyCategory } from './reply-billing.js';
import { enqueueReply, type NewReply } from './reply-queue.js';
import { replyTemplate } from './reply-template.js';

export const WINDOW_CLOSED =
  "The customer-service window is closed (24 hours after the contact's last message): only an approved template can be sent";
export const OPTED_OUT_OUTSIDE_WINDOW =
  'The contact is not opted in to your messages: it can be answered only within 24 hours of its last message';
export const MARKETING_NOT_OPTED_IN =
  'The contact is not opted in to your messages: a MARKETING template cannot be sent to it, inside the window or outside it';

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

  /**
   * Queues a reply and bills it in one transaction (docs/api.md "Conversations"). Free text and media only
   * inside the customer-service window; outside it an approved template. A contact that opted out is
   * answered only inside the window, and never with a marketing template. A template is billed at its
   * category's rate wherever it is sent; free text and media as a service message. The dispatcher sends it
   * like a campaign message.
   */
  async reply(auth: AuthContext, id: string, body: ReplyBody): Promise<ConversationMessageDto> {
    const businessId = businessOf(auth);
    const conversation = await this.find(auth, businessId, id);
    const open = windowEndsAt(conversation.lastInboundAt) !== null;
    if (!open && !body.templateId)
      throw ValidationError.field(body.text !== undefined ? 'text' : 'mediaKey', WINDOW_CLOSED);
    if (!open && (await this.optedOut(businessId, conversation.phoneNumber)))
      throw ValidationError.field('templateId', OPTED_OUT_OUTSIDE_WINDOW);

    let reply: Omit<NewReply, 'transactionId'>;
    let category: ReplyCategory = 'service';
    const base = { conversationId: id, businessId, mediaKey: null, mediaType: null, templateId: null };
    if (body.templateId) {
      const template = await replyTemplate(
        this.deps.db,
        businessId,
        body.templateId,
        body.templateParameters,
      );
      if (template.category === 'marketing' && (await this.optedOut(businessId, conversation.phoneNumber)))
        throw ValidationError.field('templateId', MARKETING_NOT_OPTED_IN);
      category = template.category;
      reply = {
        ...base,
        type: 'template',
        text: template.text,
        templateId: body.templateId,
        templateParameters: body.templateParameters ?? null,
        preview: template.text,
      };
    } else if (body.mediaKey) {
      const upload = await findBusinessUpload(this.deps.db, businessId, body.mediaKey);
      if (!upload) throw ValidationError.field('mediaKey', 'No upload of this business has this key');
      const mediaType = upload.type ?? 'application/octet-stream';
      const type = mediaKindOf(mediaType);
      reply = {
        ...base,
        type,
        text: body.caption || null,
        mediaKey: upload.key,
        mediaType,
        templateParameters: null,
        preview: preview({ type, text: body.caption || null }),
      };
    } else {
      reply = { ...base, type: 'text', text: body.text!, templateParameters: null, preview: body.text! };
    }

    // The answer is the reply as queued, read before the commit: once committed a dispatcher may already be
    // sending it, and its later states reach the console as events.
    const { messageId, charge, stored } = await this.deps.db.transaction(async (tx) => {
      const charge = await chargeReply(tx, {
        businessId,
        conversationId: id,
        category,
        phone: conversation.phoneNumber,
      });
      const messageId = await enqueueReply(tx, { ...reply, transactionId: charge.transactionId });
      return { messageId, charge, stored: await findMessage(tx, businessId, messageId) };
    });
    signalDispatch();
    await alertIfCreditLow(this.deps, businessId, charge.walletBefore, charge.walletAfter);
    // The event carries the reply as queued too: a dispatcher's claim may already have moved the row on, and
    // its later states follow as events of their own.
    await emitConversationMessage(this.deps, businessId, id, messageId, this.deps.logger, stored);
    return toMessageDto(stored!, (key) => this.deps.storage.urlOf(key));
  }

  /** The conversation if the caller may see it: another's assigned conversation is a 404 to an agent. */
  private async find(auth: AuthContext, businessId: string, id: string) {
    const row = await findConversation(this.deps.db, businessId, id, onlyAssignedTo(auth));
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  private async optedOut(businessId: string, phone: string): Promise<boolean> {
    return !(await contactOptedIn(this.deps.db, businessId, phone));
  }
}

function mediaKindOf(type: string): 'image' | 'video' | 'audio' | 'document' {
  const family = type.split('/')[0];
  return family === 'image' || family === 'video' || family === 'audio' ? family : 'document';
}
