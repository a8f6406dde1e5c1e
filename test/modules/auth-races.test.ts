import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_BUDGET } from '../../src/modules/auth/otp.service.js';
import {
  accounts,
  businesses,
  notifications,
  verificationTokens,
  wallets,
} from '../../src/platform/db/schema/index.js';
import { createUser, uniqueEmail } from '../factories.js';
import { createTestApp, type TestApp } from '../harness.js';
import { IdentityProviderSimulator } from '../simulators/identity-provider.js';

// Races prove something only on PostgreSQL (PGlite runs one statement at a time): `npm run test:pg`.
const sim = new IdentityProviderSimulator();
const t = {} as TestApp;
beforeAll(async () => {
  await sim.start();
  Object.assign(t, await createTestApp({ env: { ...sim.env(), TRUST_PROXY: 'true' }, poolSize: 20 }));
});
afterAll(async () => {
  await t.close?.();
  await sim.stop();
});

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function otpRow(email: string) {
  const [row] = await t.db.select().from(verificationTokens).where(eq(verificationTokens.email, email));
  return row;
}

describe('concurrency', () => {
  it('20 concurrent sign-ups with one e-mail (in mixed case) create exactly one account', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request({
          url: '/auth/sign-up',
          body: {
            name: `Racer ${i}`,
            email: i % 2 ? email.toUpperCase() : email,
            whatsappNumber: '+2348031234567',
            password: 'Sup3r-secret',
          },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    for (const r of results.filter((r) => r.status === 400))
      expect(r.body.message).toMatch(/already registered/);
    const rows = await t.db.select().from(accounts).where(eq(accounts.email, email));
    expect(rows).toHaveLength(1);
    const owned = await t.db.select().from(businesses).where(eq(businesses.accountId, rows[0]!.id));
    expect(owned).toHaveLength(1);
    expect(await t.db.select().from(wallets).where(eq(wallets.businessId, owned[0]!.id))).toHaveLength(1);
    expect(
      await t.db.select().from(verificationTokens).where(eq(verificationTokens.email, email)),
    ).toHaveLength(1);
  });

  it(`20 concurrent wrong guesses from one client get exactly its ${OTP_BUDGET.wrongCodesPerClient}`, async () => {
    const email = uniqueEmail('guess');
    await t.request({ url: '/auth/send-code', body: { email } });
    const code = await t.mailbox.otpFor(email);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request({ url: '/auth/verify-code', body: { email, code: wrongOf(code) } }),
      ),
    );
    // Past the client's budget the answer is 429 rather than "wrong" again.
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(results.filter((r) => r.status === 401)).toHaveLength(OTP_BUDGET.wrongCodesPerClient);
    expect((await otpRow(email))!.attempts).toBe(OTP_BUDGET.wrongCodesPerClient);
    expect((await t.request({ url: '/auth/verify-code', body: { email, code } })).status).toBe(429);
  });

  it(`concurrent wrong guesses from many clients get exactly the address's ${OTP_BUDGET.wrongCodesPerHour}`, async () => {
    const email = uniqueEmail('guess-many');
    await t.request({ url: '/auth/send-code', body: { email } });
    const code = await t.mailbox.otpFor(email);
    // 10 clients × 5 guesses: each client within its budget, together past the address's.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.request({
          url: '/auth/verify-code',
          headers: { 'x-forwarded-for': `198.51.100.${i % 10}` },
          body: { email, code: wrongOf(code) },
        }),
      ),
    );
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(results.filter((r) => r.status === 401)).toHaveLength(OTP_BUDGET.wrongCodesPerHour);
    expect((await otpRow(email))!.attempts).toBe(OTP_BUDGET.wrongCodesPerHour);
  });

  it('one reset code used by two concurrent requests changes the password once', async () => {
    const user = await createUser(t);
    t.mailbox.clear();
    await t.request({ url: '/auth/forgot-password', body: { email: user.email } });
    const code = await t.mailbox.otpFor(user.email, /reset/i);
    const results = await Promise.all(
      ['Racer-pass-A1', 'Racer-pass-B2', 'Racer-pass-C3'].map((password) =>
        t.request({ url: '/auth/reset-password', body: { email: user.email, code, password } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(2);
  });

  it('one verification code used by five concurrent requests verifies once and notifies admins once', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const user = await createUser(t, { verified: false });
    t.mailbox.clear();
    await t.request({ url: '/auth/send-code', body: { email: user.email } });
    const code = await t.mailbox.otpFor(user.email);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.request({ url: '/auth/verify-email', token: user.accessToken, body: { code } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.receiverId, admin.accountId), eq(notifications.type, 'account.email_verified')),
      );
    expect(notes).toHaveLength(1);
  });

  it('five concurrent first identity sign-ins of one person create one account and all succeed', async () => {
    const email = uniqueEmail('oauth-race');
    const codes = Array.from({ length: 5 }, () =>
      sim.issueCode({ sub: 'sub-race', email, email_verified: true, name: 'Racer' }),
    );
    const results = await Promise.all(
      codes.map((code) => t.request({ url: '/oauth/identity-provider-sign-in', body: { code } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.db.select().from(accounts).where(eq(accounts.email, email));
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.data.user.id))).toEqual(new Set([rows[0]!.id]));
  });
  it('concurrent first identity sign-ins of one subject reporting different e-mails share one account', async () => {
    // The provider's e-mail changed between two sign-ins racing each other: only the subject's unique index
    // stops a second account, and the loser must then find the winner by subject, not by its own e-mail.
    const emails = Array.from({ length: 5 }, () => uniqueEmail('oauth-subject-race'));
    const subject = `sub-race-${emails[0]}`;
    const results = await Promise.all(
      emails.map((email) =>
        t.request({
          url: '/oauth/identity-provider-sign-in',
          body: { code: sim.issueCode({ sub: subject, email, email_verified: true, name: 'Racer' }) },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.db.select().from(accounts).where(eq(accounts.identityProviderSubject, subject));
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.data.user.id))).toEqual(new Set([rows[0]!.id]));
  });
});
