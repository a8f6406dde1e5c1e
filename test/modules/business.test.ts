import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, businesses, notifications, userPlans } from '../../src/platform/db/schema/index.js';
import { createMember, createPlan, createUser, grantCredits } from '../factories.js';
import { useTestApp } from '../harness.js';

describe('business profile', () => {
  const t = useTestApp();

  const stored = async (businessId: string) =>
    (await t.db.select().from(businesses).where(eq(businesses.id, businessId)))[0]!;

  it('answers 401 without a token', async () => {
    expect((await t.request({ url: '/business' })).status).toBe(401);
    expect((await t.request({ method: 'PATCH', url: '/business', body: {} })).status).toBe(401);
    expect((await t.request({ url: '/business/verification', body: {} })).status).toBe(401);
    expect((await t.request({ url: '/business/referral-code', body: {} })).status).toBe(401);
    expect((await t.request({ url: '/business/provider', body: {} })).status).toBe(401);
  });

  // The caller and the profile are read in one statement: it must still be the session's business, and a
  // session ended a moment ago must still be refused.
  it("answers the business a member's session acts for, and 401 once that session is signed out", async () => {
    const owner = await createUser(t, { credits: '7' });
    const member = await createMember(t, owner, 'viewer');
    const res = await t.request({ url: '/business', token: member.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: owner.businessId, wallet: { balance: 7 } });
    const out = await t.request({ url: '/auth/sign-out', token: member.accessToken, body: {} });
    expect(out.status).toBe(200);
    expect((await t.request({ url: '/business', token: member.accessToken })).status).toBe(401);
    expect((await t.request({ url: '/business', token: owner.accessToken })).status).toBe(200);
  });

  it('returns the profile with its wallet (balance as a number), no plan, and masked passwords', async () => {
    const user = await createUser(t, { credits: '125.5', countryCode: 'NG' });
    const res = await t.request({ url: '/business', token: user.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ apiObject: 'business', status: 'success' });
    expect(res.body.data).toMatchObject({
      id: user.businessId,
      accountId: user.accountId,
      countryCode: 'NG',
      businessVerified: 'pending',
      type: 'standard',
      providerHSMPassword: 'false',
      providerDashboardPassword: 'false',
      providerTwowayPassword: 'false',
      wallet: { balance: 125.5 },
      userPlan: null,
    });
    expect(res.body.data.wallet).toMatchObject({ balance: 125.5, earnings: 0 });
    expect(Object.keys(res.body.data).filter((k) => k.endsWith('Enc'))).toEqual([]);
  });

  it("shows an affiliate's earnings on its wallet", async () => {
    const user = await createUser(t, { affiliate: {} });
    const res = await t.request({ url: '/business', token: user.accessToken });
    expect(res.body.data.type).toBe('affiliate');
    expect(res.body.data.wallet).toMatchObject({ balance: 0, earnings: 0 });
  });

  it('shows the active plan with its details, and null once it has expired', async () => {
    const user = await createUser(t);
    const plan = await createPlan(t, { name: 'Gold', price: 40 });
    const [row] = await t.db
      .insert(userPlans)
      .values({
        businessId: user.businessId,
        planId: plan.id,
        freeCredit: 1000,
        balance: '750.25',
        expiredDate: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const res = await t.request({ url: '/business', token: user.accessToken });
    expect(res.body.data.userPlan).toMatchObject({
      id: row!.id,
      planId: plan.id,
      freeCredit: 1000,
      balance: 750.25,
      plan: { id: plan.id, name: 'Gold', price: 40, marketingRate: 0.8 },
    });

    await t.db
      .update(userPlans)
      .set({ expiredDate: new Date(Date.now() - 1000) })
      .where(eq(userPlans.id, row!.id));
    expect((await t.request({ url: '/business', token: user.accessToken })).body.data.userPlan).toBeNull();
  });

  it('updates only the listed fields, ignores the rest, and keeps integers as integers', async () => {
    const user = await createUser(t);
    const res = await t.request({
      method: 'PATCH',
      url: '/business',
      token: user.accessToken,
      body: {
        companyName: '  Acme Foods ',
        companyLogo: 'https://cdn.example.test/logo.png',
        address: '1 Marina, Lagos',
        website: 'https://acme.example.test',
        businessRegistrationNumber: 'RC-12345',
        countryCode: 'gh',
        industry: 'Food',
        noOfEmployees: 42,
        noOfSubscribers: 1000,
        // Not updatable: ignored, never an error.
        businessVerified: 'accepted',
        type: 'affiliate',
        referralCode: 'ABCDEFGHIJ',
        affiliatePercentage: 90,
        providerHSMPasswordEnc: 'x',
        wabaNumber: '2348031234567',
        id: '00000000-0000-0000-0000-000000000000',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: user.businessId,
      companyName: 'Acme Foods',
      countryCode: 'GH',
      noOfEmployees: 42,
      noOfSubscribers: 1000,
      businessVerified: 'pending',
      type: 'standard',
    });
    const row = await stored(user.businessId);
    expect(row).toMatchObject({
      companyName: 'Acme Foods',
      companyLogo: 'https://cdn.example.test/logo.png',
      address: '1 Marina, Lagos',
      website: 'https://acme.example.test',
      businessRegistrationNumber: 'RC-12345',
      countryCode: 'GH',
      industry: 'Food',
      noOfEmployees: 42,
      noOfSubscribers: 1000,
      businessVerified: 'pending',
      type: 'standard',
      referralCode: null,
      affiliatePercentage: null,
      providerHSMPasswordEnc: null,
      wabaNumber: null,
    });
  });

  it('clears a field given as null, and only that field', async () => {
    const user = await createUser(t, { name: 'Clearable' });
    await t.db
      .update(businesses)
      .set({ industry: 'Retail', noOfEmployees: 12 })
      .where(eq(businesses.id, user.businessId));
    const res = await t.request({
      method: 'PATCH',
      url: '/business',
      token: user.accessToken,
      body: { companyName: null, noOfEmployees: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ companyName: null, noOfEmployees: null, industry: 'Retail' });
    expect(await stored(user.businessId)).toMatchObject({
      companyName: null,
      noOfEmployees: null,
      industry: 'Retail',
    });
    const read = await t.request({ url: '/business', token: user.accessToken });
    expect(read.body.data.companyName).toBeNull();
  });

  it('accepts an empty PATCH and changes nothing', async () => {
    const user = await createUser(t);
    const before = await stored(user.businessId);
    const res = await t.request({ method: 'PATCH', url: '/business', token: user.accessToken, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data.companyName).toBe(before.companyName);
    const bare = await t.request({ method: 'PATCH', url: '/business', token: user.accessToken });
    expect(bare.status).toBe(200);
  });

  it.each([
    [{ countryCode: 'XX' }, 'countryCode'],
    [{ countryCode: 'NGA' }, 'countryCode'],
    [{ noOfEmployees: 4.5 }, 'noOfEmployees'],
    [{ noOfEmployees: '12' }, 'noOfEmployees'],
    [{ noOfSubscribers: -1 }, 'noOfSubscribers'],
    [{ companyName: 12 }, 'companyName'],
    [{ companyName: 'Fine', website: { url: 'x' } }, 'website'],
  ])('rejects %j with a 400 naming %s, and writes nothing', async (body, field) => {
    const user = await createUser(t);
    const before = await stored(user.businessId);
    const res = await t.request({ method: 'PATCH', url: '/business', token: user.accessToken, body });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(await stored(user.businessId)).toEqual(before);
  });

  it('answers 400 to malformed JSON', async () => {
    const user = await createUser(t);
    const res = await t.request({
      method: 'PATCH',
      url: '/business',
      token: user.accessToken,
      payload: '{"companyName": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('failure');
  });

  it("only ever reads and changes the caller's own business", async () => {
    const mine = await createUser(t, { name: 'Mine' });
    const theirs = await createUser(t, { name: 'Theirs' });
    const before = await stored(theirs.businessId);
    const res = await t.request({
      method: 'PATCH',
      url: '/business',
      token: mine.accessToken,
      body: { id: theirs.businessId, businessId: theirs.businessId, companyName: 'Hijacked' },
    });
    expect(res.body.data.id).toBe(mine.businessId);
    expect(await stored(theirs.businessId)).toEqual(before);
    expect((await stored(mine.businessId)).companyName).toBe('Hijacked');
    const read = await t.request({ url: '/business', token: theirs.accessToken });
    expect(read.body.data.companyName).toBe('Theirs Ltd');
    // A business id in the path or query is not an API: unknown routes stay 404, queries are ignored.
    expect((await t.request({ url: `/business/${theirs.businessId}`, token: mine.accessToken })).status).toBe(
      404,
    );
    const viaQuery = await t.request({
      url: '/business',
      token: mine.accessToken,
      query: { id: theirs.businessId },
    });
    expect(viaQuery.body.data.id).toBe(mine.businessId);
  });
});

describe('business verification', () => {
  const t = useTestApp();

  const adminNotifications = (accountId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.receiverId, accountId),
          eq(notifications.type, 'business.verification_submitted'),
        ),
      );

  it('submits the business and notifies every admin, each in its own room', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const superadmin = await createUser(t, { role: 'superadmin' });
    const user = await createUser(t, { name: 'Submitter' });
    const res = await t.request({ method: 'POST', url: '/business/verification', token: user.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ businessVerified: 'pending' });
    expect(res.body.data.verificationSubmittedAt).toEqual(expect.any(String));
    for (const a of [admin, superadmin]) {
      const rows = await adminNotifications(a.accountId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ receiverType: 'admin', title: 'Business submitted for verification' });
      expect(rows[0]!.message).toContain('Submitter Ltd');
      expect(t.realtime.events).toContainEqual(
        expect.objectContaining({ room: `admin:${a.accountId}`, event: 'notification' }),
      );
    }
    // A business account is never notified as an admin.
    expect(await adminNotifications(user.accountId)).toHaveLength(0);
  });

  it('does not notify a deactivated admin, who gets it again once restored', async () => {
    const active = await createUser(t, { role: 'admin' });
    const gone = await createUser(t, { role: 'superadmin' });
    await t.db
      .update(accounts)
      .set({ deleted: true, deletedAt: new Date() })
      .where(eq(accounts.id, gone.accountId));
    const user = await createUser(t);
    const res = await t.request({ method: 'POST', url: '/business/verification', token: user.accessToken });
    expect(res.status).toBe(200);
    expect(await adminNotifications(active.accountId)).toHaveLength(1);
    expect(await adminNotifications(gone.accountId)).toHaveLength(0);
    expect(t.realtime.events.some((e) => e.room === `admin:${gone.accountId}`)).toBe(false);

    await t.db
      .update(accounts)
      .set({ deleted: false, deletedAt: null })
      .where(eq(accounts.id, gone.accountId));
    const again = await createUser(t);
    await t.request({ method: 'POST', url: '/business/verification', token: again.accessToken });
    expect(await adminNotifications(gone.accountId)).toHaveLength(1);
  });

  it('lets a rejected business submit again: back to pending, reason cleared', async () => {
    const user = await createUser(t, { businessVerified: 'rejected' });
    await t.db
      .update(businesses)
      .set({ verificationReason: 'Blurry documents' })
      .where(eq(businesses.id, user.businessId));
    const res = await t.request({ method: 'POST', url: '/business/verification', token: user.accessToken });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, user.businessId));
    expect(row).toMatchObject({ businessVerified: 'pending', verificationReason: null });
  });

  it('answers 400 for an already verified business, which stays accepted and notifies no one', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const user = await createUser(t, { businessVerified: 'accepted' });
    const res = await t.request({ method: 'POST', url: '/business/verification', token: user.accessToken });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ apiObject: 'business', message: 'Business is already verified' });
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, user.businessId));
    expect(row!.businessVerified).toBe('accepted');
    expect(await adminNotifications(admin.accountId)).toHaveLength(0);
  });

  it('never turns an acceptance back into pending when a submission races it', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    const results = await Promise.all(
      users.flatMap((u) => [
        t.request({ method: 'POST', url: '/business/verification', token: u.accessToken }),
        t.request({
          method: 'PATCH',
          url: `/admin/businesses/${u.businessId}/verify`,
          token: admin.accessToken,
          body: { status: 'accepted' },
        }),
      ]),
    );
    results.forEach((r, i) => {
      expect(i % 2 === 0 ? [200, 400] : [200]).toContain(r.status);
    });
    for (const u of users) {
      const [row] = await t.db.select().from(businesses).where(eq(businesses.id, u.businessId));
      expect(row!.businessVerified).toBe('accepted');
    }
  });

  it('answers 403 while the e-mail is not verified (limited access)', async () => {
    const user = await createUser(t, { verified: false });
    const res = await t.request({ method: 'POST', url: '/business/verification', token: user.accessToken });
    expect(res.status).toBe(403);
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, user.businessId));
    expect(row!.verificationSubmittedAt).toBeNull();
  });
});

describe('referral codes', () => {
  const t = useTestApp();

  it('regenerates the code of an affiliate: 10 uppercase letters, different, stored', async () => {
    const user = await createUser(t, { affiliate: { referralCode: 'AAAAAAAAAA' } });
    const res = await t.request({ method: 'POST', url: '/business/referral-code', token: user.accessToken });
    expect(res.status).toBe(200);
    const code = res.body.data.referralCode as string;
    expect(code).toMatch(/^[A-Z]{10}$/);
    expect(code).not.toBe('AAAAAAAAAA');
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, user.businessId));
    expect(row!.referralCode).toBe(code);
    expect(res.body.data).toHaveProperty('wallet');
  });

  it('answers 403 to a business that is not an affiliate, and gives it no code', async () => {
    const user = await createUser(t);
    const res = await t.request({ method: 'POST', url: '/business/referral-code', token: user.accessToken });
    expect(res.status).toBe(403);
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, user.businessId));
    expect(row!.referralCode).toBeNull();
  });

  it('gives a fresh code each time, never reusing one', async () => {
    const user = await createUser(t, { affiliate: {} });
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/business/referral-code',
        token: user.accessToken,
      });
      codes.add(res.body.data.referralCode);
    }
    expect(codes.size).toBe(5);
  });

  it('keeps the wallet and plan in the response shape after money exists', async () => {
    const user = await createUser(t, { affiliate: {} });
    await grantCredits(t, user.businessId, '10');
    const res = await t.request({ method: 'POST', url: '/business/referral-code', token: user.accessToken });
    expect(res.body.data.wallet).toMatchObject({ balance: 10, earnings: 0 });
  });
});
