import { isAdminRole } from '../../platform/auth/principal.js';
import type { AccountWithBusiness } from './account.repository.js';

/**
 * The account as every response shows it (sign-up, sign-in, identity sign-in, profile): never the role,
 * never the password hash; `isAdmin` instead of the role (docs/api.md "Roles and access"), `hasPassword` so a client
 * knows to offer set-password, `businessId` for joining the business's real-time room.
 */
export function toUserDto(a: AccountWithBusiness) {
  return {
    id: a.id,
    name: a.name,
    email: a.email,
    whatsappNumber: a.whatsappNumber,
    avatarUrl: a.avatarUrl,
    isAdmin: isAdminRole(a.role),
    verified: a.verified,
    hasPassword: a.passwordHash !== null,
    deleted: a.deleted,
    deletedAt: a.deletedAt?.toISOString() ?? null,
    businessId: a.businessId,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export type UserDto = ReturnType<typeof toUserDto>;
