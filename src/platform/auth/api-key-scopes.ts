import type { Permission, RoutePermission } from './permissions.js';

/**
 * What an API key may do: `resource:read` / `resource:write` on the parts of the API a program talks to
 * (docs/api.md "API keys"). A key holds scopes, never a role; the map below is the only place that says
 * which scope opens which route permission.
 */
export const API_KEY_RESOURCES = [
  'contacts',
  'campaigns',
  'templates',
  'conversations',
  'reports',
  'webhooks',
] as const;
export const API_KEY_SCOPES = API_KEY_RESOURCES.flatMap((r) => [`${r}:read`, `${r}:write`] as const);
export type ApiKeyScope = `${(typeof API_KEY_RESOURCES)[number]}:${'read' | 'write'}`;

export const isApiKeyScope = (value: unknown): value is ApiKeyScope =>
  typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);

/**
 * The scope a key needs for each route permission; `null`: no key ever calls it (members, keys, money,
 * provider credentials, settings, the business itself, the audit log, affiliate, notifications and support,
 * which are a person's). `reports:write` opens no route yet: it is for the report routes still to come, so a key
 * can be given it now.
 */
export const KEY_SCOPE_OF: Record<Permission, ApiKeyScope | null> = {
  'business:read': null,
  'business:write': null,
  'business:transfer': null,
  'business:delete': null,
  'provider:manage': null,
  'members:read': null,
  'members:manage': null,
  'audit:read': null,
  'api-keys:manage': null,
  'webhooks:read': 'webhooks:read',
  'webhooks:manage': 'webhooks:write',
  'automation:read': null,
  'automation:manage': null,
  'contact-fields:manage': 'contacts:write',
  'contacts:read': 'contacts:read',
  'contacts:export': 'contacts:read',
  'contacts:write': 'contacts:write',
  'templates:read': 'templates:read',
  'templates:write': 'templates:write',
  'campaigns:read': 'campaigns:read',
  'campaigns:write': 'campaigns:write',
  'campaigns:publish': 'campaigns:write',
  'reports:read': 'reports:read',
  'inbox:read': 'conversations:read',
  'inbox:read-all': 'conversations:read',
  'inbox:reply': 'conversations:write',
  'inbox:update': 'conversations:write',
  'inbox:assign': 'conversations:write',
  'wallet:read': null,
  'wallet:purchase': null,
  'uploads:read': 'campaigns:read',
  'uploads:write': 'campaigns:write',
  'notifications:read': null,
  'settings:manage': null,
  'support:use': null,
  'affiliate:read': null,
  'affiliate:manage': null,
};

/** The scope a key needs for a route that declares `permission`; null when no key may call it. */
export function keyScopeFor(permission: RoutePermission | undefined): ApiKeyScope | null {
  if (permission === undefined || permission === 'own-account') return null;
  return KEY_SCOPE_OF[permission];
}
