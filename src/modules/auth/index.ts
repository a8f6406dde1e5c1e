// The auth module's public surface for the accounts it owns: other modules import from here, never from
// its repositories.
export {
  type AccountChanges,
  emailTaken,
  findAccountById,
  lockAccount,
  revokeOtherSessions,
  sessionOpenedSince,
  updateAccount,
  updateAccountIfEmail,
} from './account.repository.js';
export { ABUSE_LIMITS, AbuseLimits, perIpLimit } from './auth.limits.js';
export { FRESH_SIGN_IN_MS } from './auth.service.js';
