import { z } from 'zod';
import { PRICE_CATEGORIES } from '../../platform/db/schema/index.js';
import { pageQuery } from '../../platform/http/pagination.js';
import { decimalNumber, optionalBody } from '../settings/index.js';

const rate = decimalNumber({ places: 4 });
const int32 = z.number().int().min(0).max(2_147_483_647);

export const createPlanBody = z.object({
  name: z.string().trim().min(1).max(200),
  duration: z.number().int().min(1).max(36_500),
  description: z.string().trim().max(2000).optional(),
  marketingRate: rate,
  utilityRate: rate,
  serviceRate: rate,
  authenticationRate: rate,
  freeCredit: int32,
  price: int32,
  /** Seats (members plus pending invitations) of a business on this plan; null or omitted: the default. */
  seats: z.number().int().min(1).max(10_000).nullable().optional(),
  /** The categories the plan pays for; null or omitted: every one. A campaign of another pays by credits. */
  categories: z
    .array(z.enum(PRICE_CATEGORIES))
    .min(1)
    .refine((v) => new Set(v).size === v.length, { message: 'A category is listed twice' })
    .nullable()
    .optional()
    .describe('The message categories the plan pays for (null: every one); others are paid by credits'),
});

/** Any of the create fields; `description: null` clears it; `isActive: true` brings a deactivated plan back. */
export const updatePlanBody = optionalBody(
  createPlanBody.partial().extend({
    description: z.string().trim().max(2000).nullable().optional(),
    isActive: z.boolean().optional(),
  }),
);

export const listPlansQuery = pageQuery.extend({ search: z.string().trim().max(200).optional() });

export type CreatePlanInput = z.output<typeof createPlanBody>;
export type UpdatePlanInput = z.output<typeof updatePlanBody>;

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  duration: z.number().int(),
  description: z.string().nullable(),
  marketingRate: z.number(),
  utilityRate: z.number(),
  serviceRate: z.number(),
  authenticationRate: z.number(),
  freeCredit: z.number().int(),
  price: z.number().int(),
  seats: z.number().int().nullable(),
  categories: z.array(z.enum(PRICE_CATEGORIES)).nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A plan as a business sees it: `price` stays in USD; `localPrice` is in `currency` at `exchangeRate`. */
export const pricedPlanSchema = planSchema.extend({
  currency: z.string(),
  localPrice: z.number(),
  exchangeRate: z.number(),
});

export const userPlanSchema = z.object({
  id: z.string(),
  planId: z.string(),
  freeCredit: z.number().int(),
  balance: z.number(),
  expiredDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  plan: planSchema,
});
