import { z } from 'zod';
import { transactionKindEnum, transactionStatusEnum } from '../../platform/db/schema/enums.js';
import { pageQuery, queryBoolean } from '../../platform/http/pagination.js';

/** One purchase: at least one credit, at most ten million (far beyond one payment's ceiling anyway). */
const MAX_CREDITS = 10_000_000;

export const creditPricingQuery = z.object({
  totalCredit: z.coerce.number().int().min(1).max(MAX_CREDITS),
});

export const creditLinkBody = z.object({
  totalCredit: z.number().int().min(1).max(MAX_CREDITS),
});

export const planLinkBody = z.object({
  planId: z.uuid(),
});

export const verifyBody = z.object({
  reference: z.string().trim().min(1).max(100),
});

export const transactionsQuery = pageQuery;

export const creditPricingSchema = z.object({
  totalCredit: z.number().int(),
  priceUSD: z.number(),
  priceNGN: z.number().nullable(),
  currency: z.literal('NGN'),
  rates: z.object({ pricePerCredit: z.number(), usdToNgn: z.number().nullable() }),
});

export const checkoutSchema = z.object({
  authorization_url: z.string(),
  access_code: z.string(),
  reference: z.string(),
  transactionId: z.string(),
  amount: z.number(),
  currency: z.literal('NGN'),
  priceUSD: z.number(),
  rates: z.object({ usdToNgn: z.number() }),
});

export const transactionSchema = z.object({
  id: z.string(),
  reference: z.string(),
  kind: z.string(),
  status: z.enum(['pending', 'successful', 'failed', 'reversed']),
  amount: z.number(),
  currency: z.string(),
  credits: z.number().nullable(),
  balanceDelta: z.number(),
  earningsDelta: z.number(),
  description: z.string().nullable(),
  planId: z.string().nullable(),
  campaignId: z.string().nullable(),
  bankAccountId: z.string().nullable(),
  relatedTransactionId: z.string().nullable(),
  flagged: z.boolean(),
  flagReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** `GET /admin/transactions`: every business's transactions, for review (`flagged=true`). */
export const adminTransactionsQuery = pageQuery.extend({
  flagged: queryBoolean.optional(),
  kind: z.enum(transactionKindEnum.enumValues).optional(),
  status: z.enum(transactionStatusEnum.enumValues).optional(),
  businessId: z.uuid().optional(),
  from: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('Created at or after this instant (ISO 8601, e.g. the start of a day in the reader’s zone)'),
  to: z.iso.datetime({ offset: true }).optional().describe('Created before this instant (ISO 8601)'),
});

export type AdminTransactionsQuery = z.output<typeof adminTransactionsQuery>;

export const adminTransactionSchema = transactionSchema.extend({
  businessId: z.string(),
  companyName: z.string().nullable(),
});
