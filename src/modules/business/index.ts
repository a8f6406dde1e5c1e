// The business module's public surface: other modules import from here, never from its repository.
export type { BusinessRow } from './business.repository.js';
export { newBusinessesByDay } from './business-activity.js';
export {
  businessesOfCloudNumber,
  CLOUD_PROVIDER,
  type CloudAccount,
  cloudAccountOf,
  type ProviderKind,
  providerKind,
  providerOfBusiness,
} from './cloud-account.js';
export {
  CredentialsUnreadableError,
  credentialsForSending,
  resealMessagingCredentials,
} from './messaging-credentials.js';
export { clearUnprovedSignUp } from './unproved-sign-up.js';
export { releaseWabaNumber, wabaNumberHistory } from './waba-number-claims.js';
