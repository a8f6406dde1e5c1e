// The business module's public surface: other modules import from here, never from its repository.
export type { BusinessRow } from './business.repository.js';
export { newBusinessesByDay } from './business-activity.js';
export { CredentialsUnreadableError, resealMessagingCredentials } from './messaging-credentials.js';
export { clearUnprovedSignUp } from './unproved-sign-up.js';
export { releaseWabaNumber, wabaNumberHistory } from './waba-number-claims.js';
