import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ReceiptEmitter, type ReceiptEmitterOptions } from '../../src/providers/messaging/receipt-emitter.js';

export interface GatewaySimulatorOptions {
  /** Delay before each answer. */
  latencyMs?: number;
  /** Share of requests (0..1) answered with HTTP 500. */
  errorRate?: number;
  /** userid → password; unset accepts any credentials. */
  accounts?: Record<string, string>;
  /** Keep every accepted form (tests); off for benchmarks, which only need counts. */
  record?: boolean;
  /** Post delivery reports of accepted campaign messages to this callback, as the gateway does. */
  receipts?: ReceiptEmitterOptions;
}

export interface AcceptedMessage {
  form: Record<string, string>;
  at: number;
}

/**
 * A stand-in for the enterprise HSM gateway on loopback, speaking its wire format (form-encoded POST,
 * `{ response: { id, phone, details, status } }`). Tests and benchmarks drive its failure modes: latency,
 * random 5xx, 429 bursts with Retry-After, downtime (connections reset), hanging (requests accepted and
 * never answered) and numbers it rejects. It counts
 * accepted sends per recipient, so a duplicate send is visible.
 */
export class MessagingGatewaySimulator {
  latencyMs: number;
  errorRate: number;
  readonly accepted: AcceptedMessage[] = [];
  /** When each accepted send was answered. */
  readonly sendTimes: number[] = [];
  /** When each accepted send arrived (before any latency): what a provider's own rate limit counts. */
  readonly receiveTimes: number[] = [];
  /** Every answered request (unless `record` is off): recipient, arrival time, HTTP status. */
  readonly answered: { to: string; receivedAt: number; status: number }[] = [];
  totalRequests = 0;
  totalSends = 0;
  inFlight = 0;
  maxInFlight = 0;
  private readonly perRecipient = new Map<string, number>();
  private readonly rejected = new Map<string, string>();
  /** Recipient → how many more sends to it are answered 500. */
  private readonly broken = new Map<string, number>();
  private readonly requestsPerRecipient = new Map<string, number>();
  private throttleLeft = 0;
  private throttleRetryAfter = 1;
  private downMode: 'up' | 'reset' | '503' | 'hang' = 'up';
  /** Requests received while hanging: never processed, never answered. */
  hung = 0;
  /** How long the client waited before giving up (closing the connection) on each hung request. */
  readonly abandonedAfterMs: number[] = [];
  private readonly held = new Set<ServerResponse>();
  private readonly sockets = new Set<Socket>();
  private server?: Server;
  private counter = 0;
  private readonly idPrefix = randomBytes(3).toString('hex');
  url = '';
  private readonly receipts?: ReceiptEmitter;

  constructor(private readonly opts: GatewaySimulatorOptions = {}) {
    this.latencyMs = opts.latencyMs ?? 0;
    this.errorRate = opts.errorRate ?? 0;
    if (opts.receipts) this.receipts = new ReceiptEmitter(opts.receipts);
  }

  async start(port = 0): Promise<this> {
    this.server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    const { port: bound } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${bound}/GatewayAPI/rest`;
    return this;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Accepted sends to one recipient (digits or E.164). */
  sendsTo(phone: string): number {
    return this.perRecipient.get(phone.replace(/\D/g, '')) ?? 0;
  }

  recipients(): Map<string, number> {
    return this.perRecipient;
  }

  /** Sends beyond the first to the same recipient. */
  duplicates(): number {
    let n = 0;
    for (const count of this.perRecipient.values()) if (count > 1) n += count - 1;
    return n;
  }

  /** The next `count` requests are answered 429 with `Retry-After: seconds`. */
  throttleNext(count: number, retryAfterSeconds = 1): void {
    this.throttleLeft = count;
    this.throttleRetryAfter = retryAfterSeconds;
  }

  /**
   * Downtime: `reset` drops every connection (a network error), `503` answers Service Unavailable, `hang`
   * reads each request and never answers it (nor sends it): only the client's own timeout ends the wait.
   */
  goDown(mode: 'reset' | '503' | 'hang' = 'reset'): void {
    this.downMode = mode;
    if (mode === 'reset') for (const s of this.sockets) s.destroy();
  }

  /** Back to normal; requests still hanging are dropped unanswered (their messages were never sent). */
  goUp(): void {
    this.downMode = 'up';
    for (const res of this.held) res.socket?.destroy();
    this.held.clear();
  }

  /** Answers every send to `phone` with a permanent gateway error carrying `details`. */
  rejectRecipient(phone: string, details = 'Invalid destination number', code = '175'): void {
    this.rejected.set(phone.replace(/\D/g, ''), `${code}|${details}`);
  }

  /** Answers every send to `phone` with HTTP 500 (a transient failure that never clears). */
  failRecipient(phone: string, times = Number.POSITIVE_INFINITY): void {
    this.broken.set(phone.replace(/\D/g, ''), times);
  }

  /** Requests received for one recipient, answered or not (failures and requests still in flight count). */
  requestsTo(phone: string): number {
    return this.requestsPerRecipient.get(phone.replace(/\D/g, '')) ?? 0;
  }

  reset(): void {
    this.accepted.length = 0;
    this.sendTimes.length = 0;
    this.receiveTimes.length = 0;
    this.perRecipient.clear();
    this.requestsPerRecipient.clear();
    this.answered.length = 0;
    this.totalRequests = 0;
    this.totalSends = 0;
    this.maxInFlight = 0;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    if (this.downMode === 'reset') {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const receivedAt = Date.now();
      this.totalRequests++;
      const body = Buffer.concat(chunks).toString('utf8');
      const to = new URLSearchParams(body).get('send_to');
      if (to) this.requestsPerRecipient.set(to, (this.requestsPerRecipient.get(to) ?? 0) + 1);
      if (this.downMode === 'hang') {
        this.hung++;
        this.held.add(res);
        const since = Date.now();
        res.on('close', () => {
          if (this.held.delete(res)) this.abandonedAfterMs.push(Date.now() - since);
        });
        return;
      }
      this.inFlight++;
      if (this.inFlight > this.maxInFlight) this.maxInFlight = this.inFlight;
      const answer = () => {
        this.inFlight--;
        this.respond(req, res, body, receivedAt);
      };
      if (this.latencyMs > 0) setTimeout(answer, this.latencyMs);
      else answer();
    });
  }

  private respond(req: IncomingMessage, res: ServerResponse, body: string, receivedAt: number): void {
    const [status, answer, retryAfter] = this.answer(req, body, receivedAt);
    if (this.opts.record !== false) {
      this.answered.push({ to: new URLSearchParams(body).get('send_to') ?? '', receivedAt, status });
    }
    const text = JSON.stringify(answer);
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    };
    if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
    res.writeHead(status, headers);
    res.end(text);
  }

  private answer(req: IncomingMessage, body: string, receivedAt: number): [number, unknown, number?] {
    if (this.downMode === '503')
      return [503, { response: { status: 'error', details: 'Service unavailable' } }];
    if (this.throttleLeft > 0) {
      this.throttleLeft--;
      return [429, { response: { status: 'error', details: 'Too many requests' } }, this.throttleRetryAfter];
    }
    if (this.errorRate > 0 && Math.random() < this.errorRate) {
      return [500, { response: { status: 'error', details: 'Internal error' } }];
    }
    const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    const form = Object.fromEntries(new URLSearchParams(body || query));
    const error = this.validate(form);
    if (error) return [200, { response: { status: 'error', phone: form.send_to ?? '', ...error } }];
    const to = form.send_to!;
    const failuresLeft = this.broken.get(to) ?? 0;
    if (failuresLeft > 0) {
      this.broken.set(to, failuresLeft - 1);
      return [500, { response: { status: 'error', details: 'Internal error' } }];
    }
    const rejection = this.rejected.get(to);
    if (rejection) {
      const [id, details] = rejection.split('|') as [string, string];
      return [200, { response: { id, phone: to, details, status: 'error' } }];
    }
    this.totalSends++;
    this.perRecipient.set(to, (this.perRecipient.get(to) ?? 0) + 1);
    const now = Date.now();
    this.sendTimes.push(now);
    this.receiveTimes.push(receivedAt);
    if (this.opts.record !== false) this.accepted.push({ form, at: now });
    const id = `${this.idPrefix}${++this.counter}`;
    if (form.isHSM === 'true') this.receipts?.accepted(id, to);
    return [200, { response: { id, phone: to, details: '', status: 'success' } }];
  }

  private validate(form: Record<string, string>): { id: string; details: string } | null {
    const accounts = this.opts.accounts;
    if (accounts && (!form.userid || accounts[form.userid] !== form.password)) {
      return { id: '102', details: 'Authentication failed due to invalid userId or password.' };
    }
    if (form.method !== 'SendMessage' && form.method !== 'SendMediaMessage') {
      return { id: '106', details: `The method "${form.method ?? ''}" is not supported.` };
    }
    for (const key of ['send_to', 'msg_type', form.method === 'SendMessage' ? 'msg' : 'media_url']) {
      if (!form[key]) return { id: '100', details: `The parameter ${key} is missing.` };
    }
    if (!/^\d{8,15}$/.test(form.send_to!)) {
      return { id: '175', details: `The phone number ${form.send_to} is not a valid phone number.` };
    }
    return null;
  }
}
