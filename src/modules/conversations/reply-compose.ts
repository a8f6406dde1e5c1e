import type { AppDeps } from '../../deps.js';
import type { Db } from '../../platform/db/client.js';
import { signalDispatch } from '../../platform/dispatch-signal.js';
import { ValidationError } from '../../platform/http/errors.js';
import type { CategoryCard } from '../pricing/index.js';
import { findBusinessUpload } from '../uploads/index.js';
import { alertIfCreditLow } from '../wallet/index.js';
import type { MessageRecord } from './conversation.dto.js';
import { emitConversationMessage, emitConversationRecords } from './conversation-events.js';
import { windowEndsAt } from './conversation-window.js';
import { contactOptedIn, findConversations } from './conversations.repository.js';
import type { ReplyBody } from './conversations.schemas.js';
import { preview } from './inbound.js';
import { chargeReply, type ReplyCategory } from './reply-billing.js';
import { toCloudInteractive } from './reply-interactive.js';
import { enqueueReply, type NewReply } from './reply-queue.js';
import { replyTemplate } from './reply-template.js';

export const WINDOW_CLOSED =
  "The customer-service window is closed (24 hours after the contact's last message): only an approved template can be sent";
export const OPTED_OUT_OUTSIDE_WINDOW =
  'The contact is not opted in to your messages: it can be answered only within 24 hours of its last message';
export const MARKETING_NOT_OPTED_IN =
  'The contact is not opted in to your messages: a MARKETING template cannot be sent to it, inside the window or outside it';

/** An automated reply: its rule, and what the automation module does in the reply's transaction. */
export interface AutomatedReply {
  ruleId: string;
  ruleName: string;
  /**
   * Runs first in the transaction that bills and queues the reply; false: nothing is queued (the rule was
   * switched off, a cooldown or cap was reached meanwhile).
   */
  admit: (tx: Db) => Promise<boolean>;
}

type Conversation = { id: string; phoneNumber: string; lastInboundAt: Date | string | null };

/**
 * The one way a reply is queued, a member's or an automated one (docs/api.md "Conversations"): free text,
 * media and interactive messages only inside the customer-service window; outside it an approved template.
 * A contact that opted out is answered only inside the window, and never with a marketing template. A
 * template is billed at its category's rate; anything else as a service message. The dispatcher sends it
 * like a campaign message. Null when `automated.admit` refused it.
 */
export async function queueReply(
  deps: AppDeps,
  businessId: string,
  conversation: Conversation,
  body: ReplyBody,
  automated?: AutomatedReply,
): Promise<MessageRecord | null> {
  const { reply, category } = await composeReply(deps.db, businessId, conversation, body, automated);
  // The answer is the reply as queued, read before the commit: once committed a dispatcher may already be
  // sending it, and its later states reach the console as events.
  const queued = await deps.db.transaction(async (tx) => {
    if (automated && !(await automated.admit(tx))) return null;
    return insertReply(tx, businessId, reply, category, conversation.phoneNumber);
  });
  if (!queued) return null;
  await afterQueued(deps, businessId, [queued]);
  return queued.stored;
}

/** A reply queued in a transaction not yet committed: what its commit is followed by. */
export interface QueuedReply {
  conversationId: string;
  messageId: string;
  charge: { walletBefore: string; walletAfter: string };
  stored: MessageRecord | null;
}

/** What follows the commit of queued replies: the dispatcher woken, a low-credit alert, the console told. */
export async function afterQueued(deps: AppDeps, businessId: string, queued: QueuedReply[]): Promise<void> {
  if (!queued.length) return;
  signalDispatch();
  await alertIfCreditLow(deps, businessId, queued[0]!.charge.walletBefore, queued.at(-1)!.charge.walletAfter);
  // The event carries the reply as queued too: a dispatcher's claim may already have moved the row on, and
  // its later states follow as events of their own. The conversations are read once, as they now are.
  if (queued.length === 1) {
    const q = queued[0]!;
    await emitConversationMessage(deps, businessId, q.conversationId, q.messageId, deps.logger, q.stored);
    return;
  }
  try {
    const conversations = new Map(
      (await findConversations(deps.db, businessId, [...new Set(queued.map((q) => q.conversationId))])).map(
        (c) => [c.id, c],
      ),
    );
    emitConversationRecords(
      deps,
      businessId,
      queued.flatMap((q) => {
        const conversation = conversations.get(q.conversationId);
        return conversation && q.stored ? [{ conversation, message: q.stored }] : [];
      }),
      deps.logger,
    );
  } catch (err) {
    deps.logger.warn({ err, replies: queued.length }, 'conversation events not sent');
  }
}

async function insertReply(
  tx: Db,
  businessId: string,
  reply: Omit<NewReply, 'transactionId'>,
  category: ReplyCategory,
  /** The contact's number: its country prices the reply. */
  phone: string,
  cards?: Map<ReplyCategory, CategoryCard>,
): Promise<QueuedReply> {
  const charge = await chargeReply(
    tx,
    { businessId, conversationId: reply.conversationId, category, phone },
    cards,
  );
  const stored = await enqueueReply(tx, { ...reply, transactionId: charge.transactionId });
  return { conversationId: reply.conversationId, messageId: stored.id, charge, stored };
}

/** The reply as it will be queued, every check of a reply made (a 400 naming the field otherwise). */
async function composeReply(
  db: Db,
  businessId: string,
  conversation: Conversation,
  body: ReplyBody,
  automated?: { ruleId: string; ruleName: string },
): Promise<{ reply: Omit<NewReply, 'transactionId'>; category: ReplyCategory }> {
  const id = conversation.id;
  const open = windowEndsAt(conversation.lastInboundAt) !== null;
  const optedOut = async () => !(await contactOptedIn(db, businessId, conversation.phoneNumber));
  if (!open && !body.templateId)
    throw ValidationError.field(
      body.text !== undefined ? 'text' : body.interactive ? 'interactive' : 'mediaKey',
      WINDOW_CLOSED,
    );
  if (!open && (await optedOut())) throw ValidationError.field('templateId', OPTED_OUT_OUTSIDE_WINDOW);

  let reply: Omit<NewReply, 'transactionId'>;
  let category: ReplyCategory = 'service';
  const base = {
    conversationId: id,
    businessId,
    mediaKey: null,
    mediaType: null,
    templateId: null,
    automation: automated ? { ruleId: automated.ruleId, ruleName: automated.ruleName } : null,
  };
  if (body.templateId) {
    const template = await replyTemplate(db, businessId, body.templateId, body.templateParameters);
    if (template.category === 'marketing' && (await optedOut()))
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
    const upload = await findBusinessUpload(db, businessId, body.mediaKey);
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
  } else if (body.interactive) {
    reply = {
      ...base,
      type: 'interactive',
      text: body.interactive.body,
      templateParameters: null,
      interactive: toCloudInteractive(body.interactive) as unknown as Record<string, unknown>,
      preview: body.interactive.body.slice(0, 200),
    };
  } else {
    reply = { ...base, type: 'text', text: body.text!, templateParameters: null, preview: body.text! };
  }

  return { reply, category };
}

/** One automated reply of a batch: where, what, and its rule's admission. */
export interface AutomatedReplyItem {
  conversationId: string;
  body: ReplyBody;
  automated: AutomatedReply;
}

/**
 * Automated replies queued in the caller's transaction (the automation job's batch, one per business), each
 * in a savepoint of its own: refused by a check (the window, consent, credits) or by `automated.admit`, it
 * leaves nothing and the batch goes on (`onRefused` hears why when a check threw). The same checks, billing
 * and queue as a member's reply; the batch's conversations and rate cards are read once. The caller runs
 * `afterQueued` once its transaction committed. Returns the replies queued, in order.
 */
export async function queueAutomatedRepliesIn(
  tx: Db,
  businessId: string,
  items: AutomatedReplyItem[],
  onRefused: (err: unknown, item: AutomatedReplyItem) => void,
): Promise<QueuedReply[]> {
  const conversations = new Map(
    (await findConversations(tx, businessId, [...new Set(items.map((i) => i.conversationId))])).map((c) => [
      c.id,
      c,
    ]),
  );
  const cards = new Map<ReplyCategory, CategoryCard>();
  const out: QueuedReply[] = [];
  for (const item of items) {
    const conversation = conversations.get(item.conversationId);
    if (!conversation) continue;
    try {
      const queued = await tx.transaction(async (sp) => {
        if (!(await item.automated.admit(sp))) return null;
        const { reply, category } = await composeReply(
          sp,
          businessId,
          conversation,
          item.body,
          item.automated,
        );
        return insertReply(sp, businessId, reply, category, conversation.phoneNumber, cards);
      });
      if (queued) out.push(queued);
    } catch (err) {
      onRefused(err, item);
    }
  }
  return out;
}

function mediaKindOf(type: string): 'image' | 'video' | 'audio' | 'document' {
  const family = type.split('/')[0];
  return family === 'image' || family === 'video' || family === 'audio' ? family : 'document';
}
