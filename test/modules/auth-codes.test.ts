import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OTP_BUDGET } from '../../src/modules/auth/otp.service.js';
import { verifyPassword } from '../../src/platform/auth/passwords.js';
import { accounts, notifications, verificationTokens } from '../../src/platform/db/schema/index.js';
import { createUser, DEFAULT_PASSWORD, uniqueEmail } from '../factories.js';
import { type TestApp, useTestApp } from '../harness.js';

async function otpRow(t: TestApp, email: string) {
  const [row] = await t.db.select().from(verificationTokens).where(eq(verificationTokens.email, email));
  return row;
}

async function sendCode(t: TestApp, email: string): Promise<string> {
  t.mailbox.clear();
  const res = await t.request({ url: '/auth/send-code', body: { email } });
  expect(res.status).toBe(200);
  return t.mailbox.otpFor(email, /verification code/i);
}

/** A six-digit code that is not `code`. */
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /auth/send-code and verify-code', () => {
  const t = useTestApp();

  it('e-mails a 6-digit code (text and HTML) and stores only its hash, one record per e-mail', async () => {
    const email = uniqueEmail();
    const first = await sendCode(t, email);
    const mail = t.mailbox.find(email)!;
    expect(mail.text).toContain(first);
    expect(mail.html).toContain(first);
    expect(mail.text).toMatch(/10 minutes/);
    const row1 = (await otpRow(t, email))!;
    expect(row1.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row1.codeHash).not.toContain(first);

    const second = await sendCode(t, email.toUpperCase());
    const rows = await t.db.select().from(verificationTokens).where(eq(verificationTokens.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(row1.id);
    // The new code replaces the old one.
    if (first !== second) {
      const old = await t.request({ url: '/auth/verify-code', body: { email, code: first } });
      expect(old.status).toBe(401);
    }
    const fresh = await t.request({ url: '/auth/verify-code', body: { email, code: second } });
    expect(fresh.status).toBe(200);
  });

  it('answers 400 for a missing or malformed e-mail', async () => {
    expect((await t.request({ url: '/auth/send-code', body: {} })).status).toBe(400);
    expect((await t.request({ url: '/auth/send-code', body: { email: 'nope' } })).status).toBe(400);
  });

  it('verify-code does not consume: the same code checks again, then still verifies the e-mail', async () => {
    const user = await createUser(t, { verified: false });
    const code = await sendCode(t, user.email);
    for (let i = 0; i < 3; i++) {
      const res = await t.request({ url: '/auth/verify-code', body: { email: user.email, code } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ valid: true });
    }
    expect((await otpRow(t, user.email))!.attempts).toBe(0);
    const verify = await t.request({ url: '/auth/verify-email', token: user.accessToken, body: { code } });
    expect(verify.status).toBe(200);
  });

  it('verify-code with only the code finds the record by its keyed hash', async () => {
    const email = uniqueEmail();
    const code = await sendCode(t, email);
    const res = await t.request({ url: '/auth/verify-code', body: { code } });
    expect(res.status).toBe(200);
    const wrong = await t.request({ url: '/auth/verify-code', body: { code: other(code) } });
    expect(wrong.status).toBe(401);
  });

  it('answers 401 for a wrong code, 400 for a missing or malformed one', async () => {
    const email = uniqueEmail();
    const code = await sendCode(t, email);
    const res = await t.request({ url: '/auth/verify-code', body: { email, code: other(code) } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 'failure', code: 401, message: 'Invalid or expired code' });
    expect((await otpRow(t, email))!.attempts).toBe(1);
    expect((await t.request({ url: '/auth/verify-code', body: {} })).status).toBe(400);
    expect((await t.request({ url: '/auth/verify-code', body: { code: '12345' } })).status).toBe(400);
    expect((await t.request({ url: '/auth/verify-code', body: { code: 123456 } })).status).toBe(400);
    expect((await t.request({ url: '/auth/verify-code', body: { email: uniqueEmail(), code } })).status).toBe(
      401,
    );
  });

  it('an expired code is refused, by e-mail and by code alone', async () => {
    const email = uniqueEmail();
    const code = await sendCode(t, email);
    await t.db
      .update(verificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationTokens.email, email));
    expect((await t.request({ url: '/auth/verify-code', body: { email, code } })).status).toBe(401);
    expect((await t.request({ url: '/auth/verify-code', body: { code } })).status).toBe(401);
  });

  it(`${OTP_BUDGET.wrongCodesPerClient} wrong tries stop this client for the address, across codes, even with the right one`, async () => {
    const email = uniqueEmail();
    const code = await sendCode(t, email);
    for (let i = 0; i < OTP_BUDGET.wrongCodesPerClient; i++) {
      const res = await t.request({ url: '/auth/verify-code', body: { email, code: other(code) } });
      expect(res.status).toBe(401);
    }
    expect((await otpRow(t, email))!.attempts).toBe(OTP_BUDGET.wrongCodesPerClient);
    const refused = await t.request({ url: '/auth/verify-code', body: { email, code } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before the comparison: not counted further. A new code does not reset the client's count.
    expect((await otpRow(t, email))!.attempts).toBe(OTP_BUDGET.wrongCodesPerClient);
    const fresh = await sendCode(t, email);
    expect((await otpRow(t, email))!.attempts).toBe(OTP_BUDGET.wrongCodesPerClient);
    expect((await t.request({ url: '/auth/verify-code', body: { email, code: fresh } })).status).toBe(429);
  });
});

describe('POST /auth/verify-email', () => {
  const t = useTestApp();

  it('verifies the account with the sign-up code, consumes it, and notifies admins', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const email = uniqueEmail('verify');
    const signUp = await t.request({
      url: '/auth/sign-up',
      body: { name: 'Vera', email, whatsappNumber: '+2348031234567', password: 'Sup3r-secret' },
    });
    const code = await t.mailbox.otpFor(email, /verification code/i);
    const token = signUp.body.data.accessToken;
    const res = await t.request({
      url: '/auth/verify-email',
      headers: { authorization: `Bearer ${token}` },
      body: { code },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email, verified: true });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, email));
    expect(account!.verified).toBe(true);
    expect(await otpRow(t, email)).toBeUndefined();
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.receiverId, admin.accountId), eq(notifications.type, 'account.email_verified')),
      );
    expect(note!.message).toContain(email);
    expect(
      t.realtime.events.some(
        (e) =>
          e.room === `admin:${admin.accountId}` &&
          (e.payload as { type: string }).type === 'account.email_verified',
      ),
    ).toBe(true);
    // Consumed: the same code no longer checks.
    expect((await t.request({ url: '/auth/verify-code', body: { email, code } })).status).toBe(401);
  });

  it('answers 401 for a wrong or expired code and leaves the account unverified', async () => {
    const user = await createUser(t, { verified: false });
    const code = await sendCode(t, user.email);
    const wrong = await t.request({
      url: '/auth/verify-email',
      token: user.accessToken,
      body: { code: other(code) },
    });
    expect(wrong.status).toBe(401);
    await t.db
      .update(verificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(verificationTokens.email, user.email));
    const expired = await t.request({ url: '/auth/verify-email', token: user.accessToken, body: { code } });
    expect(expired.status).toBe(401);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, user.accountId));
    expect(account!.verified).toBe(false);
  });

  it('a code sent to another address does not verify this account', async () => {
    const user = await createUser(t, { verified: false });
    const code = await sendCode(t, uniqueEmail('someone-else'));
    const res = await t.request({ url: '/auth/verify-email', token: user.accessToken, body: { code } });
    expect(res.status).toBe(401);
  });

  it('answers 401 without a token, 400 without a code, 400 when already verified', async () => {
    expect((await t.request({ url: '/auth/verify-email', body: { code: '123456' } })).status).toBe(401);
    const user = await createUser(t, { verified: false });
    expect((await t.request({ url: '/auth/verify-email', token: user.accessToken, body: {} })).status).toBe(
      400,
    );
    const verified = await createUser(t);
    const code = await sendCode(t, verified.email);
    const res = await t.request({ url: '/auth/verify-email', token: verified.accessToken, body: { code } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/already verified/);
  });
});

describe('POST /auth/forgot-password and reset-password', () => {
  const t = useTestApp();

  async function forgot(email: string): Promise<string> {
    t.mailbox.clear();
    const res = await t.request({ url: '/auth/forgot-password', body: { email } });
    expect(res.status).toBe(200);
    return t.mailbox.otpFor(email, /reset/i);
  }

  it('resets the password with the e-mailed code, ends every session and consumes the code', async () => {
    const user = await createUser(t);
    const code = await forgot(user.email.toUpperCase());
    const mail = t.mailbox.find(user.email, /reset/i)!;
    expect(mail.html).toContain(code);
    expect((await t.request({ url: '/auth/verify-code', body: { email: user.email, code } })).status).toBe(
      200,
    );
    const res = await t.request({
      url: '/auth/reset-password',
      body: { email: user.email, code, password: 'Reset-pass-77' },
    });
    expect(res.status).toBe(200);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, user.accountId));
    expect(await verifyPassword(account!.passwordHash!, 'Reset-pass-77')).toBe(true);
    expect((await t.request({ url: '/users/profile', token: user.accessToken })).status).toBe(401);
    expect(await otpRow(t, user.email)).toBeUndefined();
    const again = await t.request({
      url: '/auth/reset-password',
      body: { email: user.email, code, password: 'Another-pass-88' },
    });
    expect(again.status).toBe(401);
    const signIn = await t.request({
      url: '/auth/sign-in',
      body: { email: user.email, password: 'Reset-pass-77' },
    });
    expect(signIn.status).toBe(200);
  });

  it('answers 400 for an unknown e-mail, writes no code and sends nothing', async () => {
    const unknownEmail = uniqueEmail('nobody');
    t.mailbox.clear();
    const unknown = await t.request({ url: '/auth/forgot-password', body: { email: unknownEmail } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorMessage.fields[0].path).toBe('email');
    expect(await otpRow(t, unknownEmail)).toBeUndefined();
    const user = await createUser(t);
    expect((await t.request({ url: '/auth/forgot-password', body: { email: user.email } })).status).toBe(200);
    await t.mailbox.waitFor(user.email, /reset/i);
    expect(t.mailbox.find(unknownEmail)).toBeUndefined();
  });

  it('forgot-password answers 400 for a missing or malformed e-mail', async () => {
    expect((await t.request({ url: '/auth/forgot-password', body: {} })).status).toBe(400);
    expect((await t.request({ url: '/auth/forgot-password', body: { email: 'x@' } })).status).toBe(400);
  });

  it('refuses the current password with 400 and keeps the code usable', async () => {
    const user = await createUser(t);
    const code = await forgot(user.email);
    const same = await t.request({
      url: '/auth/reset-password',
      body: { email: user.email, code, password: DEFAULT_PASSWORD },
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toMatch(/differ/);
    expect(await otpRow(t, user.email)).toBeDefined();
    const ok = await t.request({
      url: '/auth/reset-password',
      body: { email: user.email, code, password: 'Different-pass-1' },
    });
    expect(ok.status).toBe(200);
  });

  it('answers 401 for a wrong or expired code and changes nothing', async () => {
    const user = await createUser(t);
    const code = await forgot(user.email);
    const wrong = await t.request({
      url: '/auth/reset-password',
      body: { email: user.email, code: other(code), password: 'Reset-pass-77' },
    });
    expect(wrong.status).toBe(401);
    await t.db
      .update(verificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(verificationTokens.email, user.email));
    const expired = await t.request({
      url: '/auth/reset-password',
      body: { email: user.email, code, password: 'Reset-pass-77' },
    });
    expect(expired.status).toBe(401);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, user.accountId));
    expect(await verifyPassword(account!.passwordHash!, DEFAULT_PASSWORD)).toBe(true);
    expect((await t.request({ url: '/users/profile', token: user.accessToken })).status).toBe(200);
  });

  it(`${OTP_BUDGET.wrongCodesPerClient} wrong codes on reset-password stop this client, even with the right code`, async () => {
    const user = await createUser(t);
    const code = await forgot(user.email);
    for (let i = 0; i < OTP_BUDGET.wrongCodesPerClient; i++) {
      const res = await t.request({
        url: '/auth/reset-password',
        body: { email: user.email, code: other(code), password: 'Reset-pass-77' },
      });
      expect(res.status).toBe(401);
    }
    const right = await t.request({
      url: '/auth/reset-password',
      body: { email: user.email, code, password: 'Reset-pass-77' },
    });
    expect(right.status).toBe(429);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, user.accountId));
    expect(await verifyPassword(account!.passwordHash!, DEFAULT_PASSWORD)).toBe(true);
  });

  it.each([
    [{ code: '123456', password: 'Reset-pass-77' }, 'email'],
    [{ email: 'a@b.co', password: 'Reset-pass-77' }, 'code'],
    [{ email: 'a@b.co', code: '123456' }, 'password'],
    [{ email: 'a@b.co', code: '123456', password: 'short' }, 'password'],
  ])('reset-password answers 400 for %j naming %s', async (body, field) => {
    const res = await t.request({ url: '/auth/reset-password', body });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
  });
});
