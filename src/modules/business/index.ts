// The business module's public surface: other modules import from here, never from its inner files.

export { toBusinessProfile } from './business.dto.js';
export { type BusinessRow, createBusiness, decideVerification } from './business.repository.js';
export { businessRoutes } from './business.routes.js';
export { businessProfileSchema } from './business.schemas.js';
export { newBusinessesByDay } from './business-activity.js';
export {
  DEFAULT_SEAT_LIMIT,
  deleteMember,
  insertMember,
  listMembers,
  lockMembers,
  lockMembership,
  type MemberRow,
  type Membership,
  membershipsOf,
  roleIn,
  seatLimitOf,
  setAvailability,
  setSeatLimit,
  updateMemberRole,
} from './business-members.js';
export {
  businessesOfCloudAccount,
  businessOfCloudNumber,
  CLOUD_PROVIDER,
  type CloudAccount,
  cloudAccountOf,
  cloudBusinessIds,
  type ProviderKind,
  providerKind,
  providerOfBusiness,
} from './cloud-account.js';
export {
  CredentialsUnreadableError,
  credentialsForSending,
  resealMessagingCredentials,
  twowayCredentialsForSending,
} from './messaging-credentials.js';
export { assignReferralCode } from './referral-codes.js';
export { clearUnprovedSignUp } from './unproved-sign-up.js';
export { releaseWabaNumber, wabaNumberHistory } from './waba-number-claims.js';
