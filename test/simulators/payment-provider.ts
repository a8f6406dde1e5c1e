import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { signWebhookBody } from '../../src/providers/payment/signature.js';

/**
 * The NGN payment provider's REST API on loopback, speaking its wire format: Bearer secret key, JSON
 * envelopes `{ status, message, data }`, amounts in kobo, `{ status: false, message }` on errors. Tests
 * drive the real adapter against it, pay checkouts, script failures, and sign and send webhooks.
 */
export interface SimTransaction {
  id: number;
  reference: string;
  email: string;
  amount: number;
  currency: string;
  metadata: unknown;
  status: 'abandoned' | 'success' | 'failed';
  paidAmount?: number;
  paidCurrency?: string;
  paidAt: string | null;
}

export interface SimTransfer {
  id: number;
  reference: string;
  transferCode: string;
  amount: number;
  recipient: string;
  reason: string;
  currency: string;
  status: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | undefined;
}

/** A scripted misbehaviour for the next matching call(s). */
export type Fault =
  | { kind: 'error'; status: number; message: string }
  | { kind: 'hang' } // never answers: the caller's timeout must fire
  | { kind: 'reset' } // drops the connection without an answer
  | { kind: 'garbage' } // 200 with a body that is not JSON
  // A gateway in front of the provider answers `status` (HTML) after the provider has handled the request.
  | { kind: 'gateway'; status: number };

export const SIM_BANKS = [
  { name: 'Access Bank', code: '044' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Zenith Bank', code: '057' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'Kuda Bank', code: '50211' },
];

export class PaymentProviderSimulator {
  readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  readonly transactions = new Map<string, SimTransaction>();
  readonly transfers = new Map<string, SimTransfer>();
  readonly recipients = new Map<string, { name: string; accountNumber: string; bankCode: string }>();
  readonly requests: RecordedRequest[] = [];
  /** Account holders the resolve call knows, by `bankCode:accountNumber`; others fail with 422. */
  readonly accounts = new Map<string, string>();
  /** Banks per page of `GET /bank` (small, so the cursor is exercised). */
  banksPerPage = 2;
  /** Status the transfer call answers with (`pending`, `success`, `otp`, `failed`). */
  transferStatus = 'pending';
  private readonly faults: { method: string; prefix: string; fault: Fault }[] = [];
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  private nextId = 1000;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The next call to `prefix` (that path, or one below it) misbehaves as told. */
  failNext(method: string, prefix: string, fault: Fault): void {
    this.faults.push({ method, prefix, fault });
  }

  addAccount(bankCode: string, accountNumber: string, name: string): void {
    this.accounts.set(`${bankCode}:${accountNumber}`, name);
  }

  /** The customer pays the checkout; `amount`/`currency` override what was asked (a tampered payment). */
  pay(reference: string, override: { amount?: number; currency?: string } = {}): SimTransaction {
    const t = this.transactions.get(reference);
    if (!t) throw new Error(`simulator: no transaction ${reference}`);
    t.status = 'success';
    t.paidAmount = override.amount ?? t.amount;
    t.paidCurrency = override.currency ?? t.currency;
    t.paidAt = new Date().toISOString();
    return t;
  }

  /** `charge.success` as the provider posts it. */
  chargeSuccess(reference: string): { event: string; data: Record<string, unknown> } {
    const t = this.transactions.get(reference);
    if (t?.status !== 'success') throw new Error(`simulator: ${reference} is not paid`);
    return { event: 'charge.success', data: this.transactionData(t) };
  }

  transferEvent(
    event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed',
    reference: string,
  ): { event: string; data: Record<string, unknown> } {
    const t = this.transfers.get(reference);
    if (!t) throw new Error(`simulator: no transfer ${reference}`);
    t.status = event.slice('transfer.'.length);
    return {
      event,
      data: {
        id: t.id,
        amount: t.amount,
        currency: t.currency,
        reference: t.reference,
        transfer_code: t.transferCode,
        reason: event === 'transfer.success' ? t.reason : 'Account could not be credited',
        status: t.status,
        source: 'balance',
        recipient: { recipient_code: t.recipient },
        transferred_at: event === 'transfer.success' ? new Date().toISOString() : null,
      },
    };
  }

  /** The exact bytes and the header a real delivery carries. */
  sign(event: unknown, secret = this.secretKey): { body: string; signature: string } {
    const body = JSON.stringify(event);
    return { body, signature: signWebhookBody(secret, body) };
  }

  /** Posts a signed event to a listening service, as the provider does. */
  async deliver(
    webhookUrl: string,
    event: unknown,
    opts: { signature?: string } = {},
  ): Promise<{ status: number; body: unknown }> {
    const signed = this.sign(event);
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-payment-provider-signature': opts.signature ?? signed.signature,
      },
      body: signed.body,
    });
    return { status: res.status, body: await res.json().catch(() => undefined) };
  }

  private transactionData(t: SimTransaction) {
    return {
      id: t.id,
      domain: 'test',
      status: t.status,
      reference: t.reference,
      amount: t.paidAmount ?? t.amount,
      currency: t.paidCurrency ?? t.currency,
      gateway_response: t.status === 'success' ? 'Successful' : 'The transaction was not completed',
      paid_at: t.paidAt,
      created_at: new Date().toISOString(),
      channel: 'card',
      metadata: t.metadata,
      customer: { email: t.email },
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sim');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: Record<string, unknown> | undefined;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    } catch {
      return send(res, 400, { status: false, message: 'Invalid JSON' });
    }
    const method = req.method ?? 'GET';
    this.requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    });

    const i = this.faults.findIndex(
      (f) => f.method === method && (url.pathname === f.prefix || url.pathname.startsWith(`${f.prefix}/`)),
    );
    if (i >= 0) {
      const { fault } = this.faults.splice(i, 1)[0]!;
      if (fault.kind === 'hang') return;
      if (fault.kind === 'reset') return void req.socket.destroy();
      if (fault.kind === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end('<html>gateway error</html>');
      }
      if (fault.kind === 'gateway') {
        const discarded = { writeHead: () => discarded, end: () => discarded };
        if (req.headers.authorization === `Bearer ${this.secretKey}`)
          this.route(method, url, body ?? {}, discarded as unknown as ServerResponse);
        res.writeHead(fault.status, { 'content-type': 'text/html' });
        return void res.end(`<html>${fault.status} gateway error</html>`);
      }
      return send(res, fault.status, { status: false, message: fault.message });
    }

    if (req.headers.authorization !== `Bearer ${this.secretKey}`)
      return send(res, 401, { status: false, message: 'Invalid key' });
    this.route(method, url, body ?? {}, res);
  }

  private route(method: string, url: URL, body: Record<string, unknown>, res: ServerResponse) {
    const path = url.pathname;
    if (method === 'POST' && path === '/transaction/initialize') {
      const amount = Number(body.amount);
      if (typeof body.email !== 'string' || !Number.isInteger(amount) || amount <= 0)
        return send(res, 400, { status: false, message: 'Invalid amount or email' });
      const reference = String(body.reference ?? randomBytes(6).toString('hex'));
      if (!/^[A-Za-z0-9.=-]+$/.test(reference))
        return send(res, 400, { status: false, message: 'Invalid reference' });
      if (this.transactions.has(reference))
        return send(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
      const metadata = typeof body.metadata === 'string' ? JSON.parse(body.metadata) : body.metadata;
      this.transactions.set(reference, {
        id: this.nextId++,
        reference,
        email: body.email,
        amount,
        currency: String(body.currency ?? 'NGN'),
        metadata,
        status: 'abandoned',
        paidAt: null,
      });
      const accessCode = randomBytes(8).toString('hex');
      return send(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `https://checkout.sim.test/${accessCode}`,
          access_code: accessCode,
          reference,
        },
      });
    }
    const verify = /^\/transaction\/verify\/(.+)$/.exec(path);
    if (method === 'GET' && verify) {
      const t = this.transactions.get(decodeURIComponent(verify[1]!));
      if (!t) return send(res, 404, { status: false, message: 'Transaction reference not found' });
      return send(res, 200, {
        status: true,
        message: 'Verification successful',
        data: this.transactionData(t),
      });
    }
    if (method === 'GET' && path === '/bank') {
      const start = Number(url.searchParams.get('next') ?? 0);
      const page = SIM_BANKS.slice(start, start + this.banksPerPage).map((b, n) => ({
        ...b,
        id: start + n + 1,
        slug: b.name.toLowerCase().replace(/ /g, '-'),
        country: 'Nigeria',
        currency: 'NGN',
        type: 'nuban',
        active: true,
      }));
      const next = start + this.banksPerPage < SIM_BANKS.length ? String(start + this.banksPerPage) : null;
      return send(res, 200, {
        status: true,
        message: 'Banks retrieved',
        data: page,
        meta: { next, previous: null },
      });
    }
    if (method === 'GET' && path === '/bank/resolve') {
      const number = url.searchParams.get('account_number') ?? '';
      const code = url.searchParams.get('bank_code') ?? '';
      const name = this.accounts.get(`${code}:${number}`);
      if (!name)
        return send(res, 422, {
          status: false,
          message: 'Could not resolve account name. Check parameters or try again.',
        });
      return send(res, 200, {
        status: true,
        message: 'Account number resolved',
        data: { account_number: number, account_name: name, bank_id: 9 },
      });
    }
    if (method === 'POST' && path === '/transferrecipient') {
      if (body.type !== 'nuban' || !body.account_number || !body.bank_code || !body.name)
        return send(res, 400, { status: false, message: 'Invalid recipient' });
      const key = `${body.bank_code}:${body.account_number}`;
      // The provider returns the existing recipient for an account it already knows.
      let code = [...this.recipients.entries()].find(
        ([, r]) => `${r.bankCode}:${r.accountNumber}` === key,
      )?.[0];
      if (!code) {
        code = `RCP_${randomBytes(6).toString('hex')}`;
        this.recipients.set(code, {
          name: String(body.name),
          accountNumber: String(body.account_number),
          bankCode: String(body.bank_code),
        });
      }
      return send(res, 201, {
        status: true,
        message: 'Transfer recipient created successfully',
        data: { recipient_code: code, type: 'nuban', name: body.name, currency: 'NGN', active: true },
      });
    }
    if (method === 'POST' && path === '/transfer') {
      const amount = Number(body.amount);
      const reference = String(body.reference ?? '');
      if (!Number.isInteger(amount) || amount <= 0 || !this.recipients.has(String(body.recipient)))
        return send(res, 400, { status: false, message: 'Invalid transfer' });
      if (!/^[a-z0-9_-]{16,50}$/.test(reference))
        return send(res, 400, { status: false, message: 'Invalid transfer reference' });
      if (this.transfers.has(reference))
        return send(res, 400, { status: false, message: 'Duplicate Transfer Reference' });
      const transfer: SimTransfer = {
        id: this.nextId++,
        reference,
        transferCode: `TRF_${randomBytes(6).toString('hex')}`,
        amount,
        recipient: String(body.recipient),
        reason: String(body.reason ?? ''),
        currency: String(body.currency ?? 'NGN'),
        status: this.transferStatus,
      };
      this.transfers.set(reference, transfer);
      return send(res, 200, {
        status: true,
        message: 'Transfer has been queued',
        data: {
          transfer_code: transfer.transferCode,
          reference,
          amount,
          currency: transfer.currency,
          status: transfer.status,
          source: 'balance',
          recipient: transfer.id,
        },
      });
    }
    const verifyTransfer = /^\/transfer\/verify\/(.+)$/.exec(path);
    if (method === 'GET' && verifyTransfer) {
      const t = this.transfers.get(decodeURIComponent(verifyTransfer[1]!));
      if (!t) return send(res, 404, { status: false, message: 'Transfer not found' });
      return send(res, 200, {
        status: true,
        message: 'Transfer retrieved',
        data: {
          id: t.id,
          amount: t.amount,
          currency: t.currency,
          reference: t.reference,
          transfer_code: t.transferCode,
          reason: t.reason,
          status: t.status,
          source: 'balance',
          recipient: { recipient_code: t.recipient },
        },
      });
    }
    send(res, 404, { status: false, message: 'Not found' });
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
