import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';
import { businessVerifiedEnum } from './enums.js';

export const businesses = pgTable(
  'businesses',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .unique()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    companyName: text('company_name'),
    companyLogo: text('company_logo'),
    address: text('address'),
    website: text('website'),
    businessRegistrationNumber: text('business_registration_number'),
    countryCode: text('country_code'),
    industry: text('industry'),
    noOfEmployees: integer('no_of_employees'),
    noOfSubscribers: integer('no_of_subscribers'),
    businessVerified: businessVerifiedEnum('business_verified').notNull().default('pending'),
    verificationReason: text('verification_reason'),
    verificationSubmittedAt: timestamptz('verification_submitted_at'),
    /** `affiliate` marks an affiliate business; every other business is `standard`. */
    type: text('type').notNull().default('standard'),
    affiliatePercentage: integer('affiliate_percentage'),
    referralCode: text('referral_code').unique(),
    referredBy: uuid('referred_by').references((): AnyPgColumn => businesses.id, { onDelete: 'set null' }),
    provider: text('provider'),
    /** Digits only, with country code: the form the gateway's inbound callback uses. */
    wabaNumber: text('waba_number'),
    wabaProviderId: text('waba_provider_id'),
    providerHSMID: text('provider_hsm_id'),
    /** AES-256-GCM envelopes (`v1.<keyId>.<iv>.<tag>.<ciphertext>`), never plaintext. */
    providerHSMPasswordEnc: text('provider_hsm_password_enc'),
    providerDashboardLogin: text('provider_dashboard_login'),
    providerDashboardPasswordEnc: text('provider_dashboard_password_enc'),
    providerTwowayLogin: text('provider_twoway_login'),
    providerTwowayPasswordEnc: text('provider_twoway_password_enc'),
    /** How many members the business may have (pending invitations count); null: the default (docs/api.md). */
    seatLimit: integer('seat_limit'),
    /** Campaigns paid by credits hold their price at publish and spend it per delivered message. */
    chargeOnDelivery: boolean('charge_on_delivery').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('businesses_seat_limit_positive', sql`${t.seatLimit} IS NULL OR ${t.seatLimit} >= 1`),
    check(
      'businesses_affiliate_percentage_range',
      sql`${t.affiliatePercentage} IS NULL OR ${t.affiliatePercentage} BETWEEN 0 AND 100`,
    ),
    check(
      'businesses_referral_code_format',
      sql`${t.referralCode} IS NULL OR ${t.referralCode} ~ '^[A-Z]{10}$'`,
    ),
    uniqueIndex('businesses_waba_number_key').on(t.wabaNumber),
    index('businesses_verified_idx').on(t.businessVerified, t.createdAt.desc().nullsFirst()),
    index('businesses_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('businesses_referred_by_idx').on(t.referredBy),
    // The Cloud webhook names a business by its phone-number id: one Cloud business holds one at a time.
    uniqueIndex('businesses_cloud_phone_number_id_key')
      .on(t.providerHSMID)
      .where(sql`${t.provider} = 'whatsapp-cloud'`),
    index('businesses_company_name_trgm_idx').using('gin', sql`${t.companyName} gin_trgm_ops`),
  ],
);
