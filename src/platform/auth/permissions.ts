/**
 * What a member of a business may do: permissions are `resource:action` pairs, each route declares the one it
 * needs (`config.permission`), and the request guard checks it against the caller's role in the business it
 * acts for (`ROLE_PERMISSIONS`). Nothing else decides by a role's name: a role is its set of permissions.
 */
import { MEMBER_ROLES, type MemberRole } from '../../vocabulary/roles.js';
export const PERMISSIONS = [
  'business:read',
  'business:write',
  'business:transfer',
  'business:delete',
  'provider:manage',
  'members:read',
  'members:manage',
  /** The audit log: owner and admin. */
  'audit:read',
  /** Creating, rotating and revoking the business's API keys: owner and admin. */
  'api-keys:manage',
  /** Outgoing webhook endpoints and their delivery log: owner and admin read and manage them. */
  'webhooks:read',
  'webhooks:manage',
  /** Automated answers (rules, business hours, opt-out words): everyone who answers may read them. */
  'automation:read',
  'automation:manage',
  /** The business's own contact fields (definitions, not values: values are `contacts:write`). */
  'contact-fields:manage',
  'contacts:read',
  'contacts:write',
  'contacts:export',
  'templates:read',
  'templates:write',
  'campaigns:read',
  'campaigns:write',
  'campaigns:publish',
  'reports:read',
  'inbox:read',
  /** Every conversation of the business; without it, only the member's own and unassigned ones. */
  'inbox:read-all',
  'inbox:reply',
  'inbox:update',
  /** Assign any conversation to any member who may reply, or unassign it: owner and admin. */
  'inbox:assign',
  'wallet:read',
  'wallet:purchase',
  'uploads:read',
  'uploads:write',
  'notifications:read',
  'settings:manage',
  'support:use',
  'affiliate:read',
  'affiliate:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export { MEMBER_ROLES, type MemberRole };

/**
 * A route that acts only on the caller's own account (profile, password, sign-out, switching business): any
 * signed-in member may call it, whatever their role.
 */
export const OWN_ACCOUNT = 'own-account' as const;
/** What a route declares: the permission it needs in the caller's business, or that it needs none. */
export type RoutePermission = Permission | typeof OWN_ACCOUNT;

const all = new Set<Permission>(PERMISSIONS);
const except = (...left: Permission[]) => new Set(PERMISSIONS.filter((p) => !left.includes(p)));

/** Each role as its permissions: owner everything; admin all but ownership and deleting the business; ... */
export const ROLE_PERMISSIONS: Record<MemberRole, ReadonlySet<Permission>> = {
  owner: all,
  admin: except('business:transfer', 'business:delete'),
  marketer: new Set<Permission>([
    'business:read',
    'contacts:read',
    'contacts:write',
    'contacts:export',
    'templates:read',
    'templates:write',
    'campaigns:read',
    'campaigns:write',
    'campaigns:publish',
    'reports:read',
    'automation:read',
    'automation:manage',
    'wallet:read',
    'uploads:read',
    'uploads:write',
    'notifications:read',
    'support:use',
  ]),
  agent: new Set<Permission>([
    'business:read',
    'inbox:read',
    'inbox:reply',
    'inbox:update',
    'templates:read',
    'automation:read',
    'uploads:read',
    'uploads:write',
    'notifications:read',
    'support:use',
  ]),
  viewer: new Set<Permission>(['business:read', 'campaigns:read', 'reports:read', 'notifications:read']),
};

export function roleCan(role: MemberRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
