import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import { BusinessRuleError, NotFoundError, UpstreamError } from '../../platform/http/errors.js';
import { type PageQuery, toPage } from '../../platform/http/pagination.js';
import { PaymentProviderError } from '../../providers/payment/payment.port.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { findActiveUserPlan, toPlanDto, toUserPlanDto } from '../plans/index.js';
import type { TransactionRow } from '../wallet/index.js';
import {
  failPendingTransaction,
  findWallet,
  insertPendingTransaction,
  toWalletDto,
} from '../wallet/index.js';
import { toTransactionDto } from './payments.dto.js';
import { findActivePlan, findPaymentByReference, listTransactions } from './payments.repository.js';
import {
  chargeableAmount,
  type NgnPrice,
  ngnRate,
  PAYMENT_CURRENCY,
  quoteCredits,
  usdToNgn,
} from './pricing.js';
import { type PlanPurchaseMetadata, settlePayment } from './settlement.js';

/** The provider accepts letters, digits, `-`, `.` and `=` in a payment reference. */
function paymentReference(kind: 'credit' | 'plan'): string {
  return `${kind}-${randomUUID().replace(/-/g, '')}`;
}

interface CheckoutRequest {
  kind: 'credit_purchase' | 'plan_purchase';
  price: NgnPrice;
  priceUSD: Decimal;
  usdToNgn: Decimal;
  credits?: string;
  planId?: string;
  description: string;
  metadata: Record<string, unknown>;
}

export class PaymentsService {
  constructor(private readonly deps: AppDeps) {}

  async creditPricing(_auth: AuthContext, { totalCredit }: { totalCredit: number }) {
    const quote = await quoteCredits(this.deps.db, totalCredit);
    return {
      totalCredit,
      priceUSD: quote.priceUSD.toNumber(),
      priceNGN: quote.price ? quote.price.ngn.toNumber() : null,
      currency: PAYMENT_CURRENCY,
      rates: {
        pricePerCredit: quote.pricePerCredit.toNumber(),
        usdToNgn: quote.usdToNgn ? quote.usdToNgn.toNumber() : null,
      },
    };
  }

  async creditLink(auth: AuthContext, { totalCredit }: { totalCredit: number }) {
    const quote = await quoteCredits(this.deps.db, totalCredit);
    const price = chargeableAmount(quote.price);
    const checkout = await this.openCheckout(auth, {
      kind: 'credit_purchase',
      price,
      priceUSD: quote.priceUSD,
      usdToNgn: quote.usdToNgn!,
      credits: String(totalCredit),
      description: `Purchase of ${totalCredit} credits`,
      metadata: {
        purpose: 'credit_purchase',
        totalCredit,
        pricePerCredit: quote.pricePerCredit.toString(),
      },
    });
    return { ...checkout, totalCredit };
  }

  async planLink(auth: AuthContext, { planId }: { planId: string }) {
    const plan = await findActivePlan(this.deps.db, planId);
    if (!plan) throw new BusinessRuleError('Plan not found');
    const rate = await ngnRate(this.deps.db);
    const priceUSD = new Decimal(plan.price);
    const price = chargeableAmount(rate ? usdToNgn(priceUSD, rate) : null);
    const metadata: PlanPurchaseMetadata = {
      purpose: 'plan_purchase',
      planId: plan.id,
      planName: plan.name,
      duration: plan.duration,
      freeCredit: plan.freeCredit,
    };
    const checkout = await this.openCheckout(auth, {
      kind: 'plan_purchase',
      price,
      priceUSD,
      usdToNgn: rate!,
      planId: plan.id,
      description: `Purchase of the plan "${plan.name}"`,
      metadata: { ...metadata },
    });
    return { ...checkout, plan: toPlanDto(plan) };
  }

  /**
   * Asks the provider about a reference and settles it. The pending check is made here to answer early
   * and again under the row lock inside settlement, which is the one that counts.
   */
  async verify(auth: AuthContext, { reference }: { reference: string }) {
    const businessId = businessOf(auth);
    const row = await findPaymentByReference(this.deps.db, businessId, reference);
    if (!row) throw new NotFoundError('Transaction');
    if (row.status !== 'pending') throw alreadyProcessed(row);

    let paid: Awaited<ReturnType<AppDeps['payment']['verify']>>;
    try {
      paid = await this.deps.payment.verify(reference);
    } catch (err) {
      if (err instanceof PaymentProviderError && err.status === 404)
        throw new BusinessRuleError('Transaction not successful: the payment provider has no such payment');
      throw providerFailure(err, 'Could not verify the payment');
    }
    if (paid.status !== 'success')
      throw new BusinessRuleError('Transaction not successful', { providerStatus: paid.status });

    const result = await settlePayment(
      this.deps,
      {
        reference,
        amountMinor: paid.amountMinor,
        currency: paid.currency,
        providerId: paid.providerId,
        paidAt: paid.paidAt,
        via: 'verify',
      },
      businessId,
    );
    switch (result.outcome) {
      case 'not_found':
        throw new NotFoundError('Transaction');
      case 'already_processed':
        throw alreadyProcessed(result.transaction);
      case 'mismatch':
        throw new BusinessRuleError(
          'Transaction not successful: the amount paid does not match; it has been flagged for review',
          { reference },
        );
      case 'settled': {
        const [wallet, plan] = await Promise.all([
          findWallet(this.deps.db, businessId),
          result.userPlan ? findActiveUserPlan(this.deps.db, businessId) : null,
        ]);
        return {
          transaction: toTransactionDto(result.transaction),
          wallet: toWalletDto(wallet!),
          userPlan: plan ? toUserPlanDto(plan) : null,
        };
      }
    }
  }

  async wallet(auth: AuthContext) {
    const wallet = await findWallet(this.deps.db, businessOf(auth));
    if (!wallet) throw new NotFoundError('Wallet');
    return toWalletDto(wallet);
  }

  async transactions(auth: AuthContext, q: PageQuery) {
    const { items, total } = await listTransactions(this.deps.db, businessOf(auth), q);
    return toPage(items.map(toTransactionDto), total, q);
  }

  /**
   * The pending row is written before the provider is called, so a payment the provider reports can
   * always be matched; if the provider refuses to open the checkout, the row is closed as failed.
   */
  private async openCheckout(auth: AuthContext, req: CheckoutRequest) {
    const businessId = businessOf(auth);
    const wallet = await findWallet(this.deps.db, businessId);
    if (!wallet) throw new NotFoundError('Wallet');
    const reference = paymentReference(req.kind === 'credit_purchase' ? 'credit' : 'plan');
    const metadata = {
      ...req.metadata,
      priceUSD: req.priceUSD.toString(),
      usdToNgn: req.usdToNgn.toString(),
    };
    // Who started it: the settlement's audit entry names them (the provider's webhook has no member).
    const startedBy = { accountId: auth.accountId, email: auth.email };
    const row = await this.deps.db.transaction(async (tx) => {
      const pending = await insertPendingTransaction(tx, {
        businessId,
        walletId: wallet.id,
        kind: req.kind,
        reference,
        amount: req.price.ngn.toFixed(2),
        currency: PAYMENT_CURRENCY,
        providerAmount: req.price.kobo,
        credits: req.credits ?? null,
        planId: req.planId ?? null,
        description: req.description,
        metadata: { ...metadata, startedBy },
      });
      await recordAudit(tx, {
        businessId,
        actor: actorOf(auth),
        action: 'wallet.checkout_started',
        target: { type: 'transaction', id: pending.id },
        details: {
          kind: req.kind,
          reference,
          amount: pending.amount,
          currency: PAYMENT_CURRENCY,
          credits: req.credits ?? null,
          planId: req.planId ?? null,
        },
      });
      return pending;
    });
    try {
      const checkout = await this.deps.payment.initialize({
        email: auth.email,
        amountMinor: req.price.kobo,
        currency: PAYMENT_CURRENCY,
        reference,
        // The web console's return page, which verifies the payment and shows the result.
        callbackUrl: new URL('/wallet/return', this.deps.config.PUBLIC_URL).toString(),
        metadata: { ...metadata, transactionId: row.id, businessId },
      });
      return {
        authorization_url: checkout.authorizationUrl,
        access_code: checkout.accessCode,
        reference,
        transactionId: row.id,
        amount: req.price.ngn.toNumber(),
        currency: PAYMENT_CURRENCY,
        priceUSD: req.priceUSD.toNumber(),
        rates: { usdToNgn: req.usdToNgn.toNumber() },
      };
    } catch (err) {
      await failPendingTransaction(this.deps.db, row.id, 'The payment provider did not open the checkout');
      throw providerFailure(err, 'Could not open the checkout');
    }
  }
}

function alreadyProcessed(row: TransactionRow): BusinessRuleError {
  return new BusinessRuleError('Transaction already processed', { status: row.status });
}

/** A provider failure as a 500 whose message says what failed, never how our code did. */
export function providerFailure(err: unknown, what: string): Error {
  if (err instanceof PaymentProviderError) return new UpstreamError(`${what}: ${err.message}`);
  return err instanceof Error ? err : new Error(String(err));
}
