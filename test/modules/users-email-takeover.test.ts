import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, refreshSessions } from '../../src/platform/db/schema/index.js';
import { createUser, type TestUser, uniqueEmail } from '../factories.js';
import { type TestApp, useTestApp } from '../harness.js';

async function account(t: TestApp, id: string) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, id));
  return row!;
}

async function codeFor(t: TestApp, email: string): Promise<string> {
  t.mailbox.clear();
  expect((await t.request({ url: '/auth/send-code', body: { email } })).status).toBe(200);
  return t.mailbox.otpFor(email, /verification code/i);
}

/** Changes the address of `user` (with `extra` in the body) and returns the undo token mailed to `from`. */
async function change(t: TestApp, token: string, from: string, newEmail: string, extra: object) {
  const code = await codeFor(t, newEmail);
  const res = await t.request({
    method: 'PATCH',
    url: '/users/email',
    token,
    body: { newEmail, code, ...extra },
  });
  expect(res.status).toBe(200);
  const mail = await t.mailbox.waitFor(from, /e-mail address was changed/);
  const link = /https?:\/\/\S+\/users\/email\/undo\?token=(\S+)/.exec(mail.text)!;
  return decodeURIComponent(link[1]!);
}

const undo = (t: TestApp, token: string) => t.request({ url: '/users/email/undo', body: { token } });

describe('an e-mail change chain cannot defeat the first undo link', () => {
  const t = useTestApp();

  it('A → B → C: the link mailed to A restores A, ends every session and kills the later link', async () => {
    const victim = await createUser(t);
    const b = uniqueEmail('attacker-b');
    const c = uniqueEmail('attacker-c');
    const proof = { password: victim.password };
    const toA = await change(t, victim.accessToken, victim.email, b, proof);
    const toB = await change(t, victim.accessToken, b, c, proof);
    expect((await account(t, victim.accountId)).email).toBe(c);

    const res = await undo(t, toA);
    expect(res.status).toBe(200);
    expect((await account(t, victim.accountId)).email).toBe(victim.email);
    const live = await t.db
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.accountId, victim.accountId));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await t.request({ url: '/users/profile', token: victim.accessToken })).status).toBe(401);

    // The later change's link (mailed to B, the attacker's) cannot move the address back to B.
    expect((await undo(t, toB)).status).toBe(400);
    expect((await account(t, victim.accountId)).email).toBe(victim.email);
    // And the first link works once.
    expect((await undo(t, toA)).status).toBe(400);
  });

  it('the attacker undoing the later change first does not stop the owner’s link', async () => {
    const victim = await createUser(t);
    const b = uniqueEmail('attacker-b');
    const proof = { password: victim.password };
    const toA = await change(t, victim.accessToken, victim.email, b, proof);
    const toB = await change(t, victim.accessToken, b, uniqueEmail('attacker-c'), proof);
    expect((await undo(t, toB)).status).toBe(200);
    expect((await account(t, victim.accountId)).email).toBe(b);
    expect((await undo(t, toA)).status).toBe(200);
    expect((await account(t, victim.accountId)).email).toBe(victim.email);
  });

  it('a link older than seven days is refused', async () => {
    const victim = await createUser(t);
    const toA = await change(t, victim.accessToken, victim.email, uniqueEmail('late'), {
      password: victim.password,
    });
    const realNow = Date.now;
    Date.now = () => realNow() + 7 * 24 * 3600_000 + 60_000;
    try {
      expect((await undo(t, toA)).status).toBe(400);
    } finally {
      Date.now = realNow;
    }
  });
});

describe('an e-mail change asks for proof a stolen session lacks', () => {
  const t = useTestApp();

  const attempt = async (user: TestUser, extra: object) => {
    const newEmail = uniqueEmail('next');
    const code = await codeFor(t, newEmail);
    return t.request({
      method: 'PATCH',
      url: '/users/email',
      token: user.accessToken,
      body: { newEmail, code, ...extra },
    });
  };

  it('an account with a password: no password is a 400, a wrong one a 401; nothing changes', async () => {
    const user = await createUser(t);
    const missing = await attempt(user, {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/password/i);
    const wrong = await attempt(user, { password: 'Not-the-password-1' });
    expect(wrong.status).toBe(401);
    expect((await account(t, user.accountId)).email).toBe(user.email);
    expect((await attempt(user, { password: user.password })).status).toBe(200);
  });

  it('an account without a password needs a sign-in from the last ten minutes', async () => {
    const user = await createUser(t);
    await t.db
      .update(accounts)
      .set({ passwordHash: null, identityProviderSubject: `sub-${user.accountId}` })
      .where(eq(accounts.id, user.accountId));
    await t.db
      .update(refreshSessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(refreshSessions.id, user.sessionId));
    const stale = await attempt(user, {});
    expect(stale.status).toBe(403);
    expect(stale.body.message).toMatch(/Sign in again/);
    expect((await account(t, user.accountId)).email).toBe(user.email);
    await t.db
      .update(refreshSessions)
      .set({ createdAt: new Date() })
      .where(eq(refreshSessions.id, user.sessionId));
    expect((await attempt(user, {})).status).toBe(200);
  });
});
