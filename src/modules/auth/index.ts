// The auth module's public surface for the accounts it owns: other modules import from here, never from
// its inner files.

export { toUserDto } from './account.dto.js';
export {
  type AccountChanges,
  emailTaken,
  findAccountByEmail,
  findAccountById,
  findAccountBySubject,
  lockAccount,
  sessionOpenedSince,
  setAccountRole,
  updateAccount,
  updateAccountIfEmail,
} from './account.repository.js';
export { clearAuthCookie, setAuthCookie } from './auth.cookie.js';
export { ABUSE_LIMITS, AbuseLimits, perIpLimit } from './auth.limits.js';
export { sendInBackground } from './auth.mails.js';
export { authRoutes } from './auth.routes.js';
export {
  emailSchema,
  emptyResponse,
  memberRoleSchema,
  otpCodeSchema,
  passwordSchema,
  sessionResponse,
  userSchema,
} from './auth.schemas.js';
export { FRESH_SIGN_IN_MS } from './auth.service.js';
export { identityProfileFromCode } from './identity-sign-in.service.js';
export { OtpService } from './otp.service.js';
export { insertAccount } from './registration.repository.js';
export {
  openSession,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  rotateRefresh,
} from './sessions.js';
export { bootstrapSuperadmin } from './superadmin-bootstrap.js';
