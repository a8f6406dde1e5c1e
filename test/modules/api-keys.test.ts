/**
 * API keys: an owner or admin makes keys with scopes and an optional expiry, sees the whole key once, lists
 * them without secrets, rotates them with an overlap and revokes them. A key calls the API as
 * `Authorization: Bearer`, only within its scopes, never on member-only routes, under a per-key rate limit.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openSession } from '../../src/modules/auth/index.js';
import { apiKeys, auditLog, businessMembers } from '../../src/platform/db/schema/index.js';
import { authenticate } from '../../src/platform/http/guards.js';
import { createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

const LIMIT = 20;
const t = useTestApp({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });

async function makeKey(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await t.request({
    method: 'POST',
    url: '/api-keys',
    token: user.accessToken,
    body: { name: 'Integration', scopes: ['contacts:read'], ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string; key: string; prefix: string; scopes: string[] };
}

const withKey = (key: string, url = '/contacts', method: 'GET' | 'POST' = 'GET', body?: unknown) =>
  t.request({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(body === undefined ? {} : { body }),
  });

async function listed(user: TestUser) {
  const res = await t.request({ url: '/api-keys', token: user.accessToken });
  expect(res.status, res.text).toBe(200);
  return res.body.data as Record<string, unknown>[];
}

describe('API keys', () => {
  it('shows the whole key once; the list never holds a secret or its hash', async () => {
    const owner = await createUser(t);
    const made = await makeKey(owner, { scopes: ['contacts:read', 'campaigns:write'] });
    expect(made.key).toMatch(/^wak_[A-Za-z0-9]{10}_[A-Za-z0-9]{40}$/);
    expect(made.key.startsWith(`wak_${made.prefix}_`)).toBe(true);
    const list = await listed(owner);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: made.id,
      name: 'Integration',
      prefix: made.prefix,
      scopes: ['contacts:read', 'campaigns:write'],
      createdBy: owner.accountId,
      revokedAt: null,
      lastUsedAt: null,
    });
    const text = JSON.stringify(list);
    expect(text).not.toContain(made.key.slice(-40));
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(text).not.toContain(row!.secretHash);
    expect(row!.secretHash).not.toContain(made.key.slice(-40));
  });

  it('refuses bad input without creating anything', async () => {
    const owner = await createUser(t);
    for (const body of [
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['members:manage'] },
      { name: '', scopes: ['contacts:read'] },
      { name: 'x', scopes: ['contacts:read'], expiresAt: new Date(Date.now() - 60_000).toISOString() },
    ]) {
      const res = await t.request({ method: 'POST', url: '/api-keys', token: owner.accessToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await listed(owner)).toEqual([]);
  });

  it('calls the API within its scopes and records its last use', async () => {
    const owner = await createUser(t);
    const made = await makeKey(owner);
    const res = await withKey(made.key);
    expect(res.status, res.text).toBe(200);
    expect((await listed(owner))[0]!.lastUsedAt).not.toBeNull();

    const write = await withKey(made.key, '/contacts', 'POST', {});
    expect(write.status).toBe(403);
    expect(write.body.message).toBe('This API key lacks the scope contacts:write');

    for (const url of ['/members', '/api-keys', '/users/profile', '/payments/wallet', '/audit-log']) {
      const refused = await withKey(made.key, url);
      expect(refused.status, url).toBe(403);
      expect(refused.body.message, url).toBe('API keys cannot call this operation');
    }
  });

  it('answers 401 to an unknown, tampered, expired or revoked key, and to a key in a cookie', async () => {
    const owner = await createUser(t);
    const made = await makeKey(owner, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    const last = made.key.at(-1) === 'A' ? 'B' : 'A';
    for (const key of [
      `wak_${'a'.repeat(10)}_${'b'.repeat(40)}`,
      made.key.slice(0, -1) + last,
      'wak_short',
    ]) {
      const res = await withKey(key);
      expect(res.status, key).toBe(401);
      expect(res.body.message).toBe('Invalid API key');
    }
    const cookie = await t.request({ url: '/contacts', cookies: { token: made.key } });
    expect(cookie.status).toBe(401);

    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, made.id));
    expect((await withKey(made.key)).status).toBe(401);

    const other = await makeKey(owner);
    expect((await withKey(other.key)).status).toBe(200);
    const revoked = await t.request({
      method: 'DELETE',
      url: `/api-keys/${other.id}`,
      token: owner.accessToken,
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.data.revokedAt).not.toBeNull();
    const res = await withKey(other.key);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid API key');
  });

  it('rotates: the old secret works during the overlap, then stops; zero overlap ends it at once', async () => {
    const owner = await createUser(t);
    const made = await makeKey(owner);
    const rotated = await t.request({
      method: 'POST',
      url: `/api-keys/${made.id}/rotate`,
      token: owner.accessToken,
      body: { overlapHours: 24 },
    });
    expect(rotated.status, rotated.text).toBe(200);
    const fresh = rotated.body.data.key as string;
    expect(fresh).not.toBe(made.key);
    expect(rotated.body.data.prefix).toBe(made.prefix);
    expect((await withKey(made.key)).status).toBe(200);
    expect((await withKey(fresh)).status).toBe(200);

    await t.db
      .update(apiKeys)
      .set({ previousValidUntil: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, made.id));
    expect((await withKey(made.key)).status).toBe(401);
    expect((await withKey(fresh)).status).toBe(200);

    const again = await t.request({
      method: 'POST',
      url: `/api-keys/${made.id}/rotate`,
      token: owner.accessToken,
      body: { overlapHours: 0 },
    });
    expect(again.status).toBe(200);
    expect((await withKey(fresh)).status).toBe(401);
    expect((await withKey(again.body.data.key)).status).toBe(200);

    const tooLong = await t.request({
      method: 'POST',
      url: `/api-keys/${made.id}/rotate`,
      token: owner.accessToken,
      body: { overlapHours: 169 },
    });
    expect(tooLong.status).toBe(400);
  });

  it('records creation, rotation and revocation in the audit log', async () => {
    const owner = await createUser(t);
    const made = await makeKey(owner);
    await t.request({
      method: 'POST',
      url: `/api-keys/${made.id}/rotate`,
      token: owner.accessToken,
      body: {},
    });
    await t.request({ method: 'DELETE', url: `/api-keys/${made.id}`, token: owner.accessToken });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.businessId, owner.businessId), eq(auditLog.targetId, made.id)));
    expect(rows.map((r) => r.action).sort()).toEqual([
      'api_key.created',
      'api_key.revoked',
      'api_key.rotated',
    ]);
    expect(JSON.stringify(rows)).not.toContain(made.key.slice(-40));
  });

  it("answers 404 for another business's key, and leaves it working", async () => {
    const owner = await createUser(t);
    const made = await makeKey(owner);
    const stranger = await createUser(t);
    for (const req of [
      { method: 'POST' as const, url: `/api-keys/${made.id}/rotate`, body: {} },
      { method: 'DELETE' as const, url: `/api-keys/${made.id}` },
    ]) {
      const res = await t.request({ ...req, token: stranger.accessToken });
      expect(res.status, res.text).toBe(404);
    }
    expect((await withKey(made.key)).status).toBe(200);
    expect(await listed(stranger)).toEqual([]);
  });

  it('outlives its creator leaving the business; a marketer cannot manage keys', async () => {
    const owner = await createUser(t);
    const admin = await createUser(t);
    await t.db
      .insert(businessMembers)
      .values({ businessId: owner.businessId, accountId: admin.accountId, role: 'admin' });
    const adminSession = await openSession(t.db, t.deps.tokens, admin.accountId, owner.businessId);
    const made = await makeKey({ ...admin, ...adminSession, businessId: owner.businessId });

    const removed = await t.request({
      method: 'DELETE',
      url: `/members/${admin.accountId}`,
      token: owner.accessToken,
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await withKey(made.key)).status).toBe(200);
    expect((await listed(owner))[0]).toMatchObject({ id: made.id, createdBy: admin.accountId });

    const marketer = await createUser(t);
    await t.db
      .insert(businessMembers)
      .values({ businessId: owner.businessId, accountId: marketer.accountId, role: 'marketer' });
    const session = await openSession(t.db, t.deps.tokens, marketer.accountId, owner.businessId);
    const res = await t.request({ url: '/api-keys', token: session.accessToken });
    expect(res.status).toBe(403);
  });

  it('sends the RateLimit headers on every answer to a key, and 429 with Retry-After over the limit', async () => {
    const owner = await createUser(t);
    const made = await makeKey(owner);
    const first = await withKey(made.key);
    expect(first.headers['ratelimit-policy']).toBe(`${LIMIT};w=60`);
    expect(first.headers.ratelimit).toMatch(
      new RegExp(`^limit=${LIMIT}, remaining=${LIMIT - 1}, reset=\\d+$`),
    );
    const refused = await withKey(made.key, '/members');
    expect(refused.status).toBe(403);
    expect(refused.headers.ratelimit).toMatch(/remaining=18,/);
    for (let i = 2; i < LIMIT; i++) expect((await withKey(made.key)).status).toBe(200);
    const over = await withKey(made.key);
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers.ratelimit).toMatch(/remaining=0,/);
    // Another key of the same business has its own count; a person's request carries no such header.
    const other = await makeKey(owner);
    expect((await withKey(other.key)).status).toBe(200);
    const person = await t.request({ url: '/contacts', token: owner.accessToken });
    expect(person.headers.ratelimit).toBeUndefined();
  });

  it('is refused by the real-time handshake, which authenticates without a key resolver', async () => {
    const owner = await createUser(t);
    const made = await makeKey(owner);
    await expect(authenticate(t.db, t.deps.tokens, made.key)).rejects.toThrow(/API keys are for HTTP/);
  });
});
