import type { BusinessRow } from './business.repository.js';

/** docs/api.md "Business rules": a stored password is shown as the string `true`, a missing one as `false`. */
const mask = (sealed: string | null): 'true' | 'false' => (sealed ? 'true' : 'false');

/**
 * The business as every response shows it. Fields are listed one by one, never spread from the row, so a
 * sealed column can never reach a client, whatever columns the table gains later.
 */
export function toBusinessProfile(row: BusinessRow) {
  return {
    id: row.id,
    accountId: row.accountId,
    companyName: row.companyName,
    companyLogo: row.companyLogo,
    address: row.address,
    website: row.website,
    businessRegistrationNumber: row.businessRegistrationNumber,
    countryCode: row.countryCode,
    industry: row.industry,
    noOfEmployees: row.noOfEmployees,
    noOfSubscribers: row.noOfSubscribers,
    businessVerified: row.businessVerified,
    verificationReason: row.verificationReason,
    verificationSubmittedAt: row.verificationSubmittedAt?.toISOString() ?? null,
    type: row.type,
    affiliatePercentage: row.affiliatePercentage,
    referralCode: row.referralCode,
    referredBy: row.referredBy,
    provider: row.provider,
    wabaNumber: row.wabaNumber,
    wabaProviderId: row.wabaProviderId,
    providerHSMID: row.providerHSMID,
    providerHSMPassword: mask(row.providerHSMPasswordEnc),
    providerDashboardLogin: row.providerDashboardLogin,
    providerDashboardPassword: mask(row.providerDashboardPasswordEnc),
    providerTwowayLogin: row.providerTwowayLogin,
    providerTwowayPassword: mask(row.providerTwowayPasswordEnc),
    chargeOnDelivery: row.chargeOnDelivery,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type BusinessProfile = ReturnType<typeof toBusinessProfile>;
