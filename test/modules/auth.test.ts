import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/platform/auth/passwords.js';
import {
  accounts,
  businesses,
  notificationSettings,
  notifications,
  refreshSessions,
  verificationTokens,
  wallets,
} from '../../src/platform/db/schema/index.js';
import { createUser, DEFAULT_PASSWORD, uniqueEmail } from '../factories.js';
import { type TestApp, useTestApp } from '../harness.js';

const signUpBody = (over: Record<string, unknown> = {}) => ({
  name: 'Ada Obi',
  email: uniqueEmail('signup'),
  whatsappNumber: '+2348031234567',
  password: 'Sup3r-secret',
  ...over,
});

async function accountByEmail(t: TestApp, email: string) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.email, email.toLowerCase()));
  return row;
}

function authCookie(res: { raw: { cookies: Array<Record<string, unknown>> } }) {
  return res.raw.cookies.find((c) => c.name === 'token');
}

describe('POST /auth/sign-up', () => {
  const t = useTestApp();

  it('creates account, business, wallet, settings and OTP record; e-mails; notifies admins; returns tokens', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const body = signUpBody({ email: uniqueEmail('Mixed.Case').replace('mixed', 'MiXeD') });
    const res = await t.request({ url: '/auth/sign-up', body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ apiObject: 'auth', code: 201, status: 'success' });
    const { user, accessToken, refreshToken } = res.body.data;
    const email = body.email.toLowerCase();
    expect(user).toMatchObject({
      name: 'Ada Obi',
      email,
      isAdmin: false,
      verified: false,
      hasPassword: true,
    });
    expect(user).not.toHaveProperty('role');
    expect(user).not.toHaveProperty('passwordHash');
    expect(typeof accessToken).toBe('string');
    expect(typeof refreshToken).toBe('string');
    expect(authCookie(res)).toMatchObject({ value: accessToken, httpOnly: true, sameSite: 'Lax', path: '/' });

    const account = (await accountByEmail(t, email))!;
    expect(account).toMatchObject({ role: 'business', verified: false, whatsappNumber: '+2348031234567' });
    expect(await verifyPassword(account.passwordHash!, body.password)).toBe(true);
    const [business] = await t.db.select().from(businesses).where(eq(businesses.accountId, account.id));
    expect(business).toMatchObject({ businessVerified: 'pending', referredBy: null, id: user.businessId });
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.businessId, business!.id));
    expect(Number(wallet!.balance)).toBe(0);
    const settings = await t.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.businessId, business!.id));
    expect(Object.fromEntries(settings.map((s) => [s.key, s.value]))).toEqual({
      campaignCompletionPush: 'true',
      lowCreditsEmail: 'true',
    });
    const [otp] = await t.db.select().from(verificationTokens).where(eq(verificationTokens.email, email));
    expect(otp!.attempts).toBe(0);
    expect(otp!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);

    const welcome = await t.mailbox.waitFor(email, /welcome/i);
    expect(welcome.text).toContain('Ada Obi');
    expect(welcome.html).toContain('<html');
    const code = await t.mailbox.otpFor(email, /verification code/i);
    expect(code).toMatch(/^\d{6}$/);
    expect(otp!.codeHash).not.toContain(code);
    const otpMail = t.mailbox.find(email, /verification code/i)!;
    expect(otpMail.html).toContain(code);

    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.receiverId, admin.accountId), eq(notifications.type, 'account.signed_up')));
    expect(note!.message).toContain(email);
    expect(t.realtime.events).toContainEqual(
      expect.objectContaining({ room: `admin:${admin.accountId}`, event: 'notification' }),
    );

    const me = await t.request({ url: '/users/profile', token: accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(user.id);
  });

  it('accepts a sign-up without a password (set later with set-password)', async () => {
    const body = signUpBody({ password: undefined });
    const res = await t.request({ url: '/auth/sign-up', body });
    expect(res.status).toBe(201);
    expect(res.body.data.user.hasPassword).toBe(false);
    expect((await accountByEmail(t, body.email))!.passwordHash).toBeNull();
  });

  it('links the business to the affiliate whose referral code is given (any case)', async () => {
    const affiliate = await createUser(t, { affiliate: { referralCode: 'REFERABCDE' } });
    const res = await t.request({ url: '/auth/sign-up', body: signUpBody({ referralCode: 'referabcde' }) });
    expect(res.status).toBe(201);
    const [business] = await t.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, res.body.data.user.businessId));
    expect(business!.referredBy).toBe(affiliate.businessId);
  });

  it('answers 400 for an unknown referral code, and creates nothing', async () => {
    const body = signUpBody({ referralCode: 'NOSUCHCODE' });
    const res = await t.request({ url: '/auth/sign-up', body });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields).toEqual([
      { path: 'referralCode', message: 'Unknown referral code' },
    ]);
    expect(await accountByEmail(t, body.email)).toBeUndefined();
  });

  it('refuses a referral code of a business that is not an affiliate', async () => {
    const plain = await createUser(t);
    await t.db
      .update(businesses)
      .set({ referralCode: 'PLAINCODEX' })
      .where(eq(businesses.id, plain.businessId));
    const res = await t.request({ url: '/auth/sign-up', body: signUpBody({ referralCode: 'PLAINCODEX' }) });
    expect(res.status).toBe(400);
  });

  it('answers 400 for an e-mail already registered, whatever its case', async () => {
    const existing = await createUser(t);
    for (const email of [existing.email, existing.email.toUpperCase(), `  ${existing.email}  `]) {
      const res = await t.request({ url: '/auth/sign-up', body: signUpBody({ email }) });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/already registered/);
    }
    const rows = await t.db.select().from(accounts).where(eq(accounts.email, existing.email));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ email: undefined }, 'email'],
    [{ name: undefined }, 'name'],
    [{ whatsappNumber: undefined }, 'whatsappNumber'],
    [{ email: 'not-an-email' }, 'email'],
    [{ name: '   ' }, 'name'],
    [{ password: 'short' }, 'password'],
    [{ password: 12345678 }, 'password'],
    [{ whatsappNumber: '12' }, 'whatsappNumber'],
    [{ whatsappNumber: '08031234567' }, 'whatsappNumber'],
  ])('answers 400 for %j naming %s, and creates nothing', async (over, field) => {
    const body = signUpBody(over);
    const res = await t.request({ url: '/auth/sign-up', body });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('failure');
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
    if (typeof body.email === 'string' && body.email.includes('@'))
      expect(await accountByEmail(t, body.email)).toBeUndefined();
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.request({
      url: '/auth/sign-up',
      method: 'POST',
      payload: '{"name": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Malformed JSON body');
  });

  it('ignores a role in the body: every sign-up is a business', async () => {
    const body = { ...signUpBody(), role: 'superadmin' };
    const res = await t.request({ url: '/auth/sign-up', body });
    expect(res.status).toBe(201);
    expect((await accountByEmail(t, body.email))!.role).toBe('business');
  });
});

describe('POST /auth/check-email', () => {
  const t = useTestApp();

  it('answers 200 for a free address and 400 for a registered one in any case', async () => {
    const free = await t.request({ url: '/auth/check-email', body: { email: uniqueEmail() } });
    expect(free.status).toBe(200);
    expect(free.body.data.available).toBe(true);
    const user = await createUser(t);
    const taken = await t.request({ url: '/auth/check-email', body: { email: user.email.toUpperCase() } });
    expect(taken.status).toBe(400);
  });

  it('answers 400 when the e-mail is missing or malformed', async () => {
    expect((await t.request({ url: '/auth/check-email', body: {} })).status).toBe(400);
    expect((await t.request({ url: '/auth/check-email', body: { email: 'x' } })).status).toBe(400);
  });
});

describe('POST /auth/sign-in and sign-out', () => {
  const t = useTestApp();

  it('signs in (any e-mail case), sets the httpOnly cookie and returns the user and tokens', async () => {
    const user = await createUser(t);
    const res = await t.request({
      url: '/auth/sign-in',
      body: { email: ` ${user.email.toUpperCase()} `, password: DEFAULT_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: user.accountId, email: user.email, isAdmin: false });
    expect(res.body.data.user).not.toHaveProperty('role');
    const cookie = authCookie(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toBe(res.body.data.accessToken);
    const viaCookie = await t.request({ url: '/users/profile', cookies: { token: String(cookie.value) } });
    expect(viaCookie.status).toBe(200);
  });

  it('answers 401 with one message for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(t);
    const wrong = await t.request({
      url: '/auth/sign-in',
      body: { email: user.email, password: 'nope-nope' },
    });
    const unknown = await t.request({
      url: '/auth/sign-in',
      body: { email: uniqueEmail(), password: DEFAULT_PASSWORD },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(authCookie(wrong)).toBeUndefined();
  });

  it('answers 401 for an account created without a password', async () => {
    const res = await t.request({ url: '/auth/sign-up', body: signUpBody({ password: undefined }) });
    const email = res.body.data.user.email;
    const signIn = await t.request({ url: '/auth/sign-in', body: { email, password: 'anything-at-all' } });
    expect(signIn.status).toBe(401);
  });

  it.each([[{}], [{ email: 'a@b.co' }], [{ password: 'x' }], [{ email: 5, password: 'x' }]])(
    'answers 400 for %j',
    async (body) => {
      const res = await t.request({ url: '/auth/sign-in', body });
      expect(res.status).toBe(400);
    },
  );

  it('sign-out clears the cookie and ends the session: access and refresh tokens stop working', async () => {
    const user = await createUser(t);
    const res = await t.request({ url: '/auth/sign-out', token: user.accessToken, body: {} });
    expect(res.status).toBe(200);
    const cleared = authCookie(res)!;
    expect(cleared.value).toBe('');
    expect(new Date(String(cleared.expires)).getTime()).toBeLessThanOrEqual(Date.now());
    const [session] = await t.db.select().from(refreshSessions).where(eq(refreshSessions.id, user.sessionId));
    expect(session!.revokedAt).not.toBeNull();
    expect((await t.request({ url: '/users/profile', token: user.accessToken })).status).toBe(401);
    const refresh = await t.request({
      url: '/auth/refresh-token',
      body: { refreshToken: user.refreshToken },
    });
    expect(refresh.status).toBe(401);
  });

  it('sign-out through the cookie alone works, and without a token answers 401', async () => {
    const user = await createUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/auth/sign-out',
      cookies: { token: user.accessToken },
    });
    expect(res.status).toBe(200);
    expect((await t.request({ method: 'POST', url: '/auth/sign-out' })).status).toBe(401);
  });

  it('restores a deactivated account that signs in with the right password, not with a wrong one', async () => {
    const user = await createUser(t);
    expect(
      (await t.request({ method: 'DELETE', url: '/users/account', token: user.accessToken })).status,
    ).toBe(200);
    const wrong = await t.request({
      url: '/auth/sign-in',
      body: { email: user.email, password: 'wrong-pass' },
    });
    expect(wrong.status).toBe(401);
    expect((await accountByEmail(t, user.email))!.deleted).toBe(true);
    const res = await t.request({
      url: '/auth/sign-in',
      body: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ deleted: false, deletedAt: null });
    const account = (await accountByEmail(t, user.email))!;
    expect(account).toMatchObject({ deleted: false, deletedAt: null });
    const me = await t.request({ url: '/users/profile', token: res.body.data.accessToken });
    expect(me.status).toBe(200);
    // The sessions of before the deactivation stay dead.
    expect((await t.request({ url: '/users/profile', token: user.accessToken })).status).toBe(401);
  });
});

describe('POST /auth/refresh-token', () => {
  const t = useTestApp();

  it('exchanges a refresh token of a live session for a working access token', async () => {
    const user = await createUser(t);
    const res = await t.request({ url: '/auth/refresh-token', body: { refreshToken: user.refreshToken } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['accessToken', 'refreshToken']);
    const me = await t.request({ url: '/users/profile', token: res.body.data.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(user.accountId);
  });

  it('answers 401 for an access token presented as a refresh token, and the reverse', async () => {
    const user = await createUser(t);
    const asRefresh = await t.request({
      url: '/auth/refresh-token',
      body: { refreshToken: user.accessToken },
    });
    expect(asRefresh.status).toBe(401);
    const asAccess = await t.request({ url: '/users/profile', token: user.refreshToken });
    expect(asAccess.status).toBe(401);
  });

  it('answers 401 for a revoked session, a deleted account, garbage, or no token at all', async () => {
    const revoked = await createUser(t);
    await t.db
      .update(refreshSessions)
      .set({ revokedAt: new Date() })
      .where(eq(refreshSessions.id, revoked.sessionId));
    expect(
      (await t.request({ url: '/auth/refresh-token', body: { refreshToken: revoked.refreshToken } })).status,
    ).toBe(401);
    const deleted = await createUser(t);
    await t.db.update(accounts).set({ deleted: true }).where(eq(accounts.id, deleted.accountId));
    expect(
      (await t.request({ url: '/auth/refresh-token', body: { refreshToken: deleted.refreshToken } })).status,
    ).toBe(401);
    expect((await t.request({ url: '/auth/refresh-token', body: { refreshToken: 'a.b.c' } })).status).toBe(
      401,
    );
    const missing = await t.request({ url: '/auth/refresh-token', body: {} });
    expect(missing.status).toBe(401);
    expect(missing.body.message).toMatch(/refresh token is required/);
    const none = await t.request({ method: 'POST', url: '/auth/refresh-token' });
    expect(none.status).toBe(401);
  });
});

describe('POST /auth/set-password and change-password', () => {
  const t = useTestApp();

  it('sets a first password once; a second set is 400', async () => {
    const res = await t.request({ url: '/auth/sign-up', body: signUpBody({ password: undefined }) });
    const { user, accessToken } = res.body.data;
    const set = await t.request({
      url: '/auth/set-password',
      token: accessToken,
      body: { password: 'First-pass-1' },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.hasPassword).toBe(true);
    const signIn = await t.request({
      url: '/auth/sign-in',
      body: { email: user.email, password: 'First-pass-1' },
    });
    expect(signIn.status).toBe(200);
    const again = await t.request({
      url: '/auth/set-password',
      token: accessToken,
      body: { password: 'Second-pass-2' },
    });
    expect(again.status).toBe(400);
    const account = (await accountByEmail(t, user.email))!;
    expect(await verifyPassword(account.passwordHash!, 'First-pass-1')).toBe(true);
  });

  it('set-password answers 400 for a short or missing password and 401 without a token', async () => {
    const user = await createUser(t);
    expect((await t.request({ url: '/auth/set-password', token: user.accessToken, body: {} })).status).toBe(
      400,
    );
    expect(
      (await t.request({ url: '/auth/set-password', token: user.accessToken, body: { password: 'x' } }))
        .status,
    ).toBe(400);
    expect((await t.request({ url: '/auth/set-password', body: { password: 'Long-enough-1' } })).status).toBe(
      401,
    );
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await createUser(t);
    const other = await t.request({
      url: '/auth/sign-in',
      body: { email: user.email, password: DEFAULT_PASSWORD },
    });
    const res = await t.request({
      url: '/auth/change-password',
      token: user.accessToken,
      body: { password: DEFAULT_PASSWORD, newPassword: 'Brand-new-pass-2' },
    });
    expect(res.status).toBe(200);
    expect((await t.request({ url: '/users/profile', token: user.accessToken })).status).toBe(200);
    expect((await t.request({ url: '/users/profile', token: other.body.data.accessToken })).status).toBe(401);
    const oldPass = await t.request({
      url: '/auth/sign-in',
      body: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(oldPass.status).toBe(401);
    const newPass = await t.request({
      url: '/auth/sign-in',
      body: { email: user.email, password: 'Brand-new-pass-2' },
    });
    expect(newPass.status).toBe(200);
  });

  it('change-password: 401 wrong current, 400 same password or missing, 401 without a token; nothing changes', async () => {
    const user = await createUser(t);
    const call = (body: unknown, token: string | null = user.accessToken) =>
      t.request({ url: '/auth/change-password', token: token ?? undefined, body });
    expect((await call({ password: 'Wrong-current', newPassword: 'Brand-new-pass-2' })).status).toBe(401);
    expect((await call({ password: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD })).status).toBe(400);
    expect((await call({ password: DEFAULT_PASSWORD })).status).toBe(400);
    expect((await call({ newPassword: 'Brand-new-pass-2' })).status).toBe(400);
    expect((await call({ password: DEFAULT_PASSWORD, newPassword: 'Brand-new-pass-2' }, null)).status).toBe(
      401,
    );
    const account = (await accountByEmail(t, user.email))!;
    expect(await verifyPassword(account.passwordHash!, DEFAULT_PASSWORD)).toBe(true);
  });

  it('change-password for an account without a password answers 400 (use set-password)', async () => {
    const res = await t.request({ url: '/auth/sign-up', body: signUpBody({ password: undefined }) });
    const change = await t.request({
      url: '/auth/change-password',
      token: res.body.data.accessToken,
      body: { password: 'whatever-1', newPassword: 'Brand-new-pass-2' },
    });
    expect(change.status).toBe(400);
  });
});
