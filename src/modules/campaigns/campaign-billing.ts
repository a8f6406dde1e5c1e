import { Decimal } from 'decimal.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { businesses, transactions } from '../../platform/db/schema/index.js';
import {
  debitPlanBalance,
  findActiveUserPlan,
  type PlanRateField,
  restorePlanBalance,
} from '../plans/index.js';
import { type CategoryCard, type CountryCharge, categoryCard, priceByCountry } from '../pricing/index.js';
import { getAppSettings, MESSAGE_RATE_FIELD } from '../settings/index.js';
import { findWallet, insertPendingTransaction, newReference, postLedgerEntry } from '../wallet/index.js';

export type MessageType = 'marketing' | 'utility' | 'authentication';
export type PaymentMethod = 'credit' | 'plan';

export interface Charge {
  /** Per message, in credits (or plan-balance units). Decimal string. */
  rate: string;
  /** recipients x rate: exact, since both factors are exact decimals (4 places at most). */
  cost: string;
  /** The money (NGN) the business actually paid for what this charge used: its referrer's commission base. */
  paidValue: string;
  /** Wallet balance around a credit debit, for the low-credit alert. */
  walletBefore?: string;
  walletAfter?: string;
  /** A charge by the rate card: each country's messages, price and subtotal. */
  byCountry?: CountryCharge[];
}

// The settings' map, narrowed to what a campaign can be (a plan prices the same kinds).
export const RATE_FIELD = {
  marketing: MESSAGE_RATE_FIELD.marketing,
  utility: MESSAGE_RATE_FIELD.utility,
  authentication: MESSAGE_RATE_FIELD.authentication,
} as const satisfies Record<MessageType, PlanRateField>;

/**
 * The rate a charge of `messageType` would take now: the rate card's default (`credit`) or the active plan's
 * (`plan`; null without one). What `chargeCampaign` uses when no rate is fixed, for previews.
 */
export async function currentRate(
  db: Db,
  businessId: string,
  paymentMethod: PaymentMethod,
  messageType: MessageType,
): Promise<string | null> {
  // By credits, the rate card's default for the category (what a retry charges per message).
  if (paymentMethod === 'credit') return (await categoryCard(db, messageType))['*']!;
  const active = await findActiveUserPlan(db, businessId);
  return active ? String(active.plan[RATE_FIELD[messageType]]) : null;
}

/**
 * Bills `recipients` messages of a campaign inside the caller's transaction (docs/api.md "Campaigns and messages"):
 * `credit` at the AppSetting rate from the wallet, `plan` at the active plan's rate from its balance. Throws a 400
 * (changing nothing, since the caller rolls back) when funds are short or no plan is active.
 */
export async function chargeCampaign(
  tx: Db,
  args: {
    businessId: string;
    campaignId: string;
    campaignName: string;
    messageType: MessageType;
    paymentMethod: PaymentMethod;
    recipients: number;
    /** A rate fixed earlier (a late recipient of a published campaign pays what the others paid). */
    rate?: string;
    /**
     * Credits by the rate card (docs/decisions/payments.md "What is a campaign charged?"): the card of the
     * category as at publish, and the messages by recipient country, which `recipients` must total.
     */
    card?: { prices: CategoryCard; byCountry: { country: string | null; messages: number }[] };
    /** A retry's charge (`metadata.retry`): what the refund of a retried message answers. */
    retry?: boolean;
    /**
     * Charge on delivery (credits only): the cost is held (`campaign_hold`: out of the balance, into held)
     * rather than spent; each delivered message settles its price, each final failure releases it.
     */
    hold?: boolean;
  },
): Promise<Charge> {
  const description = `Campaign "${args.campaignName}": ${args.recipients} message${args.recipients === 1 ? '' : 's'}${args.hold && args.paymentMethod === 'credit' ? ', held until delivered' : ''}`;
  if (args.paymentMethod === 'credit') {
    const settings = await getAppSettings(tx);
    const priced = args.card && !args.rate ? priceByCountry(args.card.prices, args.card.byCountry) : null;
    // By the card, `rate` is its default row's (what a message to an unlisted country pays).
    const rate = args.rate ?? (args.card ? args.card.prices['*']! : settings[RATE_FIELD[args.messageType]]);
    const cost = priced ? priced.total : new Decimal(rate).times(args.recipients).toFixed(4);
    const { balance, paidValueDelta } = await postLedgerEntry(tx, {
      businessId: args.businessId,
      kind: args.hold ? 'campaign_hold' : 'campaign_credit_debit',
      status: 'successful',
      amount: cost,
      currency: 'CREDIT',
      credits: cost,
      balanceDelta: new Decimal(cost).negated().toFixed(4),
      ...(args.hold ? { heldDelta: new Decimal(cost).toFixed(4) } : {}),
      campaignId: args.campaignId,
      description,
      metadata: {
        recipients: args.recipients,
        rate,
        messageType: args.messageType,
        ...(priced ? { byCountry: priced.lines } : {}),
        ...(args.retry ? { retry: true } : {}),
      },
    });
    return {
      rate,
      cost,
      ...(priced ? { byCountry: priced.lines } : {}),
      paidValue: new Decimal(paidValueDelta).negated().toFixed(4),
      walletAfter: balance,
      walletBefore: new Decimal(balance).plus(cost).toFixed(4),
    };
  }

  const plan = await debitPlanBalance(tx, {
    businessId: args.businessId,
    rateField: RATE_FIELD[args.messageType],
    units: args.recipients,
    rate: args.rate,
  });
  const { rate, cost } = plan;
  const paidValue = await planPaidValue(tx, args.businessId, plan, cost);
  // The plan balance is not a wallet: the transactions row records the debit with zero wallet deltas.
  await postLedgerEntry(tx, {
    businessId: args.businessId,
    kind: 'campaign_plan_debit',
    status: 'successful',
    amount: cost,
    currency: 'PLAN_CREDIT',
    credits: cost,
    campaignId: args.campaignId,
    planId: plan.planId,
    description,
    metadata: {
      recipients: args.recipients,
      rate: rate.toString(),
      messageType: args.messageType,
      userPlanId: plan.userPlanId,
      planPurchaseId: plan.purchaseId,
      planBalanceAfter: plan.balanceAfter,
      paidValue: paidValue.toFixed(4),
    },
  });
  return { rate: rate.toString(), cost, paidValue: paidValue.toFixed(4) };
}

/**
 * What `cost` units of a plan's balance were paid: the NGN its successful purchase paid, divided pro rata by
 * the units the plan gave (`freeCredit`), rounded down to 4 places. A plan with no successful paid purchase
 * behind it (given by an administrator, or free) was paid nothing.
 */
async function planPaidValue(
  tx: Db,
  businessId: string,
  plan: { freeCredit: number; purchaseId: string | null },
  cost: string,
): Promise<Decimal> {
  if (!plan.purchaseId || plan.freeCredit <= 0) return new Decimal(0);
  const [purchase] = await tx
    .select({ amount: transactions.amount, currency: transactions.currency })
    .from(transactions)
    .where(
      and(
        eq(transactions.id, plan.purchaseId),
        eq(transactions.businessId, businessId),
        eq(transactions.kind, 'plan_purchase'),
        eq(transactions.status, 'successful'),
      ),
    );
  if (purchase?.currency !== 'NGN') return new Decimal(0);
  const value = new Decimal(purchase.amount).times(cost).div(plan.freeCredit);
  return Decimal.min(value, purchase.amount).toDecimalPlaces(4, Decimal.ROUND_DOWN);
}

/**
 * The referrer's commission on a publish (docs/api.md "Business rules"): affiliatePercentage % of the money
 * the business actually paid for the messages (`paidValue`, NGN: bought credits at what they cost, a plan at
 * its price pro rata), rounded down to the kobo, into the referrer wallet's earnings. Credits granted and
 * plans given free were paid nothing and earn nothing. A scheduled campaign's commission (`held`) is only
 * recorded, as a pending row that moves no earnings: the release pays it (`releaseHeldCommissions`), a
 * cancel voids it (`voidHeldCommissions`), so no one can withdraw what a cancel would take back.
 */
export async function creditReferrerCommission(
  tx: Db,
  args: {
    businessId: string;
    referredBy: string | null;
    campaignId: string;
    cost: string;
    paidValue: string;
    /** The campaign waits for its scheduled time (it can still be cancelled): hold the commission. */
    held?: boolean;
  },
): Promise<void> {
  if (!args.referredBy || new Decimal(args.paidValue).lte(0)) return;
  const [referrer] = await tx
    .select({ id: businesses.id, type: businesses.type, percentage: businesses.affiliatePercentage })
    .from(businesses)
    .where(eq(businesses.id, args.referredBy));
  if (referrer?.type !== 'affiliate') return;
  const settings = await getAppSettings(tx);
  const percentage = referrer.percentage ?? settings.affiliatePercentage;
  if (percentage <= 0) return;
  const commission = new Decimal(args.paidValue)
    .times(percentage)
    .div(100)
    .toDecimalPlaces(2, Decimal.ROUND_DOWN);
  if (commission.lte(0)) return;
  const metadata = {
    referredBusinessId: args.businessId,
    credits: args.cost,
    moneyPaid: args.paidValue,
    percentage,
  };
  if (args.held) {
    const wallet = await findWallet(tx, referrer.id);
    if (!wallet) return;
    await insertPendingTransaction(tx, {
      businessId: referrer.id,
      walletId: wallet.id,
      kind: 'affiliate_commission',
      reference: newReference('affiliate_commission'),
      amount: commission.toFixed(2),
      currency: 'NGN',
      campaignId: args.campaignId,
      description: 'Referral commission on a scheduled campaign: pending until it is sent out',
      metadata: { ...metadata, held: true },
    });
    return;
  }
  await postLedgerEntry(tx, {
    businessId: referrer.id,
    kind: 'affiliate_commission',
    status: 'successful',
    amount: commission.toFixed(2),
    currency: 'NGN',
    earningsDelta: commission.toFixed(2),
    campaignId: args.campaignId,
    description: 'Referral commission on a campaign publish',
    metadata,
  });
}

/**
 * Gives back what a campaign's publish charged, when it is cancelled before it went out: the credits to the
 * wallet with the money paid for them (`campaign_refund`, pointing at its debit), or the units to the plan
 * they came from while that purchase is still the active plan (zero wallet deltas, as the debit). A debit is
 * refunded once (the unique index on refunds backs the caller's campaign lock). Returns the refund row's id
 * and the share of the publish's payment given back (0 or 1), or null when there is nothing to refund.
 */
export async function refundCampaignCharge(
  tx: Db,
  args: { businessId: string; campaignId: string; campaignName: string },
): Promise<{ refundId: string; share: Decimal } | null> {
  const [debit] = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.businessId, args.businessId),
        eq(transactions.campaignId, args.campaignId),
        inArray(transactions.kind, ['campaign_credit_debit', 'campaign_plan_debit', 'campaign_hold']),
        eq(transactions.status, 'successful'),
        sql`NOT EXISTS (SELECT 1 FROM transactions r
                        WHERE r.related_transaction_id = ${transactions.id}
                          AND r.kind IN ('campaign_refund', 'campaign_release'))`,
      ),
    )
    .orderBy(desc(transactions.createdAt))
    .limit(1)
    .for('update');
  if (!debit) return null;
  const meta = (debit.metadata ?? {}) as Record<string, unknown>;
  const credits = new Decimal(debit.credits ?? debit.amount);
  const description = `Campaign "${args.campaignName}" cancelled: ${credits.toString()} refunded`;
  if (debit.kind === 'campaign_hold') {
    // Nothing of it was sent: the whole hold goes back to the balance, with the money paid it took.
    const { transaction } = await postLedgerEntry(tx, {
      businessId: args.businessId,
      kind: 'campaign_release',
      status: 'successful',
      amount: credits.toFixed(4),
      currency: 'CREDIT',
      credits: credits.toFixed(4),
      balanceDelta: credits.toFixed(4),
      heldDelta: credits.negated().toFixed(4),
      paidValueDelta: new Decimal(typeof meta.paidValue === 'string' ? meta.paidValue : 0).toFixed(4),
      campaignId: args.campaignId,
      relatedTransactionId: debit.id,
      description: `Campaign "${args.campaignName}" cancelled: ${credits.toString()} held released`,
      metadata: { recipients: meta.recipients, rate: meta.rate, reason: 'cancelled' },
    });
    return { refundId: transaction.id, share: new Decimal(1) };
  }
  if (debit.kind === 'campaign_credit_debit') {
    const { transaction } = await postLedgerEntry(tx, {
      businessId: args.businessId,
      kind: 'campaign_refund',
      status: 'successful',
      amount: credits.toFixed(4),
      currency: 'CREDIT',
      credits: credits.toFixed(4),
      balanceDelta: credits.toFixed(4),
      paidValueDelta: new Decimal(typeof meta.paidValue === 'string' ? meta.paidValue : 0).toFixed(4),
      campaignId: args.campaignId,
      relatedTransactionId: debit.id,
      description,
      metadata: { recipients: meta.recipients, rate: meta.rate },
    });
    return { refundId: transaction.id, share: new Decimal(1) };
  }
  // Plan units go back only to the purchase they came from: a plan bought since replaced that balance.
  const purchaseId = typeof meta.planPurchaseId === 'string' ? meta.planPurchaseId : null;
  const balanceAfter = purchaseId
    ? await restorePlanBalance(tx, args.businessId, purchaseId, credits.toFixed(4))
    : null;
  const { transaction } = await postLedgerEntry(tx, {
    businessId: args.businessId,
    kind: 'campaign_refund',
    status: 'successful',
    amount: balanceAfter !== null ? credits.toFixed(4) : '0',
    currency: 'PLAN_CREDIT',
    credits: balanceAfter !== null ? credits.toFixed(4) : '0',
    campaignId: args.campaignId,
    planId: debit.planId,
    relatedTransactionId: debit.id,
    description:
      balanceAfter !== null ? description : `Campaign "${args.campaignName}" cancelled: plan replaced since`,
    metadata:
      balanceAfter !== null
        ? { planBalanceAfter: balanceAfter }
        : { reason: 'plan_replaced', planPurchaseId: purchaseId },
  });
  return { refundId: transaction.id, share: new Decimal(balanceAfter !== null ? 1 : 0) };
}
