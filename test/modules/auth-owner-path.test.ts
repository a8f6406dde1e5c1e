import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OTP_BUDGET } from '../../src/modules/auth/otp.service.js';
import { verificationTokens } from '../../src/platform/db/schema/index.js';
import { createUser, uniqueEmail } from '../factories.js';
import { type TestResponse, useTestApp } from '../harness.js';

/**
 * Issue 34: a stranger who knows only the owner's e-mail address must not lock the owner out of codes.
 * Two clients, told apart by the trusted proxy header: the stranger at B, the owner at A.
 */
describe('a stranger at another client cannot lock the owner out of codes', () => {
  const t = useTestApp({ env: { TRUST_PROXY: 'true' } });
  let n = 0;
  /** A fresh pair of client addresses per test, so no test sees another's counters. */
  const clients = () => ({ owner: `192.0.2.${++n}`, stranger: `198.51.100.${n}` });
  const post = (url: string, body: object, ip: string) =>
    t.request({ url, body, headers: { 'x-forwarded-for': ip } });
  const wrong = (code: string, i: number) => String((Number(code) + i) % 1_000_000).padStart(6, '0');

  async function newestCode(email: string, subject: RegExp): Promise<string> {
    return t.mailbox.otpFor(email, subject);
  }

  /** The stranger's attack of the issue: three sends, then five wrong guesses, all from B. */
  async function strangerAttacks(email: string, stranger: string): Promise<string> {
    let newest = '';
    for (let i = 0; i < 3; i++) {
      t.mailbox.clear();
      expect((await post('/auth/send-code', { email }, stranger)).status).toBe(200);
      newest = await newestCode(email, /verification code/i);
    }
    for (let i = 1; i <= 5; i++) {
      const res = await post(
        '/auth/reset-password',
        { email, code: wrong(newest, i), password: 'Strangers-pass-1' },
        stranger,
      );
      expect(res.status).toBe(401);
    }
    return newest;
  }

  it('the newest code mailed to the owner still works from the owner’s client', async () => {
    const { owner, stranger } = clients();
    const user = await createUser(t);
    const newest = await strangerAttacks(user.email, stranger);
    expect((await post('/auth/verify-code', { email: user.email, code: newest }, owner)).status).toBe(200);
    const reset = await post(
      '/auth/reset-password',
      { email: user.email, code: newest, password: 'Owners-new-pass-1' },
      owner,
    );
    expect(reset.status).toBe(200);
    const signIn = await post('/auth/sign-in', { email: user.email, password: 'Owners-new-pass-1' }, owner);
    expect(signIn.status).toBe(200);
  });

  it('send-code and forgot-password still answer the owner, whose new code resets the password', async () => {
    const { owner, stranger } = clients();
    const user = await createUser(t);
    await strangerAttacks(user.email, stranger);
    t.mailbox.clear();
    expect((await post('/auth/send-code', { email: user.email }, owner)).status).toBe(200);
    await newestCode(user.email, /verification code/i);
    t.mailbox.clear();
    const forgot: TestResponse = await post('/auth/forgot-password', { email: user.email }, owner);
    expect(forgot.status).toBe(200);
    const code = await newestCode(user.email, /reset/i);
    const reset = await post(
      '/auth/reset-password',
      { email: user.email, code, password: 'Owners-new-pass-2' },
      owner,
    );
    expect(reset.status).toBe(200);
  });

  it('the stranger repeating the attack cannot lock the owner out either', async () => {
    const { owner, stranger } = clients();
    const user = await createUser(t);
    await strangerAttacks(user.email, stranger);
    // The stranger is out of sends for this address: the owner is not.
    const more = await post('/auth/send-code', { email: user.email }, stranger);
    expect(more.status).toBe(429);
    expect(Number(more.headers['retry-after'])).toBeGreaterThan(0);
    t.mailbox.clear();
    expect((await post('/auth/forgot-password', { email: user.email }, owner)).status).toBe(200);
    const code = await newestCode(user.email, /reset/i);
    for (let i = 1; i <= 5; i++)
      await post(
        '/auth/reset-password',
        { email: user.email, code: wrong(code, i), password: 'x-Pass-1234' },
        stranger,
      );
    const reset = await post(
      '/auth/reset-password',
      { email: user.email, code, password: 'Owners-new-pass-3' },
      owner,
    );
    expect(reset.status).toBe(200);
  });

  it('forgot-password: a client past its codes gets a 429 with Retry-After; the owner’s client does not', async () => {
    const { owner, stranger } = clients();
    const user = await createUser(t);
    for (let i = 0; i < OTP_BUDGET.codesPerClient; i++)
      expect((await post('/auth/forgot-password', { email: user.email }, stranger)).status).toBe(200);
    const over = await post('/auth/forgot-password', { email: user.email }, stranger);
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.body.errorMessage.retryAfterSeconds).toBe(Number(over.headers['retry-after']));
    expect((await post('/auth/forgot-password', { email: user.email }, owner)).status).toBe(200);
  });

  it('an IPv6 client is its /64: rotating addresses inside it gets no new budget', async () => {
    const user = await createUser(t);
    const prefix = `2001:db8:${++n}:1`;
    for (let i = 1; i <= OTP_BUDGET.codesPerClient; i++)
      expect((await post('/auth/send-code', { email: user.email }, `${prefix}::${i}`)).status).toBe(200);
    expect((await post('/auth/send-code', { email: user.email }, `${prefix}:ffff::9`)).status).toBe(429);
    expect((await post('/auth/send-code', { email: user.email }, `2001:db8:${n}:2::1`)).status).toBe(200);
  });
});

describe('guessing stays bounded however many clients guess', () => {
  const t = useTestApp({ env: { TRUST_PROXY: 'true' } });
  let n = 0;
  const client = () => `10.${Math.floor(++n / 250)}.${n % 250}.1`;
  const post = (url: string, body: object, ip: string) =>
    t.request({ url, body, headers: { 'x-forwarded-for': ip } });

  it(`at most ${OTP_BUDGET.wrongCodesPerHour} wrong codes an hour per address, across clients and codes`, async () => {
    const email = uniqueEmail('guessed');
    let code = '';
    let wrongAnswered = 0;
    let candidate = 0;
    // The stranger asks for new codes (none reaches him) and guesses from client after client.
    for (let round = 0; round < 4; round++) {
      t.mailbox.clear();
      expect((await post('/auth/send-code', { email }, client())).status).toBe(200);
      code = await t.mailbox.otpFor(email, /verification code/i);
      for (let c = 0; c < 3; c++) {
        const ip = client();
        for (let i = 0; i < OTP_BUDGET.wrongCodesPerClient; i++) {
          let guess = String(candidate++).padStart(6, '0');
          if (guess === code) guess = String(candidate++).padStart(6, '0');
          const res = await post('/auth/verify-code', { email, code: guess }, ip);
          if (res.status === 401) wrongAnswered++;
          else expect(res.status).toBe(429);
        }
      }
    }
    expect(wrongAnswered).toBe(OTP_BUDGET.wrongCodesPerHour);
    // From here on a typed code is refused from any client, even the right one, until the hour ends.
    const blocked = await post('/auth/verify-code', { email, code }, client());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3000);
    const [row] = await t.db.select().from(verificationTokens).where(eq(verificationTokens.email, email));
    expect(row!.attempts).toBe(OTP_BUDGET.wrongCodesPerHour);
    // An hour later the count starts again and the live code works.
    await t.db
      .update(verificationTokens)
      .set({ windowStartedAt: new Date(Date.now() - 3600_000 - 1000) })
      .where(eq(verificationTokens.email, email));
    expect((await post('/auth/verify-code', { email, code }, client())).status).toBe(200);
  });
});
