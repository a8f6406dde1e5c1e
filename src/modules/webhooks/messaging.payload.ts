import { createHash } from 'node:crypto';
import { z } from 'zod';
import { NAME_MAX } from '../contacts/index.js';

/** The gateway's two-way callback (docs/api.md "Webhooks"), read leniently. */
export interface InboundMessage {
  waNumber: string;
  mobile: string;
  name: string | null;
  type: string | null;
  text: string | null;
  button: { text: string | null; payload: string | null } | null;
  timestamp: string | null;
  /**
   * A medium the contact sent: the Cloud API names it by id (fetched with the business's token), the gateway
   * by a URL. Absent for text.
   */
  media?: { id: string | null; url: string | null; mimeType: string | null; caption: string | null } | null;
  /** What a reaction, location or shared contact carries (kept with the message as it came). */
  details?: Record<string, unknown> | null;
  /** The provider message id of the message it answers (the Cloud API's `context.id`, as our key). */
  replyTo?: string | null;
  /** The inbox key it was stored under (set once stored; a replay of the same key changes nothing). */
  eventKey?: string;
}

const scalar = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === undefined || v === null ? null : String(v)));
/**
 * The sender's display name becomes a contact's names, so it gets the contacts module's bound. Cut in UTF-16
 * units like that bound, without leaving half a surrogate pair (jsonb refuses one).
 */
const displayName = optionalText.transform((v) => {
  if (v === null) return null;
  const cut = v.trim().slice(0, NAME_MAX);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
});
const button = z
  .object({ text: optionalText, payload: optionalText })
  .transform((b) => ({ text: b.text ?? null, payload: b.payload ?? null }));

const inboundSchema = z.object({
  waNumber: scalar.pipe(z.string().regex(/\d/)),
  mobile: scalar.pipe(z.string().regex(/\d/)),
  name: displayName,
  type: optionalText,
  text: optionalText,
  // Forms carry nested objects as JSON text.
  button: z.preprocess((v) => (typeof v === 'string' ? safeJson(v) : v), button.nullish()),
  timestamp: optionalText,
  // The gateway's media callback: a URL to the file (field names vary by account setup).
  mediaUrl: optionalText,
  media_url: optionalText,
  url: optionalText,
  mimeType: optionalText,
  mime_type: optionalText,
  caption: optionalText,
  latitude: optionalText,
  longitude: optionalText,
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { text };
  }
}

/** Accepts a parsed object or raw JSON text; null for anything that is not a readable callback. */
export function parseInbound(body: unknown): InboundMessage | null {
  const value = typeof body === 'string' ? safeJson(body) : body;
  const parsed = inboundSchema.safeParse(value);
  if (!parsed.success) return null;
  const { mediaUrl, media_url, url, mimeType, mime_type, caption, latitude, longitude, ...rest } =
    parsed.data;
  const link = mediaUrl ?? media_url ?? url;
  return {
    ...rest,
    button: rest.button ?? null,
    media: link ? { id: null, url: link, mimeType: mimeType ?? mime_type, caption } : null,
    details: latitude !== null && longitude !== null ? { latitude, longitude } : null,
  };
}

const OPT_IN = new Set(['START', 'SUBSCRIBE', 'YES', 'OPT IN']);
const OPT_OUT = new Set(['STOP', 'UNSUBSCRIBE', 'OPT OUT']);

/** A business's own opt-out words (automation settings); unset: the built-in ones. */
export type OptOutWord = (text: string) => boolean;

function keyword(value: string | null, optOut?: OptOutWord | null): 'opt_in' | 'opt_out' | null {
  const word = value?.trim().replace(/\s+/g, ' ').toUpperCase();
  if (!word) return null;
  if (OPT_IN.has(word)) return 'opt_in';
  if (optOut ? optOut(word) : OPT_OUT.has(word)) return 'opt_out';
  return null;
}

/**
 * Opt-in or opt-out, from the text or from a button's payload or text; null for any other message.
 * `optOut`: the business's own opt-out words, when it set them.
 */
export function intentOf(message: InboundMessage, optOut?: OptOutWord | null): 'opt_in' | 'opt_out' | null {
  return (
    keyword(message.text, optOut) ??
    keyword(message.button?.payload ?? null, optOut) ??
    keyword(message.button?.text ?? null, optOut)
  );
}

/**
 * The inbox key of a callback. The gateway sends no message id, so the key is a digest of what identifies
 * the message (its words, button, medium and details); without a timestamp, the minute it arrived stands in, so a replay within that minute is a
 * no-op while the same word sent again later still counts.
 */
export function eventKeyOf(message: InboundMessage, now = new Date()): string {
  const when = message.timestamp ?? `received:${now.toISOString().slice(0, 16)}`;
  const parts = [
    message.waNumber.replace(/\D/g, ''),
    message.mobile.replace(/\D/g, ''),
    when,
    message.type ?? '',
    message.text ?? '',
    message.button?.payload ?? '',
    message.button?.text ?? '',
  ];
  // A medium, a location or a shared contact has no text: two photos sent in one second differ only here.
  // Appended only when present, so the keys of text messages stay what they were.
  const { media, details } = message;
  if (media) parts.push(media.id ?? '', media.url ?? '', media.caption ?? '');
  if (details) parts.push(JSON.stringify(details));
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * The value with every NUL character of its strings, at any depth, replaced by U+FFFD (the replacement
 * character). PostgreSQL's text and jsonb cannot hold a NUL, so a stray one in what a contact wrote would
 * otherwise cost the whole message; replaced rather than removed, it cannot turn "ST\0ART" into a keyword.
 */
export function replaceNul<T>(value: T): T {
  return hasNul(value) ? replaced(value) : value;
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') {
    for (const key in value) if (hasNul(key) || hasNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

function replaced<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(replaced) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [replaced(k), replaced(v)])) as T;
  }
  return value;
}
