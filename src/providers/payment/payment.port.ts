/**
 * The payment provider (NGN, REST). Amounts cross this port in the provider's minor unit (kobo).
 * Adapters throw PaymentProviderError with a message safe to show.
 */
export interface InitializePaymentInput {
  email: string;
  amountMinor: number;
  currency: string;
  reference: string;
  callbackUrl?: string;
  metadata: Record<string, unknown>;
}

export interface InitializedPayment {
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

export interface VerifiedPayment {
  reference: string;
  /** `success` is the only status that settles a transaction. */
  status: 'success' | 'failed' | 'abandoned' | 'pending' | 'reversed' | string;
  amountMinor: number;
  currency: string;
  paidAt: string | null;
  providerId: string | null;
}

export interface Bank {
  name: string;
  code: string;
}

export interface ResolvedAccount {
  accountNumber: string;
  accountName: string;
  bankCode: string;
}

export interface TransferInput {
  amountMinor: number;
  recipientCode: string;
  reference: string;
  reason: string;
}

export interface InitiatedTransfer {
  transferCode: string;
  status: string;
}

/** What the provider knows of a transfer, asked by its reference (`GET /transfer/verify/{reference}`). */
export interface VerifiedTransfer {
  reference: string;
  /** `success`, `failed`, `reversed` are final; `pending`, `otp`, `processing`, `queued`... are not yet. */
  status: string;
  transferCode: string | null;
  amountMinor: number;
}

/** A webhook event after its signature was checked: `{ event, data }` of the provider's wire format. */
export interface PaymentEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface PaymentPort {
  initialize(input: InitializePaymentInput): Promise<InitializedPayment>;
  verify(reference: string): Promise<VerifiedPayment>;
  listBanks(): Promise<Bank[]>;
  resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount>;
  createTransferRecipient(input: {
    name: string;
    accountNumber: string;
    bankCode: string;
  }): Promise<{ recipientCode: string }>;
  transfer(input: TransferInput): Promise<InitiatedTransfer>;
  /**
   * The provider's record of a transfer, or null when it has none under that reference (it never received
   * the request). Any other failure throws: only the provider's own "not found" may be read as "never sent".
   */
  verifyTransfer(reference: string): Promise<VerifiedTransfer | null>;
  /** HMAC-SHA512 of the raw body with the secret key, hex, compared in constant time. */
  verifySignature(rawBody: Buffer, signature: string | undefined): boolean;
  /** Releases pooled connections (called when the service stops). */
  close?(): Promise<void>;
}

/**
 * A provider call that did not succeed. `status` is the provider's HTTP status when it answered.
 * `ambiguous` is true when a request that changes something may have been acted on though we cannot tell:
 * no answer came back (a timeout, a connection cut mid-request), a 5xx (often a gateway in front of the
 * provider that gave up while the provider went on), or a 2xx we cannot read. Money must not be given back
 * on that alone. A refused connection or a 4xx refusal is never ambiguous, nor is any failed GET.
 */
export class PaymentProviderError extends Error {
  readonly ambiguous: boolean;
  constructor(
    message: string,
    readonly status?: number,
    opts: { ambiguous?: boolean; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'PaymentProviderError';
    this.ambiguous = opts.ambiguous ?? false;
  }
}
