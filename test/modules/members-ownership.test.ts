/**
 * What issue 36 left over for members: a handover moves `businesses.account_id`, an owner with a team cannot
 * delete their account, seats come from the plan, and an invitation can be accepted through the identity
 * provider.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '../../src/platform/auth/permissions.js';
import { accounts, businesses, memberInvitations, userPlans } from '../../src/platform/db/schema/index.js';
import { createPlan, createUser, type TestUser, uniqueEmail } from '../factories.js';
import { createTestApp, type TestApp } from '../harness.js';
import { IdentityProviderSimulator } from '../simulators/identity-provider.js';

const sim = new IdentityProviderSimulator();
// The identity provider's settings are read at start-up: the simulator's URLs (known once it listens) go in
// as variables.
const t = {} as TestApp;
beforeAll(async () => {
  await sim.start();
  Object.assign(t, await createTestApp({ env: sim.env() }));
});
afterAll(async () => {
  await t.close?.();
  await sim.stop();
});
const PASSWORD = 'Joiner-pass-42';

async function invite(by: TestUser, email: string, role: Exclude<MemberRole, 'owner'> = 'agent') {
  return t.request({ url: '/members/invitations', token: by.accessToken, body: { email, role } });
}

async function linkTokenFor(email: string): Promise<string> {
  const mail = await t.mailbox.waitFor(email, /invited/);
  return /invitation\?token=([\w-]+)/.exec(mail.text)![1]!;
}

const accept = (body: Record<string, unknown>) => t.request({ url: '/invitations/accept', body });

/** A new person invited and joined with a password; signed in acting for the business. */
async function joined(owner: TestUser, role: Exclude<MemberRole, 'owner'> = 'admin'): Promise<TestUser> {
  const email = uniqueEmail(role);
  expect((await invite(owner, email, role)).status).toBe(201);
  const res = await accept({ token: await linkTokenFor(email), name: 'Joiner', password: PASSWORD });
  expect(res.status, res.text).toBe(200);
  return {
    accountId: res.body.data.user.id,
    businessId: owner.businessId,
    email,
    password: PASSWORD,
    accessToken: res.body.data.accessToken,
    refreshToken: res.body.data.refreshToken,
    sessionId: '',
  };
}

const registeringAccount = async (businessId: string) =>
  (await t.db.select().from(businesses).where(eq(businesses.id, businessId)))[0]!.accountId;

describe('handing over ownership', () => {
  it('moves businesses.account_id to the new owner with the role', async () => {
    const owner = await createUser(t);
    const heir = await joined(owner);
    const res = await t.request({
      url: '/members/transfer-ownership',
      token: owner.accessToken,
      body: { accountId: heir.accountId, password: owner.password },
    });
    expect(res.status, res.text).toBe(200);
    expect(await registeringAccount(owner.businessId)).toBe(heir.accountId);
    // And back again.
    const back = await t.request({
      url: '/members/transfer-ownership',
      token: heir.accessToken,
      body: { accountId: owner.accountId, password: PASSWORD },
    });
    expect(back.status, back.text).toBe(200);
    expect(await registeringAccount(owner.businessId)).toBe(owner.accountId);
  });

  it('is a 409 when the new owner owns a business already, and nothing changes', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    expect((await invite(owner, other.email, 'admin')).status).toBe(201);
    const res = await accept({ token: await linkTokenFor(other.email), password: other.password });
    expect(res.status, res.text).toBe(200);
    const handed = await t.request({
      url: '/members/transfer-ownership',
      token: owner.accessToken,
      body: { accountId: other.accountId, password: owner.password },
    });
    expect(handed.status).toBe(409);
    expect(handed.body.message).toContain('owns another business');
    expect(handed.body.errorMessage).toMatchObject({ reason: 'owns-another-business' });
    expect(await registeringAccount(owner.businessId)).toBe(owner.accountId);
    const members = await t.request({ url: '/members', token: owner.accessToken });
    expect(members.body.data.find((m: { role: string }) => m.role === 'owner').accountId).toBe(
      owner.accountId,
    );
  });
});

describe('an owner deleting their account', () => {
  const deactivate = (user: TestUser) =>
    t.request({ method: 'DELETE', url: '/users/account', token: user.accessToken });
  const isDeleted = async (accountId: string) =>
    (await t.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]!.deleted;

  it('is a 409 while their business has other members; after handing over it goes through', async () => {
    const owner = await createUser(t);
    const heir = await joined(owner);
    const refused = await deactivate(owner);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('hand ownership over');
    expect(refused.body.errorMessage).toMatchObject({
      reason: 'owner-of-team',
      businessIds: [owner.businessId],
    });
    expect(await isDeleted(owner.accountId)).toBe(false);
    // Still signed in: nothing was ended.
    expect((await t.request({ url: '/users/profile', token: owner.accessToken })).status).not.toBe(401);

    await t.request({
      url: '/members/transfer-ownership',
      token: owner.accessToken,
      body: { accountId: heir.accountId, password: owner.password },
    });
    expect((await deactivate(owner)).status).toBe(200);
    expect(await isDeleted(owner.accountId)).toBe(true);
  });

  it('goes through as before for the only member of a business, and for a member who owns nothing', async () => {
    const alone = await createUser(t);
    expect((await deactivate(alone)).status).toBe(200);
    expect(await isDeleted(alone.accountId)).toBe(true);

    const owner = await createUser(t);
    const member = await joined(owner, 'marketer');
    expect((await deactivate(member)).status).toBe(200);
  });
});

describe('seats from the plan', () => {
  it('a plan of 3 seats limits invitations with the clear 400; an admin override wins; expired, the default', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const created = await t.request({
      url: '/plans/admin',
      token: admin.accessToken,
      body: {
        name: 'Team of three',
        duration: 30,
        marketingRate: 0.8,
        utilityRate: 0.4,
        serviceRate: 0.2,
        authenticationRate: 0.4,
        freeCredit: 100,
        price: 10,
        seats: 3,
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.seats).toBe(3);
    const planId = created.body.data.id as string;

    const owner = await createUser(t);
    await t.db.insert(userPlans).values({
      businessId: owner.businessId,
      planId,
      freeCredit: 100,
      balance: '100',
      expiredDate: new Date(Date.now() + 86_400_000),
    });
    expect((await t.request({ url: '/members/seats', token: owner.accessToken })).body.data).toEqual({
      limit: 3,
      members: 1,
      pendingInvitations: 0,
      left: 2,
    });
    expect((await invite(owner, uniqueEmail('one'))).status).toBe(201);
    expect((await invite(owner, uniqueEmail('two'))).status).toBe(201);
    const over = uniqueEmail('three');
    const refused = await invite(owner, over);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('No seats left');
    expect(refused.body.errorMessage).toMatchObject({ reason: 'seat-limit', seatLimit: 3 });
    expect(await t.db.select().from(memberInvitations).where(eq(memberInvitations.email, over))).toEqual([]);

    // The plan's seats change with the plan (null: back to the default).
    const widened = await t.request({
      method: 'PATCH',
      url: `/plans/admin/${planId}`,
      token: admin.accessToken,
      body: { seats: 4 },
    });
    expect(widened.status, widened.text).toBe(200);
    expect(widened.body.data.seats).toBe(4);
    expect((await invite(owner, over)).status).toBe(201);

    // An administrator's own limit for the business wins over the plan's.
    const set = await t.request({
      method: 'PATCH',
      url: `/admin/businesses/${owner.businessId}/seats`,
      token: admin.accessToken,
      body: { seatLimit: 8 },
    });
    expect(set.body.data.seatLimit).toBe(8);
    const cleared = await t.request({
      method: 'PATCH',
      url: `/admin/businesses/${owner.businessId}/seats`,
      token: admin.accessToken,
      body: { seatLimit: null },
    });
    // Cleared: the plan's seats again.
    expect(cleared.body.data.seatLimit).toBe(4);

    // An expired plan gives its seats up: the default.
    await t.db
      .update(userPlans)
      .set({ expiredDate: new Date(Date.now() - 1000) })
      .where(eq(userPlans.businessId, owner.businessId));
    expect((await t.request({ url: '/members/seats', token: owner.accessToken })).body.data.limit).toBe(5);
  });

  it('a plan without seats is the default; seats below 1 are refused', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const plan = await createPlan(t);
    const owner = await createUser(t);
    await t.db.insert(userPlans).values({
      businessId: owner.businessId,
      planId: plan.id,
      freeCredit: 1,
      balance: '1',
      expiredDate: new Date(Date.now() + 86_400_000),
    });
    expect((await t.request({ url: '/members/seats', token: owner.accessToken })).body.data.limit).toBe(5);
    const bad = await t.request({
      method: 'PATCH',
      url: `/plans/admin/${plan.id}`,
      token: admin.accessToken,
      body: { seats: 0 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('seats');
  });
});

describe('accepting an invitation with the identity provider', () => {
  const code = (email: string, opts: { sub?: string; verified?: boolean; name?: string } = {}) =>
    sim.issueCode({
      sub: opts.sub ?? `sub-${Math.random().toString(36).slice(2)}`,
      email,
      email_verified: opts.verified ?? true,
      name: opts.name ?? 'Ife Ade',
    });

  it('a new person joins with a code for the invited address: a verified, linked account and a session', async () => {
    const owner = await createUser(t);
    const email = uniqueEmail('sso');
    await invite(owner, email, 'admin');
    const sub = `sub-new-${Date.now()}`;
    const res = await accept({
      token: await linkTokenFor(email),
      identityCode: code(email.toUpperCase(), { sub }),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.user).toMatchObject({ email, name: 'Ife Ade', verified: true });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, email));
    expect(account).toMatchObject({ identityProviderSubject: sub, passwordHash: null, verified: true });
    const members = await t.request({ url: '/members', token: res.body.data.accessToken });
    expect(members.status).toBe(200);
    expect(members.body.data.find((m: { email: string }) => m.email === email).role).toBe('admin');
    // The same identity signs in afterwards, acting for the business joined.
    const signIn = await t.request({
      url: '/oauth/identity-provider-sign-in',
      body: { code: code(email, { sub }) },
    });
    expect(signIn.status, signIn.text).toBe(200);
    expect(signIn.body.data.user.id).toBe(account!.id);
  });

  it("is a 400 naming identityCode when the identity's e-mail is another, or not verified; the link still works", async () => {
    const owner = await createUser(t);
    const email = uniqueEmail('invited');
    await invite(owner, email);
    const token = await linkTokenFor(email);
    for (const identityCode of [code(uniqueEmail('someone-else')), code(email, { verified: false })]) {
      const res = await accept({ token, identityCode });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields[0].path).toBe('identityCode');
      expect(res.body.message).toContain(email);
    }
    expect((await t.db.select().from(accounts).where(eq(accounts.email, email))).length).toBe(0);
    const ok = await accept({ token, name: 'Invited', password: PASSWORD });
    expect(ok.status, ok.text).toBe(200);
  });

  it('an existing account joins with its identity; one linked to another identity is refused', async () => {
    const owner = await createUser(t);
    const existing = await createUser(t);
    await invite(owner, existing.email);
    const res = await accept({
      token: await linkTokenFor(existing.email),
      identityCode: code(existing.email),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.user.id).toBe(existing.accountId);

    const owner2 = await createUser(t);
    t.mailbox.clear();
    await invite(owner2, existing.email);
    const other = await accept({
      token: await linkTokenFor(existing.email),
      identityCode: code(existing.email, { sub: 'another-identity' }),
    });
    expect(other.status).toBe(401);
  });

  it('a password and a code together, or neither, is a 400; a bad code is a 401', async () => {
    const owner = await createUser(t);
    const email = uniqueEmail('both');
    await invite(owner, email);
    const token = await linkTokenFor(email);
    const both = await accept({ token, name: 'X', password: PASSWORD, identityCode: code(email) });
    expect(both.status).toBe(400);
    const neither = await accept({ token, name: 'X' });
    expect(neither.status).toBe(400);
    const bad = await accept({ token, identityCode: 'not-a-code' });
    expect(bad.status).toBe(401);
  });
});
