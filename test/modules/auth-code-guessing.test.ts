import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ABUSE_LIMITS } from '../../src/modules/auth/auth.limits.js';
import { OTP_MAX_ATTEMPTS } from '../../src/modules/auth/otp.service.js';
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

describe('wrong codes count per address, across codes (limits off: this is part of the code rule)', () => {
  const t = useTestApp();

  it('a new code does not buy new guesses: past one code’s worth, the address is blocked', async () => {
    const email = uniqueEmail();
    const first = await sendCode(t, email);
    for (let i = 1; i <= OTP_MAX_ATTEMPTS; i++) {
      const res = await t.request({ url: '/auth/verify-code', body: { email, code: other(first, i) } });
      expect(res.status).toBe(401);
    }
    // A fresh code, even the right one, is refused while the address is blocked.
    const second = await sendCode(t, email);
    expectTooMany(await t.request({ url: '/auth/verify-code', body: { email, code: second } }));
    const [row] = await t.db.select().from(verificationTokens).where(eq(verificationTokens.email, email));
    expect(row!.failures).toBe(OTP_MAX_ATTEMPTS);
    expect(row!.blockedUntil!.getTime()).toBeGreaterThan(Date.now());

    // Once the block is over, the next wrong guess blocks for longer than the first block did.
    const firstBlock = row!.blockedUntil!.getTime() - row!.updatedAt.getTime();
    await t.db
      .update(verificationTokens)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(verificationTokens.email, email));
    expect((await t.request({ url: '/auth/verify-code', body: { email, code: other(second) } })).status).toBe(
      401,
    );
    const [after] = await t.db.select().from(verificationTokens).where(eq(verificationTokens.email, email));
    expect(after!.failures).toBe(OTP_MAX_ATTEMPTS + 1);
    expect(after!.blockedUntil!.getTime() - Date.now()).toBeGreaterThan(firstBlock);
  });

  it('a blocked address cannot reset a password nor be matched by a code-only guess', async () => {
    const user = await createUser(t);
    t.mailbox.clear();
    await t.request({ url: '/auth/forgot-password', body: { email: user.email } });
    const code = await t.mailbox.otpFor(user.email, /reset/i);
    await t.db
      .update(verificationTokens)
      .set({ blockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(verificationTokens.email, user.email));
    expect((await t.request({ url: '/auth/verify-code', body: { code } })).status).toBe(401);
    const reset = await t.request({
      url: '/auth/reset-password',
      body: { email: user.email, code, password: 'Brand-new-pass-1' },
    });
    expectTooMany(reset);
  });

  it('a right code clears the address’s failures', async () => {
    const email = uniqueEmail();
    const code = await sendCode(t, email);
    await t.request({ url: '/auth/verify-code', body: { email, code: other(code) } });
    expect((await t.request({ url: '/auth/verify-code', body: { email, code } })).status).toBe(200);
    const [row] = await t.db.select().from(verificationTokens).where(eq(verificationTokens.email, email));
    expect(row).toMatchObject({ failures: 0, blockedUntil: null });
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

describe('every route that checks a code is limited per e-mail (RATE_LIMIT_ENABLED=true)', () => {
  const t = useTestApp({ env: { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'true' } });
  let ip = 0;
  const from = () => ({ 'x-forwarded-for': `203.0.113.${++ip}` });

  it('verify-email', async () => {
    const user = await createUser(t, { verified: false });
    for (let i = 0; i < ABUSE_LIMITS.verifyCode.perEmail; i++) {
      const res = await t.request({
        url: '/auth/verify-email',
        token: user.accessToken,
        headers: from(),
        body: { code: '000000' },
      });
      expect(res.status).toBe(401);
    }
    expectTooMany(
      await t.request({
        url: '/auth/verify-email',
        token: user.accessToken,
        headers: from(),
        body: { code: '000000' },
      }),
    );
  });

  it('PATCH /users/email, counted for the new address', async () => {
    const target = uniqueEmail();
    for (let i = 0; i < ABUSE_LIMITS.verifyCode.perEmail; i++) {
      const user = await createUser(t);
      const res = await t.request({
        method: 'PATCH',
        url: '/users/email',
        token: user.accessToken,
        headers: from(),
        body: { newEmail: target, code: '000000', password: user.password },
      });
      expect(res.status).toBe(401);
    }
    const user = await createUser(t);
    expectTooMany(
      await t.request({
        method: 'PATCH',
        url: '/users/email',
        token: user.accessToken,
        headers: from(),
        body: { newEmail: target, code: '000000', password: user.password },
      }),
    );
  });
});
