import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { revokeSession } from '../../src/modules/auth/sessions.js';
import { TokenService } from '../../src/platform/auth/tokens.js';
import { accounts, businesses } from '../../src/platform/db/schema/index.js';
import { sendSuccess } from '../../src/platform/http/envelope.js';
import type { Guard } from '../../src/platform/http/guards.js';
import type { ZodApp } from '../../src/platform/http/types.js';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';

const GUARDS: Guard[] = ['auth', 'verifiedEmail', 'admin', 'superadmin', 'affiliate', 'verifiedBusiness'];

function routes(app: ZodApp) {
  for (const guard of GUARDS) {
    app.get(
      `/api/v1/test/guard/${guard}`,
      { config: { auth: guard, apiObject: 'guard', permission: 'own-account' } },
      async (req, reply) => sendSuccess(reply, { accountId: req.auth.accountId }, 'Allowed'),
    );
  }
}

describe('token verification', () => {
  const t = useTestApp({ routes });
  const call = (
    token: string | undefined,
    guard: Guard = 'auth',
    extra: { cookies?: Record<string, string> } = {},
  ) => t.request({ url: `/test/guard/${guard}`, token, ...extra });

  it('accepts a valid access token from the Bearer header', async () => {
    const user = await createUser(t);
    const res = await call(user.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.accountId).toBe(user.accountId);
  });

  it('accepts the token cookie, and prefers the header when both are sent', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const cookieOnly = await call(undefined, 'auth', { cookies: { token: a.accessToken } });
    expect(cookieOnly.body.data.accountId).toBe(a.accountId);
    const both = await call(b.accessToken, 'auth', { cookies: { token: a.accessToken } });
    expect(both.body.data.accountId).toBe(b.accountId);
  });

  it('rejects a missing, malformed or tampered token with 401', async () => {
    const user = await createUser(t);
    expect((await call(undefined)).status).toBe(401);
    expect(
      (await t.request({ url: '/test/guard/auth', headers: { authorization: 'Basic abc' } })).status,
    ).toBe(401);
    const [h, p, s] = user.accessToken.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(
      JSON.stringify({ ...payload, sub: '00000000-0000-0000-0000-000000000000' }),
    ).toString('base64url');
    const res = await call(`${h}.${forged}.${s}`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 'failure', message: 'Invalid token' });
  });

  it('rejects a token signed with another secret', async () => {
    const user = await createUser(t);
    const other = new TokenService('another-secret-that-is-long-enough-too-xx');
    const token = await other.sign({ sub: user.accountId, sid: user.sessionId, typ: 'access' });
    expect((await call(token)).status).toBe(401);
  });

  it('rejects an expired token', async () => {
    const user = await createUser(t);
    const expired = await new SignJWT({ sid: user.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.accountId)
      .setIssuer('campaign-messaging')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 100)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(t.deps.config.JWT_SECRET));
    const res = await call(expired);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Token expired');
  });

  it('never accepts a refresh token as an access token', async () => {
    const user = await createUser(t);
    expect((await call(user.refreshToken)).status).toBe(401);
  });

  it('rejects tokens of a revoked session or a deleted account', async () => {
    const a = await createUser(t);
    await revokeSession(t.db, a.sessionId);
    expect((await call(a.accessToken)).status).toBe(401);
    const b = await createUser(t);
    await t.db
      .update(accounts)
      .set({ deleted: true, deletedAt: new Date() })
      .where(eq(accounts.id, b.accountId));
    expect((await call(b.accessToken)).status).toBe(401);
  });

  it('issues tokens that live 14 and 21 days', async () => {
    const user = await createUser(t);
    const exp = (tok: string) =>
      JSON.parse(Buffer.from(tok.split('.')[1]!, 'base64url').toString()).exp as number;
    const now = Date.now() / 1000;
    expect(exp(user.accessToken) - now).toBeGreaterThan(14 * 86400 - 60);
    expect(exp(user.accessToken) - now).toBeLessThanOrEqual(14 * 86400);
    expect(exp(user.refreshToken) - now).toBeGreaterThan(21 * 86400 - 60);
  });
});

describe('guards', () => {
  const t = useTestApp({ routes });
  const status = async (token: string, guard: Guard) =>
    (await t.request({ url: `/test/guard/${guard}`, token })).status;

  it('applies each guard to each kind of caller', async () => {
    const unverified = await createUser(t, { verified: false });
    const business = await createUser(t);
    const acceptedBusiness = await createUser(t, { businessVerified: 'accepted' });
    const affiliate = await createUser(t, { affiliate: {} });
    const admin = await createUser(t, { role: 'admin' });
    const superadmin = await createUser(t, { role: 'superadmin' });
    const expected: [string, string, Record<Guard, number>][] = [
      [
        'unverified',
        unverified.accessToken,
        {
          auth: 200,
          verifiedEmail: 403,
          admin: 403,
          superadmin: 403,
          affiliate: 403,
          verifiedBusiness: 403,
          public: 200,
        },
      ],
      [
        'business',
        business.accessToken,
        {
          auth: 200,
          verifiedEmail: 200,
          admin: 403,
          superadmin: 403,
          affiliate: 403,
          verifiedBusiness: 403,
          public: 200,
        },
      ],
      [
        'accepted',
        acceptedBusiness.accessToken,
        {
          auth: 200,
          verifiedEmail: 200,
          admin: 403,
          superadmin: 403,
          affiliate: 403,
          verifiedBusiness: 200,
          public: 200,
        },
      ],
      [
        'affiliate',
        affiliate.accessToken,
        {
          auth: 200,
          verifiedEmail: 200,
          admin: 403,
          superadmin: 403,
          affiliate: 200,
          verifiedBusiness: 403,
          public: 200,
        },
      ],
      [
        'admin',
        admin.accessToken,
        {
          auth: 200,
          verifiedEmail: 200,
          admin: 200,
          superadmin: 403,
          affiliate: 403,
          verifiedBusiness: 403,
          public: 200,
        },
      ],
      [
        'superadmin',
        superadmin.accessToken,
        {
          auth: 200,
          verifiedEmail: 200,
          admin: 200,
          superadmin: 200,
          affiliate: 403,
          verifiedBusiness: 403,
          public: 200,
        },
      ],
    ];
    for (const [who, token, byGuard] of expected) {
      for (const guard of GUARDS) {
        expect({ who, guard, status: await status(token, guard) }).toEqual({
          who,
          guard,
          status: byGuard[guard],
        });
      }
    }
  });

  it('sees a role or verification change on the next request', async () => {
    const user = await createUser(t);
    expect(await status(user.accessToken, 'admin')).toBe(403);
    await t.db.update(accounts).set({ role: 'admin' }).where(eq(accounts.id, user.accountId));
    expect(await status(user.accessToken, 'admin')).toBe(200);
    await t.db
      .update(businesses)
      .set({ businessVerified: 'accepted' })
      .where(eq(businesses.id, user.businessId));
    expect(await status(user.accessToken, 'verifiedBusiness')).toBe(200);
  });
});

describe('token verification cache', () => {
  it('still rejects a token once it has expired, after a successful verification', async () => {
    const tokens = new TokenService('cache-test-secret-that-is-long-enough-xxxxx');
    const token = await tokens.sign({ sub: 'a', sid: 's', typ: 'access' }, 2);
    expect(await tokens.verify(token, 'access')).toEqual({ sub: 'a', sid: 's', typ: 'access' });
    await expect(tokens.verify(token, 'refresh')).rejects.toMatchObject({ reason: 'wrong-type' });
    await new Promise((r) => setTimeout(r, 2_100));
    await expect(tokens.verify(token, 'access')).rejects.toMatchObject({ reason: 'expired' });
  });
});
