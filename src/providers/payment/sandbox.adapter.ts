import { randomUUID } from 'node:crypto';
import {
  type Bank,
  type InitializedPayment,
  type InitializePaymentInput,
  type InitiatedTransfer,
  type PaymentEvent,
  type PaymentPort,
  PaymentProviderError,
  type ResolvedAccount,
  type TransferInput,
  type VerifiedPayment,
  type VerifiedTransfer,
} from './payment.port.js';
import { isValidWebhookSignature, signWebhookBody } from './signature.js';

export interface SandboxPayment {
  id: number;
  input: InitializePaymentInput;
  status: 'pending' | 'success' | 'failed' | 'abandoned';
  paidAt: string | null;
}

/** Where the sandbox sends the events a real provider would post to the webhook (set by the checkout routes). */
export type SandboxEventSink = (event: PaymentEvent) => Promise<void>;

export const SANDBOX_BANKS: Bank[] = [
  { name: 'Sandbox Bank', code: '001' },
  { name: 'Test Microfinance Bank', code: '002' },
];

/**
 * The embedded payment provider (PAYMENT_PROVIDER_SECRET_KEY unset). Checkouts live in memory; the
 * checkout page (sandbox-checkout.routes.ts) settles them and fires a webhook signed with `secret`.
 * Transfers succeed: each one is followed by a signed `transfer.success` event, so withdrawals complete
 * on a laptop too.
 */
export class SandboxPaymentAdapter implements PaymentPort {
  private readonly payments = new Map<string, SandboxPayment>();
  private readonly transfers = new Map<string, VerifiedTransfer>();
  private nextId = 1;
  private sink: SandboxEventSink | undefined;
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly publicUrl: string,
    readonly secret: string,
  ) {}

  async initialize(input: InitializePaymentInput): Promise<InitializedPayment> {
    if (this.payments.has(input.reference))
      throw new PaymentProviderError('Payment provider: Duplicate Transaction Reference', 400);
    this.payments.set(input.reference, { id: this.nextId++, input, status: 'pending', paidAt: null });
    return {
      authorizationUrl: `${this.publicUrl}/sandbox/payment/checkout/${encodeURIComponent(input.reference)}`,
      accessCode: randomUUID(),
      reference: input.reference,
    };
  }

  async verify(reference: string): Promise<VerifiedPayment> {
    const p = this.payments.get(reference);
    if (!p) throw new PaymentProviderError('Transaction reference not found', 404);
    return {
      reference,
      status: p.status,
      amountMinor: p.input.amountMinor,
      currency: p.input.currency,
      paidAt: p.paidAt,
      providerId: String(p.id),
    };
  }

  /** Marks a checkout paid or cancelled, as the checkout page does. */
  settle(reference: string, outcome: 'success' | 'abandoned'): SandboxPayment | undefined {
    const p = this.payments.get(reference);
    if (p?.status !== 'pending') return undefined;
    p.status = outcome;
    p.paidAt = outcome === 'success' ? new Date().toISOString() : null;
    return p;
  }

  checkout(reference: string): SandboxPayment | undefined {
    return this.payments.get(reference);
  }

  /** The `charge.success` event the provider would post for a settled checkout. */
  chargeSuccessEvent(p: SandboxPayment): PaymentEvent {
    return {
      event: 'charge.success',
      data: {
        id: p.id,
        status: 'success',
        reference: p.input.reference,
        amount: p.input.amountMinor,
        currency: p.input.currency,
        paid_at: p.paidAt,
        channel: 'sandbox',
        metadata: p.input.metadata,
        customer: { email: p.input.email },
      },
    };
  }

  /** Connects the sandbox to the service's webhook. */
  setEventSink(sink: SandboxEventSink | undefined): void {
    this.sink = sink;
  }

  /** Sends an event to the webhook, if connected; failures are the webhook's to log, never the caller's. */
  emit(event: PaymentEvent): Promise<void> {
    if (!this.sink) return Promise.resolve();
    const p = this.sink(event)
      .catch(() => {})
      .finally(() => this.inflight.delete(p));
    this.inflight.add(p);
    return p;
  }

  /** Resolves once every event sent so far has been delivered (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.sink = undefined;
  }

  async listBanks(): Promise<Bank[]> {
    return SANDBOX_BANKS;
  }

  async resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount> {
    if (!/^\d{10}$/.test(accountNumber))
      throw new PaymentProviderError('Could not resolve account name', 422);
    if (!SANDBOX_BANKS.some((b) => b.code === bankCode))
      throw new PaymentProviderError('Unknown bank code', 422);
    return { accountNumber, accountName: 'SANDBOX ACCOUNT HOLDER', bankCode };
  }

  async createTransferRecipient(input: { accountNumber: string }): Promise<{ recipientCode: string }> {
    return { recipientCode: `RCP_sandbox_${input.accountNumber}` };
  }

  async transfer(input: TransferInput): Promise<InitiatedTransfer> {
    if (this.transfers.has(input.reference))
      throw new PaymentProviderError('Payment provider: Duplicate Transfer Reference', 400);
    const transferCode = `TRF_sandbox_${input.reference}`;
    const record: VerifiedTransfer = {
      reference: input.reference,
      status: 'pending',
      transferCode,
      amountMinor: input.amountMinor,
    };
    this.transfers.set(input.reference, record);
    // A real provider reports the outcome later, through the webhook; so does the sandbox, once the
    // caller has had the chance to record the initiation.
    setTimeout(() => {
      record.status = 'success';
      void this.emit({
        event: 'transfer.success',
        data: {
          reference: input.reference,
          transfer_code: transferCode,
          amount: input.amountMinor,
          currency: 'NGN',
          status: 'success',
          reason: input.reason,
          recipient: { recipient_code: input.recipientCode },
          transferred_at: new Date().toISOString(),
        },
      });
    }, 50).unref();
    return { transferCode, status: 'pending' };
  }

  /** Transfers live in memory like checkouts: after a restart the sandbox knows none of them. */
  async verifyTransfer(reference: string): Promise<VerifiedTransfer | null> {
    const t = this.transfers.get(reference);
    return t ? { ...t } : null;
  }

  sign(rawBody: Buffer | string): string {
    return signWebhookBody(this.secret, rawBody);
  }

  verifySignature(rawBody: Buffer, signature: string | undefined): boolean {
    return isValidWebhookSignature(this.secret, rawBody, signature);
  }
}
