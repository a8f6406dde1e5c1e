import { Agent, request, errors as undiciErrors } from 'undici';
import {
  type Bank,
  type InitializedPayment,
  type InitializePaymentInput,
  type InitiatedTransfer,
  type PaymentPort,
  PaymentProviderError,
  type ResolvedAccount,
  type TransferInput,
  type VerifiedPayment,
  type VerifiedTransfer,
} from './payment.port.js';
import { isValidWebhookSignature } from './signature.js';

/** The provider's public API, used when only PAYMENT_PROVIDER_SECRET_KEY is set (docs/decisions/payments.md). */
export const DEFAULT_PAYMENT_PROVIDER_BASE_URL = 'https://api.paystack.co';

export interface RestPaymentAdapterOptions {
  baseUrl: string;
  secretKey: string;
  /** Whole-call limit (connect, headers and body), in milliseconds. */
  timeoutMs: number;
}

/** The provider's answer envelope: `{ status, message, data, meta? }`; `status: false` is an error. */
interface ProviderEnvelope<T> {
  status: boolean;
  message?: string;
  data: T;
  meta?: { next?: string | null };
}

// Errors raised before a single byte of the request left this process: the provider cannot have acted.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
const MAX_BANK_PAGES = 20;

/**
 * The payment provider's REST API (Bearer secret key, JSON, amounts in kobo) over a keep-alive pool.
 * Every call has a deadline; every failure becomes a PaymentProviderError with a message safe to show.
 */
export class RestPaymentAdapter implements PaymentPort {
  private readonly agent: Agent;
  private readonly baseUrl: string;

  constructor(private readonly opts: RestPaymentAdapterOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.agent = new Agent({
      keepAliveTimeout: 10_000,
      connect: { timeout: opts.timeoutMs },
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
    });
  }

  async initialize(input: InitializePaymentInput): Promise<InitializedPayment> {
    const data = await this.call<{ authorization_url: string; access_code: string; reference: string }>(
      'POST',
      '/transaction/initialize',
      {
        body: {
          email: input.email,
          amount: String(input.amountMinor),
          currency: input.currency,
          reference: input.reference,
          ...(input.callbackUrl ? { callback_url: input.callbackUrl } : {}),
          // The API documents metadata as a stringified JSON object.
          metadata: JSON.stringify(input.metadata),
        },
      },
    );
    if (typeof data?.authorization_url !== 'string')
      throw new PaymentProviderError('Payment provider returned no checkout address');
    return {
      authorizationUrl: data.authorization_url,
      accessCode: String(data.access_code ?? ''),
      reference: String(data.reference ?? input.reference),
    };
  }

  async verify(reference: string): Promise<VerifiedPayment> {
    const data = await this.call<Record<string, unknown>>(
      'GET',
      `/transaction/verify/${encodeURIComponent(reference)}`,
    );
    return {
      reference: String(data.reference ?? reference),
      status: String(data.status ?? 'unknown'),
      amountMinor: Number(data.amount),
      currency: String(data.currency ?? ''),
      paidAt: typeof data.paid_at === 'string' ? data.paid_at : null,
      providerId: data.id === undefined || data.id === null ? null : String(data.id),
    };
  }

  async listBanks(): Promise<Bank[]> {
    const banks: Bank[] = [];
    let next: string | null | undefined;
    for (let page = 0; page < MAX_BANK_PAGES; page++) {
      const query: Record<string, string> = {
        country: 'nigeria',
        currency: 'NGN',
        use_cursor: 'true',
        perPage: '100',
      };
      if (next) query.next = next;
      const envelope = await this.callEnvelope<{ name: string; code: string; active?: boolean }[]>(
        'GET',
        '/bank',
        { query },
      );
      for (const b of envelope.data ?? []) {
        if (b.active !== false) banks.push({ name: String(b.name), code: String(b.code) });
      }
      next = envelope.meta?.next;
      if (!next) break;
    }
    return banks;
  }

  async resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount> {
    const data = await this.call<{ account_number: string | number; account_name: string }>(
      'GET',
      '/bank/resolve',
      { query: { account_number: accountNumber, bank_code: bankCode } },
    );
    if (!data?.account_name) throw new PaymentProviderError('Could not resolve account name', 422);
    return {
      accountNumber: String(data.account_number ?? accountNumber),
      accountName: String(data.account_name),
      bankCode,
    };
  }

  async createTransferRecipient(input: {
    name: string;
    accountNumber: string;
    bankCode: string;
  }): Promise<{ recipientCode: string }> {
    const data = await this.call<{ recipient_code: string }>('POST', '/transferrecipient', {
      body: {
        type: 'nuban',
        name: input.name,
        account_number: input.accountNumber,
        bank_code: input.bankCode,
        currency: 'NGN',
      },
    });
    if (!data?.recipient_code) throw new PaymentProviderError('Payment provider returned no recipient code');
    return { recipientCode: String(data.recipient_code) };
  }

  async transfer(input: TransferInput): Promise<InitiatedTransfer> {
    const data = await this.call<{ transfer_code: string; status: string }>('POST', '/transfer', {
      body: {
        source: 'balance',
        amount: input.amountMinor,
        recipient: input.recipientCode,
        reason: input.reason,
        reference: input.reference,
        currency: 'NGN',
      },
    });
    return { transferCode: String(data?.transfer_code ?? ''), status: String(data?.status ?? 'pending') };
  }

  async verifyTransfer(reference: string): Promise<VerifiedTransfer | null> {
    const answer = await this.send<Record<string, unknown>>(
      'GET',
      `/transfer/verify/${encodeURIComponent(reference)}`,
    );
    // "Never received" must be the provider's own word: a 404 page from a proxy or a wrong base URL is not.
    if (answer.status === 404 && answer.envelope?.status === false) return null;
    if (answer.status < 200 || answer.status >= 300 || answer.envelope?.status !== true)
      throw answerError('GET', answer);
    const data = answer.envelope.data ?? {};
    return {
      reference: String(data.reference ?? reference),
      status: String(data.status ?? 'unknown'),
      transferCode: typeof data.transfer_code === 'string' ? data.transfer_code : null,
      amountMinor: Number(data.amount),
    };
  }

  verifySignature(rawBody: Buffer, signature: string | undefined): boolean {
    return isValidWebhookSignature(this.opts.secretKey, rawBody, signature);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    opts: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<T> {
    return (await this.callEnvelope<T>(method, path, opts)).data;
  }

  private async callEnvelope<T>(
    method: 'GET' | 'POST',
    path: string,
    opts: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<ProviderEnvelope<T>> {
    const answer = await this.send<T>(method, path, opts);
    if (answer.status >= 200 && answer.status < 300 && answer.envelope?.status === true)
      return answer.envelope;
    throw answerError(method, answer);
  }

  /** One HTTP exchange: the status and the parsed envelope (undefined when the body is not JSON). */
  private async send<T>(
    method: 'GET' | 'POST',
    path: string,
    opts: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<ProviderAnswer<T>> {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    let status: number;
    let text: string;
    try {
      const res = await request(url, {
        method,
        dispatcher: this.agent,
        headers: {
          authorization: `Bearer ${this.opts.secretKey}`,
          accept: 'application/json',
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
      status = res.statusCode;
      text = await res.body.text();
    } catch (err) {
      throw transportError(err, method, path);
    }
    let envelope: ProviderEnvelope<T> | undefined;
    try {
      const parsed = text ? JSON.parse(text) : undefined;
      envelope = parsed && typeof parsed === 'object' ? (parsed as ProviderEnvelope<T>) : undefined;
    } catch {
      envelope = undefined;
    }
    return { status, envelope };
  }
}

interface ProviderAnswer<T> {
  status: number;
  envelope: ProviderEnvelope<T> | undefined;
}

/**
 * An answer that is not a success. Only a 4xx, or a readable `status: false`, is the provider's own
 * refusal. A 5xx usually comes from a gateway in front of it that gave up while the provider went on, and
 * a 2xx we cannot read may hide an acceptance: for a POST both are ambiguous, like a timeout.
 */
function answerError<T>(method: 'GET' | 'POST', { status, envelope }: ProviderAnswer<T>) {
  const ok = status >= 200 && status < 300;
  const refused = (status >= 400 && status < 500) || (ok && envelope?.status === false);
  const ambiguous = method === 'POST' && !refused;
  const said = typeof envelope?.message === 'string' && envelope.message ? envelope.message : undefined;
  if (ok && envelope?.status !== false)
    return new PaymentProviderError('Payment provider returned an unreadable answer', status, { ambiguous });
  return new PaymentProviderError(
    said ? `Payment provider: ${said}` : `Payment provider answered HTTP ${status}`,
    status,
    { ambiguous },
  );
}

function transportError(err: unknown, method: string, path: string): PaymentProviderError {
  const code = (err as { code?: string })?.code ?? '';
  const name = (err as { name?: string })?.name ?? '';
  const timedOut =
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    err instanceof undiciErrors.HeadersTimeoutError ||
    err instanceof undiciErrors.BodyTimeoutError;
  if (NOT_SENT_CODES.has(code)) {
    return new PaymentProviderError('Payment provider unreachable', undefined, { cause: err });
  }
  return new PaymentProviderError(
    timedOut ? 'Payment provider timed out' : `Payment provider connection failed (${method} ${path})`,
    undefined,
    // A POST may have been acted on; a GET changes nothing, so its failure is never ambiguous.
    { ambiguous: method === 'POST', cause: err },
  );
}
