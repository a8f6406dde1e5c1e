/**
 * The audit log: every member change writes an entry in the change's own transaction (a refused change writes
 * none), listable and filterable by member, action and date, exportable as CSV, for owner and admin only and for
 * platform administrators, kept a year.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type AUDIT_ACTIONS, purgeExpiredAudit } from '../../src/modules/audit/index.js';
import { auditLog, businessMembers, memberInvitations } from '../../src/platform/db/schema/index.js';
import { createMember, createUser, uniqueEmail } from '../factories.js';
import { useTestApp } from '../harness.js';

const t = useTestApp();
const MEMBER_ACTIONS = [
  'account.signed_in',
  'member.invited',
  'invitation.resent',
  'invitation.revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'ownership.transferred',
  'seats.changed',
] as const satisfies readonly (typeof AUDIT_ACTIONS)[number][];
const PASSWORD = 'Joiner-pass-42';

async function linkTokenFor(email: string): Promise<string> {
  const mail = await t.mailbox.waitFor(email, /invited/);
  return /invitation\?token=([\w-]+)/.exec(mail.text)![1]!;
}

const post = (token: string, url: string, body?: unknown) =>
  t.request({ method: 'POST', url, token, ...(body === undefined ? {} : { body }) });

interface Entry {
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

async function log(token: string, query = ''): Promise<Entry[]> {
  const res = await t.request({ url: `/audit-log?pageSize=100${query}`, token });
  expect(res.status, res.text).toBe(200);
  return res.body.data.items;
}

describe('the audit log', () => {
  it('has an entry for every member change, with who, what and when', async () => {
    const owner = await createUser(t);
    const platformAdmin = await createUser(t, { role: 'admin' });
    const started = new Date(Date.now() - 1000).toISOString();

    // signed in (a wrong password is no sign-in)
    const signIn = (password: string) =>
      t.request({ method: 'POST', url: '/auth/sign-in', body: { email: owner.email, password } });
    expect((await signIn('Wrong-password-1')).status).toBe(401);
    expect((await signIn(owner.password)).status).toBe(200);
    // invited, resent, revoked
    const gone = uniqueEmail('gone');
    const invitedGone = await post(owner.accessToken, '/members/invitations', {
      email: gone,
      role: 'viewer',
    });
    await post(owner.accessToken, `/members/invitations/${invitedGone.body.data.id}/resend`);
    await t.request({
      method: 'DELETE',
      url: `/members/invitations/${invitedGone.body.data.id}`,
      token: owner.accessToken,
    });
    // joined
    const email = uniqueEmail('joiner');
    await post(owner.accessToken, '/members/invitations', { email, role: 'agent' });
    const joined = await t.request({
      method: 'POST',
      url: '/invitations/accept',
      body: { token: await linkTokenFor(email), name: 'Joiner', password: PASSWORD },
    });
    const joinerId = joined.body.data.user.id as string;
    // role changed, removed
    await t.request({
      method: 'PATCH',
      url: `/members/${joinerId}`,
      token: owner.accessToken,
      body: { role: 'admin' },
    });
    const other = await createMember(t, owner, 'agent');
    await t.request({ method: 'DELETE', url: `/members/${other.accountId}`, token: owner.accessToken });
    // seats, by a platform administrator
    await t.request({
      method: 'PATCH',
      url: `/admin/businesses/${owner.businessId}/seats`,
      token: platformAdmin.accessToken,
      body: { seatLimit: 8 },
    });
    // ownership handed over
    const handed = await post(owner.accessToken, '/members/transfer-ownership', {
      accountId: joinerId,
      password: owner.password,
    });
    expect(handed.status).toBe(200);

    // The old owner, now an admin, reads the log.
    const entries = await log(owner.accessToken);
    // The members' actions; the others are walked in test/modules/audit-coverage.test.ts.
    expect(new Set(entries.map((e) => e.action))).toEqual(new Set(MEMBER_ACTIONS));
    const byAction = (a: string) => entries.filter((e) => e.action === a);
    expect(
      byAction('member.invited')
        .map((e) => e.details.email)
        .sort(),
    ).toEqual([email, gone].sort());
    expect(byAction('invitation.resent')[0]).toMatchObject({
      actorId: owner.accountId,
      actorEmail: owner.email,
    });
    expect(byAction('member.joined')[0]).toMatchObject({
      actorId: joinerId,
      targetType: 'member',
      targetId: joinerId,
      details: { role: 'agent', newAccount: true },
    });
    expect(byAction('member.role_changed')[0]!.details).toMatchObject({ from: 'agent', to: 'admin' });
    expect(byAction('member.removed')[0]).toMatchObject({
      targetId: other.accountId,
      details: { role: 'agent' },
    });
    expect(byAction('seats.changed')[0]).toMatchObject({
      actorId: platformAdmin.accountId,
      details: { seatLimit: 8 },
    });
    expect(byAction('ownership.transferred')[0]!.details).toEqual({ from: owner.accountId, to: joinerId });
    expect(byAction('account.signed_in')).toEqual([
      expect.objectContaining({
        actorId: owner.accountId,
        targetType: 'session',
        details: { method: 'password' },
      }),
    ]);
    // Newest first.
    expect(entries[0]!.action).toBe('ownership.transferred');
    for (const e of entries) expect(e.createdAt >= started).toBe(true);

    // Filters: by member, by action, by dates.
    expect((await log(owner.accessToken, `&actorId=${joinerId}`)).map((e) => e.action)).toEqual([
      'member.joined',
    ]);
    expect((await log(owner.accessToken, '&action=member.removed')).length).toBe(1);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await log(owner.accessToken, `&from=${encodeURIComponent(future)}`)).toEqual([]);
    expect((await log(owner.accessToken, `&to=${encodeURIComponent(future)}`)).length).toBe(entries.length);
    const backwards = await t.request({
      url: `/audit-log?from=${encodeURIComponent(future)}&to=${encodeURIComponent(started)}`,
      token: owner.accessToken,
    });
    expect(backwards.status).toBe(400);
    expect(
      (await t.request({ url: '/audit-log?action=nothing.done', token: owner.accessToken })).status,
    ).toBe(400);

    // CSV export.
    const csv = await t.request({ url: '/audit-log/export?action=member.invited', token: owner.accessToken });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['x-record-count']).toBe('2');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('createdAt,actorEmail,actorId,action,targetType,targetId,details');
    expect(lines).toHaveLength(3);
    expect(csv.text).toContain(gone);

    // A platform administrator sees it too; the business's own owner cannot use the administrators' route.
    const admin = await t.request({
      url: `/admin/businesses/${owner.businessId}/audit-log`,
      token: platformAdmin.accessToken,
    });
    expect(admin.status).toBe(200);
    expect(admin.body.data.total).toBe(entries.length);
    const notAdmin = await t.request({
      url: `/admin/businesses/${owner.businessId}/audit-log`,
      token: owner.accessToken,
    });
    expect(notAdmin.status).toBe(403);
  });

  it('a refused change writes no entry', async () => {
    const owner = await createUser(t);
    const admin = await createMember(t, owner, 'admin');
    const before = await t.db.select().from(auditLog).where(eq(auditLog.businessId, owner.businessId));

    const wrong = await post(owner.accessToken, '/members/transfer-ownership', {
      accountId: admin.accountId,
      password: 'Wrong-password-1',
    });
    expect(wrong.status).toBe(400);
    expect(
      (await t.request({ method: 'DELETE', url: `/members/${owner.accountId}`, token: admin.accessToken }))
        .status,
    ).toBe(400);
    await t.db
      .update(businessMembers)
      .set({ role: 'admin' })
      .where(eq(businessMembers.accountId, admin.accountId));
    const { setSeatLimit } = await import('../../src/modules/business/index.js');
    await setSeatLimit(t.db, owner.businessId, 2);
    const over = uniqueEmail('over');
    expect(
      (await post(owner.accessToken, '/members/invitations', { email: over, role: 'agent' })).status,
    ).toBe(400);
    expect(await t.db.select().from(memberInvitations).where(eq(memberInvitations.email, over))).toEqual([]);

    const after = await t.db.select().from(auditLog).where(eq(auditLog.businessId, owner.businessId));
    expect(after).toEqual(before);
  });

  it("is the owner's and admins' only; another business's log is not in it", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    await post(owner.accessToken, '/members/invitations', { email: uniqueEmail('mine'), role: 'agent' });
    for (const role of ['marketer', 'agent', 'viewer'] as const) {
      const member = await createMember(t, owner, role);
      const res = await t.request({ url: '/audit-log', token: member.accessToken });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(`Your role in this business (${role}) does not allow audit:read`);
    }
    const admin = await createMember(t, owner, 'admin');
    expect((await log(admin.accessToken)).length).toBe(1);
    expect(await log(stranger.accessToken)).toEqual([]);
    const csv = await t.request({ url: '/audit-log/export', token: stranger.accessToken });
    expect(csv.headers['x-record-count']).toBe('0');
  });

  it('keeps a year', async () => {
    const owner = await createUser(t);
    const old = new Date(Date.now() - 366 * 86_400_000);
    const recent = new Date(Date.now() - 364 * 86_400_000);
    await t.db.insert(auditLog).values([
      { businessId: owner.businessId, action: 'member.invited', createdAt: old },
      { businessId: owner.businessId, action: 'member.removed', createdAt: recent },
    ]);
    expect(await purgeExpiredAudit(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(auditLog).where(eq(auditLog.businessId, owner.businessId));
    expect(left.map((e) => e.action)).toEqual(['member.removed']);
  });
});
