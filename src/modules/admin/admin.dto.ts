import { isAdminRole } from '../../platform/auth/principal.js';
import type { AccountRow } from './admin.repository.js';

/** An account as administrators see it: the role is shown here (unlike the user's own profile). */
export function toAdminAccountDto(account: AccountRow, businessId: string | null) {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    whatsappNumber: account.whatsappNumber,
    avatarUrl: account.avatarUrl,
    role: account.role,
    isAdmin: isAdminRole(account.role),
    verified: account.verified,
    deleted: account.deleted,
    deletedAt: account.deletedAt?.toISOString() ?? null,
    businessId,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}
