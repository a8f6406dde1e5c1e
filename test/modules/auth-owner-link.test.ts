import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OTP_BUDGET } from '../../src/modules/auth/otp.service.js';
import { verificationTokens } from '../../src/platform/db/schema/index.js';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';

/**
 * Issue 34, the many-client stranger: with enough client addresses a stranger spends the address-wide
 * budgets (wrong codes and codes sent), and typed codes stay refused for the hour. Every mail that carries
 * a code also carries a single-use link, which the owner uses instead (docs/decisions/accounts.md).
 */
describe('the link in the mail lets the owner through a many-client stranger', () => {
  const t = useTestApp({ env: { TRUST_PROXY: 'true' } });
  let n = 0;
  const owner = () => `192.0.2.${++n}`;
  const post = (url: string, body: object, ip: string, token?: string) =>
    t.request({ url, body, token, headers: { 'x-forwarded-for': ip } });
  const wrong = (i: number) => String(100_000 + i);

  /** The link's token of the newest mail to `email` matching `subject`. */
  async function linkToken(email: string, subject: RegExp): Promise<string> {
    const mail = await t.mailbox.waitFor(email, subject);
    const token = /\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`No link in: ${mail.text}`);
    expect(mail.html).toContain(`token=${token}`);
    return token;
  }

  /**
   * Seven stranger clients: every send each is allowed, and every wrong guess. Returns once the mails
   * the stranger caused have arrived (they go out in the background), so a test reads only the owner's.
   */
  async function strangerRotates(email: string): Promise<void> {
    const base = ++n;
    let mailed = 0;
    t.mailbox.clear();
    for (let c = 0; c < 7; c++) {
      const ip = `198.51.${base}.${c + 1}`;
      for (let i = 0; i < OTP_BUDGET.codesPerClient; i++)
        if ((await post('/auth/send-code', { email }, ip)).status === 200) mailed++;
      for (let i = 0; i < OTP_BUDGET.wrongCodesPerClient; i++)
        await post('/auth/verify-code', { email, code: wrong(i) }, ip);
    }
    for (let waited = 0; t.mailbox.messages.length < mailed && waited < 5000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    expect(t.mailbox.messages.length).toBe(mailed);
  }

  it('the stranger spends the address budgets; the owner resets the password with the link', async () => {
    const user = await createUser(t);
    await strangerRotates(user.email);
    const me = owner();
    const [row] = await t.db
      .select()
      .from(verificationTokens)
      .where(eq(verificationTokens.email, user.email));
    expect(row?.attempts).toBeGreaterThanOrEqual(OTP_BUDGET.wrongCodesPerHour);
    expect(row?.codesSent).toBe(OTP_BUDGET.codesPerHour);
    // Typed codes are refused for the hour, whatever the code.
    expect((await post('/auth/verify-code', { email: user.email, code: '123456' }, me)).status).toBe(429);
    t.mailbox.clear();
    const forgot = await post('/auth/forgot-password', { email: user.email }, me);
    expect(forgot.status).toBe(200);
    const token = await linkToken(user.email, /reset/i);
    const reset = await post('/auth/reset-password', { token, password: 'Owners-link-pass-1' }, me);
    expect(reset.status).toBe(200);
    const signIn = await post('/auth/sign-in', { email: user.email, password: 'Owners-link-pass-1' }, me);
    expect(signIn.status).toBe(200);
  });

  it('the owner verifies the e-mail with the link of a new mail', async () => {
    const user = await createUser(t, { verified: false });
    await strangerRotates(user.email);
    const me = owner();
    t.mailbox.clear();
    expect((await post('/auth/send-code', { email: user.email }, me)).status).toBe(200);
    const token = await linkToken(user.email, /verif/i);
    const res = await post('/auth/verify-email', { token }, me, user.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.verified).toBe(true);
  });

  it('a token works once, and using it ends the code', async () => {
    const user = await createUser(t);
    const me = owner();
    t.mailbox.clear();
    await post('/auth/forgot-password', { email: user.email }, me);
    const code = await t.mailbox.otpFor(user.email, /reset/i);
    const token = await linkToken(user.email, /reset/i);
    expect((await post('/auth/reset-password', { token, password: 'Owners-link-pass-2' }, me)).status).toBe(
      200,
    );
    const again = await post('/auth/reset-password', { token, password: 'Owners-link-pass-3' }, me);
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('token');
    const typed = await post('/auth/verify-code', { email: user.email, code }, me);
    expect(typed.status).toBe(401);
  });

  it('two uses of one token at once: one resets, the other is a 400', async () => {
    const user = await createUser(t);
    const me = owner();
    t.mailbox.clear();
    await post('/auth/forgot-password', { email: user.email }, me);
    const token = await linkToken(user.email, /reset/i);
    const answers = await Promise.all(
      ['Owners-race-pass-1', 'Owners-race-pass-2'].map((password) =>
        post('/auth/reset-password', { token, password }, me),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('a token fails after the code’s lifetime', async () => {
    const user = await createUser(t);
    const me = owner();
    t.mailbox.clear();
    await post('/auth/forgot-password', { email: user.email }, me);
    const token = await linkToken(user.email, /reset/i);
    await t.db
      .update(verificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000), linkExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationTokens.email, user.email));
    expect((await post('/auth/reset-password', { token, password: 'Owners-link-pass-4' }, me)).status).toBe(
      400,
    );
  });

  it('a token is refused for another purpose and for another account', async () => {
    const user = await createUser(t, { verified: false });
    const other = await createUser(t, { verified: false });
    const me = owner();
    t.mailbox.clear();
    await post('/auth/send-code', { email: user.email }, me);
    const verifyToken = await linkToken(user.email, /verif/i);
    // A verification link does not reset a password.
    const reset = await post(
      '/auth/reset-password',
      { token: verifyToken, password: 'Owners-link-pass-5' },
      me,
    );
    expect(reset.status).toBe(400);
    // Nor does it verify another account.
    const others = await post('/auth/verify-email', { token: verifyToken }, me, other.accessToken);
    expect(others.status).toBe(400);
    // A reset link does not verify an e-mail.
    await post('/auth/forgot-password', { email: user.email }, me);
    const resetToken = await linkToken(user.email, /reset/i);
    const verify = await post('/auth/verify-email', { token: resetToken }, me, user.accessToken);
    expect(verify.status).toBe(400);
    const fine = await post(
      '/auth/reset-password',
      { token: resetToken, password: 'Owners-link-pass-6' },
      me,
    );
    expect(fine.status).toBe(200);
  });

  it('wrong tokens count against no budget', async () => {
    const user = await createUser(t);
    const me = owner();
    t.mailbox.clear();
    await post('/auth/forgot-password', { email: user.email }, me);
    const code = await t.mailbox.otpFor(user.email, /reset/i);
    for (let i = 0; i < OTP_BUDGET.wrongCodesPerClient + 2; i++) {
      const token = `${'A'.repeat(40)}${String(i).padStart(3, '0')}`;
      const res = await post('/auth/reset-password', { token, password: 'Strangers-pass-1' }, me);
      expect(res.status).toBe(400);
    }
    const [row] = await t.db
      .select()
      .from(verificationTokens)
      .where(eq(verificationTokens.email, user.email));
    expect(row?.attempts).toBe(0);
    expect((await post('/auth/verify-code', { email: user.email, code }, me)).status).toBe(200);
  });
});
