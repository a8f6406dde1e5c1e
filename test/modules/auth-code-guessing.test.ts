import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODES_PER_HOUR, OTP_MAX_ATTEMPTS } from '../../src/modules/auth/otp.service.js';
import { accounts, verificationTokens } from '../../src/platform/db/schema/index.js';
import { createUser, uniqueEmail } from '../factories.js';
import { type TestApp, type TestResponse, useTestApp } from '../harness.js';

/** A six-digit code that is not `code`. */
const other = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

async function sendCode(t: TestApp, email: string): Promise<string> {
  t.mailbox.clear();
  expect((await t.request({ url: '/auth/send-code', body: { email } })).status).toBe(200);
  return t.mailbox.otpFor(email, /verification code/i);
}

function expectTooMany(res: TestResponse) {
  expect(res.status).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('a stranger’s guesses cannot lock the owner out (limits off: this is part of the code rule)', () => {
  const t = useTestApp();

  async function forgot(email: string) {
    t.mailbox.clear();
    const res = await t.request({ url: '/auth/forgot-password', body: { email } });
    return res.status === 200 ? t.mailbox.otpFor(email, /reset/i) : res;
  }

  it('five wrong guesses kill one code; the owner’s next code resets the password', async () => {
    const user = await createUser(t);
    const first = (await forgot(user.email)) as string;
    for (let i = 1; i <= OTP_MAX_ATTEMPTS; i++) {
      const res = await t.request({
        url: '/auth/reset-password',
        body: { email: user.email, code: other(first, i), password: 'Strangers-pass-1' },
      });
      expect(res.status).toBe(401);
    }
    // The code that took them is dead, even to the right guess.
    const dead = await t.request({
      url: '/auth/reset-password',
      body: { email: user.email, code: first, password: 'Owners-new-pass-1' },
    });
    expect(dead.status).toBe(401);
    // The owner asks for a new code: the stranger's failures do not follow it.
    const fresh = (await forgot(user.email)) as string;
    const reset = await t.request({
      url: '/auth/reset-password',
      body: { email: user.email, code: fresh, password: 'Owners-new-pass-1' },
    });
    expect(reset.status).toBe(200);
  });

  it(`at most ${CODES_PER_HOUR} new codes an hour per address; the last one sent keeps working`, async () => {
    const email = uniqueEmail();
    let last = '';
    for (let i = 0; i < CODES_PER_HOUR; i++) last = await sendCode(t, email);
    t.mailbox.clear();
    const over = await t.request({ url: '/auth/send-code', body: { email } });
    expectTooMany(over);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(t.mailbox.find(email)).toBeUndefined();
    expect((await t.request({ url: '/auth/verify-code', body: { email, code: last } })).status).toBe(200);
    // An hour later the address may ask again.
    await t.db
      .update(verificationTokens)
      .set({ windowStartedAt: new Date(Date.now() - 3600_000 - 1000) })
      .where(eq(verificationTokens.email, email));
    await sendCode(t, email);
  });

  it('change-email: a right code for a taken address answers 400 once and is used up', async () => {
    const user = await createUser(t);
    const taken = await createUser(t);
    const code = await sendCode(t, taken.email);
    const body = { newEmail: taken.email, code, password: user.password };
    const first = await t.request({ method: 'PATCH', url: '/users/email', token: user.accessToken, body });
    expect(first.status).toBe(400);
    expect(first.body.message).toMatch(/already in use/);
    // The same code again is no longer a right code: the 400 cannot confirm a guess twice.
    const again = await t.request({ method: 'PATCH', url: '/users/email', token: user.accessToken, body });
    expect(again.status).toBe(401);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, user.accountId));
    expect(row!.email).toBe(user.email);
  });
});

describe('a stranger’s requests do not use up the owner’s right code (RATE_LIMIT_ENABLED=true)', () => {
  const t = useTestApp({ env: { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'true' } });
  let ip = 0;
  const from = () => ({ 'x-forwarded-for': `203.0.113.${++ip}` });

  it('reset-password: wrong codes from many addresses, then the owner’s fresh code works', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 12; i++) {
      const res = await t.request({
        url: '/auth/reset-password',
        headers: from(),
        body: { email: user.email, code: String(100000 + i), password: 'Strangers-pass-1' },
      });
      expect(res.status).toBe(401);
    }
    t.mailbox.clear();
    await t.request({ url: '/auth/forgot-password', headers: from(), body: { email: user.email } });
    const code = await t.mailbox.otpFor(user.email, /reset/i);
    const reset = await t.request({
      url: '/auth/reset-password',
      headers: from(),
      body: { email: user.email, code, password: 'Owners-new-pass-1' },
    });
    expect(reset.status).toBe(200);
  });

  it('verify-email: wrong codes do not keep the owner from verifying with the right one', async () => {
    const user = await createUser(t, { verified: false });
    for (let i = 0; i < 12; i++) {
      const res = await t.request({
        url: '/auth/verify-email',
        token: user.accessToken,
        headers: from(),
        body: { code: '000000' },
      });
      expect(res.status).toBe(401);
    }
    t.mailbox.clear();
    await t.request({ url: '/auth/send-code', headers: from(), body: { email: user.email } });
    const code = await t.mailbox.otpFor(user.email, /verification code/i);
    const res = await t.request({
      url: '/auth/verify-email',
      token: user.accessToken,
      headers: from(),
      body: { code },
    });
    expect(res.status).toBe(200);
  });
});
