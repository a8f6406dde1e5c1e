import { type ApiKeyScope, isApiKeyScope } from '../../platform/auth/api-key-scopes.js';
import { type AuthContext, isAdminRole } from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import { hashKey, prefixOf, sameHash } from './api-key-secret.js';
import { findKeyForAuth, touchApiKey } from './api-keys.repository.js';

/**
 * The caller an API key stands for, or null (unknown, tampered, expired, revoked, or an old secret past its
 * rotation overlap): the guard answers 401 "Invalid API key" without saying which. The caller acts for the
 * key's business as its owner's account (who acted is recorded as the owner), without a member role: its
 * scopes decide (`enforceKeyScope`).
 */
export async function resolveApiKey(db: Db, token: string): Promise<AuthContext | null> {
  const prefix = prefixOf(token);
  if (!prefix) return null;
  const row = await findKeyForAuth(db, prefix);
  if (!row) return null;
  const { key, now } = row;
  if (key.revokedAt || (key.expiresAt && key.expiresAt <= now)) return null;
  const hash = hashKey(token);
  const current = sameHash(hash, key.secretHash);
  const previous =
    key.previousSecretHash !== null &&
    key.previousValidUntil !== null &&
    key.previousValidUntil > now &&
    sameHash(hash, key.previousSecretHash);
  if (!current && !previous) return null;
  await touchApiKey(db, key.id);
  return {
    accountId: row.ownerId,
    // No session: the key's id stands in, so nothing that ends sessions ever finds it.
    sessionId: key.id,
    email: row.ownerEmail,
    // A key is never a platform administrator, even when the business's owner is one.
    role: isAdminRole(row.ownerRole) ? 'business' : row.ownerRole,
    verified: row.ownerVerified,
    businessId: key.businessId,
    memberRole: null,
    businessVerified: row.businessVerified,
    businessType: row.businessType,
    businessCountryCode: row.businessCountryCode,
    apiKey: { id: key.id, name: key.name, scopes: key.scopes.filter(isApiKeyScope) as ApiKeyScope[] },
  };
}
