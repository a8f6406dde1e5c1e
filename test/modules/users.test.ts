import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, refreshSessions, verificationTokens } from '../../src/platform/db/schema/index.js';
import { createUser, DEFAULT_PASSWORD, uniqueEmail } from '../factories.js';
import { type TestApp, useTestApp } from '../harness.js';

async function account(t: TestApp, id: string) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, id));
  return row!;
}

describe('GET and PATCH /users/profile', () => {
  const t = useTestApp();

  it('returns the account without role or password hash, with isAdmin', async () => {
    const user = await createUser(t, { name: 'Bola' });
    const res = await t.request({ url: '/users/profile', token: user.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.apiObject).toBe('user');
    expect(res.body.data).toMatchObject({
      id: user.accountId,
      name: 'Bola',
      email: user.email,
      isAdmin: false,
      verified: true,
      deleted: false,
      businessId: user.businessId,
    });
    expect(res.body.data).not.toHaveProperty('role');
    expect(res.body.data).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(res.body)).not.toMatch(/argon2/);
  });

  it.each([
    ['admin', true],
    ['superadmin', true],
    ['user', false],
  ] as const)('isAdmin for a %s is %s', async (role, isAdmin) => {
    const user = await createUser(t, { role });
    const res = await t.request({ url: '/users/profile', token: user.accessToken });
    expect(res.body.data.isAdmin).toBe(isAdmin);
    expect(res.body.data).not.toHaveProperty('role');
  });

  it('answers 401 without a token', async () => {
    expect((await t.request({ url: '/users/profile' })).status).toBe(401);
    expect((await t.request({ method: 'PATCH', url: '/users/profile', body: { name: 'x' } })).status).toBe(
      401,
    );
  });

  it('changes name and avatarUrl only; role, email, verified and anything else are ignored', async () => {
    const user = await createUser(t, { verified: false });
    const res = await t.request({
      method: 'PATCH',
      url: '/users/profile',
      token: user.accessToken,
      body: {
        name: '  New Name ',
        avatarUrl: 'https://cdn.example.test/a.png',
        role: 'superadmin',
        isAdmin: true,
        email: 'hijack@example.test',
        verified: true,
        deleted: true,
        passwordHash: 'x',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'New Name',
      avatarUrl: 'https://cdn.example.test/a.png',
      isAdmin: false,
      email: user.email,
      verified: false,
    });
    const row = await account(t, user.accountId);
    expect(row).toMatchObject({ role: 'business', email: user.email, verified: false, deleted: false });
    expect(row.name).toBe('New Name');
    // Still a business: admin routes stay closed.
    const admin = await t.request({
      url: '/exchange-rates',
      token: user.accessToken,
      body: { countryCode: 'NG', currency: 'NGN', rate: 1 },
    });
    expect(admin.status).toBe(403);
  });

  it('an empty body changes nothing; avatarUrl null clears the avatar', async () => {
    const user = await createUser(t, { name: 'Keep' });
    await t.request({
      method: 'PATCH',
      url: '/users/profile',
      token: user.accessToken,
      body: { avatarUrl: 'https://cdn.example.test/b.png' },
    });
    const empty = await t.request({
      method: 'PATCH',
      url: '/users/profile',
      token: user.accessToken,
      body: {},
    });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ name: 'Keep', avatarUrl: 'https://cdn.example.test/b.png' });
    const cleared = await t.request({
      method: 'PATCH',
      url: '/users/profile',
      token: user.accessToken,
      body: { avatarUrl: null },
    });
    expect(cleared.body.data.avatarUrl).toBeNull();
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 42 }, 'name'],
    [{ avatarUrl: 'javascript:alert(1)' }, 'avatarUrl'],
    [{ avatarUrl: 'not a url' }, 'avatarUrl'],
  ])('answers 400 for %j and changes nothing', async (body, field) => {
    const user = await createUser(t, { name: 'Same' });
    const res = await t.request({ method: 'PATCH', url: '/users/profile', token: user.accessToken, body });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
    expect((await account(t, user.accountId)).name).toBe('Same');
  });
});

describe('PATCH /users/email', () => {
  const t = useTestApp();

  async function codeFor(email: string): Promise<string> {
    t.mailbox.clear();
    expect((await t.request({ url: '/auth/send-code', body: { email } })).status).toBe(200);
    return t.mailbox.otpFor(email);
  }

  it("mails the new address its code without a link (no console page could complete one); an unverified account's own mail has one", async () => {
    const newEmail = uniqueEmail('fresh');
    await codeFor(newEmail);
    const mail = await t.mailbox.waitFor(newEmail);
    expect(mail.text).not.toContain('token=');
    expect(mail.html).not.toContain('token=');
    const unverified = await createUser(t, { verified: false });
    t.mailbox.clear();
    expect((await t.request({ url: '/auth/send-code', body: { email: unverified.email } })).status).toBe(200);
    expect((await t.mailbox.waitFor(unverified.email)).text).toContain('/verify-email?token=');
  });

  it('changes the e-mail with a code sent to the new address; the new address is verified', async () => {
    const user = await createUser(t, { verified: false });
    const newEmail = uniqueEmail('moved');
    const code = await codeFor(newEmail.toUpperCase());
    const res = await t.request({
      method: 'PATCH',
      url: '/users/email',
      token: user.accessToken,
      body: { newEmail: newEmail.toUpperCase(), code, password: DEFAULT_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: newEmail, verified: true });
    expect(await account(t, user.accountId)).toMatchObject({ email: newEmail, verified: true });
    const [otp] = await t.db.select().from(verificationTokens).where(eq(verificationTokens.email, newEmail));
    expect(otp).toBeUndefined();
    const signIn = await t.request({
      url: '/auth/sign-in',
      body: { email: newEmail, password: DEFAULT_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const oldSignIn = await t.request({
      url: '/auth/sign-in',
      body: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(oldSignIn.status).toBe(401);
  });

  it('answers 401 for a code sent to the old address, a wrong code or an expired one', async () => {
    const user = await createUser(t);
    const newEmail = uniqueEmail('moved');
    const oldCode = await codeFor(user.email);
    const call = (code: string) =>
      t.request({
        method: 'PATCH',
        url: '/users/email',
        token: user.accessToken,
        body: { newEmail, code, password: user.password },
      });
    expect((await call(oldCode)).status).toBe(401);
    const code = await codeFor(newEmail);
    expect((await call(String((Number(code) + 1) % 1_000_000).padStart(6, '0'))).status).toBe(401);
    await t.db
      .update(verificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(verificationTokens.email, newEmail));
    expect((await call(code)).status).toBe(401);
    expect((await account(t, user.accountId)).email).toBe(user.email);
  });

  it('answers 400 for the same e-mail, an address in use, or missing fields', async () => {
    const user = await createUser(t);
    const taken = await createUser(t);
    const call = (body: object) =>
      t.request({
        method: 'PATCH',
        url: '/users/email',
        token: user.accessToken,
        body: { password: user.password, ...body },
      });
    const same = await call({ newEmail: user.email.toUpperCase(), code: '123456' });
    expect(same.status).toBe(400);
    const code = await codeFor(taken.email);
    const inUse = await call({ newEmail: taken.email, code });
    expect(inUse.status).toBe(400);
    expect(inUse.body.message).toMatch(/in use/);
    expect((await call({ newEmail: uniqueEmail() })).status).toBe(400);
    expect((await call({ code: '123456' })).status).toBe(400);
    expect((await call({ newEmail: 'nope', code: '123456' })).status).toBe(400);
    expect((await account(t, user.accountId)).email).toBe(user.email);
    expect((await account(t, taken.accountId)).email).toBe(taken.email);
  });

  it('answers 401 without a token', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: '/users/email',
      body: { newEmail: uniqueEmail(), code: '123456' },
    });
    expect(res.status).toBe(401);
  });
});

describe('DELETE /users/account', () => {
  const t = useTestApp();

  it('soft-deletes: deleted and deletedAt set, sessions ended, cookie cleared, data kept', async () => {
    const user = await createUser(t);
    const res = await t.request({ method: 'DELETE', url: '/users/account', token: user.accessToken });
    expect(res.status).toBe(200);
    expect(res.raw.cookies.find((c) => c.name === 'token')?.value).toBe('');
    const row = await account(t, user.accountId);
    expect(row.deleted).toBe(true);
    expect(row.deletedAt).toBeInstanceOf(Date);
    const sessions = await t.db
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.accountId, user.accountId));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await t.request({ url: '/users/profile', token: user.accessToken })).status).toBe(401);
    const refresh = await t.request({
      url: '/auth/refresh-token',
      body: { refreshToken: user.refreshToken },
    });
    expect(refresh.status).toBe(401);
    // The e-mail stays taken: signing in restores the account, signing up again is refused.
    const signUp = await t.request({
      url: '/auth/sign-up',
      body: { name: 'Again', email: user.email, whatsappNumber: '+2348031234567' },
    });
    expect(signUp.status).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await t.request({ method: 'DELETE', url: '/users/account' })).status).toBe(401);
  });
});
