import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityProviderStart } from '../../src/modules/auth/identity.routes.js';
import { testConfig } from '../../src/platform/config.js';
import {
  accounts,
  businesses,
  notificationSettings,
  refreshSessions,
  wallets,
} from '../../src/platform/db/schema/index.js';
import { OAuthIdentityAdapter } from '../../src/providers/identity/oauth.adapter.js';
import { createUser, DEFAULT_PASSWORD, uniqueEmail } from '../factories.js';
import { createTestApp, type TestApp, useTestApp } from '../harness.js';
import { IdentityProviderSimulator } from '../simulators/identity-provider.js';

const sim = new IdentityProviderSimulator();
beforeAll(async () => {
  await sim.start();
});
afterAll(async () => {
  await sim.stop();
});

async function accountByEmail(t: TestApp, email: string) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.email, email));
  return row;
}

describe('POST /oauth/identity-provider-sign-in (configured from IDENTITY_PROVIDER_*)', () => {
  // The env wiring in deps.ts is what is under test here, so the simulator's URLs go in as variables.
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp({ env: { ...sim.env(), PROVIDER_TIMEOUT_MS: '1500' } }));
  });
  afterAll(async () => {
    await t.close?.();
  });
  const signIn = (code: string) => t.request({ url: '/oauth/identity-provider-sign-in', body: { code } });

  it('GET /auth/identity-provider tells a signed-out browser where to start the flow', async () => {
    const res = await t.request({ method: 'GET', url: '/auth/identity-provider' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ apiObject: 'auth', status: 'success' });
    expect(res.body.data).toMatchObject({ enabled: true, name: 'single sign-on' });
    const url = new URL(res.body.data.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(sim.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: sim.clientId,
      redirect_uri: sim.redirectUri,
      scope: 'openid email profile',
    });
  });

  it('creates a verified account with business, wallet and settings; welcome e-mail; cookie and tokens', async () => {
    sim.mode = 'up';
    const admin = await createUser(t, { role: 'admin' });
    const email = uniqueEmail('oauth');
    const code = sim.issueCode({
      sub: 'sub-new-1',
      email: email.toUpperCase(),
      email_verified: true,
      name: 'Ife Ade',
      picture: 'https://img.example.test/ife.png',
    });
    const res = await signIn(code);
    expect(res.status).toBe(200);
    const { user, accessToken, refreshToken } = res.body.data;
    expect(user).toMatchObject({
      name: 'Ife Ade',
      email,
      avatarUrl: 'https://img.example.test/ife.png',
      isAdmin: false,
      verified: true,
      hasPassword: false,
    });
    expect(user.id).toEqual(expect.any(String));
    expect(user).not.toHaveProperty('role');
    expect(refreshToken).toEqual(expect.any(String));
    const cookie = res.raw.cookies.find((c) => c.name === 'token')!;
    expect(cookie).toMatchObject({ value: accessToken, httpOnly: true, sameSite: 'Lax', path: '/' });

    // What crossed the wire to the provider.
    const sent = sim.tokenRequests.at(-1)!;
    expect(sent.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.form).toEqual({
      grant_type: 'authorization_code',
      code,
      client_id: sim.clientId,
      client_secret: sim.clientSecret,
      redirect_uri: sim.redirectUri,
    });
    expect(sim.userInfoAuthorizations.at(-1)).toMatch(/^Bearer at-/);

    const account = (await accountByEmail(t, email))!;
    expect(account).toMatchObject({ role: 'business', verified: true, identityProviderSubject: 'sub-new-1' });
    expect(account.passwordHash).toBeNull();
    const [business] = await t.db.select().from(businesses).where(eq(businesses.accountId, account.id));
    expect(business!.businessVerified).toBe('pending');
    expect(await t.db.select().from(wallets).where(eq(wallets.businessId, business!.id))).toHaveLength(1);
    expect(
      await t.db.select().from(notificationSettings).where(eq(notificationSettings.businessId, business!.id)),
    ).toHaveLength(2);
    const welcome = await t.mailbox.waitFor(email, /welcome/i);
    expect(welcome.text).toContain('Ife Ade');
    expect(t.realtime.events.some((e) => e.room === `admin:${admin.accountId}`)).toBe(true);

    const me = await t.request({ url: '/users/profile', cookies: { token: accessToken } });
    expect(me.body.data.id).toBe(user.id);
  });

  it('signs a verified account in by e-mail: updates name and avatar, links the subject, keeps the rest', async () => {
    sim.mode = 'up';
    const user = await createUser(t, { name: 'Old Name', verified: true });
    const res = await signIn(
      sim.issueCode({
        sub: 'sub-existing-2',
        email: user.email,
        email_verified: 'true',
        name: 'New Name',
        picture: 'https://img.example.test/new.png',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      id: user.accountId,
      name: 'New Name',
      avatarUrl: 'https://img.example.test/new.png',
      verified: true,
      hasPassword: true,
    });
    const rows = await t.db.select().from(accounts).where(eq(accounts.email, user.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ identityProviderSubject: 'sub-existing-2', role: 'business' });
    // The owner proved the e-mail before: the password and the sessions it opened still work.
    const pw = await t.request({
      url: '/auth/sign-in',
      body: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(pw.status).toBe(200);
    expect((await t.request({ url: '/users/profile', token: user.accessToken })).status).toBe(200);

    // Later sign-ins find the account by subject, even if the provider's e-mail changed.
    const again = await signIn(
      sim.issueCode({
        sub: 'sub-existing-2',
        email: uniqueEmail('changed'),
        email_verified: true,
        name: 'N3',
      }),
    );
    expect(again.status).toBe(200);
    expect(again.body.data.user).toMatchObject({ id: user.accountId, email: user.email, name: 'N3' });
  });

  it('locks out whoever created an unverified account when the provider’s verified owner signs in', async () => {
    sim.mode = 'up';
    // Anyone can sign up with someone else's address: nothing proves the mailbox at sign-up.
    const email = uniqueEmail('pre-hijack');
    const signUp = await t.request({
      url: '/auth/sign-up',
      body: { name: 'Attacker', email, whatsappNumber: '+2348031234567', password: 'Attacker-pass-1' },
    });
    expect(signUp.status).toBe(201);
    const attacker = signUp.body.data;
    const before = await t.request({ url: '/users/profile', token: attacker.accessToken });
    expect(before.body.data).toMatchObject({ verified: false, hasPassword: true });

    const res = await signIn(
      sim.issueCode({ sub: 'sub-owner-3', email, email_verified: true, name: 'Owner' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      id: attacker.user.id,
      name: 'Owner',
      verified: true,
      hasPassword: false,
    });
    expect((await accountByEmail(t, email))!).toMatchObject({
      identityProviderSubject: 'sub-owner-3',
      passwordHash: null,
    });

    // The creator's access token, refresh token and password are all dead; it cannot set a password either.
    expect((await t.request({ url: '/users/profile', token: attacker.accessToken })).status).toBe(401);
    const refreshed = await t.request({
      url: '/auth/refresh-token',
      body: { refreshToken: attacker.refreshToken },
    });
    expect(refreshed.status).toBe(401);
    const byPassword = await t.request({
      url: '/auth/sign-in',
      body: { email, password: 'Attacker-pass-1' },
    });
    expect(byPassword.status).toBe(401);
    const setPassword = await t.request({
      url: '/auth/set-password',
      token: attacker.accessToken,
      body: { password: 'Attacker-pass-2' },
    });
    expect(setPassword.status).toBe(401);

    // Only the session this sign-in opened is live.
    const live = await t.db
      .select()
      .from(refreshSessions)
      .where(and(eq(refreshSessions.accountId, attacker.user.id), isNull(refreshSessions.revokedAt)));
    expect(live).toHaveLength(1);
    const owner = await t.request({ url: '/users/profile', token: res.body.data.accessToken });
    expect(owner.status).toBe(200);
    expect(owner.body.data).toMatchObject({ id: attacker.user.id, hasPassword: false });
  });

  it('unlinks a subject taken from an unverified provider e-mail once the mailbox owner resets the password', async () => {
    sim.mode = 'up';
    const email = uniqueEmail('victim');
    const created = await signIn(
      sim.issueCode({ sub: 'sub-squatter-4', email, email_verified: false, name: 'Squatter' }),
    );
    expect(created.status).toBe(200);
    expect(created.body.data.user).toMatchObject({ verified: false });

    // The real owner of the mailbox: forgot-password, then reset-password with the e-mailed code.
    t.mailbox.clear();
    expect((await t.request({ url: '/auth/forgot-password', body: { email } })).status).toBe(200);
    const code = await t.mailbox.otpFor(email, /reset/i);
    const reset = await t.request({
      url: '/auth/reset-password',
      body: { email, code, password: 'Owner-pass-123' },
    });
    expect(reset.status).toBe(200);
    expect((await accountByEmail(t, email))!).toMatchObject({
      verified: true,
      identityProviderSubject: null,
    });
    expect((await t.request({ url: '/users/profile', token: created.body.data.accessToken })).status).toBe(
      401,
    );

    // The squatter's identity no longer opens the account, whatever e-mail the provider now reports.
    const again = await signIn(
      sim.issueCode({ sub: 'sub-squatter-4', email, email_verified: false, name: 'Squatter' }),
    );
    expect(again.status).toBe(401);
    const elsewhere = await signIn(
      sim.issueCode({ sub: 'sub-squatter-4', email: uniqueEmail('squatter'), email_verified: true }),
    );
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data.user.id).not.toBe(created.body.data.user.id);
    const owner = await t.request({ url: '/auth/sign-in', body: { email, password: 'Owner-pass-123' } });
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.id).toBe(created.body.data.user.id);
  });

  it('keeps the subject of a verified account through a password reset, and of one verified by its own session', async () => {
    sim.mode = 'up';
    // Linked on a verified e-mail: a later reset is the same owner's.
    const linked = await createUser(t);
    expect(
      (await signIn(sim.issueCode({ sub: 'sub-kept-5', email: linked.email, email_verified: true }))).status,
    ).toBe(200);
    await t.request({ url: '/auth/forgot-password', body: { email: linked.email } });
    const resetCode = await t.mailbox.otpFor(linked.email, /reset/i);
    const reset = await t.request({
      url: '/auth/reset-password',
      body: { email: linked.email, code: resetCode, password: 'Another-pass-9' },
    });
    expect(reset.status).toBe(200);
    expect((await accountByEmail(t, linked.email))!.identityProviderSubject).toBe('sub-kept-5');

    // Created from an unverified provider e-mail, then verified by the signed-in person itself: only the
    // subject's holder has a session there, so proving the mailbox shows both are one person.
    const email = uniqueEmail('self-verified');
    const created = await signIn(sim.issueCode({ sub: 'sub-kept-6', email, email_verified: false }));
    const code = await t.mailbox.otpFor(email, /verification/i);
    const verified = await t.request({
      url: '/auth/verify-email',
      token: created.body.data.accessToken,
      body: { code },
    });
    expect(verified.status).toBe(200);
    expect((await accountByEmail(t, email))!).toMatchObject({
      verified: true,
      identityProviderSubject: 'sub-kept-6',
    });
    const again = await signIn(sim.issueCode({ sub: 'sub-kept-6', email, email_verified: false }));
    expect(again.status).toBe(200);
    expect(again.body.data.user.id).toBe(created.body.data.user.id);
  });

  it('restores a deactivated account that signs in through the provider', async () => {
    sim.mode = 'up';
    const user = await createUser(t);
    await t.request({ method: 'DELETE', url: '/users/account', token: user.accessToken });
    const res = await signIn(sim.issueCode({ sub: 'sub-restore', email: user.email, email_verified: true }));
    expect(res.status).toBe(200);
    expect((await accountByEmail(t, user.email))!).toMatchObject({ deleted: false, deletedAt: null });
  });

  it('refuses to take over an existing account when the provider has not verified the e-mail', async () => {
    sim.mode = 'up';
    const user = await createUser(t, { name: 'Victim' });
    const res = await signIn(
      sim.issueCode({ sub: 'attacker', email: user.email, email_verified: false, name: 'X' }),
    );
    expect(res.status).toBe(401);
    expect(res.body.status).toBe('failure');
    expect((await accountByEmail(t, user.email))!).toMatchObject({
      name: 'Victim',
      identityProviderSubject: null,
    });
  });

  it('answers 500 with a clear message when the provider is down, and creates nothing', async () => {
    sim.mode = 'down';
    const email = uniqueEmail('down');
    const res = await signIn(sim.issueCode({ sub: 'sub-down', email, email_verified: true }));
    sim.mode = 'up';
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ status: 'failure', code: 500, apiObject: 'auth' });
    expect(res.body.message).toMatch(/Identity provider failed during token exchange: HTTP 503/);
    expect(await accountByEmail(t, email)).toBeUndefined();
  });

  it('answers 500 when the user-info endpoint fails', async () => {
    sim.mode = 'userinfo-down';
    const email = uniqueEmail('uidown');
    const res = await signIn(sim.issueCode({ sub: 'sub-ui', email, email_verified: true }));
    sim.mode = 'up';
    expect(res.status).toBe(500);
    expect(res.body.message).toMatch(/user-info request: HTTP 500/);
    expect(await accountByEmail(t, email)).toBeUndefined();
  });

  it('answers 401 to a code the provider rejects (unknown or reused): the client’s error, not a failure', async () => {
    sim.mode = 'up';
    const code = sim.issueCode({ sub: 'sub-once', email: uniqueEmail('once'), email_verified: true });
    expect((await signIn(code)).status).toBe(200);
    const reused = await signIn(code);
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ status: 'failure', code: 401, apiObject: 'auth' });
    expect(reused.body.message).toBe('Invalid or expired authorisation code');
    const unknown = await signIn('code-never-issued');
    expect(unknown.status).toBe(401);
  });

  it('answers 500 within the timeout when the provider never answers', async () => {
    sim.mode = 'hang';
    const started = Date.now();
    const res = await signIn(
      sim.issueCode({ sub: 'sub-hang', email: uniqueEmail('hang'), email_verified: true }),
    );
    sim.mode = 'up';
    expect(res.status).toBe(500);
    expect(res.body.message).toMatch(/did not answer the token exchange within 1500 ms/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answers 500 when the user-info has no e-mail', async () => {
    sim.mode = 'up';
    const res = await signIn(sim.issueCode({ sub: 'sub-no-mail' }));
    expect(res.status).toBe(500);
    expect(res.body.message).toMatch(/no e-mail address/);
  });

  it('answers 400 without a code', async () => {
    expect((await t.request({ url: '/oauth/identity-provider-sign-in', body: {} })).status).toBe(400);
  });
});

describe('identity sign-in without IDENTITY_PROVIDER_*', () => {
  const t = useTestApp();

  it('answers 500 saying it is not configured', async () => {
    const res = await t.request({ url: '/oauth/identity-provider-sign-in', body: { code: 'x' } });
    expect(res.status).toBe(500);
    expect(res.body.message).toMatch(/not configured/);
  });

  it('GET /auth/identity-provider answers that it is not enabled', async () => {
    const res = await t.request({ method: 'GET', url: '/auth/identity-provider' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ enabled: false, name: null, authorizationUrl: null });
  });

  it('is not enabled without the authorisation URL, even with the code exchange configured', () => {
    const { IDENTITY_PROVIDER_AUTHORIZE_URL: _, ...exchangeOnly } = sim.env();
    expect(identityProviderStart(testConfig(exchangeOnly)).enabled).toBe(false);
    expect(identityProviderStart(testConfig(sim.env())).enabled).toBe(true);
  });
});

describe('OAuthIdentityAdapter against an unreachable provider', () => {
  it('reports the connection failure as an IdentityProviderError', async () => {
    const adapter = new OAuthIdentityAdapter({
      clientId: 'a',
      clientSecret: 'b',
      redirectUri: 'http://127.0.0.1/cb',
      // Port 9 on loopback: nothing listens there.
      tokenUrl: 'http://127.0.0.1:9/token',
      userInfoUrl: 'http://127.0.0.1:9/userinfo',
      timeoutMs: 2000,
    });
    await expect(adapter.profileFromCode('code')).rejects.toMatchObject({
      name: 'IdentityProviderError',
      message: expect.stringMatching(/unreachable during token exchange: ECONNREFUSED/),
    });
  });
});
