import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignReferralCode } from '../../src/modules/business/referral-codes.js';
import {
  accounts,
  appSettings,
  businesses,
  notifications,
  userPlans,
} from '../../src/platform/db/schema/index.js';
import {
  createCampaign,
  createContacts,
  createPlan,
  createUser,
  grantCredits,
  type TestUser,
} from '../factories.js';
import { useTestApp } from '../harness.js';

describe('admin: businesses', () => {
  const t = useTestApp();
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser(t, { role: 'admin' });
  });

  const stored = async (id: string) =>
    (await t.db.select().from(businesses).where(eq(businesses.id, id)))[0]!;
  const notificationsOf = (businessId: string) =>
    t.db.select().from(notifications).where(eq(notifications.receiverId, businessId));
  const verify = (id: string, body: unknown) =>
    t.request({ method: 'PATCH', url: `/admin/businesses/${id}/verify`, token: admin.accessToken, body });

  it('lists businesses with their owner, searchable by company, owner name and e-mail, filtered by state', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await createUser(t, { name: `Alpha ${tag}`, businessVerified: 'accepted' });
    const b = await createUser(t, { name: `Beta ${tag}`, email: `beta.${tag}@example.test` });
    await createUser(t, { name: `Gamma ${tag}`, businessVerified: 'rejected' });

    const all = await t.request({
      url: '/admin/businesses',
      token: admin.accessToken,
      query: { search: tag },
    });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 3, page: 1, pageSize: 20, totalPages: 1 });
    const first = all.body.data.items.find((i: { id: string }) => i.id === a.businessId);
    expect(first).toMatchObject({
      companyName: `Alpha ${tag} Ltd`,
      businessVerified: 'accepted',
      providerHSMPassword: 'false',
      account: { id: a.accountId, email: a.email, name: `Alpha ${tag}` },
    });

    const accepted = await t.request({
      url: '/admin/businesses',
      token: admin.accessToken,
      query: { search: tag, verified: 'accepted' },
    });
    expect(accepted.body.data.items.map((i: { id: string }) => i.id)).toEqual([a.businessId]);
    const byEmail = await t.request({
      url: '/admin/businesses',
      token: admin.accessToken,
      query: { search: `BETA.${tag}@` },
    });
    expect(byEmail.body.data.items.map((i: { id: string }) => i.id)).toEqual([b.businessId]);

    const paged = await t.request({
      url: '/admin/businesses',
      token: admin.accessToken,
      query: { search: tag, pageSize: '2', page: '2' },
    });
    expect(paged.body.data).toMatchObject({ total: 3, totalPages: 2, page: 2 });
    expect(paged.body.data.items).toHaveLength(1);

    const bad = await t.request({
      url: '/admin/businesses',
      token: admin.accessToken,
      query: { verified: 'yes' },
    });
    expect(bad.status).toBe(400);
  });

  it('shows one business with account, wallet, plan and counts of campaigns and contacts', async () => {
    const user = await createUser(t, { name: 'Detailed', credits: '42.5' });
    const plan = await createPlan(t, { name: 'Detail plan' });
    await t.db.insert(userPlans).values({
      businessId: user.businessId,
      planId: plan.id,
      freeCredit: 1000,
      balance: '900',
      expiredDate: new Date(Date.now() + 86_400_000),
    });
    await createContacts(t, user.businessId, 3);
    await createCampaign(t, user.businessId);
    await createCampaign(t, user.businessId);
    const noise = await createUser(t);
    await createContacts(t, noise.businessId, 4);

    const res = await t.request({ url: `/admin/businesses/${user.businessId}`, token: admin.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: user.businessId,
      companyName: 'Detailed Ltd',
      account: { id: user.accountId, email: user.email, role: 'business', verified: true },
      wallet: { balance: 42.5 },
      userPlan: { planId: plan.id, balance: 900, plan: { name: 'Detail plan' } },
      campaignCount: 2,
      contactCount: 3,
    });
    expect(JSON.stringify(res.body.data)).not.toMatch(/Enc"|passwordHash/);
  });

  it('answers 404 for an unknown business and 400 for a malformed id', async () => {
    expect(
      (await t.request({ url: `/admin/businesses/${randomUUID()}`, token: admin.accessToken })).status,
    ).toBe(404);
    expect((await t.request({ url: '/admin/businesses/123', token: admin.accessToken })).status).toBe(400);
    expect((await verify(randomUUID(), { status: 'accepted' })).status).toBe(404);
    const promote = await t.request({
      method: 'POST',
      url: `/admin/businesses/${randomUUID()}/promote-affiliate`,
      token: admin.accessToken,
    });
    expect(promote.status).toBe(404);
  });

  it('accepts a business, notifies it in its room, and unlocks provider credentials', async () => {
    const user = await createUser(t);
    const before = await t.request({
      url: '/business/provider',
      token: user.accessToken,
      body: { provider: 'gw', wabaNumber: '+2348035550001', providerHSMID: 'u', providerHSMPassword: 'p' },
    });
    expect(before.status).toBe(403);

    const res = await verify(user.businessId, { status: 'accepted', reason: 'ignored on acceptance' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ businessVerified: 'accepted', verificationReason: null });
    expect((await stored(user.businessId)).businessVerified).toBe('accepted');
    const [note] = await notificationsOf(user.businessId);
    expect(note).toMatchObject({
      type: 'business.verified',
      receiverType: 'business',
      title: 'Business verified',
    });
    expect(t.realtime.events).toContainEqual(
      expect.objectContaining({
        room: `business:${user.businessId}`,
        event: 'notification',
        payload: expect.objectContaining({ id: note!.id, type: 'business.verified' }),
      }),
    );

    const after = await t.request({
      url: '/business/provider',
      token: user.accessToken,
      body: { provider: 'gw', wabaNumber: '+2348035550001', providerHSMID: 'u', providerHSMPassword: 'p' },
    });
    expect(after.status).toBe(200);
  });

  it('answers 400 to accepting an accepted business, and notifies nothing more', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const res = await verify(user.businessId, { status: 'accepted' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Business is already verified');
    expect(await notificationsOf(user.businessId)).toHaveLength(0);
  });

  it('rejects with a reason carried in the notification, from any state (revoking an acceptance)', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const res = await verify(user.businessId, {
      status: 'rejected',
      reason: 'Registration number does not match',
    });
    expect(res.status).toBe(200);
    expect(await stored(user.businessId)).toMatchObject({
      businessVerified: 'rejected',
      verificationReason: 'Registration number does not match',
    });
    const [note] = await notificationsOf(user.businessId);
    expect(note).toMatchObject({ type: 'business.rejected', receiverType: 'business' });
    expect(note!.message).toContain('Registration number does not match');
    // Credentials are locked again.
    const provider = await t.request({
      url: '/business/provider',
      token: user.accessToken,
      body: { provider: 'gw', wabaNumber: '+2348035550002', providerHSMID: 'u', providerHSMPassword: 'p' },
    });
    expect(provider.status).toBe(403);

    const bare = await createUser(t);
    expect((await verify(bare.businessId, { status: 'rejected' })).status).toBe(200);
    const [plain] = await notificationsOf(bare.businessId);
    expect(plain!.message).toBe('Your business verification was rejected.');
  });

  it.each([[{ status: 'approved' }], [{}], [{ status: 'accepted', reason: 42 }], [{ status: ['accepted'] }]])(
    'answers 400 to %j and changes nothing',
    async (body) => {
      const user = await createUser(t);
      const res = await verify(user.businessId, body);
      expect(res.status).toBe(400);
      expect((await stored(user.businessId)).businessVerified).toBe('pending');
      expect(await notificationsOf(user.businessId)).toHaveLength(0);
    },
  );

  it('promotes to affiliate with the default percentage and a 10-letter code, then keeps the code', async () => {
    const user = await createUser(t);
    const res = await t.request({
      method: 'POST',
      url: `/admin/businesses/${user.businessId}/promote-affiliate`,
      token: admin.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'affiliate', affiliatePercentage: 10 });
    const code = res.body.data.referralCode as string;
    expect(code).toMatch(/^[A-Z]{10}$/);
    expect(await stored(user.businessId)).toMatchObject({
      type: 'affiliate',
      affiliatePercentage: 10,
      referralCode: code,
    });

    const again = await t.request({
      url: `/admin/businesses/${user.businessId}/promote-affiliate`,
      token: admin.accessToken,
      body: { affiliatePercentage: 25 },
    });
    expect(again.body.data).toMatchObject({ affiliatePercentage: 25, referralCode: code });

    // The business is an affiliate at once: it may regenerate its code.
    const regenerated = await t.request({
      method: 'POST',
      url: '/business/referral-code',
      token: user.accessToken,
    });
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.data.referralCode).not.toBe(code);
  });

  it.each([
    [{ affiliatePercentage: 101 }],
    [{ affiliatePercentage: -1 }],
    [{ affiliatePercentage: 12.5 }],
    [{ affiliatePercentage: '10' }],
  ])('refuses promotion with %j and changes nothing', async (body) => {
    const user = await createUser(t);
    const res = await t.request({
      url: `/admin/businesses/${user.businessId}/promote-affiliate`,
      token: admin.accessToken,
      body,
    });
    expect(res.status).toBe(400);
    expect(await stored(user.businessId)).toMatchObject({ type: 'standard', referralCode: null });
  });

  it('gives one referral code to a business promoted twice at the same moment', async () => {
    const user = await createUser(t);
    const results = await Promise.all(
      [10, 20, 30].map((affiliatePercentage) =>
        t.request({
          url: `/admin/businesses/${user.businessId}/promote-affiliate`,
          token: admin.accessToken,
          body: { affiliatePercentage },
        }),
      ),
    );
    const codes = new Set(results.map((r) => r.body.data.referralCode));
    expect(codes.size).toBe(1);
    expect((await stored(user.businessId)).referralCode).toBe([...codes][0]);
  });

  it('draws again when a referral code is already taken', async () => {
    const holder = await createUser(t, { affiliate: { referralCode: 'TAKENCODEX' } });
    const user = await createUser(t);
    const draws = ['TAKENCODEX', 'TAKENCODEX', 'FRESHCODEY'];
    const row = await assignReferralCode(t.db, user.businessId, { mode: 'regenerate' }, () => draws.shift()!);
    expect(row?.referralCode).toBe('FRESHCODEY');
    expect(draws).toEqual([]);
    expect((await stored(holder.businessId)).referralCode).toBe('TAKENCODEX');
  });

  it('shows affiliate earnings on the wallet of an affiliate in the detail', async () => {
    const user = await createUser(t, { affiliate: {} });
    await grantCredits(t, user.businessId, '5');
    const res = await t.request({ url: `/admin/businesses/${user.businessId}`, token: admin.accessToken });
    expect(res.body.data.wallet).toMatchObject({ balance: 5, earnings: 0 });
  });
});

describe('admin: accounts and roles', () => {
  const t = useTestApp();

  it('lists accounts with their role, searchable by name or e-mail, filterable by role, paginated', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const tag = randomUUID().slice(0, 8);
    const one = await createUser(t, { name: `Zed ${tag}` });
    await createUser(t, { name: `Zoe ${tag}` });
    await createUser(t, { name: `Zack ${tag}`, role: 'user' });

    const res = await t.request({ url: '/admin/accounts', token: admin.accessToken, query: { search: tag } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ apiObject: 'account' });
    expect(res.body.data.total).toBe(3);
    const item = res.body.data.items.find((i: { id: string }) => i.id === one.accountId);
    expect(item).toMatchObject({
      email: one.email,
      role: 'business',
      isAdmin: false,
      businessId: one.businessId,
    });
    expect(item).not.toHaveProperty('passwordHash');

    const byEmail = await t.request({
      url: '/admin/accounts',
      token: admin.accessToken,
      query: { search: one.email },
    });
    expect(byEmail.body.data.items.map((i: { id: string }) => i.id)).toEqual([one.accountId]);
    const users = await t.request({
      url: '/admin/accounts',
      token: admin.accessToken,
      query: { search: tag, role: 'user' },
    });
    expect(users.body.data.items.map((i: { name: string }) => i.name)).toEqual([`Zack ${tag}`]);
    const paged = await t.request({
      url: '/admin/accounts',
      token: admin.accessToken,
      query: { search: tag, pageSize: '1', page: '3' },
    });
    expect(paged.body.data).toMatchObject({ total: 3, totalPages: 3 });
    expect(paged.body.data.items).toHaveLength(1);
  });

  it('lets a superadmin make an admin, whose access changes on the next request, and undo it', async () => {
    const superadmin = await createUser(t, { role: 'superadmin' });
    const user = await createUser(t);
    expect((await t.request({ url: '/admin/businesses', token: user.accessToken })).status).toBe(403);

    const res = await t.request({
      method: 'PATCH',
      url: `/admin/accounts/${user.accountId}/role`,
      token: superadmin.accessToken,
      body: { role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.accountId, role: 'admin', isAdmin: true });
    expect((await t.request({ url: '/admin/businesses', token: user.accessToken })).status).toBe(200);

    await t.request({
      method: 'PATCH',
      url: `/admin/accounts/${user.accountId}/role`,
      token: superadmin.accessToken,
      body: { role: 'business' },
    });
    expect((await t.request({ url: '/admin/businesses', token: user.accessToken })).status).toBe(403);
  });

  it('refuses to demote another superadmin (two doing it at once would leave none)', async () => {
    const keeper = await createUser(t, { role: 'superadmin' });
    const other = await createUser(t, { role: 'superadmin' });
    const res = await t.request({
      method: 'PATCH',
      url: `/admin/accounts/${other.accountId}/role`,
      token: keeper.accessToken,
      body: { role: 'admin' },
    });
    expect(res.status).toBe(400);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, other.accountId));
    expect(row!.role).toBe('superadmin');
  });

  it('refuses a superadmin demoting itself, and roles outside admin/business/user', async () => {
    const superadmin = await createUser(t, { role: 'superadmin' });
    const self = await t.request({
      method: 'PATCH',
      url: `/admin/accounts/${superadmin.accountId}/role`,
      token: superadmin.accessToken,
      body: { role: 'admin' },
    });
    expect(self.status).toBe(400);
    const target = await createUser(t);
    for (const role of ['superadmin', 'owner', '', null]) {
      const res = await t.request({
        method: 'PATCH',
        url: `/admin/accounts/${target.accountId}/role`,
        token: superadmin.accessToken,
        body: { role },
      });
      expect(res.status).toBe(400);
    }
    const roles = await t.db
      .select({ id: accounts.id, role: accounts.role })
      .from(accounts)
      .where(and(eq(accounts.role, 'superadmin'), eq(accounts.id, superadmin.accountId)));
    expect(roles).toHaveLength(1);
    const [unchanged] = await t.db.select().from(accounts).where(eq(accounts.id, target.accountId));
    expect(unchanged!.role).toBe('business');

    const missing = await t.request({
      method: 'PATCH',
      url: `/admin/accounts/${randomUUID()}/role`,
      token: superadmin.accessToken,
      body: { role: 'admin' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('admin: settings', () => {
  const t = useTestApp();

  it('answers the built-in defaults while none are saved', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await t.request({ url: '/admin/settings', token: admin.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ apiObject: 'appSetting' });
    expect(res.body.data).toEqual({
      marketingRate: 1,
      utilityRate: 0.5,
      serviceRate: 0.3,
      authenticationRate: 0.5,
      pricePerCredit: 0.02,
      lowCreditThreshold: 100,
      affiliatePercentage: 10,
      refundUnbilledMessages: true,
      freeServiceAllowance: 0,
      billWindowReplies: true,
    });
    expect(await t.db.select().from(appSettings)).toHaveLength(0);
  });

  it.each([
    [{ marketingRate: -1 }, 'marketingRate'],
    [{ utilityRate: '0.5' }, 'utilityRate'],
    [{ serviceRate: 0.00001 }, 'serviceRate'],
    [{ authenticationRate: null }, 'authenticationRate'],
    [{ pricePerCredit: 0 }, 'pricePerCredit'],
    [{ pricePerCredit: 0.0000001 }, 'pricePerCredit'],
    [{ lowCreditThreshold: -5 }, 'lowCreditThreshold'],
    [{ affiliatePercentage: 101 }, 'affiliatePercentage'],
    [{ affiliatePercentage: 7.5 }, 'affiliatePercentage'],
    [{ marketingRate: 2, affiliatePercentage: -1 }, 'affiliatePercentage'],
    [{ refundUnbilledMessages: 'no' }, 'refundUnbilledMessages'],
    [{ freeServiceAllowance: -1 }, 'freeServiceAllowance'],
    [{ billWindowReplies: 1 }, 'billWindowReplies'],
  ])('refuses %j with a 400 naming %s, and saves nothing', async (body, field) => {
    const superadmin = await createUser(t, { role: 'superadmin' });
    const res = await t.request({ url: '/admin/settings', token: superadmin.accessToken, body });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(await t.db.select().from(appSettings)).toHaveLength(0);
  });

  it('saves the given settings, keeps the others, and uses the new affiliate default on promotion', async () => {
    const superadmin = await createUser(t, { role: 'superadmin' });
    const res = await t.request({
      url: '/admin/settings',
      token: superadmin.accessToken,
      body: { marketingRate: 1.25, pricePerCredit: 0.015, affiliatePercentage: 15, unknown: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      marketingRate: 1.25,
      utilityRate: 0.5,
      serviceRate: 0.3,
      authenticationRate: 0.5,
      pricePerCredit: 0.015,
      lowCreditThreshold: 100,
      affiliatePercentage: 15,
      refundUnbilledMessages: true,
      freeServiceAllowance: 0,
      billWindowReplies: true,
    });
    const [row] = await t.db.select().from(appSettings);
    expect(row).toMatchObject({
      marketingRate: '1.2500',
      pricePerCredit: '0.015000',
      affiliatePercentage: 15,
    });

    const second = await t.request({
      url: '/admin/settings',
      token: superadmin.accessToken,
      body: { lowCreditThreshold: 50 },
    });
    expect(second.body.data).toMatchObject({
      marketingRate: 1.25,
      lowCreditThreshold: 50,
      affiliatePercentage: 15,
    });
    const admin = await createUser(t, { role: 'admin' });
    const read = await t.request({ url: '/admin/settings', token: admin.accessToken });
    expect(read.body.data).toEqual(second.body.data);

    const user = await createUser(t);
    const promoted = await t.request({
      method: 'POST',
      url: `/admin/businesses/${user.businessId}/promote-affiliate`,
      token: admin.accessToken,
    });
    expect(promoted.body.data.affiliatePercentage).toBe(15);
  });

  it('keeps every one of several settings changed at the same moment', async () => {
    const superadmin = await createUser(t, { role: 'superadmin' });
    const changes = [
      { marketingRate: 2.5 },
      { utilityRate: 0.7 },
      { serviceRate: 0.9 },
      { authenticationRate: 0.6 },
      { pricePerCredit: 0.03 },
      { lowCreditThreshold: 75 },
      { affiliatePercentage: 20 },
    ];
    const results = await Promise.all(
      changes.map((body) => t.request({ url: '/admin/settings', token: superadmin.accessToken, body })),
    );
    expect(results.map((r) => r.status)).toEqual(changes.map(() => 200));
    const [row] = await t.db.select().from(appSettings);
    expect(row).toMatchObject({
      marketingRate: '2.5000',
      utilityRate: '0.7000',
      serviceRate: '0.9000',
      authenticationRate: '0.6000',
      pricePerCredit: '0.030000',
      lowCreditThreshold: '75.0000',
      affiliatePercentage: 20,
    });
  });
});
