import { Decimal } from 'decimal.js';
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { businesses, plans, userPlans } from '../../platform/db/schema/index.js';
import { BusinessRuleError } from '../../platform/http/errors.js';
import { findExchangeRate } from '../exchange-rates/index.js';
import { getAppSettings } from '../settings/index.js';
import { InsufficientFundsError, postLedgerEntry } from '../wallet/ledger.js';

export type MessageType = 'marketing' | 'utility' | 'authentication';
export type PaymentMethod = 'credit' | 'plan';

export interface Charge {
  /** Per message, in credits (or plan-balance units). Decimal string. */
  rate: string;
  /** recipients x rate: exact, since both factors are exact decimals (4 places at most). */
  cost: string;
  /** Wallet balance around a credit debit, for the low-credit alert. */
  walletBefore?: string;
  walletAfter?: string;
}

const RATE_FIELD = {
  marketing: 'marketingRate',
  utility: 'utilityRate',
  authentication: 'authenticationRate',
} as const satisfies Record<MessageType, string>;

/**
 * Bills `recipients` messages of a campaign inside the caller's transaction (CONVENTIONS.md): `credit`
 * at the AppSetting rate from the wallet, `plan` at the active plan's rate from its balance. Throws a
 * 400 (changing nothing, since the caller rolls back) when funds are short or no plan is active.
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
  },
): Promise<Charge> {
  const description = `Campaign "${args.campaignName}": ${args.recipients} message${args.recipients === 1 ? '' : 's'}`;
  if (args.paymentMethod === 'credit') {
    const settings = await getAppSettings(tx);
    const rate = args.rate ?? settings[RATE_FIELD[args.messageType]];
    const cost = new Decimal(rate).times(args.recipients).toFixed(4);
    const { balance } = await postLedgerEntry(tx, {
      businessId: args.businessId,
      kind: 'campaign_credit_debit',
      status: 'successful',
      amount: cost,
      currency: 'CREDIT',
      credits: cost,
      balanceDelta: new Decimal(cost).negated().toFixed(4),
      campaignId: args.campaignId,
      description,
      metadata: { recipients: args.recipients, rate, messageType: args.messageType },
    });
    return { rate, cost, walletAfter: balance, walletBefore: new Decimal(balance).plus(cost).toFixed(4) };
  }

  const [plan] = await tx
    .select({
      userPlanId: userPlans.id,
      planId: userPlans.planId,
      rate: plans[RATE_FIELD[args.messageType]],
    })
    .from(userPlans)
    .innerJoin(plans, eq(plans.id, userPlans.planId))
    .where(and(eq(userPlans.businessId, args.businessId), gt(userPlans.expiredDate, sql`now()`)))
    .for('update', { of: userPlans });
  if (!plan) throw new BusinessRuleError('No active plan: buy a plan or pay with credits');
  const rate = new Decimal(args.rate ?? plan.rate);
  const cost = rate.times(args.recipients).toFixed(4);
  const [debited] = await tx
    .update(userPlans)
    .set({ balance: sql`${userPlans.balance} - ${cost}::numeric`, updatedAt: new Date() })
    .where(and(eq(userPlans.id, plan.userPlanId), gte(userPlans.balance, cost)))
    .returning({ balance: userPlans.balance });
  if (!debited) throw new InsufficientFundsError('Insufficient plan balance');
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
      planBalanceAfter: debited.balance,
    },
  });
  return { rate: rate.toString(), cost };
}

/**
 * The referrer's commission on a publish (CONVENTIONS.md): affiliatePercentage % of credits x
 * pricePerCredit x the NG exchange rate, in NGN, rounded down to the kobo, into the referrer wallet's
 * earnings. Without an NG rate the commission cannot be valued: a pending zero-delta row records what is
 * owed (in USD) so it is not silently lost, and nothing is credited.
 */
export async function creditReferrerCommission(
  tx: Db,
  logger: Logger,
  args: { businessId: string; referredBy: string | null; campaignId: string; cost: string },
): Promise<void> {
  if (!args.referredBy || new Decimal(args.cost).isZero()) return;
  const [referrer] = await tx
    .select({ id: businesses.id, type: businesses.type, percentage: businesses.affiliatePercentage })
    .from(businesses)
    .where(eq(businesses.id, args.referredBy));
  if (referrer?.type !== 'affiliate') return;
  const settings = await getAppSettings(tx);
  const percentage = referrer.percentage ?? settings.affiliatePercentage;
  if (percentage <= 0) return;
  const usdValue = new Decimal(args.cost).times(settings.pricePerCredit);
  const share = new Decimal(percentage).div(100);
  const metadata = {
    referredBusinessId: args.businessId,
    credits: args.cost,
    pricePerCredit: settings.pricePerCredit,
    percentage,
  };
  const ng = await findExchangeRate(tx, 'NG');
  if (!ng) {
    logger.warn(
      { campaignId: args.campaignId },
      'affiliate commission pending: no NG exchange rate configured',
    );
    await postLedgerEntry(tx, {
      businessId: referrer.id,
      kind: 'affiliate_commission',
      status: 'pending',
      amount: usdValue.times(share).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4),
      currency: 'USD',
      campaignId: args.campaignId,
      description: 'Referral commission awaiting an NGN exchange rate',
      metadata: { ...metadata, reason: 'no_ng_exchange_rate' },
    });
    return;
  }
  const commission = usdValue.times(ng.rate).times(share).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  if (commission.lte(0)) return;
  await postLedgerEntry(tx, {
    businessId: referrer.id,
    kind: 'affiliate_commission',
    status: 'successful',
    amount: commission.toFixed(2),
    currency: 'NGN',
    earningsDelta: commission.toFixed(2),
    campaignId: args.campaignId,
    description: 'Referral commission on a campaign publish',
    metadata: { ...metadata, exchangeRate: ng.rate },
  });
}
