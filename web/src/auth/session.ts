import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { ApiError } from '../api/errors';
import type { paths } from '../api/schema';

type Json<P extends keyof paths, M extends 'get'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;

export type Profile = Json<'/api/v1/users/profile', 'get'>;
export type Business = Json<'/api/v1/business', 'get'>;
/** A business the account belongs to, its role there and what that role may do (GET /auth/businesses). */
export type Membership = Json<'/api/v1/auth/businesses', 'get'>[number];
/** A `resource:action` a member's role holds (src/platform/auth/permissions.ts, as the API lists it). */
export type Permission = Membership['permissions'][number];
export type MemberRole = Membership['role'];

/** What the console shows depends on these; the API still decides every permission. */
export type Role = 'business' | 'affiliate' | 'admin' | 'superadmin';

export interface Session {
  user: Profile;
  /** The business of a business account (null for administrators). */
  business: Business | null;
  roles: Role[];
  /** The membership this session acts for (null for administrators): its role and permissions. */
  membership: Membership | null;
  /** Every business the account belongs to (the switcher shows itself when there is more than one). */
  memberships: Membership[];
}

/**
 * The signed-in account, or null when the cookie is missing or ended. The profile says `isAdmin`; an
 * administrator's exact role (admin or superadmin) is read from the accounts list, which admins may read.
 * A member's role and permissions in the business it acts for come from its memberships.
 */
async function loadSession(): Promise<Session | null> {
  let user: Profile;
  try {
    user = await unwrap(api.GET('/api/v1/users/profile'));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
  const roles: Role[] = [];
  let business: Business | null = null;
  let memberships: Membership[] = [];
  if (user.isAdmin) {
    const page = await unwrap(
      api.GET('/api/v1/admin/accounts', { params: { query: { search: user.email } } }),
    );
    const me = page.items.find((a) => a.id === user.id);
    roles.push(me?.role === 'superadmin' ? 'superadmin' : 'admin');
  } else if (user.businessId) {
    [business, memberships] = await Promise.all([
      unwrap(api.GET('/api/v1/business')),
      unwrap(api.GET('/api/v1/auth/businesses')),
    ]);
    roles.push('business');
    if (business.type === 'affiliate') roles.push('affiliate');
  }
  const membership = memberships.find((m) => m.current) ?? null;
  return { user, business, roles, membership, memberships };
}

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: loadSession,
  staleTime: 60_000,
});

/** The session inside the signed-in area (the layout route has loaded it before rendering). */
export function useSession(): Session {
  const { data } = useQuery(sessionQuery);
  if (!data) throw new ApiError(401, 'Your session has ended; sign in again');
  return data;
}

export function hasRole(session: Session | null | undefined, roles: readonly Role[]): boolean {
  return !!session && session.roles.some((r) => roles.includes(r));
}

/**
 * Whether the member's role in the business it acts for holds `permission`. Only hides what the role cannot
 * use: the API refuses it anyway. False for administrators (no business membership).
 */
export function can(session: Session | null | undefined, permission: Permission): boolean {
  return !!session?.membership?.permissions.includes(permission);
}

/** `can` for the signed-in session: `const may = useCan(); may('campaigns:write')`. */
export function useCan(): (permission: Permission) => boolean {
  const session = useSession();
  return (permission) => can(session, permission);
}
