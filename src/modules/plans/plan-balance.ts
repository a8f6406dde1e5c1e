import { Decimal } from 'decimal.js';
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { plans, userPlans } from '../../platform/db/schema/index.js';
import { BusinessRuleError } from '../../platform/http/errors.js';
import { InsufficientFundsError } from '../wallet/index.js';
import type { UserPlanRow } from './plans.repository.js';

/**
 * The plan-balance ledger: every statement that writes `user_plans` is in this file. A business's plan is
 * given by a settled purchase (`activatePlan`), spent by campaigns (`debitPlanBalance`) and given back by a
 * cancelled campaign (`restorePlanBalance`), each inside the caller's transaction.
 */

/** The per-message rates a plan carries, one per message type. */
export type PlanRateField = 'marketingRate' | 'utilityRate' | 'authenticationRate';

/** Gives a business its plan; an existing plan is replaced (one active plan per business). */
export async function activatePlan(
  tx: Db,
  plan: { businessId: string; planId: string; freeCredit: number; expiredDate: Date; transactionId: string },
): Promise<UserPlanRow> {
  const values = { ...plan, balance: String(plan.freeCredit) };
  const [row] = await tx
    .insert(userPlans)
    .values(values)
    .onConflictDoUpdate({ target: userPlans.businessId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

export interface PlanDebit {
  userPlanId: string;
  planId: string;
  /** The rate charged per unit (the plan's, or the one the caller fixed). */
  rate: Decimal;
  /** `units` x rate, 4 places. */
  cost: string;
  balanceAfter: string;
  /** What the plan gave when bought, and the purchase behind it: the base of the paid value. */
  freeCredit: number;
  purchaseId: string | null;
}

/**
 * Takes `units` messages at the active plan's rate (or `rate`, fixed earlier) from its balance, under the
 * plan row's lock. Throws a BusinessRuleError when no plan is active and InsufficientFundsError when the
 * balance is short; the caller's transaction rolls back either way.
 */
export async function debitPlanBalance(
  tx: Db,
  args: { businessId: string; rateField: PlanRateField; units: number; rate?: string },
): Promise<PlanDebit> {
  const [plan] = await tx
    .select({
      userPlanId: userPlans.id,
      planId: userPlans.planId,
      rate: plans[args.rateField],
      freeCredit: userPlans.freeCredit,
      purchaseId: userPlans.transactionId,
    })
    .from(userPlans)
    .innerJoin(plans, eq(plans.id, userPlans.planId))
    .where(and(eq(userPlans.businessId, args.businessId), gt(userPlans.expiredDate, sql`now()`)))
    .for('update', { of: userPlans });
  if (!plan) throw new BusinessRuleError('No active plan: buy a plan or pay with credits');
  const rate = new Decimal(args.rate ?? plan.rate);
  const cost = rate.times(args.units).toFixed(4);
  const [debited] = await tx
    .update(userPlans)
    .set({ balance: sql`${userPlans.balance} - ${cost}::numeric`, updatedAt: new Date() })
    .where(and(eq(userPlans.id, plan.userPlanId), gte(userPlans.balance, cost)))
    .returning({ balance: userPlans.balance });
  if (!debited) throw new InsufficientFundsError('Insufficient plan balance');
  return {
    userPlanId: plan.userPlanId,
    planId: plan.planId,
    rate,
    cost,
    balanceAfter: debited.balance,
    freeCredit: plan.freeCredit,
    purchaseId: plan.purchaseId,
  };
}

/**
 * Gives `units` back to the plan bought by `purchaseId`, while that purchase is still the business's plan
 * (a plan bought since replaced that balance). The balance after, or null when nothing was given back.
 */
/**
 * Takes back `units` that `restorePlanBalance` gave to the purchase `purchaseId` (a refunded message that was
 * delivered after all), while that purchase is still the business's plan. Returns the balance after, or null
 * when that plan was replaced since (the units went with it); InsufficientFundsError when the balance is short.
 */
export async function takePlanBalance(
  tx: Db,
  businessId: string,
  purchaseId: string,
  units: string,
): Promise<string | null> {
  const [plan] = await tx
    .select({ id: userPlans.id })
    .from(userPlans)
    .where(and(eq(userPlans.businessId, businessId), eq(userPlans.transactionId, purchaseId)))
    .for('update');
  if (!plan) return null;
  const [taken] = await tx
    .update(userPlans)
    .set({ balance: sql`${userPlans.balance} - ${units}::numeric`, updatedAt: new Date() })
    .where(and(eq(userPlans.id, plan.id), gte(userPlans.balance, units)))
    .returning({ balance: userPlans.balance });
  if (!taken) throw new InsufficientFundsError('Insufficient plan balance');
  return taken.balance;
}

export async function restorePlanBalance(
  tx: Db,
  businessId: string,
  purchaseId: string,
  units: string,
): Promise<string | null> {
  const [restored] = await tx
    .update(userPlans)
    .set({ balance: sql`${userPlans.balance} + ${units}::numeric`, updatedAt: new Date() })
    .where(and(eq(userPlans.businessId, businessId), eq(userPlans.transactionId, purchaseId)))
    .returning({ balance: userPlans.balance });
  return restored?.balance ?? null;
}
