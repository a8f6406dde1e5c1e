import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, businesses } from '../../src/platform/db/schema/index.js';
import { createUser, uniqueEmail } from '../factories.js';
import { createTestApp, type TestApp } from '../harness.js';
import { IdentityProviderSimulator } from '../simulators/identity-provider.js';

const sim = new IdentityProviderSimulator();
const t = {} as TestApp;
beforeAll(async () => {
  await sim.start();
  Object.assign(t, await createTestApp({ env: { ...sim.env(), PROVIDER_TIMEOUT_MS: '1500' } }));
});
afterAll(async () => {
  await t.close?.();
  await sim.stop();
});

/** Someone signs up with an address that is not theirs, with a referral, and fills in the profile. */
async function squat(email: string) {
  const referralCode = Array.from({ length: 10 }, () =>
    String.fromCharCode(65 + Math.floor(Math.random() * 26)),
  ).join('');
  const affiliate = await createUser(t, { affiliate: { referralCode } });
  const res = await t.request({
    url: '/auth/sign-up',
    body: {
      name: 'Squatter',
      email,
      whatsappNumber: '+2348031234500',
      password: 'Squatter-pass-1',
      referralCode,
    },
  });
  expect(res.status).toBe(201);
  const profile = await t.request({
    method: 'PATCH',
    url: '/business',
    token: res.body.data.accessToken,
    body: { companyName: 'Squatter Ltd', website: 'https://squatter.example' },
  });
  expect(profile.status).toBe(200);
  const [business] = await t.db
    .select()
    .from(businesses)
    .where(eq(businesses.id, res.body.data.user.businessId));
  expect(business).toMatchObject({ referredBy: affiliate.businessId, companyName: 'Squatter Ltd' });
  return res.body.data.user as { id: string; businessId: string };
}

async function expectCleared(user: { id: string; businessId: string }) {
  const [business] = await t.db.select().from(businesses).where(eq(businesses.id, user.businessId));
  expect(business).toMatchObject({
    referredBy: null,
    companyName: null,
    website: null,
    businessVerified: 'pending',
  });
  const [account] = await t.db.select().from(accounts).where(eq(accounts.id, user.id));
  expect(account!.whatsappNumber).toBeNull();
}

describe('the mailbox owner proving the address clears what an unproved sign-up set', () => {
  it('through a password reset', async () => {
    const email = uniqueEmail('owner');
    const user = await squat(email);
    t.mailbox.clear();
    expect((await t.request({ url: '/auth/forgot-password', body: { email } })).status).toBe(200);
    const code = await t.mailbox.otpFor(email, /reset/i);
    const reset = await t.request({
      url: '/auth/reset-password',
      body: { email, code, password: 'Owner-pass-123' },
    });
    expect(reset.status).toBe(200);
    await expectCleared(user);
  });

  it('through the identity provider', async () => {
    sim.mode = 'up';
    const email = uniqueEmail('owner');
    const user = await squat(email);
    const res = await t.request({
      url: '/oauth/identity-provider-sign-in',
      body: {
        code: sim.issueCode({ sub: `sub-owner-${user.id}`, email, email_verified: true, name: 'Owner' }),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(user.id);
    await expectCleared(user);
  });

  it('keeps the data of an account whose e-mail was already proved', async () => {
    const user = await createUser(t, { verified: true });
    await t.db.update(businesses).set({ companyName: 'Real Ltd' }).where(eq(businesses.id, user.businessId));
    t.mailbox.clear();
    await t.request({ url: '/auth/forgot-password', body: { email: user.email } });
    const code = await t.mailbox.otpFor(user.email, /reset/i);
    const reset = await t.request({
      url: '/auth/reset-password',
      body: { email: user.email, code, password: 'Owner-pass-123' },
    });
    expect(reset.status).toBe(200);
    const [business] = await t.db.select().from(businesses).where(eq(businesses.id, user.businessId));
    expect(business!.companyName).toBe('Real Ltd');
  });
});
