import type { Receipt } from '../messages/index.js';

/**
 * The gateway's delivery-report callback (docs/api.md "Webhooks"), in its two forms, read leniently:
 * - one report as query or form fields: `externalId`, `deliveredTS` (ms), `status` (SUCCESS, FAILURE,
 *   UNKNOWN; SENT, DELIVERED, READ, FAILED are read too), `cause`, `phoneNo`, `errCode`;
 * - a JSON array of events: `externalId`, `eventType` (SENT, DELIVERED, READ, FAILED), `eventTs` (ms),
 *   `destAddr`, `srcAddr`, `cause`, `errorCode`, `channel` (also as `{ "response": [...] }`).
 * `externalId` is the id the gateway answered when the message was sent; with the recipient (`destAddr` or
 * `phoneNo`) it names the message (ids are per gateway account, so not unique across businesses). `srcAddr`
 * is not used (see docs/decisions/receipts.md).
 */
export interface ParsedReports {
  receipts: Receipt[];
  /** Items that could not be read (no id, no known state, not an object). */
  malformed: number;
  /** Items that say nothing about the message (status UNKNOWN). */
  ignored: number;
}

const EVENTS: Record<string, Receipt['event'] | null> = {
  SENT: 'sent',
  DELIVERED: 'delivered',
  SUCCESS: 'delivered',
  READ: 'read',
  FAILED: 'failed',
  FAILURE: 'failed',
  FAIL: 'failed',
  UNDELIVERED: 'failed',
  UNKNOWN: null,
};

/** Reports dated further ahead than this are dated now: a wrong clock must not fill future buckets. */
const MAX_AHEAD_MS = 5 * 60_000;
const MAX_ID = 200;
const MAX_TEXT = 500;

/** Reads a callback: `query` is the URL's parameters, `body` the raw body text (or undefined). */
export function parseDeliveryReports(query: unknown, body: unknown, now = new Date()): ParsedReports {
  const out: ParsedReports = { receipts: [], malformed: 0, ignored: 0 };
  const items = itemsOf(query, body);
  if (!items) {
    out.malformed++;
    return out;
  }
  for (const item of items) {
    const read = readItem(item, now);
    if (read === 'malformed') out.malformed++;
    else if (read === 'ignored') out.ignored++;
    else out.receipts.push(read);
  }
  return out;
}

/** The report objects a callback carries; null when the body is unreadable. */
function itemsOf(query: unknown, body: unknown): unknown[] | null {
  const items: unknown[] = [];
  const fields = query && typeof query === 'object' ? (query as Record<string, unknown>) : {};
  if (fields.externalId !== undefined) items.push(fields);
  // A body another parser already read (a form, depending on the app's parsers) comes as an object.
  if (body && typeof body === 'object') {
    const value = body as Record<string, unknown>;
    if (!Array.isArray(value) && typeof value.response === 'string') {
      const parsed = safeJson(value.response);
      return parsed === undefined ? (items.length ? items : null) : items.concat(listOf(parsed));
    }
    return items.concat(listOf(value));
  }
  const text = typeof body === 'string' ? body.trim() : '';
  if (!text) return items.length ? items : null;
  if (text.startsWith('[') || text.startsWith('{')) {
    const value = safeJson(text);
    if (value === undefined) return items.length ? items : null;
    return items.concat(listOf(value));
  }
  const form = Object.fromEntries(new URLSearchParams(text));
  if (form.response !== undefined) {
    const value = safeJson(form.response);
    return value === undefined ? (items.length ? items : null) : items.concat(listOf(value));
  }
  if (form.externalId !== undefined) items.push(form);
  return items.length ? items : null;
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object' && Array.isArray((value as { response?: unknown }).response))
    return (value as { response: unknown[] }).response;
  return [value];
}

function readItem(item: unknown, now: Date): Receipt | 'malformed' | 'ignored' {
  if (!item || typeof item !== 'object') return 'malformed';
  const f = item as Record<string, unknown>;
  const id = text(f.externalId);
  if (!id || id.length > MAX_ID) return 'malformed';
  const kind = text(f.eventType ?? f.status)?.toUpperCase();
  if (!kind || !(kind in EVENTS)) return 'malformed';
  const event = EVENTS[kind];
  if (!event) return 'ignored';
  const failed = event === 'failed';
  return {
    providerMessageId: id,
    recipient:
      text(f.destAddr ?? f.phoneNo)
        ?.replace(/\D/g, '')
        .slice(0, 32) || null,
    event,
    at: dateOf(f.eventTs ?? f.deliveredTS, now),
    errorCode: failed ? (text(f.errorCode ?? f.errCode)?.slice(0, 50) ?? null) : null,
    reason: failed ? (text(f.cause)?.slice(0, MAX_TEXT) ?? null) : null,
  };
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed || undefined;
}

/** Milliseconds since the epoch (seconds when it is too small to be milliseconds); now when unreadable. */
function dateOf(value: unknown, now: Date): Date {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) return now;
  const ms = n < 1e11 ? n * 1000 : n;
  return ms > now.getTime() + MAX_AHEAD_MS ? now : new Date(ms);
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
