import { z } from 'zod';
import { pageQuery, pageSchema, queryBoolean } from '../../platform/http/pagination.js';
import { businessProfileSchema } from '../business/index.js';
import { userPlanSchema } from '../plans/index.js';
import { decimalNumber, optionalBody } from '../settings/index.js';
import { walletSchema } from '../wallet/index.js';

const search = z.string().trim().max(200).optional();

export const listBusinessesQuery = pageQuery.extend({
  search,
  verified: z.enum(['pending', 'accepted', 'rejected']).optional(),
  submitted: queryBoolean
    .optional()
    .describe('`true`: only businesses that have asked for verification; `false`: only those that have not'),
  sort: z
    .enum(['newest', 'waiting'])
    .default('newest')
    .describe(
      '`newest` (default): newest business first. `waiting`: the verification queue order, the longest-waiting submission first (never-submitted businesses last)',
    ),
});

export const verifyBusinessBody = z.object({
  status: z.enum(['accepted', 'rejected']),
  reason: z.string().trim().max(1000).optional(),
});

/** Without a body (or a percentage) the promotion uses the AppSetting `affiliatePercentage` (10 by default). */
export const promoteAffiliateBody = optionalBody(
  z.object({ affiliatePercentage: z.number().int().min(0).max(100).optional() }),
);

export const listAccountsQuery = pageQuery.extend({
  search,
  role: z.enum(['superadmin', 'admin', 'business', 'user']).optional(),
});

/** `superadmin` cannot be granted through the API: the only superadmins are bootstrapped ones. */
export const changeRoleBody = z.object({ role: z.enum(['admin', 'business', 'user']) });

const rate = decimalNumber({ places: 4 });

export const saveSettingsBody = optionalBody(
  z.object({
    marketingRate: rate.optional(),
    utilityRate: rate.optional(),
    serviceRate: rate.optional(),
    authenticationRate: rate.optional(),
    pricePerCredit: decimalNumber({ places: 6, positive: true }).optional(),
    lowCreditThreshold: decimalNumber({ places: 4 }).optional(),
    affiliatePercentage: z.number().int().min(0).max(100).optional(),
    refundUnbilledMessages: z
      .boolean()
      .optional()
      .describe(
        'Give back the charge of a message the Cloud API reports it did not bill (`pricing.billable: false`)',
      ),
    freeServiceAllowance: z
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .optional()
      .describe(
        'Service replies each business sends free per calendar month (UTC) before the rate card prices them',
      ),
    billWindowReplies: z
      .boolean()
      .optional()
      .describe('Whether replies inside the 24-hour customer-service window are billed at all'),
  }),
);

export type SaveSettingsInput = z.output<typeof saveSettingsBody>;

export const appSettingsSchema = z.object({
  marketingRate: z.number(),
  utilityRate: z.number(),
  serviceRate: z.number(),
  authenticationRate: z.number(),
  pricePerCredit: z.number(),
  lowCreditThreshold: z.number(),
  affiliatePercentage: z.number().int(),
  refundUnbilledMessages: z
    .boolean()
    .describe('A message the Cloud API did not bill gives back its charge (default true)'),
  freeServiceAllowance: z.number().int().describe('Free service replies per business per month (default 0)'),
  billWindowReplies: z.boolean().describe('Replies inside the window are billed (default true)'),
});

export const adminAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  whatsappNumber: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: z.enum(['superadmin', 'admin', 'business', 'user']),
  isAdmin: z.boolean(),
  verified: z.boolean(),
  deleted: z.boolean(),
  deletedAt: z.string().nullable(),
  businessId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A row of `GET /admin/businesses`: the profile and just enough of its owner to recognise it. */
export const adminBusinessListSchema = pageSchema(
  businessProfileSchema.extend({
    account: z.object({ id: z.string(), name: z.string(), email: z.string(), verified: z.boolean() }),
  }),
);

export const adminBusinessDetailSchema = businessProfileSchema.extend({
  account: adminAccountSchema,
  wallet: walletSchema.nullable(),
  userPlan: userPlanSchema.nullable(),
  campaignCount: z.number().int(),
  contactCount: z.number().int(),
});
