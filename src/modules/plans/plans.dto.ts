import { Decimal } from 'decimal.js';
import type { PRICE_CATEGORIES } from '../../platform/db/schema/index.js';
import type { ExchangeRateRow } from '../exchange-rates/index.js';
import type { PlanRow, UserPlanRow } from './plans.repository.js';

type PriceCategory = (typeof PRICE_CATEGORIES)[number];

export function toPlanDto(row: PlanRow) {
  return {
    id: row.id,
    name: row.name,
    duration: row.duration,
    description: row.description,
    marketingRate: Number(row.marketingRate),
    utilityRate: Number(row.utilityRate),
    serviceRate: Number(row.serviceRate),
    authenticationRate: Number(row.authenticationRate),
    freeCredit: row.freeCredit,
    price: row.price,
    seats: row.seats,
    categories: (row.categories as PriceCategory[] | null) ?? null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * `price` stays the USD price (docs/api.md "Basics"; what the plan-link charges from); the local price sits beside it,
 * rounded to the currency's cents. Without a rate for the business's country the local price is the USD one.
 */
export function toPricedPlanDto(row: PlanRow, rate: ExchangeRateRow | null) {
  const exchangeRate = rate ? new Decimal(rate.rate) : new Decimal(1);
  return {
    ...toPlanDto(row),
    currency: rate?.currency ?? 'USD',
    localPrice: new Decimal(row.price).times(exchangeRate).toDecimalPlaces(2).toNumber(),
    exchangeRate: exchangeRate.toNumber(),
  };
}

export function toUserPlanDto({ userPlan, plan }: { userPlan: UserPlanRow; plan: PlanRow }) {
  return {
    id: userPlan.id,
    planId: userPlan.planId,
    freeCredit: userPlan.freeCredit,
    balance: Number(userPlan.balance),
    expiredDate: userPlan.expiredDate.toISOString(),
    createdAt: userPlan.createdAt.toISOString(),
    updatedAt: userPlan.updatedAt.toISOString(),
    plan: toPlanDto(plan),
  };
}

/** Whether `plan` pays for messages of `category` (no list: every category). */
export function planCovers(plan: { categories: string[] | null }, category: string): boolean {
  return plan.categories === null || plan.categories.includes(category);
}
