import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { pageQuery } from '../../platform/http/pagination.js';

/** A NUBAN: the ten-digit Nigerian account number the provider resolves and pays to. */
const accountNumber = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'Must be a 10-digit account number');
const bankCode = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z]{2,12}$/, "Must be the payment provider's bank code");

export const referralsQuery = pageQuery;
export const affiliateTransactionsQuery = pageQuery;

export const verifyBankAccountQuery = z.object({ accountNumber, bankCode });

export const createBankAccountBody = z.object({
  bankName: z.string().trim().min(1).max(120),
  accountName: z.string().trim().min(1).max(200),
  accountNumber,
  code: bankCode,
});

export const withdrawBody = z.object({
  bankAccountId: z.uuid(),
  amount: z
    .number()
    .positive()
    .max(10_000_000)
    .refine((v) => new Decimal(String(v)).decimalPlaces() <= 2, {
      message: 'At most two decimal places (kobo)',
    }),
});

export const earningsSchema = z.object({
  balance: z.number(),
  totalEarned: z.number(),
  totalWithdrawn: z.number(),
});

export const bankAccountSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  code: z.string(),
  createdAt: z.string(),
});

export const resolvedAccountSchema = z.object({
  accountNumber: z.string(),
  accountName: z.string(),
  bankCode: z.string(),
  bankName: z.string().nullable(),
});

export const referralSchema = z.object({
  id: z.string(),
  companyName: z.string().nullable(),
  name: z.string(),
  countryCode: z.string().nullable(),
  businessVerified: z.string(),
  createdAt: z.string(),
});

export const bankSchema = z.object({ name: z.string(), code: z.string() });
