import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OTP_BUDGET } from '../../src/modules/auth/otp.service.js';
import { accounts, verificationTokens } from '../../src/platform/db/schema/index.js';
import { createUser } from '../factories.js';
import { type TestApp, type TestResponse, useTestApp } from '../harness.js';

/** A six-digit code that is not `code`. */
const other = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

async function sendCode(t: TestApp, email: string, ip = '127.0.0.1'): Promise<string> {
  t.mailbox.clear();
  const res = await t.request({
    url: '/auth/send-code',
    body: { email },
    headers: { 'x-forwarded-for': ip },
  });
  expect(res.status).toBe(200);
  return t.mailbox.otpFor(email, /verification code/i);
}

function expectTooMany(res: TestResponse) {
  expect(res.status).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('the code budgets (limits off: they are part of the code rule)', () => {
  const t = useTestApp({ env: { TRUST_PROXY: 'true' } });
  let n = 0;
  const client = () => `203.0.113.${++n}`;
  const post = (url: string, body: object, ip: string) =>
    t.request({ url, body, headers: { 'x-forwarded-for': ip } });

  it(`${OTP_BUDGET.wrongCodesPerClient} wrong codes stop that client, even with the right code; not the owner’s`, async () => {
    const user = await createUser(t);
    const [stranger, owner] = [client(), client()];
    t.mailbox.clear();
    expect((await post('/auth/forgot-password', { email: user.email }, owner)).status).toBe(200);
    const code = await t.mailbox.otpFor(user.email, /reset/i);
    const reset = (ip: string, c: string, password = 'Strangers-pass-1') =>
      post('/auth/reset-password', { email: user.email, code: c, password }, ip);
    for (let i = 1; i <= OTP_BUDGET.wrongCodesPerClient; i++)
      expect((await reset(stranger, other(code, i))).status).toBe(401);
    // The stranger's client is out of guesses for this address, whatever it sends.
    expectTooMany(await reset(stranger, other(code, 99)));
    expectTooMany(await reset(stranger, code));
    // The owner's client is not, and the code still works there.
    expect((await reset(owner, code, 'Owners-new-pass-1')).status).toBe(200);
  });

  it(`${OTP_BUDGET.codesPerClient} codes per client and ${OTP_BUDGET.codesPerHour} in all per address and hour, then link-only mails; the last code keeps working`, async () => {
    // An unverified account's own address: its mails carry the verify-email link (an e-mail change's do not).
    const { email } = await createUser(t, { verified: false });
    const first = client();
    let last = '';
    for (let i = 0; i < OTP_BUDGET.codesPerClient; i++) last = await sendCode(t, email, first);
    const overClient = await post('/auth/send-code', { email }, first);
    expectTooMany(overClient);
    expect(Number(overClient.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Another client still gets codes, up to the address's budget.
    let sent = OTP_BUDGET.codesPerClient;
    while (sent < OTP_BUDGET.codesPerHour) {
      const ip = client();
      for (let i = 0; i < OTP_BUDGET.codesPerClient && sent < OTP_BUDGET.codesPerHour; i++, sent++)
        last = await sendCode(t, email, ip);
    }
    // Past the address's codes a client with sends left gets a link-only mail; the last code stays.
    t.mailbox.clear();
    expect((await post('/auth/send-code', { email }, client())).status).toBe(200);
    const linkOnly = await t.mailbox.waitFor(email);
    expect(linkOnly.text).toMatch(/\?token=/);
    expect(linkOnly.text).not.toMatch(/\b\d{6}\b/);
    for (let i = 1; i < OTP_BUDGET.linksPerHour; i++)
      expect((await post('/auth/send-code', { email }, client())).status).toBe(200);
    for (let i = 0; i < 100 && t.mailbox.messages.length < OTP_BUDGET.linksPerHour; i++)
      await new Promise((r) => setTimeout(r, 50));
    t.mailbox.clear();
    const over = await post('/auth/send-code', { email }, client());
    expectTooMany(over);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(3600);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mailbox.find(email)).toBeUndefined();
    expect((await post('/auth/verify-code', { email, code: last }, client())).status).toBe(200);
    // An hour later the address may ask again.
    await t.db
      .update(verificationTokens)
      .set({ windowStartedAt: new Date(Date.now() - 3600_000 - 1000) })
      .where(eq(verificationTokens.email, email));
    await sendCode(t, email, client());
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
