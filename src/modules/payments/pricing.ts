import { Decimal } from 'decimal.js';
import type { Db } from '../../platform/db/client.js';
import { BusinessRuleError } from '../../platform/http/errors.js';
import { findExchangeRate } from '../exchange-rates/index.js';
import { getAppSettings } from '../settings/index.js';

/** Payments are charged in naira; the provider takes kobo (1/100). */
export const PAYMENT_CURRENCY = 'NGN';
/** The provider-amount column is a 32-bit integer of kobo: about NGN 21.4 million per payment. */
export const MAX_AMOUNT_MINOR = 2_147_483_647;

export interface NgnPrice {
  /** Naira, two decimals (a whole number of kobo). */
  ngn: Decimal;
  kobo: number;
}

/**
 * USD to NGN through the NG exchange rate. The kobo amount is rounded once, half up, from the exact
 * product; the naira figure shown is that kobo amount, so what a client sees is what the provider charges.
 */
export function usdToNgn(usd: Decimal, usdToNgnRate: Decimal): NgnPrice {
  const kobo = usd.times(usdToNgnRate).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return { ngn: kobo.div(100), kobo: kobo.toNumber() };
}

/** The NG rate (naira per US dollar), or null when an administrator has not configured one. */
export async function ngnRate(db: Db): Promise<Decimal | null> {
  const row = await findExchangeRate(db, 'NG');
  return row ? new Decimal(row.rate) : null;
}

export interface CreditQuote {
  totalCredit: number;
  pricePerCredit: Decimal;
  priceUSD: Decimal;
  usdToNgn: Decimal | null;
  price: NgnPrice | null;
}

/** `priceUSD = totalCredit x pricePerCredit`, then NGN through the NG rate when there is one. */
export async function quoteCredits(db: Db, totalCredit: number): Promise<CreditQuote> {
  const [settings, rate] = await Promise.all([getAppSettings(db), ngnRate(db)]);
  const pricePerCredit = new Decimal(settings.pricePerCredit);
  const priceUSD = pricePerCredit.times(totalCredit);
  return {
    totalCredit,
    pricePerCredit,
    priceUSD,
    usdToNgn: rate,
    price: rate ? usdToNgn(priceUSD, rate) : null,
  };
}

/**
 * What a checkout can charge: needs an NG rate (the provider charges naira), a positive amount and one
 * that fits a single payment. Each refusal is a 400 that says what is wrong.
 */
export function chargeableAmount(price: NgnPrice | null): NgnPrice {
  if (!price)
    throw new BusinessRuleError(
      'Payments are unavailable: no NGN exchange rate (country NG) is configured. Ask an administrator.',
    );
  if (price.kobo < 1) throw new BusinessRuleError('Nothing to pay: the price is zero');
  if (price.kobo > MAX_AMOUNT_MINOR)
    throw new BusinessRuleError('Amount too large for a single payment', {
      maxNGN: new Decimal(MAX_AMOUNT_MINOR).div(100).toNumber(),
    });
  return price;
}
