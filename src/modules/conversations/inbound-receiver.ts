import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { rooms } from '../../platform/realtime-hub.js';
import { INBOUND_MESSAGE_KINDS } from '../../vocabulary/message-kinds.js';
import { autoAssign } from './assignment-auto.js';
import { toConversationDto } from './conversation.dto.js';
import { emitConversationRecords } from './conversation-events.js';
import type { InboundInput, MediaRef } from './inbound.js';
import { type StoredInbound, storeInboundBatch } from './inbound-batch.js';

/** A message a contact sent, as either provider's webhook read it, with the business it was sent to. */
export interface InboundMessageInput {
  businessId: string;
  /** E.164. */
  phone: string;
  name: string | null;
  eventKey: string;
  type: string | null;
  text: string | null;
  button: { text: string | null; payload: string | null } | null;
  media?: (MediaRef & { caption: string | null }) | null;
  details?: Record<string, unknown> | null;
  /** The provider message id of the message it answers (a campaign message or one of our replies). */
  replyTo?: string | null;
  timestamp: string | null;
}

const KINDS = new Set<string>(INBOUND_MESSAGE_KINDS);
/** A timestamp further ahead than this is not believed. */
const MAX_AHEAD_MS = 5 * 60_000;

/**
 * Keeps what a contact wrote in its conversation (every kind: text, media, button replies, reactions,
 * locations, contacts) and tells the business's console. A medium is not fetched here: the message is kept
 * with it `pending`, and the media job (`fetchDueMedia`) copies it into storage afterwards, so a webhook
 * never waits on a file server. Returns false when the message was already stored (a replay).
 */
export async function receiveInbound(
  deps: AppDeps,
  input: InboundMessageInput,
  log: Logger,
  now = new Date(),
): Promise<boolean> {
  return (await receiveInboundBatch(deps, [input], log, now)).has(input.eventKey);
}

/**
 * `receiveInbound` for many messages (a Cloud delivery carries many): stored per business in one
 * statement. Returns the event keys stored (not those already kept).
 */
export async function receiveInboundBatch(
  deps: AppDeps,
  inputs: InboundMessageInput[],
  log: Logger,
  now = new Date(),
): Promise<Set<string>> {
  const kept = new Set<string>();
  for (const { stored } of await receiveInboundRecords(deps, inputs, log, now))
    for (const s of stored) kept.add(s.eventKey);
  return kept;
}

/**
 * `receiveInboundBatch` answering with what was stored, per business (what automated answers read).
 */
export async function receiveInboundRecords(
  deps: AppDeps,
  inputs: InboundMessageInput[],
  log: Logger,
  now = new Date(),
): Promise<{ businessId: string; stored: StoredInbound[] }[]> {
  const out: { businessId: string; stored: StoredInbound[] }[] = [];
  const byBusiness = new Map<string, InboundMessageInput[]>();
  for (const input of inputs)
    byBusiness.set(input.businessId, [...(byBusiness.get(input.businessId) ?? []), input]);
  for (const [businessId, group] of byBusiness) {
    const { stored, autoAssigns } = await storeInboundBatch(
      deps.db,
      businessId,
      group.map((input) => recordOf(input, now)),
    );
    if (autoAssigns) await assignArrivals(deps, businessId, stored, log);
    emitConversationRecords(deps, businessId, stored, log);
    out.push({ businessId, stored });
  }
  return out;
}

/**
 * The business's automatic assignment of the unassigned conversations the messages arrived in (new ones,
 * and unassigned ones that wrote again), after they are stored: one transaction for the whole delivery. The
 * records then carry their assignee, and each assignment is pushed. A failure is logged and leaves them
 * unassigned: the messages are what the webhook must keep.
 */
async function assignArrivals(deps: AppDeps, businessId: string, stored: StoredInbound[], log: Logger) {
  const waiting = stored.filter((s) => s.conversation.assigneeId === null).map((s) => s.conversation.id);
  if (!waiting.length) return;
  try {
    const assigned = new Map(
      (await autoAssign(deps.db, businessId, waiting)).map((a) => [a.conversationId, a.accountId]),
    );
    const latest = new Map<string, StoredInbound>();
    for (const s of stored) {
      const accountId = assigned.get(s.conversation.id);
      if (!accountId) continue;
      s.conversation.assigneeId = accountId;
      latest.set(s.conversation.id, s);
    }
    for (const s of latest.values())
      deps.realtime.emit(rooms.business(businessId), 'conversationAssigned', {
        conversation: toConversationDto(s.conversation),
        previousAssigneeId: null,
        assignedBy: null,
      });
  } catch (err) {
    log.warn({ err, businessId, conversations: waiting.length }, 'automatic assignment failed');
  }
}

function recordOf(input: InboundMessageInput, now: Date): InboundInput {
  return {
    businessId: input.businessId,
    phone: input.phone,
    name: input.name,
    eventKey: input.eventKey,
    type: kindOf(input),
    text: input.text ?? input.button?.text ?? input.media?.caption ?? null,
    details: detailsOf(input),
    replyTo: input.replyTo ?? null,
    at: dateOf(input.timestamp, now),
    media: input.media && (input.media.id || input.media.url) ? sourceOf(input.media) : null,
  };
}

function sourceOf(media: MediaRef): MediaRef {
  return { id: media.id, url: media.url, mimeType: media.mimeType };
}

function kindOf(input: InboundMessageInput): string {
  const type = input.type?.trim().toLowerCase() ?? '';
  if (type === 'interactive' || (input.button && !type)) return 'button';
  if (KINDS.has(type)) return type;
  if (!type && input.media?.mimeType) {
    const family = input.media.mimeType.split('/')[0]!;
    return ['image', 'video', 'audio'].includes(family) ? family : 'document';
  }
  if (!type && input.details && 'latitude' in input.details) return 'location';
  if (!type || (type === 'chat' && input.text)) return 'text';
  return input.text ? 'text' : 'unsupported';
}

function detailsOf(input: InboundMessageInput): Record<string, unknown> | null {
  const details = { ...(input.details ?? {}) };
  if (input.button?.payload) details.payload = input.button.payload;
  if (input.media?.id) details.mediaId = input.media.id;
  return Object.keys(details).length ? details : null;
}

/** Seconds or milliseconds since the epoch, or an ISO date; now when unreadable or ahead of now. */
function dateOf(value: string | null, now: Date): Date {
  if (!value) return now;
  const n = Number(value);
  const ms = Number.isFinite(n) && n > 0 ? (n < 1e11 ? n * 1000 : n) : Date.parse(value);
  if (!Number.isFinite(ms) || ms > now.getTime() + MAX_AHEAD_MS) return now;
  return new Date(Math.min(ms, now.getTime()));
}
