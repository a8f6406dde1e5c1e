import { API_KEY_RESOURCES, type ApiKeyResource } from '../../api/model';
import type { ApiKey } from '../../api/queries/api-keys';
import { stateBadge } from '../../ui/badges';

export type Scope = `${ApiKeyResource}:${'read' | 'write'}`;
export const SCOPE_RESOURCES = API_KEY_RESOURCES;

/** What the console calls each resource a key may be given. */
export const RESOURCE_LABELS: Record<ApiKeyResource, string> = {
  contacts: 'Contacts',
  campaigns: 'Campaigns',
  templates: 'Templates',
  conversations: 'Conversations',
  reports: 'Reports',
  webhooks: 'Webhooks',
};

/** "Contacts: read, write · Reports: read": a key's scopes grouped by resource, in the resources' order. */
export function scopesInWords(scopes: readonly string[]): string {
  return SCOPE_RESOURCES.flatMap((r) => {
    const access = (['read', 'write'] as const).filter((a) => scopes.includes(`${r}:${a}`));
    return access.length ? [`${RESOURCE_LABELS[r]}: ${access.join(', ')}`] : [];
  }).join(' · ');
}

export type KeyState = 'active' | 'rotating' | 'revoked' | 'expired';

/**
 * A key's state in one word: revoked and expired keys are refused; a rotating one still accepts the secret it
 * replaced until `previousValidUntil`, and cannot be rotated again before then (the API answers 409).
 */
export function keyState(key: Pick<ApiKey, 'revokedAt' | 'expiresAt' | 'previousValidUntil'>): KeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= Date.now()) return 'expired';
  if (key.previousValidUntil && new Date(key.previousValidUntil).getTime() > Date.now()) return 'rotating';
  return 'active';
}

export const KeyStateBadge = stateBadge<KeyState>(
  { active: 'green', rotating: 'yellow', revoked: 'gray', expired: 'gray' },
  { active: 'Active', rotating: 'Rotating', revoked: 'Revoked', expired: 'Expired' },
);
