/**
 * Members and invitations over HTTP: inviting with a role (a single-use link by mail, 7 days), accepting as a new
 * person or an existing account, resending and revoking, roles, removal (sessions end at once), exactly one owner
 * and its handover, seats, and an agent's view of the inbox.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MemberRole } from '../../src/platform/auth/permissions.js';
import {
  accounts,
  businessMembers,
  conversations,
  memberInvitations,
  refreshSessions,
} from '../../src/platform/db/schema/index.js';
import { createUser, type TestUser, uniqueEmail } from '../factories.js';
import { useTestApp } from '../harness.js';
import { conversation } from '../security/support/resources.js';

const t = useTestApp();
const NEW_PASSWORD = 'Joiner-pass-42';

async function invite(by: TestUser, email: string, role: MemberRole) {
  return t.request({
    method: 'POST',
    url: '/members/invitations',
    token: by.accessToken,
    body: { email, role },
  });
}

/** The token of the latest invitation mail to `email` (what the console's invitation page receives). */
async function linkTokenFor(email: string): Promise<string> {
  const mail = await t.mailbox.waitFor(email, /invited/);
  const token = /invitation\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link in ${mail.text}`);
  return token;
}

async function accept(token: string, body: { name?: string; password: string }) {
  return t.request({ method: 'POST', url: '/invitations/accept', body: { token, ...body } });
}

/** A member of `owner`'s business in `role`, joined through an invitation; signed in acting for it. */
async function memberOf(owner: TestUser, role: MemberRole): Promise<TestUser> {
  const email = uniqueEmail(role);
  t.mailbox.clear();
  expect((await invite(owner, email, role)).status).toBe(201);
  const res = await accept(await linkTokenFor(email), { name: `A ${role}`, password: NEW_PASSWORD });
  expect(res.status).toBe(200);
  const { user, accessToken, refreshToken } = res.body.data;
  return {
    accountId: user.id,
    businessId: owner.businessId,
    email,
    password: NEW_PASSWORD,
    accessToken,
    refreshToken,
    sessionId: '',
  };
}

const membersOf = (businessId: string) =>
  t.db.select().from(businessMembers).where(eq(businessMembers.businessId, businessId));
const ownersOf = async (businessId: string) =>
  (await membersOf(businessId)).filter((m) => m.role === 'owner').map((m) => m.accountId);

describe('invitations', () => {
  it('the owner invites by e-mail with a role: a pending invitation and a mail with a single-use link', async () => {
    const owner = await createUser(t, { name: 'Ada' });
    const email = uniqueEmail('joiner');
    const res = await invite(owner, email.toUpperCase(), 'agent');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'success', apiObject: 'invitation' });
    expect(res.body.data).toMatchObject({ email, role: 'agent', status: 'pending', acceptedAt: null });
    const expires = new Date(res.body.data.expiresAt).getTime();
    expect(Math.abs(expires - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);

    const token = await linkTokenFor(email);
    const [stored] = await t.db
      .select()
      .from(memberInvitations)
      .where(eq(memberInvitations.id, res.body.data.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.businessId).toBe(owner.businessId);

    const preview = await t.request({ method: 'POST', url: '/invitations/lookup', body: { token } });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({
      email,
      role: 'agent',
      companyName: 'Ada Ltd',
      expiresAt: res.body.data.expiresAt,
      accountExists: false,
    });
  });

  it('a new person accepts with a name and password: a verified account, a member, a session for the business', async () => {
    const owner = await createUser(t);
    const email = uniqueEmail('newcomer');
    await invite(owner, email, 'marketer');
    const token = await linkTokenFor(email);
    const res = await accept(token, { name: 'Newcomer', password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      email,
      name: 'Newcomer',
      verified: true,
      businessId: owner.businessId,
    });
    expect(res.headers['set-cookie']).toEqual(expect.stringContaining('token='));
    const members = await membersOf(owner.businessId);
    expect(members.find((m) => m.accountId === res.body.data.user.id)?.role).toBe('marketer');
    const [invitation] = await t.db
      .select()
      .from(memberInvitations)
      .where(eq(memberInvitations.email, email));
    expect(invitation!.acceptedBy).toBe(res.body.data.user.id);

    // The session acts for the business, as a marketer.
    const token2 = res.body.data.accessToken;
    expect((await t.request({ url: '/contacts', token: token2 })).status).toBe(200);
    expect((await t.request({ url: '/members', token: token2 })).status).toBe(403);
    // The password works for signing in.
    const signIn = await t.request({
      method: 'POST',
      url: '/auth/sign-in',
      body: { email, password: NEW_PASSWORD },
    });
    expect(signIn.body.data.user.businessId).toBe(owner.businessId);

    // The link works once.
    const again = await accept(token, { name: 'Twice', password: NEW_PASSWORD });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ status: 'failure', code: 400 });
    expect((await t.db.select().from(accounts).where(eq(accounts.email, email))).length).toBe(1);
  });

  it('two acceptances of one link at once make one account and one member', async () => {
    const owner = await createUser(t);
    const email = uniqueEmail('racer');
    await invite(owner, email, 'agent');
    const token = await linkTokenFor(email);
    const results = await Promise.all([
      accept(token, { name: 'First', password: NEW_PASSWORD }),
      accept(token, { name: 'Second', password: NEW_PASSWORD }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const made = await t.db.select().from(accounts).where(eq(accounts.email, email));
    expect(made).toHaveLength(1);
    expect((await membersOf(owner.businessId)).filter((m) => m.accountId === made[0]!.id)).toHaveLength(1);
  });

  it('an existing account accepts with its password and keeps its own business', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    await invite(owner, other.email, 'viewer');
    const token = await linkTokenFor(other.email);
    const preview = await t.request({ method: 'POST', url: '/invitations/lookup', body: { token } });
    expect(preview.body.data.accountExists).toBe(true);

    const wrong = await accept(token, { password: 'Not-the-password-1' });
    expect(wrong.status).toBe(401);
    expect((await membersOf(owner.businessId)).map((m) => m.accountId)).toEqual([owner.accountId]);

    const res = await accept(token, { password: other.password });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: other.accountId, businessId: owner.businessId });
    const list = await t.request({ url: '/auth/businesses', token: res.body.data.accessToken });
    expect(list.body.data.map((b: { businessId: string; role: string }) => [b.businessId, b.role])).toEqual([
      [other.businessId, 'owner'],
      [owner.businessId, 'viewer'],
    ]);
  });

  it('resend replaces the link; revoke ends it; an expired link opens nothing', async () => {
    const owner = await createUser(t);
    const email = uniqueEmail('resend');
    const created = await invite(owner, email, 'agent');
    const first = await linkTokenFor(email);
    t.mailbox.clear();
    const resent = await t.request({
      method: 'POST',
      url: `/members/invitations/${created.body.data.id}/resend`,
      token: owner.accessToken,
    });
    expect(resent.status).toBe(200);
    const second = await linkTokenFor(email);
    expect(second).not.toBe(first);
    expect(
      (await t.request({ method: 'POST', url: '/invitations/lookup', body: { token: first } })).status,
    ).toBe(400);
    expect(
      (await t.request({ method: 'POST', url: '/invitations/lookup', body: { token: second } })).status,
    ).toBe(200);

    const revoked = await t.request({
      method: 'DELETE',
      url: `/members/invitations/${created.body.data.id}`,
      token: owner.accessToken,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.status).toBe('revoked');
    expect((await accept(second, { name: 'Late', password: NEW_PASSWORD })).status).toBe(400);
    expect((await t.db.select().from(accounts).where(eq(accounts.email, email))).length).toBe(0);
    // Revoked twice, or resent after revoking: a 400, nothing changes.
    const twice = await t.request({
      method: 'DELETE',
      url: `/members/invitations/${created.body.data.id}`,
      token: owner.accessToken,
    });
    expect(twice.status).toBe(400);

    const expiring = uniqueEmail('expired');
    await invite(owner, expiring, 'agent');
    const old = await linkTokenFor(expiring);
    await t.db
      .update(memberInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberInvitations.email, expiring));
    expect((await accept(old, { name: 'Late', password: NEW_PASSWORD })).status).toBe(400);
    const list = await t.request({ url: '/members/invitations', token: owner.accessToken });
    expect(list.body.data.map((i: { email: string; status: string }) => [i.email, i.status])).toEqual([
      [expiring, 'expired'],
      [email, 'revoked'],
    ]);
  });

  it('refuses an owner role, a member, a second pending invitation; only owner and admin invite', async () => {
    const owner = await createUser(t);
    const admin = await memberOf(owner, 'admin');
    const marketer = await memberOf(owner, 'marketer');
    const before = await t.db
      .select()
      .from(memberInvitations)
      .where(eq(memberInvitations.businessId, owner.businessId));

    expect((await invite(owner, uniqueEmail(), 'owner')).status).toBe(400);
    const member = await invite(owner, marketer.email, 'agent');
    expect(member.status).toBe(400);
    expect(member.body.message).toBe('This person is already a member of the business');
    const denied = await invite(marketer, uniqueEmail(), 'agent');
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Your role in this business (marketer) does not allow members:manage');
    const after = await t.db
      .select()
      .from(memberInvitations)
      .where(eq(memberInvitations.businessId, owner.businessId));
    expect(after.length).toBe(before.length);

    const email = uniqueEmail('twice');
    expect((await invite(admin, email, 'viewer')).status).toBe(201);
    const dup = await invite(owner, email, 'agent');
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('pending invitation');
  });

  it('another business cannot see, resend or revoke an invitation', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const created = await invite(owner, uniqueEmail('private'), 'agent');
    const id = created.body.data.id;
    for (const req of [
      { method: 'POST' as const, url: `/members/invitations/${id}/resend` },
      { method: 'DELETE' as const, url: `/members/invitations/${id}` },
    ]) {
      const res = await t.request({ ...req, token: stranger.accessToken });
      expect(res.status).toBe(404);
    }
    const list = await t.request({ url: '/members/invitations', token: stranger.accessToken });
    expect(list.body.data).toEqual([]);
    const [stored] = await t.db.select().from(memberInvitations).where(eq(memberInvitations.id, id));
    expect(stored!.revokedAt).toBeNull();
  });
});

describe('seats', () => {
  it('pending invitations hold seats; past the limit an invitation is a clear 400 and nothing is sent', async () => {
    const owner = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const set = await t.request({
      method: 'PATCH',
      url: `/admin/businesses/${owner.businessId}/seats`,
      token: admin.accessToken,
      body: { seatLimit: 3 },
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ businessId: owner.businessId, seatLimit: 3 });
    // A business owner is no platform administrator.
    const self = await t.request({
      method: 'PATCH',
      url: `/admin/businesses/${owner.businessId}/seats`,
      token: owner.accessToken,
      body: { seatLimit: 100 },
    });
    expect(self.status).toBe(403);

    await memberOf(owner, 'agent');
    const pending = uniqueEmail('pending');
    expect((await invite(owner, pending, 'agent')).status).toBe(201);
    const seats = await t.request({ url: '/members/seats', token: owner.accessToken });
    expect(seats.body.data).toEqual({ limit: 3, members: 2, pendingInvitations: 1, left: 0 });

    t.mailbox.clear();
    const over = uniqueEmail('over');
    const res = await invite(owner, over, 'agent');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'failure', code: 400 });
    expect(res.body.message).toContain('No seats left');
    expect(await t.db.select().from(memberInvitations).where(eq(memberInvitations.email, over))).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mailbox.find(over)).toBeUndefined();

    // Revoking frees the seat.
    const [held] = await t.db.select().from(memberInvitations).where(eq(memberInvitations.email, pending));
    await t.request({ method: 'DELETE', url: `/members/invitations/${held!.id}`, token: owner.accessToken });
    expect((await invite(owner, over, 'agent')).status).toBe(201);
  });

  it('a business without a limit of its own has the default of 5', async () => {
    const owner = await createUser(t);
    const seats = await t.request({ url: '/members/seats', token: owner.accessToken });
    expect(seats.body.data).toEqual({ limit: 5, members: 1, pendingInvitations: 0, left: 4 });
  });
});

describe('roles and removal', () => {
  it("owner and admin change roles; the owner's role and another business's member are refused", async () => {
    const owner = await createUser(t);
    const admin = await memberOf(owner, 'admin');
    const agent = await memberOf(owner, 'agent');
    const stranger = await createUser(t);

    const res = await t.request({
      method: 'PATCH',
      url: `/members/${agent.accountId}`,
      token: admin.accessToken,
      body: { role: 'marketer' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ accountId: agent.accountId, role: 'marketer' });
    // The new role applies to the member's next request, with the same token.
    expect((await t.request({ url: '/contacts', token: agent.accessToken })).status).toBe(200);

    const ownerRole = await t.request({
      method: 'PATCH',
      url: `/members/${owner.accountId}`,
      token: admin.accessToken,
      body: { role: 'viewer' },
    });
    expect(ownerRole.status).toBe(400);
    const toOwner = await t.request({
      method: 'PATCH',
      url: `/members/${agent.accountId}`,
      token: owner.accessToken,
      body: { role: 'owner' },
    });
    expect(toOwner.status).toBe(400);
    const foreign = await t.request({
      method: 'PATCH',
      url: `/members/${stranger.accountId}`,
      token: owner.accessToken,
      body: { role: 'viewer' },
    });
    expect(foreign.status).toBe(404);
    expect(await ownersOf(owner.businessId)).toEqual([owner.accountId]);
    expect(await ownersOf(stranger.businessId)).toEqual([stranger.accountId]);
  });

  it("a removed member's token is refused at once; its conversations become unassigned", async () => {
    const owner = await createUser(t);
    const agent = await memberOf(owner, 'agent');
    const { id } = await conversation.create(t, owner);
    await t.db.update(conversations).set({ assigneeId: agent.accountId }).where(eq(conversations.id, id!));
    expect((await t.request({ url: `/conversations/${id}`, token: agent.accessToken })).status).toBe(200);

    const res = await t.request({
      method: 'DELETE',
      url: `/members/${agent.accountId}`,
      token: owner.accessToken,
    });
    expect(res.status).toBe(200);
    const refused = await t.request({ url: '/conversations', token: agent.accessToken });
    expect(refused.status).toBe(401);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/auth/refresh-token',
          body: { refreshToken: agent.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect(
      await t.db.select().from(refreshSessions).where(eq(refreshSessions.accountId, agent.accountId)),
    ).toEqual([]);
    const [conv] = await t.db.select().from(conversations).where(eq(conversations.id, id!));
    expect(conv!.assigneeId).toBeNull();
    expect((await membersOf(owner.businessId)).map((m) => m.accountId)).toEqual([owner.accountId]);
  });

  it('the owner cannot be removed; an admin cannot remove it either', async () => {
    const owner = await createUser(t);
    const admin = await memberOf(owner, 'admin');
    for (const by of [owner, admin]) {
      const res = await t.request({
        method: 'DELETE',
        url: `/members/${owner.accountId}`,
        token: by.accessToken,
      });
      expect(res.status).toBe(400);
    }
    expect(await ownersOf(owner.businessId)).toEqual([owner.accountId]);
    expect((await t.request({ url: '/business', token: owner.accessToken })).status).toBe(200);
  });
});

describe('ownership', () => {
  it("is handed over with the owner's password: one owner, the old one admin", async () => {
    const owner = await createUser(t);
    const admin = await memberOf(owner, 'admin');
    const transfer = (by: TestUser, password: string) =>
      t.request({
        method: 'POST',
        url: '/members/transfer-ownership',
        token: by.accessToken,
        body: { accountId: admin.accountId, password },
      });

    const wrong = await transfer(owner, 'Wrong-password-1');
    expect(wrong.status).toBe(400);
    expect(await ownersOf(owner.businessId)).toEqual([owner.accountId]);
    const byAdmin = await t.request({
      method: 'POST',
      url: '/members/transfer-ownership',
      token: admin.accessToken,
      body: { accountId: admin.accountId, password: admin.password },
    });
    expect(byAdmin.status).toBe(403);

    const res = await transfer(owner, owner.password);
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { accountId: string; role: string }) => [m.accountId, m.role])).toEqual([
      [admin.accountId, 'owner'],
      [owner.accountId, 'admin'],
    ]);
    expect(await ownersOf(owner.businessId)).toEqual([admin.accountId]);
    // The old owner is an admin now: it may no longer hand over, nor remove the new owner.
    expect((await transfer(owner, owner.password)).status).toBe(403);
    const remove = await t.request({
      method: 'DELETE',
      url: `/members/${admin.accountId}`,
      token: owner.accessToken,
    });
    expect(remove.status).toBe(400);
  });

  it('two handovers at once, or a handover and a removal at once, leave exactly one owner', async () => {
    const owner = await createUser(t);
    const a = await memberOf(owner, 'admin');
    const b = await memberOf(owner, 'admin');
    const transferTo = (to: TestUser) =>
      t.request({
        method: 'POST',
        url: '/members/transfer-ownership',
        token: owner.accessToken,
        body: { accountId: to.accountId, password: owner.password },
      });
    const results = await Promise.all([transferTo(a), transferTo(b)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    const owners = await ownersOf(owner.businessId);
    expect(owners).toHaveLength(1);
    expect([a.accountId, b.accountId]).toContain(owners[0]);

    // The new owner hands over to c while an admin removes c: c is either the owner and stays, or removed.
    const newOwner = owners[0] === a.accountId ? a : b;
    const c = await memberOf(owner, 'agent');
    const [handover, removal] = await Promise.all([
      t.request({
        method: 'POST',
        url: '/members/transfer-ownership',
        token: newOwner.accessToken,
        body: { accountId: c.accountId, password: newOwner.password },
      }),
      t.request({ method: 'DELETE', url: `/members/${c.accountId}`, token: owner.accessToken }),
    ]);
    const after = await ownersOf(owner.businessId);
    expect(after).toHaveLength(1);
    if (handover.status === 200) {
      expect(after).toEqual([c.accountId]);
      expect(removal.status).toBe(400);
    } else {
      expect(removal.status).toBe(200);
      expect(after).toEqual([newOwner.accountId]);
    }
  });

  it('concurrent role changes of the same member leave one of them, and the owner untouched', async () => {
    const owner = await createUser(t);
    const m = await memberOf(owner, 'agent');
    const change = (role: MemberRole) =>
      t.request({
        method: 'PATCH',
        url: `/members/${m.accountId}`,
        token: owner.accessToken,
        body: { role },
      });
    const results = await Promise.all([change('admin'), change('viewer'), change('marketer')]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const [row] = await t.db
      .select()
      .from(businessMembers)
      .where(
        and(eq(businessMembers.businessId, owner.businessId), eq(businessMembers.accountId, m.accountId)),
      );
    expect(['admin', 'viewer', 'marketer']).toContain(row!.role);
    expect(await ownersOf(owner.businessId)).toEqual([owner.accountId]);
  });
});

describe("an agent's inbox", () => {
  it('shows its own and unassigned conversations only; another agent’s is a 404', async () => {
    const owner = await createUser(t, { businessVerified: 'accepted' });
    const agent = await memberOf(owner, 'agent');
    const other = await memberOf(owner, 'agent');
    const mine = (await conversation.create(t, owner)).id!;
    const theirs = (await conversation.create(t, owner)).id!;
    const open = (await conversation.create(t, owner)).id!;
    await t.db.update(conversations).set({ assigneeId: agent.accountId }).where(eq(conversations.id, mine));
    await t.db.update(conversations).set({ assigneeId: other.accountId }).where(eq(conversations.id, theirs));

    const ids = async (token: string) =>
      ((await t.request({ url: '/conversations', token })).body.data.items as { id: string }[])
        .map((c) => c.id)
        .sort();
    expect(await ids(agent.accessToken)).toEqual([mine, open].sort());
    expect(await ids(owner.accessToken)).toEqual([mine, theirs, open].sort());
    const unread = await t.request({ url: '/conversations/unread', token: agent.accessToken });
    expect(unread.body.data.conversations).toBe(2);

    for (const req of [
      { method: 'GET' as const, url: `/conversations/${theirs}` },
      { method: 'GET' as const, url: `/conversations/${theirs}/messages` },
      { method: 'POST' as const, url: `/conversations/${theirs}/read` },
      { method: 'PATCH' as const, url: `/conversations/${theirs}`, body: { status: 'closed' } },
      { method: 'POST' as const, url: `/conversations/${theirs}/messages`, body: { text: 'Hi' } },
    ]) {
      const res = await t.request({ ...req, token: agent.accessToken });
      expect(res.status, req.url).toBe(404);
    }
    const [untouched] = await t.db.select().from(conversations).where(eq(conversations.id, theirs));
    expect(untouched).toMatchObject({ status: 'open', unreadCount: 1 });
    const replies = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM conversation_messages WHERE conversation_id = ${theirs} AND direction = 'out'`,
    );
    expect(JSON.stringify(replies)).toContain('"n":0');
    expect((await t.request({ url: `/conversations/${mine}`, token: agent.accessToken })).status).toBe(200);
  });
});
