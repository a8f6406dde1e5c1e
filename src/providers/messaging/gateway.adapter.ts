import { Pool } from 'undici';
import { parseUrl } from '../../platform/net/parse-url.js';
import { classifyGatewayFailure } from './cloud-errors.js';
import {
  type MessagingCredentials,
  MessagingError,
  type MessagingPort,
  type OutboundMessage,
  type SendResult,
} from './messaging.port.js';

export interface GatewayAdapterOptions {
  /** The gateway's send endpoint, e.g. `https://media.example/GatewayAPI/rest` (MESSAGING_PROVIDER_BASE_URL). */
  baseUrl: string;
  /** Connect, response-headers and body timeout for one call. */
  timeoutMs: number;
  /** Keep-alive connections to the gateway (at least the dispatcher's concurrency). */
  connections: number;
}

/** The gateway's JSON answer: `{ response: { id, phone, details, status } }`. */
interface GatewayResponse {
  response?: { id?: string | number; phone?: string; details?: string; status?: string };
}

/**
 * The enterprise HSM gateway (docs/api.md "Provider wire formats"): one form-encoded POST per message,
 * `method=SendMessage` for text and `SendMediaMessage` when there is an attachment, authenticated by the
 * business's own `userid`/`password`. The gateway answers HTTP 200 with `status: "error"` for a rejected
 * message; HTTP 429 and 5xx mean "try again later".
 */
export class GatewayMessagingAdapter implements MessagingPort {
  readonly requiresCredentials = true;
  private readonly pool: Pool;
  private readonly path: string;

  constructor(opts: GatewayAdapterOptions) {
    const url = new URL(opts.baseUrl);
    this.path = `${url.pathname}${url.search}`;
    this.pool = new Pool(url.origin, {
      connections: opts.connections,
      keepAliveTimeout: 30_000,
      connectTimeout: Math.min(opts.timeoutMs, 10_000),
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
    });
  }

  async send(credentials: MessagingCredentials, message: OutboundMessage): Promise<SendResult> {
    let statusCode: number;
    let headers: Record<string, string | string[] | undefined>;
    let text: string;
    try {
      const res = await this.pool.request({
        path: this.path,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: gatewayForm(credentials, message).toString(),
      });
      statusCode = res.statusCode;
      headers = res.headers;
      text = await res.body.text();
    } catch (err) {
      // No answer (refused, reset, timed out): the message may or may not have gone out; retrying is the
      // at-least-once choice, bounded by the attempt limit.
      const code = (err as { code?: string }).code ?? (err as Error).name;
      throw new MessagingError(`Gateway unreachable (${code})`, true);
    }

    const parsed = parseJson(text);
    const details = parsed?.response?.details?.trim();
    if (statusCode === 429) {
      throw new MessagingError(
        'Gateway rate limit reached (HTTP 429)',
        true,
        retryAfterMs(headers['retry-after']),
        true,
      );
    }
    if (statusCode >= 500) {
      throw new MessagingError(
        `Gateway error (HTTP ${statusCode})${details ? `: ${details}` : ''}`,
        true,
        retryAfterMs(headers['retry-after']),
      );
    }
    if (statusCode >= 400) {
      throw new MessagingError(
        `Gateway rejected the request (HTTP ${statusCode})${details ? `: ${details}` : ''}`,
        false,
      );
    }
    const response = parsed?.response;
    if (!response) throw new MessagingError('Unreadable gateway response', true);
    const id = response.id === undefined || response.id === null ? '' : String(response.id);
    if (response.status === 'success' && id) return { providerMessageId: id };
    const reason = `${details || 'Message rejected by the gateway'}${id ? ` (code ${id})` : ''}`;
    if (isTransientDetail(details)) throw new MessagingError(reason, true);
    const cls = classifyGatewayFailure(details, id || null);
    throw new MessagingError(
      reason,
      cls.outcome === 'retry',
      undefined,
      cls.throttled,
      cls.outcome === 'stop' ? 'campaign' : 'message',
      id || undefined,
      cls.outcome,
    );
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

/** The form of one message, as the gateway's `SendMessage` / `SendMediaMessage` methods take it. */
export function gatewayForm(credentials: MessagingCredentials, message: OutboundMessage): URLSearchParams {
  const form = new URLSearchParams({
    userid: credentials.userId,
    password: credentials.password,
    send_to: message.to.replace(/\D/g, ''),
    v: '1.1',
    auth_scheme: 'plain',
    format: 'json',
    // Campaign messages start a conversation, which the channel allows only as a template (HSM).
    isHSM: message.messageType ? 'true' : 'false',
  });
  if (message.mediaUrl) {
    const kind = mediaKind(message.mediaUrl);
    form.set('method', 'SendMediaMessage');
    form.set('msg_type', kind);
    form.set('media_url', message.mediaUrl);
    form.set('caption', message.text);
    if (kind === 'DOCUMENT') form.set('filename', fileName(message.mediaUrl));
  } else {
    form.set('method', 'SendMessage');
    form.set('msg_type', 'TEXT');
    form.set('msg', message.text);
  }
  if (message.header) {
    form.set('isTemplate', 'true');
    form.set('header', message.header);
  }
  if (message.button) {
    form.set('interactive_type', 'cta_url');
    form.set('action', JSON.stringify({ display_text: message.button.title, url: message.button.url }));
  }
  if (message.reference) form.set('msg_id', message.reference);
  return form;
}

const IMAGE = /\.(jpe?g|png|gif|webp)$/i;
const VIDEO = /\.(mp4|3gpp?|mov)$/i;

function mediaKind(url: string): 'IMAGE' | 'VIDEO' | 'DOCUMENT' {
  const path = safePath(url);
  if (IMAGE.test(path)) return 'IMAGE';
  if (VIDEO.test(path)) return 'VIDEO';
  return 'DOCUMENT';
}

function fileName(url: string): string {
  return decodeURIComponent(safePath(url).split('/').pop() || 'attachment');
}

function safePath(url: string): string {
  return parseUrl(url)?.pathname ?? url;
}

function parseJson(text: string): GatewayResponse | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as GatewayResponse) : null;
  } catch {
    return null;
  }
}

/** The gateway says "retry the request after some time" for its own hiccups; everything else is final. */
function isTransientDetail(details: string | undefined): boolean {
  return !!details && /\b(retry|try again|temporar|timed? ?out)/i.test(details);
}

/** `Retry-After` in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return Math.round(Number(raw) * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
