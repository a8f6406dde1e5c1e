import { z } from 'zod';
import { countryCodeSchema } from '../exchange-rates/index.js';
import { optionalBody } from '../settings/index.js';

const text = (max = 500) => z.string().trim().max(max).nullable().optional();
/**
 * A link shown to people (website, logo): http(s) only, so `javascript:` or `data:` never reaches a page
 * that renders it as a link. A bare host (`acme.example`) is accepted as it always was.
 */
const webLink = () =>
  text(2048).refine(
    (v) => !v || /^https?:\/\//i.test(v) || !/^[a-z][a-z0-9+.-]*:/i.test(v),
    'Must be an http:// or https:// address',
  );
const count = z.number().int().min(0).max(2_147_483_647).nullable().optional();

/**
 * `PATCH /business`: only these fields; any other key (businessVerified, type, referralCode...) is
 * dropped by the schema, never an error and never written. `null` clears a field.
 */
export const updateBusinessBody = optionalBody(
  z.object({
    companyName: text(200),
    companyLogo: webLink(),
    address: text(),
    website: webLink(),
    businessRegistrationNumber: text(100),
    countryCode: countryCodeSchema.nullable().optional(),
    industry: text(200),
    noOfEmployees: count,
    noOfSubscribers: count,
  }),
);

export type UpdateBusinessInput = z.output<typeof updateBusinessBody>;

// Passwords are taken byte for byte (no trimming): they are someone else's secret, not our input to tidy.
const secret = z.string().min(1).max(512);
const optionalText = z.string().trim().max(256).optional();

/**
 * Optional fields: omitted keeps the stored value, an empty string clears it. `provider: "whatsapp-cloud"`
 * connects through the WhatsApp Cloud API: `wabaProviderId` is then the WhatsApp Business Account id,
 * `providerHSMID` the phone-number id and `providerHSMPassword` the access token; any other value keeps the
 * enterprise gateway.
 */
export const providerCredentialsBody = z.object({
  provider: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .describe('"whatsapp-cloud" for the WhatsApp Cloud API; anything else is the enterprise gateway'),
  wabaNumber: z.string().trim().min(1).max(32),
  providerHSMID: z.string().trim().min(1).max(256),
  providerHSMPassword: secret,
  wabaProviderId: optionalText,
  providerDashboardLogin: optionalText,
  providerDashboardPassword: z.string().max(512).optional(),
  providerTwowayLogin: optionalText,
  providerTwowayPassword: z.string().max(512).optional(),
});

export type ProviderCredentialsInput = z.output<typeof providerCredentialsBody>;

const masked = z.enum(['true', 'false']);

export const businessProfileSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  companyName: z.string().nullable(),
  companyLogo: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  businessRegistrationNumber: z.string().nullable(),
  countryCode: z.string().nullable(),
  industry: z.string().nullable(),
  noOfEmployees: z.number().int().nullable(),
  noOfSubscribers: z.number().int().nullable(),
  businessVerified: z.enum(['pending', 'accepted', 'rejected']),
  verificationReason: z.string().nullable(),
  verificationSubmittedAt: z.string().nullable(),
  type: z.string(),
  affiliatePercentage: z.number().int().nullable(),
  referralCode: z.string().nullable(),
  referredBy: z.string().nullable(),
  provider: z.string().nullable(),
  wabaNumber: z.string().nullable(),
  wabaProviderId: z.string().nullable(),
  providerHSMID: z.string().nullable(),
  providerHSMPassword: masked,
  providerDashboardLogin: z.string().nullable(),
  providerDashboardPassword: masked,
  providerTwowayLogin: z.string().nullable(),
  providerTwowayPassword: masked,
  chargeOnDelivery: z
    .boolean()
    .describe(
      'Campaigns paid by credits hold their price at publish and are charged per delivered message (PUT /business/charging)',
    ),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const providerCheckSchema = z.object({
  provider: z.enum(['gateway', 'whatsapp-cloud']),
  checked: z.boolean().describe('Whether the provider itself was asked (the Cloud API only)'),
  displayPhoneNumber: z.string().nullable(),
  verifiedName: z.string().nullable(),
  qualityRating: z.string().nullable().describe('GREEN, YELLOW, RED or UNKNOWN'),
});

/** `PUT /business/charging`: when campaigns paid by credits are charged. */
export const chargingBody = z
  .object({
    chargeOnDelivery: z
      .boolean()
      .describe(
        'true: hold at publish, charge each delivered message, release the rest; false: charge at publish',
      ),
  })
  .strict();
export type ChargingInput = z.output<typeof chargingBody>;
