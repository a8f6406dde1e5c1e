import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { interactiveProblem } from '../../src/providers/messaging/cloud-interactive.js';
import { cloudSignature } from '../../src/providers/messaging/cloud-signature.js';
import { StatusPoster, type StatusPricing, type StatusWebhook } from './graph-status-poster.js';

/** A WhatsApp Business Account the simulator serves: its token, its numbers. */
export interface GraphAccount {
  token: string;
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber?: string;
  verifiedName?: string;
  /** What a read of the number answers (and what `qualityUpdateValue` plays): GREEN unless set. */
  qualityRating?: string;
  /** `messaging_limit_tier`: TIER_250 ... TIER_UNLIMITED (TIER_250 unless set). */
  messagingLimitTier?: string;
  /** `throughput.level`: STANDARD (80/s) or HIGH. */
  throughputLevel?: string;
}

export interface SimTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  status: string;
  /** `NAMED` for `{{first_name}}` variables; positional when absent. */
  parameter_format?: string;
  components: Record<string, unknown>[];
  rejected_reason?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export interface SentMessage {
  phoneNumberId: string;
  wamid: string;
  body: Record<string, unknown>;
}

/** A planned refusal of the next sends: the Graph error it answers with. */
export interface PlannedError {
  status: number;
  code: number;
  title: string;
  /** Only sends to this recipient (digits); unset: any. */
  to?: string;
  /** How many sends it refuses; unset: every one. */
  times?: number;
}

export interface GraphSimulatorOptions {
  version?: string;
  /** Delay before each answer (benchmarks). */
  latencyMs?: number;
  /** Keep every request (tests); off for benchmarks. */
  record?: boolean;
  /** Hold each send's answer until `releaseSends()` (statuses racing the answer). */
  holdSends?: boolean;
  /** Post a signed `sent` status for every accepted message to this webhook, as Meta does. */
  statusWebhook?: StatusWebhook;
}

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/**
 * A stand-in for the Graph API (WhatsApp Cloud API) on loopback. It checks every request as the real API
 * does and refuses what it refuses, with Graph error objects: a missing or unknown bearer token (190), an
 * object the token does not reach (100: a phone number, a WhatsApp Business Account and its
 * `phone_numbers`, unknown or another token's), a malformed template (100 with the reason), a duplicate template
 * (100), a send that is not `messaging_product: "whatsapp"`, not a template, to a number that is not digits,
 * naming a template that does not exist or is not approved (132001), or with a parameter count that does not
 * match (132000). Tests plan other refusals (`failSends`) and approve or reject templates.
 */
export class GraphApiSimulator {
  readonly version: string;
  latencyMs: number;
  readonly requests: RecordedRequest[] = [];
  readonly sent: SentMessage[] = [];
  readonly templates = new Map<string, SimTemplate>();
  totalSends = 0;
  /** Hold each send's answer until `releaseSends()` (statuses racing the answer). */
  holdSends: boolean;
  /** The largest page a listing answers, whatever `limit` asks (lower it to make a test read several pages). */
  maxPageSize = 100;
  private readonly accounts: GraphAccount[] = [];
  /** Media contacts sent, by media id: what `GET /{media-id}` and its URL serve, to the account's token. */
  private readonly media = new Map<
    string,
    { token: string; bytes: Buffer; mimeType: string; url?: string }
  >();
  /** Recipients (`<phone-number-id>:<digits>`) whose customer-service window is open: free-form sends pass. */
  private readonly openWindows = new Set<string>();
  private readonly planned: PlannedError[] = [];
  private readonly heldSends: (() => void)[] = [];
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private sequence = 0;
  /** Set with `statusWebhook`: posts (and retries) the `sent` status of every accepted message. */
  readonly statuses?: StatusPoster;
  private readonly prefix = randomBytes(3).toString('hex');
  url = '';

  constructor(private readonly opts: GraphSimulatorOptions = {}) {
    this.version = opts.version ?? 'v23.0';
    this.latencyMs = opts.latencyMs ?? 0;
    this.holdSends = opts.holdSends ?? false;
    if (opts.statusWebhook) this.statuses = new StatusPoster(opts.statusWebhook);
  }

  async start(): Promise<this> {
    this.server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/${this.version}`;
    return this;
  }

  async stop(): Promise<void> {
    this.statuses?.stop();
    this.releaseSends();
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  addAccount(account: GraphAccount): GraphAccount {
    this.accounts.push(account);
    return account;
  }

  /** A template made in the provider's own manager (not through the service). */
  addTemplate(t: Omit<SimTemplate, 'id'> & { id?: string }): SimTemplate {
    const template = { ...t, id: t.id ?? this.nextId() };
    this.templates.set(template.id, template);
    return template;
  }

  setTemplateStatus(id: string, status: string, reason?: string): SimTemplate {
    const t = this.templates.get(id);
    if (!t) throw new Error(`no template ${id}`);
    t.status = status;
    if (reason) t.rejected_reason = reason;
    return t;
  }

  /**
   * A medium a contact sent to the account: its id for the webhook's `image.id` (or video, document...).
   * `url`: where `GET /{media-id}` says to download it (another server's), instead of the simulator's own.
   */
  addMedia(account: GraphAccount, bytes: Buffer, mimeType: string, opts: { url?: string } = {}): string {
    const id = this.nextId();
    this.media.set(id, { token: account.token, bytes, mimeType, url: opts.url });
    return id;
  }

  /** The contact wrote to the number: free-form messages to it are accepted (Meta's 24-hour window). */
  openWindow(account: GraphAccount, to: string): void {
    this.openWindows.add(`${account.phoneNumberId}:${to.replace(/\D/g, '')}`);
  }

  closeWindow(account: GraphAccount, to: string): void {
    this.openWindows.delete(`${account.phoneNumberId}:${to.replace(/\D/g, '')}`);
  }

  failSends(error: PlannedError): void {
    this.planned.push({ ...error });
  }

  clearFailures(): void {
    this.planned.splice(0);
  }

  /** Answers the sends held so far (`holdSends`). */
  releaseSends(): void {
    for (const release of this.heldSends.splice(0)) release();
  }

  get heldCount(): number {
    return this.heldSends.length;
  }

  private nextId(): string {
    // Graph ids are numbers of up to 16 digits, which JSON readers take as numbers: keep them exact.
    return String(1_200_000_000_000_000 + ++this.sequence * 7 + (Date.now() % 1_000_000) * 1_000);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://sim');
    const query = Object.fromEntries(url.searchParams);
    let body: unknown;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
    }
    if (this.opts.record !== false)
      this.requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body,
      });
    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));
    const answer = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const fail = (status: number, code: number, message: string, title?: string) =>
      answer(status, {
        error: {
          message,
          type: code === 190 ? 'OAuthException' : 'OAuthException',
          code,
          ...(title ? { error_user_title: title } : {}),
          error_data: { messaging_product: 'whatsapp', details: message },
          fbtrace_id: `A${this.prefix}${this.sequence}`,
        },
      });

    const prefix = `/${this.version}/`;
    const download = /^\/media-download\/(\d+)$/.exec(url.pathname);
    if (download && req.method === 'GET') {
      const medium = this.media.get(download[1]!);
      if (!medium || req.headers.authorization !== `Bearer ${medium.token}`) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': medium.mimeType });
      res.end(medium.bytes);
      return;
    }
    if (!url.pathname.startsWith(prefix)) return fail(400, 2500, 'Unknown path components');
    const parts = url.pathname.slice(prefix.length).split('/').filter(Boolean);
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : null;
    const account = token ? this.accounts.filter((a) => a.token === token) : [];
    if (!token || account.length === 0)
      return fail(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (raw && req.headers['content-type'] !== 'application/json')
      return fail(400, 100, 'Content-Type must be application/json');
    if (raw && body === undefined) return fail(400, 100, 'Invalid JSON');
    const [id, edge, ...more] = parts;
    if (!id || more.length) return fail(400, 2500, 'Unknown path components');
    const reachablePhone = account.find((a) => a.phoneNumberId === id);
    const reachableWaba = account.find((a) => a.wabaId === id);
    const unreachable = () =>
      fail(
        400,
        100,
        `Unsupported ${req.method?.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      );

    const medium = this.media.get(id);
    if (!edge && req.method === 'GET' && medium) {
      if (medium.token !== token) return unreachable();
      return answer(200, {
        messaging_product: 'whatsapp',
        url: medium.url ?? `${new URL(this.url).origin}/media-download/${id}`,
        mime_type: medium.mimeType,
        file_size: medium.bytes.length,
        id,
      });
    }
    if (!edge && req.method === 'GET') {
      if (!reachablePhone) return unreachable();
      return answer(200, {
        verified_name: reachablePhone.verifiedName ?? 'Acme Ltd',
        display_phone_number: reachablePhone.displayPhoneNumber ?? '+1 555-000-1234',
        quality_rating: reachablePhone.qualityRating ?? 'GREEN',
        messaging_limit_tier: reachablePhone.messagingLimitTier ?? 'TIER_250',
        throughput: { level: reachablePhone.throughputLevel ?? 'STANDARD' },
        id,
      });
    }
    if (edge === 'phone_numbers' && req.method === 'GET') {
      if (!reachableWaba) return unreachable();
      return this.listPhoneNumbers(reachableWaba.wabaId, query, answer);
    }
    if (edge === 'messages' && req.method === 'POST') {
      if (!reachablePhone) return unreachable();
      return this.send(reachablePhone, body as Record<string, unknown>, answer, fail);
    }
    if (edge === 'message_templates') {
      if (!reachableWaba) return unreachable();
      if (req.method === 'POST') return this.createTemplate(reachableWaba, body, answer, fail);
      if (req.method === 'GET') return this.listTemplates(reachableWaba, query, answer);
      if (req.method === 'DELETE') {
        const t = [...this.templates.values()].find(
          (x) =>
            x.wabaId === reachableWaba.wabaId &&
            x.name === query.name &&
            (!query.hsm_id || x.id === query.hsm_id),
        );
        if (!query.name) return fail(400, 100, '(#100) The parameter name is required');
        if (!t) return fail(400, 100, `Message template "${query.name}" not found`);
        this.templates.delete(t.id);
        return answer(200, { success: true });
      }
    }
    return fail(400, 100, `Unsupported ${req.method} request`);
  }

  private createTemplate(
    account: GraphAccount,
    body: unknown,
    answer: (s: number, v: unknown) => unknown,
    fail: (s: number, c: number, m: string) => unknown,
  ): unknown {
    const b = body as Record<string, unknown> | undefined;
    if (!b) return fail(400, 100, 'The parameter name is required');
    const problem = templateProblem(b);
    if (problem) return fail(400, 100, `Invalid parameter: ${problem}`);
    const duplicate = [...this.templates.values()].some(
      (t) => t.wabaId === account.wabaId && t.name === b.name && t.language === b.language,
    );
    if (duplicate)
      return fail(400, 100, `Message template "${b.name}" already exists in ${b.language} language`);
    const t = this.addTemplate({
      wabaId: account.wabaId,
      name: b.name as string,
      language: b.language as string,
      category: b.category as string,
      status: 'PENDING',
      ...(b.parameter_format ? { parameter_format: String(b.parameter_format) } : {}),
      components: storedComponents(b),
    });
    answer(200, { id: t.id, status: 'PENDING', category: t.category });
  }

  private listTemplates(
    account: GraphAccount,
    query: Record<string, string>,
    answer: (s: number, v: unknown) => unknown,
  ): void {
    const all = [...this.templates.values()].filter((t) => t.wabaId === account.wabaId);
    const limit = Math.min(Number(query.limit ?? 25) || 25, 100);
    const start = query.after ? Number(Buffer.from(query.after, 'base64url').toString()) : 0;
    const page = all.slice(start, start + limit);
    const after = Buffer.from(String(start + page.length)).toString('base64url');
    const more = start + page.length < all.length;
    answer(200, {
      data: page.map(({ wabaId: _w, ...t }) => t),
      paging: {
        cursors: { before: Buffer.from(String(start)).toString('base64url'), after },
        ...(more
          ? { next: `${this.url}/${account.wabaId}/message_templates?limit=${limit}&after=${after}` }
          : {}),
      },
    });
  }

  /** `GET /{waba-id}/phone_numbers`: every number of the account (whichever token added it), paged. */
  private listPhoneNumbers(
    wabaId: string,
    query: Record<string, string>,
    answer: (s: number, v: unknown) => unknown,
  ): void {
    const seen = new Set<string>();
    const all = this.accounts.filter(
      (a) => a.wabaId === wabaId && !seen.has(a.phoneNumberId) && seen.add(a.phoneNumberId),
    );
    const limit = Math.min(Number(query.limit ?? 25) || 25, this.maxPageSize);
    const start = query.after ? Number(Buffer.from(query.after, 'base64url').toString()) : 0;
    const page = all.slice(start, start + limit);
    const after = Buffer.from(String(start + page.length)).toString('base64url');
    const more = start + page.length < all.length;
    answer(200, {
      data: page.map((a) => ({
        verified_name: a.verifiedName ?? 'Acme Ltd',
        display_phone_number: a.displayPhoneNumber ?? '+1 555-000-1234',
        quality_rating: a.qualityRating ?? 'GREEN',
        id: a.phoneNumberId,
      })),
      paging: {
        cursors: { before: Buffer.from(String(start)).toString('base64url'), after },
        ...(more ? { next: `${this.url}/${wabaId}/phone_numbers?limit=${limit}&after=${after}` } : {}),
      },
    });
  }

  private send(
    account: GraphAccount,
    b: Record<string, unknown> | undefined,
    answer: (s: number, v: unknown) => unknown,
    fail: (s: number, c: number, m: string, t?: string) => unknown,
  ): unknown {
    if (b?.messaging_product !== 'whatsapp')
      return fail(400, 100, 'The parameter messaging_product is required and must be "whatsapp"');
    const to = b.to;
    if (typeof to !== 'string' || !/^\d{6,15}$/.test(to))
      return fail(400, 100, 'Invalid parameter: to must be a phone number of digits');
    // Planned refusals meet every send, a template or a reply in the window.
    const planned = this.planned.find((p) => !p.to || p.to === to);
    if (planned) {
      if (planned.times !== undefined && --planned.times <= 0)
        this.planned.splice(this.planned.indexOf(planned), 1);
      return fail(planned.status, planned.code, planned.title, planned.title);
    }
    if (b.type !== 'template') return this.sendFreeForm(account, b, to, answer, fail);
    if (
      b.biz_opaque_callback_data !== undefined &&
      (typeof b.biz_opaque_callback_data !== 'string' || b.biz_opaque_callback_data.length > 512)
    )
      return fail(400, 100, 'Invalid parameter: biz_opaque_callback_data');
    const tpl = b.template as
      | { name?: unknown; language?: { code?: unknown }; components?: unknown }
      | undefined;
    if (!tpl || typeof tpl.name !== 'string' || typeof tpl.language?.code !== 'string')
      return fail(400, 100, 'Invalid parameter: template.name and template.language.code are required');
    const template = [...this.templates.values()].find(
      (t) => t.wabaId === account.wabaId && t.name === tpl.name && t.language === tpl.language?.code,
    );
    if (template?.status !== 'APPROVED')
      return fail(
        404,
        132001,
        'Template name does not exist in the translation',
        'Template name does not exist in the translation',
      );
    const mismatch = parameterMismatch(template, tpl.components);
    if (mismatch)
      return fail(400, 132000, mismatch, 'Number of parameters does not match the expected number of params');
    const missing = buttonMismatch(template, tpl.components);
    if (missing) return fail(400, 131008, missing, 'Required parameter is missing');
    return this.accept(account, b, to, answer);
  }

  /** A normal message: only inside the recipient's customer-service window (131047 outside it). */
  private sendFreeForm(
    account: GraphAccount,
    b: Record<string, unknown>,
    to: string,
    answer: (s: number, v: unknown) => unknown,
    fail: (s: number, c: number, m: string, t?: string) => unknown,
  ): unknown {
    if (!this.openWindows.has(`${account.phoneNumberId}:${to}`))
      return fail(400, 131047, 'Re-engagement message', 'Re-engagement message');
    const type = String(b.type);
    if (!FREE_FORM.has(type)) return fail(400, 100, `Invalid parameter: type ${type}`);
    if (type === 'interactive') {
      // Meta's limits on buttons and lists: 131009 with the parameter named.
      const problem = interactiveProblem(b.interactive);
      if (problem)
        return fail(400, 131009, `${problem.path}: ${problem.message}`, 'Parameter value is not valid');
      return this.accept(account, b, to, answer);
    }
    const content = b[type] as { body?: unknown; link?: unknown } | undefined;
    if (
      type === 'text' ? typeof content?.body !== 'string' || !content.body : typeof content?.link !== 'string'
    )
      return fail(400, 100, `Invalid parameter: ${type}`);
    return this.accept(account, b, to, answer);
  }

  private accept(
    account: GraphAccount,
    b: Record<string, unknown>,
    to: string,
    answer: (s: number, v: unknown) => unknown,
  ): void {
    const wamid = `wamid.${this.prefix}${(++this.sequence).toString(36)}`;
    this.totalSends++;
    if (this.opts.record !== false) this.sent.push({ phoneNumberId: account.phoneNumberId, wamid, body: b });
    // Meta posts `sent` once it has the message, whether or not its answer reaches the sender.
    this.statuses?.push({ wabaId: account.wabaId, phoneNumberId: account.phoneNumberId, wamid, to, body: b });
    const reply = () =>
      answer(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: wamid, message_status: 'accepted' }],
      });
    if (this.holdSends) this.heldSends.push(reply);
    else reply();
  }
}

/** The kinds of free-form message the simulator takes, with what each needs. */
const FREE_FORM = new Set(['text', 'image', 'video', 'audio', 'document', 'interactive']);

/** The template rules the real API applies on create, checked on their own here. */
function templateProblem(b: Record<string, unknown>): string | null {
  if (typeof b.name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(b.name)) return 'name';
  if (typeof b.language !== 'string') return 'language';
  if (!['MARKETING', 'UTILITY', 'AUTHENTICATION'].includes(b.category as string)) return 'category';
  if (b.parameter_format !== undefined && !['NAMED', 'POSITIONAL'].includes(String(b.parameter_format)))
    return 'parameter_format';
  if (!Array.isArray(b.components)) return 'components';
  const bodies = b.components.filter((c: { type?: string }) => c?.type === 'BODY');
  if (bodies.length !== 1) return 'components: exactly one BODY';
  if (b.category === 'AUTHENTICATION')
    return authenticationProblem(b.components as Record<string, unknown>[]);
  const named = b.parameter_format === 'NAMED';
  for (const c of b.components as Record<string, unknown>[]) {
    if (c.type === 'BODY' || (c.type === 'HEADER' && c.format === 'TEXT')) {
      const text = String(c.text ?? '');
      const max = c.type === 'BODY' ? 1024 : 60;
      if (!text || text.length > max) return `${c.type} text`;
      const example = c.example as
        | {
            body_text?: string[][];
            header_text?: string[];
            body_text_named_params?: { param_name: string; example: string }[];
            header_text_named_params?: { param_name: string; example: string }[];
          }
        | undefined;
      const found = [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!.trim()))];
      if (named) {
        if (found.some((n) => !/^[a-z_][a-z0-9_]*$/.test(n))) return `${c.type} variables: names`;
        const given = c.type === 'BODY' ? example?.body_text_named_params : example?.header_text_named_params;
        const names = (given ?? []).map((g) => g.param_name).sort();
        if (found.length && JSON.stringify(names) !== JSON.stringify([...found].sort()))
          return `${c.type} example: named params`;
        continue;
      }
      const nums = found.map(Number).sort((x, y) => x - y);
      if (nums.some((n, i) => n !== i + 1)) return `${c.type} variables`;
      const given = c.type === 'BODY' ? example?.body_text?.[0] : example?.header_text;
      if (nums.length && given?.length !== nums.length) return `${c.type} example`;
    }
    if (c.type === 'BUTTONS') {
      const buttons = c.buttons as { type: string; text?: string; example?: unknown }[];
      if (!Array.isArray(buttons) || !buttons.length || buttons.length > 10) return 'buttons';
      if (buttons.filter((x) => x.type === 'URL').length > 2) return 'buttons: URL';
      if (buttons.some((x) => x.type === 'OTP')) return 'buttons: OTP is for AUTHENTICATION';
      const codes = buttons.filter((x) => x.type === 'COPY_CODE');
      if (codes.length > 1) return 'buttons: one COPY_CODE';
      if (codes.some((x) => typeof x.example !== 'string' || !x.example || x.example.length > 15))
        return 'buttons: COPY_CODE example';
      if (buttons.some((x) => x.type !== 'COPY_CODE' && (!x.text || x.text.length > 25)))
        return 'buttons: text';
    }
  }
  return null;
}

/** An authentication template: preset body, an expiry footer, one OTP button; no header, URL or media. */
function authenticationProblem(components: Record<string, unknown>[]): string | null {
  for (const c of components) {
    if (c.type === 'HEADER') return 'AUTHENTICATION: no header or media';
    if ((c.type === 'BODY' || c.type === 'FOOTER') && c.text !== undefined)
      return `AUTHENTICATION: ${c.type} text`;
    const minutes = c.code_expiration_minutes;
    if (minutes !== undefined && (typeof minutes !== 'number' || minutes < 1 || minutes > 90))
      return 'AUTHENTICATION: code_expiration_minutes';
  }
  const buttons = components.flatMap((c) =>
    c.type === 'BUTTONS' && Array.isArray(c.buttons) ? (c.buttons as Record<string, unknown>[]) : [],
  );
  if (buttons.length !== 1 || buttons[0]!.type !== 'OTP') return 'AUTHENTICATION: exactly one OTP button';
  const otp = buttons[0]!;
  if (!['COPY_CODE', 'ONE_TAP', 'ZERO_TAP'].includes(String(otp.otp_type))) return 'AUTHENTICATION: otp_type';
  if (otp.otp_type !== 'COPY_CODE' && !(otp.supported_apps as unknown[] | undefined)?.length)
    return 'AUTHENTICATION: supported_apps';
  if (otp.otp_type === 'ZERO_TAP' && otp.zero_tap_terms_accepted !== true)
    return 'AUTHENTICATION: zero_tap_terms_accepted';
  return null;
}

/**
 * The components as a later read lists them. An authentication template's are the provider's own: its preset
 * body text with `{{1}}`, its expiry as footer text, and its OTP button turned into a URL button.
 */
function storedComponents(b: Record<string, unknown>): Record<string, unknown>[] {
  const components = b.components as Record<string, unknown>[];
  if (b.category !== 'AUTHENTICATION') return components;
  return components.map((c) => {
    if (c.type === 'BODY')
      return {
        type: 'BODY',
        text: `*{{1}}* is your verification code.${c.add_security_recommendation ? ' For your security, do not share this code.' : ''}`,
        add_security_recommendation: c.add_security_recommendation === true,
      };
    if (c.type === 'FOOTER')
      return {
        type: 'FOOTER',
        text: `This code expires in ${c.code_expiration_minutes} minutes.`,
        code_expiration_minutes: c.code_expiration_minutes,
      };
    if (c.type === 'BUTTONS')
      return {
        type: 'BUTTONS',
        buttons: (c.buttons as Record<string, unknown>[]).map((x) => ({
          type: 'URL',
          text: x.text ?? 'Copy code',
          url: `https://www.whatsapp.com/otp/code/?otp_type=${x.otp_type}&code=otp{{1}}`,
        })),
      };
    return c;
  });
}

type SentComponent = {
  type: string;
  sub_type?: string;
  index?: unknown;
  parameters?: Record<string, unknown>[];
};

/**
 * Whether the send's parameters fit the template: as many body and header parameters as it has variables,
 * each named one with its `parameter_name` (and a positional one without), none empty; an authentication
 * template with no header (no media).
 */
function parameterMismatch(template: SimTemplate, components: unknown): string | null {
  const given = Array.isArray(components) ? (components as SentComponent[]) : [];
  const named = template.parameter_format === 'NAMED';
  const variables = (text: unknown) => [
    ...new Set([...String(text ?? '').matchAll(PLACEHOLDER)].map((m) => m[1]!.trim())),
  ];
  if (template.category === 'AUTHENTICATION' && given.some((g) => g.type === 'header'))
    return 'header: an authentication template has no header or media';
  const check = (part: string, wanted: string[], got: Record<string, unknown>[]): string | null => {
    if (got.length !== wanted.length)
      return `${part}: expected ${wanted.length} parameters, received ${got.length}`;
    if (got.some((p) => p.type === 'text' && !p.text)) return `${part}: a parameter is empty`;
    if (!named)
      return got.some((p) => p.parameter_name !== undefined)
        ? `${part}: parameter_name in a positional template`
        : null;
    const names = got.map((p) => p.parameter_name);
    const absent = wanted.find((w) => !names.includes(w));
    return absent ? `${part}: parameter "${absent}" (parameter_name) is missing` : null;
  };
  for (const c of template.components) {
    if (c.type === 'BODY') {
      const wanted = variables(c.text);
      const problem = check('body', wanted, given.find((g) => g.type === 'body')?.parameters ?? []);
      if (problem) return problem;
    }
    if (c.type === 'HEADER') {
      const got = given.find((g) => g.type === 'header')?.parameters ?? [];
      if (c.format === 'TEXT') {
        const problem = check('header', variables(c.text), got);
        if (problem) return problem;
      } else if (got.length !== 1) return `header: expected 1 parameters, received ${got.length}`;
    }
  }
  return null;
}

/**
 * Every button that takes a value has its component: a URL button ending in a variable its `url` text, a
 * copy-code button its `coupon_code` (at most 15 characters); an authentication template's code in the body
 * and the button, the same.
 */
function buttonMismatch(template: SimTemplate, components: unknown): string | null {
  const given = Array.isArray(components) ? (components as SentComponent[]) : [];
  const buttons = template.components.flatMap((c) =>
    c.type === 'BUTTONS' && Array.isArray(c.buttons) ? (c.buttons as Record<string, unknown>[]) : [],
  );
  const sent = (index: number) => given.find((g) => g.type === 'button' && String(g.index) === String(index));
  for (const [index, b] of buttons.entries()) {
    const component = sent(index);
    if (b.type === 'URL' && String(b.url ?? '').includes('{{')) {
      const text = component?.parameters?.[0]?.text;
      if (component?.sub_type !== 'url' || typeof text !== 'string' || !text)
        return `button at index ${index}: a url parameter is required`;
      if (template.category === 'AUTHENTICATION') {
        const body = given.find((g) => g.type === 'body')?.parameters?.[0]?.text;
        if (text !== body) return "authentication: the code in the button must be the body's";
        if (text.length > 15) return 'authentication: a code has at most 15 characters';
      }
    } else if (b.type === 'COPY_CODE') {
      const code = component?.parameters?.[0];
      if (component?.sub_type?.toLowerCase() !== 'copy_code' || code?.type !== 'coupon_code')
        return `button at index ${index}: a coupon_code parameter is required`;
      if (typeof code.coupon_code !== 'string' || !code.coupon_code || code.coupon_code.length > 15)
        return `button at index ${index}: coupon_code must have 1 to 15 characters`;
    } else if (component) return `button at index ${index}: takes no parameters`;
  }
  return null;
}

/** A webhook body as Meta sends it: one entry (sent at `time`, seconds since the epoch), one change. */
export function cloudWebhookBody(
  entryId: string,
  field: string,
  value: Record<string, unknown>,
  time = Math.floor(Date.now() / 1000),
): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: entryId, time, changes: [{ field, value }] }],
  });
}

/** The `messages` change of a status. */
export function statusValue(
  phoneNumberId: string,
  status: {
    id: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    recipient: string;
    errors?: unknown[];
    /** `biz_opaque_callback_data`: what the send carried. */
    reference?: string;
    pricing?: StatusPricing;
  },
) {
  return {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550001234', phone_number_id: phoneNumberId },
    statuses: [
      {
        id: status.id,
        status: status.status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: status.recipient,
        ...(status.errors ? { errors: status.errors } : {}),
        ...(status.reference ? { biz_opaque_callback_data: status.reference } : {}),
        ...(status.pricing ? { pricing: status.pricing } : {}),
      },
    ],
  };
}

export function signedHeaders(secret: string, body: string): Record<string, string> {
  return { 'content-type': 'application/json', 'x-hub-signature-256': cloudSignature(secret, body) };
}

/** `phone_number_quality_update` as Meta sends it: the number's quality event and its current limit tier. */
export function qualityUpdateValue(
  displayPhoneNumber: string,
  change: {
    event: 'FLAGGED' | 'UNFLAGGED' | 'UPGRADE' | 'DOWNGRADE';
    currentLimit?: string;
    quality?: string;
  },
) {
  return {
    display_phone_number: displayPhoneNumber.replace(/\D/g, ''),
    event: change.event,
    ...(change.currentLimit ? { current_limit: change.currentLimit } : {}),
    ...(change.quality ? { quality_rating: change.quality } : {}),
  };
}

/** `user_preferences`: people who stopped (or resumed) marketing messages from the number. */
export function userPreferencesValue(phoneNumberId: string, waId: string, value: 'stop' | 'resume') {
  return {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550001234', phone_number_id: phoneNumberId },
    contacts: [{ wa_id: waId }],
    user_preferences: [
      {
        wa_id: waId,
        detail: 'User requested to stop marketing messages',
        category: 'marketing_messages',
        value,
        timestamp: Math.floor(Date.now() / 1000),
      },
    ],
  };
}
