import { Pool } from 'undici';
import {
  type CloudAccess,
  CloudApiError,
  type CloudMessagingPort,
  type CloudPhoneNumber,
  type CloudTemplate,
  type CloudTemplateInput,
  cloudMessageKey,
  type FetchedMedia,
  type MediaFetchOptions,
  type TemplateComponent,
} from './cloud.port.js';
import { classifyCloudError } from './cloud-errors.js';
import { retryAfterMs } from './gateway.adapter.js';
import {
  type MessagingCredentials,
  MessagingError,
  type OutboundMessage,
  type SendResult,
} from './messaging.port.js';

export const DEFAULT_CLOUD_BASE_URL = 'https://graph.facebook.com/v23.0';

export interface CloudAdapterOptions {
  /** The Graph API root with its version (WHATSAPP_CLOUD_BASE_URL); every call goes to `{base}/{id}/...`. */
  baseUrl: string;
  timeoutMs: number;
  /** Keep-alive connections (at least the dispatcher's concurrency). */
  connections: number;
}

interface GraphError {
  error?: {
    message?: string;
    type?: string;
    code?: number;
    error_user_title?: string;
    error_user_msg?: string;
    error_data?: { details?: string };
  };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** Most pages a listing reads (a business has at most a few thousand templates, far fewer numbers). */
const MAX_PAGES = 50;

/**
 * The WhatsApp Cloud API (docs/api.md "Provider wire formats"): JSON over HTTPS with the business's access
 * token as a bearer. A campaign message is `POST {base}/{phone-number-id}/messages` of type `template`; its
 * answer's `messages[0].id` is what the status webhooks name. Errors are Graph error objects, classified by
 * `cloud-errors.ts`.
 */
export class CloudMessagingAdapter implements CloudMessagingPort {
  readonly requiresCredentials = true;
  private readonly pool: Pool;
  private readonly root: string;

  constructor(opts: CloudAdapterOptions) {
    const url = new URL(opts.baseUrl);
    this.root = url.pathname.replace(/\/+$/, '');
    this.pool = new Pool(url.origin, {
      connections: opts.connections,
      keepAliveTimeout: 30_000,
      connectTimeout: Math.min(opts.timeoutMs, 10_000),
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
    });
  }

  async send(credentials: MessagingCredentials, message: OutboundMessage): Promise<SendResult> {
    if (!message.template && message.session) return this.sendSession(credentials, message);
    if (!message.template)
      throw new MessagingError(
        'The WhatsApp Cloud API sends campaign messages only as approved templates',
        false,
        undefined,
        false,
        'campaign',
      );
    return this.post(
      credentials,
      message,
      {
        type: 'template',
        template: {
          name: message.template.name,
          language: { code: message.template.language },
          ...(message.template.components.length ? { components: message.template.components } : {}),
        },
      },
      true,
    );
  }

  /** A reply in the customer-service window: a normal message (text, or a medium with its caption). */
  private async sendSession(
    credentials: MessagingCredentials,
    message: OutboundMessage,
  ): Promise<SendResult> {
    const kind = message.session?.mediaKind ?? null;
    const content = message.interactive
      ? { type: 'interactive', interactive: message.interactive }
      : kind && message.mediaUrl
        ? {
            type: kind,
            [kind]: {
              link: message.mediaUrl,
              ...(message.text && kind !== 'audio' ? { caption: message.text } : {}),
            },
          }
        : { type: 'text', text: { body: message.text, preview_url: false } };
    return this.post(credentials, message, content, false);
  }

  /**
   * `POST {base}/{phone-number-id}/messages`, its answer read as a send's result. A campaign's template send
   * (`campaign`) reports the failure table's outcome, and a failure that stops the sender stops the campaign;
   * a reply's failure is the message's own.
   */
  private async post(
    credentials: MessagingCredentials,
    message: OutboundMessage,
    content: Record<string, unknown>,
    campaign: boolean,
  ): Promise<SendResult> {
    let answer: Answer;
    try {
      answer = await this.call('POST', `/${seg(credentials.userId)}/messages`, credentials.password, {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to.replace(/\D/g, ''),
        ...content,
        ...(message.reference ? { biz_opaque_callback_data: message.reference } : {}),
      });
    } catch (err) {
      const code = (err as { code?: string }).code ?? (err as Error).name;
      throw new MessagingError(`Cloud API unreachable (${code})`, true);
    }
    if (answer.status >= 200 && answer.status < 300) {
      const id = (answer.body as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
      if (typeof id === 'string' && id) return { providerMessageId: cloudMessageKey(credentials.userId, id) };
      throw new MessagingError('Unreadable Cloud API response', true);
    }
    const { code, title } = errorOf(answer);
    const cls = classifyCloudError(answer.status, code, title);
    throw new MessagingError(
      cls.reason,
      cls.outcome === 'retry',
      cls.outcome === 'retry' ? retryAfterMs(answer.headers['retry-after']) : undefined,
      cls.throttled,
      campaign && cls.outcome === 'stop' ? 'campaign' : 'message',
      code === null ? `HTTP ${answer.status}` : String(code),
      campaign ? cls.outcome : undefined,
    );
  }

  async fetchMedia(access: CloudAccess, mediaId: string, opts: MediaFetchOptions): Promise<FetchedMedia> {
    const meta = (await this.management('GET', `/${seg(mediaId)}`, access, undefined, opts.signal)) as {
      url?: unknown;
      mime_type?: unknown;
      file_size?: unknown;
    };
    const url = typeof meta.url === 'string' ? meta.url : '';
    if (!url) throw new CloudApiError(502, null, 'The Cloud API answered without a media URL');
    if (Number(meta.file_size) > opts.maxBytes)
      throw new CloudApiError(413, null, 'The medium is too large to keep');
    const file = await opts.download(url, { authorization: `Bearer ${access.accessToken}` });
    const declared = typeof meta.mime_type === 'string' && meta.mime_type ? meta.mime_type : null;
    return { bytes: file.bytes, contentType: declared ?? file.contentType };
  }

  async checkPhoneNumber(access: CloudAccess, phoneNumberId: string): Promise<CloudPhoneNumber> {
    const body = (await this.management(
      'GET',
      `/${seg(phoneNumberId)}?fields=display_phone_number,verified_name,quality_rating,messaging_limit_tier,throughput`,
      access,
    )) as Record<string, unknown>;
    const display = typeof body.display_phone_number === 'string' ? body.display_phone_number : '';
    if (!display) throw new CloudApiError(502, null, 'The Cloud API answered without a display phone number');
    return {
      id: String(body.id ?? phoneNumberId),
      displayPhoneNumber: display,
      verifiedName: typeof body.verified_name === 'string' ? body.verified_name : null,
      qualityRating: typeof body.quality_rating === 'string' ? body.quality_rating : null,
      messagingLimitTier: typeof body.messaging_limit_tier === 'string' ? body.messaging_limit_tier : null,
      throughputLevel:
        typeof (body.throughput as { level?: unknown } | undefined)?.level === 'string'
          ? (body.throughput as { level: string }).level
          : null,
    };
  }

  async findAccountPhoneNumber(
    access: CloudAccess,
    wabaId: string,
    phoneNumberId: string,
  ): Promise<CloudPhoneNumber | null> {
    const fields = 'id,display_phone_number,verified_name,quality_rating';
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ fields, limit: '100', ...(after ? { after } : {}) });
      const body = (await this.management('GET', `/${seg(wabaId)}/phone_numbers?${query}`, access)) as {
        data?: unknown[];
        paging?: { cursors?: { after?: string }; next?: string };
      };
      for (const item of body.data ?? []) {
        const n = item as Record<string, unknown> | null;
        if (!n || String(n.id ?? '') !== phoneNumberId) continue;
        return {
          id: phoneNumberId,
          displayPhoneNumber: typeof n.display_phone_number === 'string' ? n.display_phone_number : '',
          verifiedName: typeof n.verified_name === 'string' ? n.verified_name : null,
          qualityRating: typeof n.quality_rating === 'string' ? n.quality_rating : null,
        };
      }
      after = body.paging?.cursors?.after;
      if (!body.paging?.next || !after) break;
    }
    return null;
  }

  async createTemplate(access: CloudAccess, wabaId: string, template: CloudTemplateInput) {
    const body = (await this.management('POST', `/${seg(wabaId)}/message_templates`, access, {
      name: template.name,
      language: template.language,
      category: template.category,
      ...(template.parameter_format ? { parameter_format: template.parameter_format } : {}),
      components: template.components,
    })) as { id?: unknown; status?: unknown; category?: unknown };
    if (typeof body.id !== 'string' && typeof body.id !== 'number')
      throw new CloudApiError(502, null, 'The Cloud API answered without a template id');
    return {
      id: String(body.id),
      status: typeof body.status === 'string' ? body.status : 'PENDING',
      category: typeof body.category === 'string' ? body.category : template.category,
    };
  }

  async listTemplates(access: CloudAccess, wabaId: string): Promise<CloudTemplate[]> {
    const out: CloudTemplate[] = [];
    const fields = 'id,name,language,category,status,parameter_format,components,rejected_reason';
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ fields, limit: '100', ...(after ? { after } : {}) });
      const body = (await this.management('GET', `/${seg(wabaId)}/message_templates?${query}`, access)) as {
        data?: unknown[];
        paging?: { cursors?: { after?: string }; next?: string };
      };
      for (const item of body.data ?? []) {
        const t = readTemplate(item);
        if (t) out.push(t);
      }
      after = body.paging?.cursors?.after;
      if (!body.paging?.next || !after) break;
    }
    return out;
  }

  async deleteTemplate(access: CloudAccess, wabaId: string, template: { name: string; id: string }) {
    const query = new URLSearchParams({ name: template.name, hsm_id: template.id });
    await this.management('DELETE', `/${seg(wabaId)}/message_templates?${query}`, access);
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  /** A management call: the parsed body of a 2xx, else a CloudApiError with the provider's words. */
  private async management(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    access: CloudAccess,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<unknown> {
    let answer: Answer;
    try {
      answer = await this.call(method, path, access.accessToken, body, signal);
    } catch (err) {
      const code = (err as { code?: string }).code ?? (err as Error).name;
      throw new CloudApiError(502, null, `The Cloud API could not be reached (${code})`);
    }
    if (answer.status >= 200 && answer.status < 300) return answer.body ?? {};
    const { code, message } = errorOf(answer);
    throw new CloudApiError(answer.status, code, message || `HTTP ${answer.status}`);
  }

  private async call(
    method: string,
    path: string,
    token: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<Answer> {
    const res = await this.pool.request({
      signal,
      path: `${this.root}${path}`,
      method: method as 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, body: parseJson(text) };
  }
}

/** One path segment: an id from a business's settings never changes the path's shape. */
function seg(id: string): string {
  return encodeURIComponent(id);
}

function errorOf(answer: Answer): { code: number | null; title: string; message: string } {
  const err = (answer.body as GraphError | null)?.error;
  const code = typeof err?.code === 'number' ? err.code : null;
  const details = err?.error_data?.details?.trim();
  const message = [err?.message?.trim(), details && details !== err?.message?.trim() ? details : '']
    .filter(Boolean)
    .join(': ');
  return { code, title: (err?.error_user_title ?? err?.message ?? '').trim().slice(0, 300), message };
}

function readTemplate(item: unknown): CloudTemplate | null {
  if (!item || typeof item !== 'object') return null;
  const t = item as Record<string, unknown>;
  if (typeof t.name !== 'string' || typeof t.language !== 'string') return null;
  return {
    id: String(t.id ?? ''),
    name: t.name,
    language: t.language,
    category: typeof t.category === 'string' ? t.category : 'MARKETING',
    status: typeof t.status === 'string' ? t.status : 'PENDING',
    components: Array.isArray(t.components) ? (t.components as TemplateComponent[]) : [],
    parameterFormat: String(t.parameter_format ?? '').toUpperCase() === 'NAMED' ? 'NAMED' : 'POSITIONAL',
    rejectedReason:
      typeof t.rejected_reason === 'string' && t.rejected_reason !== 'NONE' ? t.rejected_reason : null,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
