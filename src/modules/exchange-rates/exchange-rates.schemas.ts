import { z } from 'zod';
import { decimalNumber } from '../settings/index.js';
import { isCountryCode } from './countries.js';

export const countryCodeSchema = z
  .string()
  .trim()
  .length(2)
  .transform((v) => v.toUpperCase())
  .refine(isCountryCode, { message: 'Unknown country code' });

export const exchangeRateParams = z.object({ code: z.string().trim().min(1).max(8) });

export const upsertExchangeRateBody = z.object({
  countryCode: countryCodeSchema,
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'Must be a three-letter ISO 4217 code')
    .transform((v) => v.toUpperCase()),
  // numeric(20, 6): more places would be rounded, and a tiny positive rate would round to a refused 0.
  rate: decimalNumber({ places: 6, positive: true }),
});

export const exchangeRateSchema = z.object({
  countryCode: z.string(),
  currency: z.string(),
  rate: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const countrySchema = z.object({ name: z.string(), code: z.string() });
