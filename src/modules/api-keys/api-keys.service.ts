import type { AppDeps } from '../../deps.js';
import type { ApiKeyScope } from '../../platform/auth/api-key-scopes.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { NotFoundError, StateConflictError, ValidationError } from '../../platform/http/errors.js';
import { recordAudit } from '../audit/index.js';
import { hashKey, newKey, newPrefix } from './api-key-secret.js';
import {
  type ApiKeyRow,
  insertApiKey,
  listApiKeys,
  lockApiKey,
  revokeApiKey,
  rotateApiKey,
} from './api-keys.repository.js';

const API_KEY = 'API key';
const actorOf = (auth: AuthContext) => ({ accountId: auth.accountId, email: auth.email });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toApiKeyDto(row: ApiKeyRow) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    revokedAt: iso(row.revokedAt),
    previousValidUntil:
      row.previousValidUntil && row.previousValidUntil > new Date()
        ? row.previousValidUntil.toISOString()
        : null,
  };
}

/** A business's API keys (docs/api.md "API keys"): the whole key is returned once, when made or rotated. */
export class ApiKeysService {
  constructor(private readonly deps: Pick<AppDeps, 'db'>) {}

  async list(auth: AuthContext) {
    return (await listApiKeys(this.deps.db, businessOf(auth))).map(toApiKeyDto);
  }

  async create(auth: AuthContext, input: { name: string; scopes: ApiKeyScope[]; expiresAt?: string }) {
    const businessId = businessOf(auth);
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt <= new Date())
      throw new ValidationError('The expiry must be in the future', [
        { path: 'expiresAt', message: 'Must be in the future' },
      ]);
    const scopes = [...new Set(input.scopes)];
    // A prefix collision (one in 62^10) is retried rather than surfaced.
    for (let attempt = 0; ; attempt++) {
      const prefix = newPrefix();
      const key = newKey(prefix);
      try {
        const row = await this.deps.db.transaction(async (tx) => {
          const created = await insertApiKey(tx, {
            businessId,
            name: input.name,
            prefix,
            secretHash: hashKey(key),
            scopes,
            expiresAt,
            createdBy: auth.accountId,
          });
          await recordAudit(tx, {
            businessId,
            actor: actorOf(auth),
            action: 'api_key.created',
            target: { type: 'api_key', id: created.id },
            details: { name: created.name, prefix, scopes, expiresAt: iso(expiresAt) },
          });
          return created;
        });
        return { ...toApiKeyDto(row), key };
      } catch (err) {
        if (attempt < 2 && isUniqueViolation(err)) continue;
        throw err;
      }
    }
  }

  /**
   * A new secret under the same prefix; the old one stays valid `overlapHours` more (0: not at all). While
   * an overlap runs, another rotation is a 409: it would replace the secret still being phased out, ending it
   * at once for the programs not moved yet (docs/decisions/api-keys.md). The key's lock makes concurrent
   * rotations one success and 409s.
   */
  async rotate(auth: AuthContext, id: string, overlapHours: number) {
    const businessId = businessOf(auth);
    return this.deps.db.transaction(async (tx) => {
      const current = await lockApiKey(tx, businessId, id);
      if (!current) throw new NotFoundError(API_KEY);
      if (current.revokedAt) throw new StateConflictError('This API key is revoked', { status: 'revoked' });
      if (current.previousValidUntil && current.previousValidUntil > new Date())
        throw new StateConflictError(
          'This API key is being rotated: its old secret stays valid until the overlap ends; rotate it again after, or revoke it',
          { status: 'rotating', previousValidUntil: current.previousValidUntil.toISOString() },
        );
      const key = newKey(current.prefix);
      const previousValidUntil = new Date(Date.now() + overlapHours * 3_600_000);
      const row = await rotateApiKey(tx, id, {
        secretHash: hashKey(key),
        previousSecretHash: current.secretHash,
        previousValidUntil,
      });
      await recordAudit(tx, {
        businessId,
        actor: actorOf(auth),
        action: 'api_key.rotated',
        target: { type: 'api_key', id },
        details: { name: row.name, prefix: row.prefix, overlapHours },
      });
      return { ...toApiKeyDto(row), key };
    });
  }

  /** Refused at once, with the old secret of a rotation too; revoking twice changes nothing. */
  async revoke(auth: AuthContext, id: string) {
    const businessId = businessOf(auth);
    return this.deps.db.transaction(async (tx) => {
      const current = await lockApiKey(tx, businessId, id);
      if (!current) throw new NotFoundError(API_KEY);
      if (current.revokedAt) return toApiKeyDto(current);
      const row = await revokeApiKey(tx, id);
      await recordAudit(tx, {
        businessId,
        actor: actorOf(auth),
        action: 'api_key.revoked',
        target: { type: 'api_key', id },
        details: { name: row.name, prefix: row.prefix },
      });
      return toApiKeyDto(row);
    });
  }
}
