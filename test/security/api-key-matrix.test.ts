/**
 * The API-key matrix, generated from `/openapi.json`: every operation a signed-in caller may reach is called
 * with API keys of one business, and the expectation comes from the operation's declared permission
 * (`x-permission`) and the one map of permission to scope (`KEY_SCOPE_OF`):
 *
 * - mapped to a scope: a key holding exactly that scope is let through (neither 401 nor 403); a key holding
 *   every other scope is refused with 403 naming the missing scope;
 * - mapped to none (members, keys, money, settings, the caller's own account) or a platform administrators'
 *   route: a key holding every scope is refused with 403 "API keys cannot call this operation".
 *
 * Keys are made once; the business is e-mail verified, accepted and affiliate, so only the key can refuse.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type ApiKeyScope, keyScopeFor } from '../../src/platform/auth/api-key-scopes.js';
import type { RoutePermission } from '../../src/platform/auth/permissions.js';
import { createUser, type TestUser } from '../factories.js';
import { createTestApp } from '../harness.js';
import { loadOperations, type Operation } from './support/operations.js';

// Hundreds of calls a minute on a few keys: the per-key limit is tested in test/modules/api-keys.test.ts.
const t = await createTestApp({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: '100000' } });
afterAll(() => t.close());
const operations = (await loadOperations(t)).filter((op) => !op.access.includes('public'));

let owner: TestUser;
const exactly = new Map<ApiKeyScope, string>();
const allBut = new Map<ApiKeyScope, string>();
let everything = '';

async function makeKey(scopes: readonly string[]): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api-keys',
    token: owner.accessToken,
    body: { name: `matrix ${scopes.length}`, scopes },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.key;
}

beforeAll(async () => {
  owner = await createUser(t, { businessVerified: 'accepted', affiliate: {} });
  everything = await makeKey(API_KEY_SCOPES);
  for (const scope of API_KEY_SCOPES) {
    exactly.set(scope, await makeKey([scope]));
    allBut.set(scope, await makeKey(API_KEY_SCOPES.filter((s) => s !== scope)));
  }
});

function call(op: Operation, key: string) {
  return t.request({
    method: op.method,
    url: op.path.replace(/\{\w+\}/g, () => randomUUID()),
    headers: { authorization: `Bearer ${key}` },
    ...(op.method === 'GET' ? {} : { body: {} }),
  });
}

/** The scope a key needs for an operation; null when no key may call it. */
function scopeOf(op: Operation): ApiKeyScope | null {
  if (op.access.some((g) => g === 'admin' || g === 'superadmin') || op.personOnly) return null;
  return keyScopeFor(op.permission as RoutePermission | undefined);
}

describe('API-key matrix of every operation of /openapi.json', () => {
  it('opens some operation with every scope but those with no route yet; never member-only ones', () => {
    const reached = new Set(operations.map(scopeOf).filter((s) => s !== null));
    expect(API_KEY_SCOPES.filter((s) => !reached.has(s))).toEqual(['reports:write']);
    for (const key of [
      'GET /members',
      'POST /api-keys',
      'POST /payments/credit-link',
      'POST /business/provider',
      'POST /conversations/{id}/take',
      'POST /conversations/{id}/release',
    ])
      expect(scopeOf(operations.find((op) => op.key === key)!), key).toBeNull();
  });

  for (const op of operations) {
    const scope = scopeOf(op);
    it(`${op.key} (${op.permission ?? op.access.join('+')} → ${scope ?? 'no key'})`, async () => {
      if (scope === null) {
        const res = await call(op, everything);
        const where = `${op.key} with every scope: ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, where).toBe(403);
        expect(res.body, where).toMatchObject({ status: 'failure', code: 403 });
        expect(res.body.message, where).toBe(
          op.personOnly
            ? 'API keys cannot call this operation: it acts as the member who calls it'
            : 'API keys cannot call this operation',
        );
        return;
      }
      const allowed = await call(op, exactly.get(scope)!);
      const where = `${op.key} with ${scope}: ${allowed.status} ${allowed.text.slice(0, 200)}`;
      expect(allowed.status, where).toBeLessThan(500);
      expect([401, 403], where).not.toContain(allowed.status);

      const refused = await call(op, allBut.get(scope)!);
      const why = `${op.key} without ${scope}: ${refused.status} ${refused.text.slice(0, 200)}`;
      expect(refused.status, why).toBe(403);
      expect(refused.body.message, why).toBe(`This API key lacks the scope ${scope}`);
    });
  }
});
