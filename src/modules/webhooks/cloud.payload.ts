import { createHash } from 'node:crypto';
import { cloudMessageKey } from '../../providers/messaging/cloud.port.js';
import type { MessagePricing, Receipt } from '../messages/index.js';
import type { TemplateEvent } from '../templates/index.js';

/**
 * The Cloud API's webhook (docs/api.md "The Cloud webhook"), read leniently once its signature is checked:
 * `{ object: "whatsapp_business_account", entry: [{ id: <waba-id>, changes: [{ field, value }] }] }`.
 * - `messages`: `value.metadata.phone_number_id` names the business's number; `value.statuses[]` are
 *   delivery states (`sent`, `delivered`, `read`, `failed` with `errors[]`; `recipient_id` names the recipient;
 *   `biz_opaque_callback_data` the message the send named; `pricing` what Meta charges), `value.messages[]` what people
 *   wrote (with `value.contacts[]` naming them);
 * - `message_template_status_update`, `template_category_update`: a template's new status or category;
 * - any other field is acknowledged and ignored.
 */
export interface CloudInbound {
  phoneNumberId: string;
  /** The provider's message id: the inbox key. */
  id: string;
  from: string;
  name: string | null;
  type: string | null;
  text: string | null;
  button: { text: string | null; payload: string | null } | null;
  timestamp: string | null;
  media: { id: string | null; url: string | null; mimeType: string | null; caption: string | null } | null;
  details: Record<string, unknown> | null;
  /** The provider message id of the message this one answers (`context.id`); null when it answers none. */
  replyTo: string | null;
}

export interface ParsedCloudWebhook {
  receipts: Receipt[];
  inbound: CloudInbound[];
  templateEvents: (TemplateEvent & { key: string })[];
  /** The number's quality and limit, the account's state, people's marketing preferences. */
  accountEvents: AccountEvent[];
  /** Changes of fields this service does not read, and items it could not read. */
  ignored: number;
}

const STATES: Record<string, Receipt['event']> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

const MAX_AHEAD_MS = 5 * 60_000;

/** `phone_number_quality_update`, `account_update`, `user_preferences`: read by `cloud-account-events.ts`. */
export interface AccountEvent {
  field: 'phone_number_quality_update' | 'account_update' | 'user_preferences';
  wabaId: string;
  value: Record<string, unknown>;
  /** When Meta sent it (`entry.time`); null when the delivery does not say. */
  at: Date | null;
  key: string;
}
const ACCOUNT_FIELDS = new Set(['phone_number_quality_update', 'account_update', 'user_preferences']);

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null =>
  typeof v === 'string' ? v.trim() || null : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;

export function parseCloudWebhook(body: unknown, now = new Date()): ParsedCloudWebhook {
  const out: ParsedCloudWebhook = {
    receipts: [],
    inbound: [],
    templateEvents: [],
    accountEvents: [],
    ignored: 0,
  };
  for (const entryValue of list(obj(body)?.entry)) {
    const entry = obj(entryValue);
    const wabaId = str(entry?.id);
    // When Meta sent the event: part of its key (the same content at another time is another event) and
    // what orders it against the one last applied (docs/decisions/cloud-api.md).
    const time = Number(str(entry?.time));
    const at = Number.isFinite(time) && time > 0 ? dateOf(time, now) : null;
    for (const changeValue of list(entry?.changes)) {
      const change = obj(changeValue);
      const field = str(change?.field);
      const value = obj(change?.value);
      if (!field || !value) {
        out.ignored++;
        continue;
      }
      if (field === 'messages') readMessages(value, out, now);
      else if ((field === 'message_template_status_update' || field === 'template_category_update') && wabaId)
        out.templateEvents.push({ field, wabaId, value, at, key: eventKey(wabaId, field, value, at) });
      else if (ACCOUNT_FIELDS.has(field) && wabaId)
        out.accountEvents.push({
          field: field as AccountEvent['field'],
          wabaId,
          value,
          at,
          key: eventKey(wabaId, field, value, at),
        });
      else out.ignored++;
    }
  }
  return out;
}

/**
 * A template or account event's inbox key: its content and when Meta sent it, so a redelivery is one event
 * while the same change made again later (FLAGGED after UNFLAGGED after FLAGGED) is a new one.
 */
function eventKey(wabaId: string, field: string, value: Obj, at: Date | null): string {
  return createHash('sha256')
    .update(JSON.stringify([wabaId, field, value, at?.getTime() ?? null]))
    .digest('hex');
}

function readMessages(value: Obj, out: ParsedCloudWebhook, now: Date): void {
  const phoneNumberId = str(obj(value.metadata)?.phone_number_id);
  if (!phoneNumberId) {
    out.ignored++;
    return;
  }
  for (const item of list(value.statuses)) {
    const s = obj(item);
    const id = str(s?.id);
    const event = STATES[str(s?.status) ?? ''];
    if (!s || !id || id.length > 200 || !event) {
      out.ignored++;
      continue;
    }
    const error = obj(list(s.errors)[0]);
    const code = str(error?.code);
    const title = str(error?.title) ?? str(error?.message);
    const details = str(obj(error?.error_data)?.details);
    const reference = str(s.biz_opaque_callback_data);
    const pricing = pricingOf(s.pricing);
    out.receipts.push({
      providerMessageId: cloudMessageKey(phoneNumberId, id),
      // The sending number is in the key; `recipient_id` is the recipient's WhatsApp id (their number).
      recipient: str(s.recipient_id)?.replace(/\D/g, '').slice(0, 32) || null,
      event,
      at: dateOf(s.timestamp, now),
      errorCode: event === 'failed' ? (code?.slice(0, 50) ?? null) : null,
      reason:
        event === 'failed'
          ? `${[title, details && details !== title ? details : null].filter(Boolean).join(': ') || 'Reported failed by the Cloud API'}${code ? ` (code ${code})` : ''}`.slice(
              0,
              500,
            )
          : null,
      ...(reference && reference.length <= 512 ? { reference } : {}),
      ...(pricing ? { pricing } : {}),
    });
  }
  const names = new Map<string, string>();
  for (const c of list(value.contacts)) {
    const contact = obj(c);
    const waId = str(contact?.wa_id);
    const name = str(obj(contact?.profile)?.name);
    if (waId && name) names.set(waId, name);
  }
  for (const item of list(value.messages)) {
    const m = obj(item);
    const id = str(m?.id);
    const from = str(m?.from);
    if (!m || !id || !from || !/\d/.test(from)) {
      out.ignored++;
      continue;
    }
    const type = str(m.type);
    const interactive = obj(m.interactive);
    const reply = obj(interactive?.button_reply) ?? obj(interactive?.list_reply);
    const button = obj(m.button);
    const content = contentOf(type, m);
    // A reply names the message it answers: kept as Meta sent it, and its id resolved to our key.
    const context = obj(m.context);
    const contextId = str(context?.id)?.slice(0, 200) ?? null;
    const details: Record<string, unknown> = {
      ...content.details,
      ...(str(reply?.description) ? { description: str(reply?.description) } : {}),
      ...(contextId ? { context: { from: str(context?.from)?.slice(0, 32) ?? null, id: contextId } } : {}),
    };
    out.inbound.push({
      phoneNumberId,
      id: id.slice(0, 200),
      from,
      name: names.get(from) ?? null,
      type,
      text: str(obj(m.text)?.body),
      button: button
        ? { text: str(button.text), payload: str(button.payload) }
        : reply
          ? { text: str(reply.title), payload: str(reply.id) }
          : null,
      timestamp: str(m.timestamp),
      media: content.media,
      details: Object.keys(details).length ? details : null,
      replyTo: contextId ? cloudMessageKey(phoneNumberId, contextId) : null,
    });
  }
}

const MEDIA_KINDS = new Set(['image', 'video', 'audio', 'document', 'sticker']);

/**
 * The medium, or what a reaction, location, shared contact or unsupported message carries, of one inbound
 * message (a voice note's flag, a location's url, why WhatsApp could not pass a message on and its type).
 */
function contentOf(type: string | null, m: Obj): Pick<CloudInbound, 'media' | 'details'> {
  const part = type ? obj(m[type]) : null;
  if (type && MEDIA_KINDS.has(type) && part) {
    const details = {
      ...(str(part.filename) ? { filename: str(part.filename) } : {}),
      ...(part.voice === true ? { voice: true } : {}),
    };
    return {
      media: {
        id: str(part.id),
        url: null,
        mimeType: str(part.mime_type),
        caption: str(part.caption),
      },
      details: Object.keys(details).length ? details : null,
    };
  }
  if (type === 'unsupported') return { media: null, details: unsupportedDetails(m) };
  if (type === 'reaction' && part)
    return { media: null, details: { messageId: str(part.message_id), emoji: str(part.emoji) } };
  if (type === 'location' && part)
    return {
      media: null,
      details: {
        latitude: part.latitude ?? null,
        longitude: part.longitude ?? null,
        name: str(part.name),
        address: str(part.address),
        ...(str(part.url) ? { url: str(part.url)!.slice(0, 2000) } : {}),
      },
    };
  if (type === 'contacts')
    return {
      media: null,
      details: {
        contacts: list(m.contacts).map((c) => {
          const contact = obj(c);
          return {
            name: str(obj(contact?.name)?.formatted_name),
            phones: list(contact?.phones)
              .map((p) => str(obj(p)?.phone))
              .filter(Boolean),
          };
        }),
      },
    };
  return { media: null, details: null };
}

/**
 * `statuses[].pricing` (`billable`, `pricing_model`, `category`, `type`: `regular`,
 * `free_customer_service`, `free_entry_point`), each field bounded; null when absent or unreadable.
 */
function pricingOf(value: unknown): MessagePricing | null {
  const p = obj(value);
  if (!p) return null;
  const word = (v: unknown) => str(v)?.slice(0, 50) ?? null;
  const pricing: MessagePricing = {
    billable: typeof p.billable === 'boolean' ? p.billable : null,
    pricing_model: word(p.pricing_model),
    category: word(p.category),
    type: word(p.type),
  };
  return Object.values(pricing).some((v) => v !== null) ? pricing : null;
}

/**
 * `type: "unsupported"` (an edit, a poll, a view-once medium...): `unsupported.type` names what it was and
 * `errors[0]` (code 131051) says why WhatsApp did not pass it on.
 */
function unsupportedDetails(m: Obj): Record<string, unknown> | null {
  const error = obj(list(m.errors)[0]);
  const code = Number(str(error?.code));
  const title = str(error?.title) ?? str(error?.message);
  const said = str(obj(error?.error_data)?.details);
  const reason = [title, said && said !== title ? said : null].filter(Boolean).join(': ');
  const details = {
    ...(str(obj(m.unsupported)?.type)
      ? { unsupportedType: str(obj(m.unsupported)?.type)!.slice(0, 100) }
      : {}),
    ...(Number.isInteger(code) && code > 0 ? { errorCode: code } : {}),
    ...(reason ? { reason: reason.slice(0, 500) } : {}),
  };
  return Object.keys(details).length ? details : null;
}

/** Seconds since the epoch (as the Cloud API dates events); now when unreadable or too far ahead. */
function dateOf(value: unknown, now: Date): Date {
  const n = Number(str(value));
  if (!Number.isFinite(n) || n <= 0) return now;
  const ms = n < 1e11 ? n * 1000 : n;
  return ms > now.getTime() + MAX_AHEAD_MS ? now : new Date(ms);
}
