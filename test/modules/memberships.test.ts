/**
 * Memberships: the registering account is its business's owner, a session acts for one business of its account,
 * an account may belong to several and switches between them, and a session whose membership is gone is
 * refused at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type MemberRole, PERMISSIONS } from '../../src/platform/auth/permissions.js';
import { queryRows, runMigrations } from '../../src/platform/db/client.js';
import { businessMembers, refreshSessions } from '../../src/platform/db/schema/index.js';
import {
  createContacts,
  createMember,
  createUser,
  DEFAULT_PASSWORD,
  type TestUser,
  uniqueEmail,
} from '../factories.js';
import { useTestApp } from '../harness.js';
import { databaseBefore } from '../platform/database-before.js';

const t = useTestApp();

/** Makes `user` a member of `owner`'s business, as an accepted invitation does. */
async function join(user: TestUser, owner: TestUser, role: MemberRole): Promise<void> {
  await t.db
    .insert(businessMembers)
    .values({ businessId: owner.businessId, accountId: user.accountId, role });
}

async function switchTo(user: TestUser, businessId: string) {
  return t.request({
    method: 'POST',
    url: '/auth/switch-business',
    token: user.accessToken,
    body: { businessId },
  });
}

describe('the owner', () => {
  it('is the account that signed up, and its session acts for that business', async () => {
    const email = uniqueEmail('signup');
    const res = await t.request({
      method: 'POST',
      url: '/auth/sign-up',
      body: { name: 'Ada', email, whatsappNumber: '+2348031234567', password: DEFAULT_PASSWORD },
    });
    expect(res.status).toBe(201);
    const { user, accessToken } = res.body.data;
    const members = await t.db.select().from(businessMembers).where(eq(businessMembers.accountId, user.id));
    expect(members).toEqual([expect.objectContaining({ businessId: user.businessId, role: 'owner' })]);

    const list = await t.request({ url: '/auth/businesses', token: accessToken });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ businessId: user.businessId, role: 'owner', current: true }),
    ]);
    // The console hides what a role cannot do from this list: the owner holds every permission.
    expect(list.body.data[0].permissions).toEqual([...PERMISSIONS]);
  });

  it("lists a member's own availability with its membership, as it last set it", async () => {
    const owner = await createUser(t);
    const agent = await createMember(t, owner, 'agent');
    const mine = async () => {
      const list = await t.request({ url: '/auth/businesses', token: agent.accessToken });
      return list.body.data.find((m: { businessId: string }) => m.businessId === owner.businessId)
        .availability;
    };
    expect(await mine()).toBe('available');
    const set = await t.request({
      method: 'PUT',
      url: '/members/me/availability',
      token: agent.accessToken,
      body: { availability: 'away' },
    });
    expect(set.status).toBe(200);
    expect(await mine()).toBe('away');
  });

  it('a business has at most one owner: the database refuses a second', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    await expect(join(other, owner, 'owner')).rejects.toThrow();
    const owners = await t.db
      .select()
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, owner.businessId), eq(businessMembers.role, 'owner')));
    expect(owners.map((m) => m.accountId)).toEqual([owner.accountId]);
  });
});

describe('one account in several businesses', () => {
  it('lists both, switches with new tokens, and acts for the other business with its role there', async () => {
    const ada = await createUser(t, { name: 'Ada' });
    const bo = await createUser(t, { name: 'Bo' });
    await join(ada, bo, 'marketer');
    const [boContact] = await createContacts(t, bo.businessId, 1);
    await createContacts(t, ada.businessId, 2);

    const list = await t.request({ url: '/auth/businesses', token: ada.accessToken });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        businessId: ada.businessId,
        role: 'owner',
        current: true,
        companyName: 'Ada Ltd',
      }),
      expect.objectContaining({
        businessId: bo.businessId,
        role: 'marketer',
        current: false,
        companyName: 'Bo Ltd',
      }),
    ]);
    // Each membership says what its role may do there: a marketer runs campaigns, not the inbox or members.
    const marketer = list.body.data[1].permissions as string[];
    expect(marketer).toEqual(expect.arrayContaining(['campaigns:publish', 'contacts:write']));
    expect(marketer).not.toContain('inbox:read');
    expect(marketer).not.toContain('members:manage');

    // Signing in acts for the business the account owns, whatever else it joined.
    const signIn = await t.request({
      method: 'POST',
      url: '/auth/sign-in',
      body: { email: ada.email, password: ada.password },
    });
    expect(signIn.body.data.user.businessId).toBe(ada.businessId);

    const res = await switchTo(ada, bo.businessId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', apiObject: 'auth' });
    expect(res.body.data.user).toMatchObject({ id: ada.accountId, businessId: bo.businessId });
    expect(res.headers['set-cookie']).toEqual(expect.stringContaining('token='));
    const token = res.body.data.accessToken as string;

    // The old session ended; the new one acts for Bo's business.
    expect((await t.request({ url: '/business', token: ada.accessToken })).status).toBe(401);
    const business = await t.request({ url: '/business', token });
    expect(business.body.data.id).toBe(bo.businessId);
    const profile = await t.request({ url: '/users/profile', token });
    expect(profile.body.data.businessId).toBe(bo.businessId);
    const contacts = await t.request({ url: '/contacts', token });
    expect(contacts.body.data.items.map((c: { id: string }) => c.id)).toEqual([boContact!.id]);

    // A marketer there: the guard refuses what the role lacks, and changes nothing.
    const patch = await t.request({
      method: 'PATCH',
      url: '/business',
      token,
      body: { companyName: 'Taken' },
    });
    expect(patch.status).toBe(403);
    expect(patch.body).toMatchObject({
      status: 'failure',
      code: 403,
      message: 'Your role in this business (marketer) does not allow business:write',
    });
    expect((await t.request({ url: '/business', token })).body.data.companyName).toBe('Bo Ltd');
    expect((await t.request({ url: '/payments/wallet', token })).status).toBe(200);
    expect(
      (await t.request({ method: 'POST', url: '/payments/credit-link', token, body: { credits: 100 } }))
        .status,
    ).toBe(403);

    // A refreshed token keeps acting for the business switched to.
    const refreshed = await t.request({
      method: 'POST',
      url: '/auth/refresh-token',
      body: { refreshToken: res.body.data.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const again = await t.request({ url: '/business', token: refreshed.body.data.accessToken });
    expect(again.body.data.id).toBe(bo.businessId);

    // And back: owner of its own business again.
    const back = await switchTo({ ...ada, accessToken: token }, ada.businessId);
    expect(back.status).toBe(200);
    const own = await t.request({
      method: 'PATCH',
      url: '/business',
      token: back.body.data.accessToken,
      body: { companyName: 'Ada Two Ltd' },
    });
    expect(own.status).toBe(200);
  });

  it('a business the account is no member of is a 404, and the session stays as it was', async () => {
    const ada = await createUser(t);
    const stranger = await createUser(t);
    const sessionsBefore = await t.db
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.accountId, ada.accountId));
    const res = await switchTo(ada, stranger.businessId);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'failure', code: 404 });
    expect(JSON.stringify(res.body)).not.toContain('accessToken');
    const sessionsAfter = await t.db
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.accountId, ada.accountId));
    expect(sessionsAfter).toEqual(sessionsBefore);
    const business = await t.request({ url: '/business', token: ada.accessToken });
    expect(business.body.data.id).toBe(ada.businessId);

    const bad = await switchTo(ada, 'not-a-uuid');
    expect(bad.status).toBe(400);
  });

  it('an account invited into a business only signs in acting for it', async () => {
    const owner = await createUser(t);
    const agent = await createUser(t);
    // An account without a business of its own: its only membership is the default.
    await t.db.execute(sql`DELETE FROM businesses WHERE id = ${agent.businessId}`);
    await join(agent, owner, 'agent');
    const res = await t.request({
      method: 'POST',
      url: '/auth/sign-in',
      body: { email: agent.email, password: agent.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.businessId).toBe(owner.businessId);
    const token = res.body.data.accessToken as string;
    expect((await t.request({ url: '/conversations', token })).status).toBe(200);
    expect((await t.request({ url: '/contacts', token })).status).toBe(403);
  });
});

describe('a membership that ends', () => {
  it('ends the sessions acting for it at once; the account keeps its other ones', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    await join(member, owner, 'admin');
    const there = (await switchTo(member, owner.businessId)).body.data.accessToken as string;
    const ownSession = await t.request({
      method: 'POST',
      url: '/auth/sign-in',
      body: { email: member.email, password: member.password },
    });
    expect((await t.request({ url: '/contacts', token: there })).status).toBe(200);

    await t.db
      .delete(businessMembers)
      .where(
        and(
          eq(businessMembers.businessId, owner.businessId),
          eq(businessMembers.accountId, member.accountId),
        ),
      );

    const refused = await t.request({ url: '/contacts', token: there });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ status: 'failure', code: 401 });
    expect((await t.request({ url: '/contacts', token: ownSession.body.data.accessToken })).status).toBe(200);
  });
});

describe('the migration to memberships', () => {
  let before: Awaited<ReturnType<typeof databaseBefore>> | undefined;
  afterAll(async () => {
    await before?.close();
  });

  it('makes each registering account its business owner and each open session act for that business', async () => {
    before = await databaseBefore('0032_business_members');
    const db = before.database.db;
    const [seeded] = await queryRows<{ account_id: string; business_id: string; session_id: string }>(
      db,
      sql`WITH a AS (INSERT INTO accounts (name, email) VALUES ('A', 'a@x.test') RETURNING id),
               b AS (INSERT INTO businesses (account_id) SELECT id FROM a RETURNING id, account_id),
               s AS (INSERT INTO refresh_sessions (account_id, expires_at)
                     SELECT id, now() + interval '1 day' FROM a RETURNING id)
          SELECT b.account_id, b.id AS business_id, s.id AS session_id FROM b, s`,
    );
    // An administrator's account without a business keeps a session acting for none.
    const [admin] = await queryRows<{ session_id: string }>(
      db,
      sql`WITH a AS (INSERT INTO accounts (name, email, role) VALUES ('Root', 'root@x.test', 'admin') RETURNING id)
          INSERT INTO refresh_sessions (account_id, expires_at) SELECT id, now() + interval '1 day' FROM a
          RETURNING id AS session_id`,
    );
    await runMigrations(before.database);
    const members = await queryRows<{ account_id: string; business_id: string; role: string }>(
      db,
      sql`SELECT account_id, business_id, role FROM business_members`,
    );
    expect(members).toEqual([
      { account_id: seeded!.account_id, business_id: seeded!.business_id, role: 'owner' },
    ]);
    const sessions = await queryRows<{ id: string; business_id: string | null }>(
      db,
      sql`SELECT id, business_id FROM refresh_sessions ORDER BY business_id NULLS LAST`,
    );
    expect(sessions).toEqual([
      { id: seeded!.session_id, business_id: seeded!.business_id },
      { id: admin!.session_id, business_id: null },
    ]);
  });
});
