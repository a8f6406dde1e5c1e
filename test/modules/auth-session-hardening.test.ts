import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ABUSE_LIMITS } from '../../src/modules/auth/auth.limits.js';
import { hashPassword } from '../../src/platform/auth/passwords.js';
import { accounts, refreshSessions } from '../../src/platform/db/schema/index.js';
import { createUser, uniqueEmail } from '../factories.js';
import { type TestApp, useTestApp } from '../harness.js';

async function account(t: TestApp, id: string) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, id));
  return row!;
}

async function sessionRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(refreshSessions).where(eq(refreshSessions.id, id));
  return row!;
}

describe('set-password needs a recent sign-in', () => {
  const t = useTestApp();

  it('refuses a session signed in more than minutes ago with 403 and stores nothing', async () => {
    const user = await createUser(t);
    await t.db.update(accounts).set({ passwordHash: null }).where(eq(accounts.id, user.accountId));
    await t.db
      .update(refreshSessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(refreshSessions.id, user.sessionId));
    const stale = await t.request({
      url: '/auth/set-password',
      token: user.accessToken,
      body: { password: 'A-first-pass-1' },
    });
    expect(stale.status).toBe(403);
    expect(stale.body.message).toMatch(/Sign in again/);
    expect((await account(t, user.accountId)).passwordHash).toBeNull();

    await t.db
      .update(refreshSessions)
      .set({ createdAt: new Date() })
      .where(eq(refreshSessions.id, user.sessionId));
    const fresh = await t.request({
      url: '/auth/set-password',
      token: user.accessToken,
      body: { password: 'A-first-pass-1' },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.hasPassword).toBe(true);
  });
});

describe('refresh tokens rotate; a reused one ends the session', () => {
  const t = useTestApp();

  it('each refresh answers the next refresh token; the old one, used again, revokes the session', async () => {
    const user = await createUser(t);
    const first = await t.request({ url: '/auth/refresh-token', body: { refreshToken: user.refreshToken } });
    expect(first.status).toBe(200);
    const next = first.body.data.refreshToken as string;
    expect(next).toEqual(expect.any(String));
    expect(next).not.toBe(user.refreshToken);
    const second = await t.request({ url: '/auth/refresh-token', body: { refreshToken: next } });
    expect(second.status).toBe(200);

    // Someone presents the first token again: it is a copy; the session ends for everyone.
    const replay = await t.request({ url: '/auth/refresh-token', body: { refreshToken: user.refreshToken } });
    expect(replay.status).toBe(401);
    expect((await sessionRow(t, user.sessionId)).revokedAt).not.toBeNull();
    const latest = second.body.data.refreshToken as string;
    expect((await t.request({ url: '/auth/refresh-token', body: { refreshToken: latest } })).status).toBe(
      401,
    );
    expect((await t.request({ url: '/users/profile', token: second.body.data.accessToken })).status).toBe(
      401,
    );
  });
});

describe('change-email: other sessions end, and the old address can undo it', () => {
  const t = useTestApp();

  async function changeEmail(user: Awaited<ReturnType<typeof createUser>>, newEmail: string) {
    t.mailbox.clear();
    await t.request({ url: '/auth/send-code', body: { email: newEmail } });
    const code = await t.mailbox.otpFor(newEmail, /verification code/i);
    const res = await t.request({
      method: 'PATCH',
      url: '/users/email',
      token: user.accessToken,
      body: { newEmail, code, password: user.password },
    });
    expect(res.status).toBe(200);
    const mail = await t.mailbox.waitFor(user.email, /e-mail address was changed/);
    const link = /https?:\/\/\S+\/users\/email\/undo\?token=(\S+)/.exec(mail.text)!;
    expect(link).not.toBeNull();
    return decodeURIComponent(link[1]!);
  }

  it('signs the other sessions out and mails the old address a link that undoes it all', async () => {
    const user = await createUser(t);
    const other = await t.request({
      url: '/auth/sign-in',
      body: { email: user.email, password: user.password },
    });
    const newEmail = uniqueEmail('taker');
    const token = await changeEmail(user, newEmail);
    expect((await t.request({ url: '/users/profile', token: other.body.data.accessToken })).status).toBe(401);
    expect((await t.request({ url: '/users/profile', token: user.accessToken })).status).toBe(200);

    // Whoever changed it then set a password of their own (through reset-password on the new address).
    const before = (await account(t, user.accountId)).passwordHash;
    await t.db
      .update(accounts)
      .set({ passwordHash: await hashPassword('Takers-pass-1') })
      .where(eq(accounts.id, user.accountId));

    // The link opens a page that only shows a button: following it changes nothing.
    const page = await t.request({ url: '/users/email/undo', query: { token } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect((await account(t, user.accountId)).email).toBe(newEmail);

    // The button posts the page's form.
    const undo = await t.request({
      url: '/users/email/undo',
      payload: new URLSearchParams({ token }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(undo.status).toBe(200);
    const restored = await account(t, user.accountId);
    expect(restored.email).toBe(user.email);
    expect(restored.passwordHash).toBeNull();
    expect(before).not.toBeNull();
    expect((await t.request({ url: '/users/profile', token: user.accessToken })).status).toBe(401);

    // Once only.
    const again = await t.request({ url: '/users/email/undo', body: { token } });
    expect(again.status).toBe(400);
  });

  it('keeps the password when nobody changed it, and refuses a forged or altered link', async () => {
    const user = await createUser(t);
    const token = await changeEmail(user, uniqueEmail('mine'));
    const [body, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const altered = Buffer.from(JSON.stringify({ ...claims, oldEmail: 'someone@else.example' }));
    const forged = `${altered.toString('base64url')}.${mac}`;
    expect((await t.request({ url: '/users/email/undo', body: { token: forged } })).status).toBe(400);
    expect((await t.request({ url: '/users/email/undo', body: { token: `${token}x` } })).status).toBe(400);
    const passwordBefore = (await account(t, user.accountId)).passwordHash;
    expect((await t.request({ url: '/users/email/undo', body: { token } })).status).toBe(200);
    const after = await account(t, user.accountId);
    expect(after.email).toBe(user.email);
    expect(after.passwordHash).toBe(passwordBefore);
  });
});

describe('set-password and change-password are limited before argon2 (RATE_LIMIT_ENABLED=true)', () => {
  const t = useTestApp({ env: { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'true' } });
  let ip = 0;
  const from = () => ({ 'x-forwarded-for': `192.0.2.${++ip}` });

  it('change-password: after the limit even the right current password is a 429', async () => {
    const user = await createUser(t);
    for (let i = 0; i < ABUSE_LIMITS.changePassword.perEmail; i++) {
      const res = await t.request({
        url: '/auth/change-password',
        token: user.accessToken,
        headers: from(),
        body: { password: `wrong-${i}`, newPassword: 'Another-pass-9' },
      });
      expect(res.status).toBe(401);
    }
    const right = await t.request({
      url: '/auth/change-password',
      token: user.accessToken,
      headers: from(),
      body: { password: user.password, newPassword: 'Another-pass-9' },
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('set-password: limited per account too', async () => {
    const user = await createUser(t);
    for (let i = 0; i < ABUSE_LIMITS.setPassword.perEmail; i++) {
      await t.db.update(accounts).set({ passwordHash: null }).where(eq(accounts.id, user.accountId));
      const res = await t.request({
        url: '/auth/set-password',
        token: user.accessToken,
        headers: from(),
        body: { password: 'A-first-pass-1' },
      });
      expect(res.status).toBe(200);
    }
    await t.db.update(accounts).set({ passwordHash: null }).where(eq(accounts.id, user.accountId));
    const over = await t.request({
      url: '/auth/set-password',
      token: user.accessToken,
      headers: from(),
      body: { password: 'A-first-pass-1' },
    });
    expect(over.status).toBe(429);
  });
});

describe('cross-site requests carried by the cookie', () => {
  const t = useTestApp();
  const rename = (
    name: string,
    extra: { cookie?: string; token?: string; headers?: Record<string, string> },
  ) =>
    t.request({
      method: 'PATCH',
      url: '/users/profile',
      body: { name },
      ...(extra.cookie ? { cookies: { token: extra.cookie } } : {}),
      ...(extra.token ? { token: extra.token } : {}),
      headers: extra.headers ?? {},
    });

  it('refuses a cookie-carried change from another site (Origin or Sec-Fetch-Site) with 403, changing nothing', async () => {
    const user = await createUser(t, { name: 'Kept' });
    const byOrigin = await rename('Evil', {
      cookie: user.accessToken,
      headers: { origin: 'https://evil.example' },
    });
    expect(byOrigin.status).toBe(403);
    expect(byOrigin.body.message).toMatch(/Cross-site/);
    const byFetchSite = await rename('Evil', {
      cookie: user.accessToken,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(byFetchSite.status).toBe(403);
    const nullOrigin = await rename('Evil', { cookie: user.accessToken, headers: { origin: 'null' } });
    expect(nullOrigin.status).toBe(403);
    expect((await account(t, user.accountId)).name).toBe('Kept');
  });

  it('lets the same origin use the cookie, and bearer clients from anywhere', async () => {
    const user = await createUser(t);
    const sameOrigin = await rename('Same', {
      cookie: user.accessToken,
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(200);
    expect((await account(t, user.accountId)).name).toBe('Same');
    const noOrigin = await rename('Plain', { cookie: user.accessToken });
    expect(noOrigin.status).toBe(200);
    const bearer = await rename('Bearer', {
      token: user.accessToken,
      headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(bearer.status).toBe(200);
    // Reads are not state changes.
    const read = await t.request({
      url: '/users/profile',
      cookies: { token: user.accessToken },
      headers: { origin: 'https://evil.example' },
    });
    expect(read.status).toBe(200);
  });

  it('a form body cannot sign anyone in (login CSRF): forms are a 415 outside the routes that take them', async () => {
    const user = await createUser(t);
    const res = await t.request({
      url: '/auth/sign-in',
      payload: new URLSearchParams({ email: user.email, password: user.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('a stale cookie does not stand between the owner and the undo link', () => {
  const t = useTestApp();

  it('the undo form posts with Origin: null and a revoked session’s cookie, and restores the address', async () => {
    const owner = await createUser(t);
    const newEmail = uniqueEmail('taker');
    t.mailbox.clear();
    await t.request({ url: '/auth/send-code', body: { email: newEmail } });
    const code = await t.mailbox.otpFor(newEmail, /verification code/i);
    // The owner's browser signed in elsewhere; the change signs that session out, its cookie stays.
    const ownerBrowser = await t.request({
      url: '/auth/sign-in',
      body: { email: owner.email, password: owner.password },
    });
    const staleCookie = ownerBrowser.body.data.accessToken as string;
    const changed = await t.request({
      method: 'PATCH',
      url: '/users/email',
      token: owner.accessToken,
      body: { newEmail, code, password: owner.password },
    });
    expect(changed.status).toBe(200);
    const mail = await t.mailbox.waitFor(owner.email, /e-mail address was changed/);
    const token = decodeURIComponent(/undo\?token=(\S+)/.exec(mail.text)![1]!);

    const res = await t.request({
      url: '/users/email/undo',
      cookies: { token: staleCookie },
      headers: {
        origin: 'null',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(res.status).toBe(200);
    expect((await account(t, owner.accountId)).email).toBe(owner.email);
  });

  it('sign-out clears the cookie even when its session has ended', async () => {
    const user = await createUser(t);
    await t.db
      .update(refreshSessions)
      .set({ revokedAt: new Date() })
      .where(eq(refreshSessions.id, user.sessionId));
    const res = await t.request({
      method: 'POST',
      url: '/auth/sign-out',
      cookies: { token: user.accessToken },
      headers: { origin: 'http://localhost' },
    });
    const cleared = (res.raw.cookies as Array<{ name: string; value: string; expires?: Date }>).find(
      (c) => c.name === 'token',
    );
    expect(cleared?.value).toBe('');
    expect(new Date(String(cleared!.expires)).getTime()).toBeLessThanOrEqual(Date.now());
    // Not signed in is still a 401 for a client that reads the status.
    expect(res.status).toBe(401);
  });
});
