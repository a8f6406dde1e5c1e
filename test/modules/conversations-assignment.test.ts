/**
 * Who answers a conversation (issue 36, "Assignment"): an admin assigns, moves or unassigns it, a member takes
 * an unassigned one or releases its own, the list filters by assignee, members mark themselves away, and the
 * business's automatic assignment (round robin, least open, capacity) gives conversations to the members
 * available when contacts write. Each change is audited and pushed as `conversationAssigned`. The races are in
 * conversations-assignment-race.test.ts (PostgreSQL).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, conversations } from '../../src/platform/db/schema/index.js';
import { createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { conversation } from '../security/support/resources.js';
import {
  away,
  contactWrites,
  memberOf,
  mobile,
  setAutoAssignment,
  type Team,
  team,
} from './assignment-support.js';

const t = useTestApp();

const assign = (by: TestUser, id: string, assigneeId: string | null) =>
  t.request({
    method: 'PUT',
    url: `/conversations/${id}/assignee`,
    token: by.accessToken,
    body: { assigneeId },
  });
const take = (by: TestUser, id: string) =>
  t.request({ method: 'POST', url: `/conversations/${id}/take`, token: by.accessToken });
const release = (by: TestUser, id: string) =>
  t.request({ method: 'POST', url: `/conversations/${id}/release`, token: by.accessToken });

const assigneeOf = async (id: string) =>
  (await t.db.select().from(conversations).where(eq(conversations.id, id)))[0]!.assigneeId;

/** The `conversationAssigned` events pushed about a conversation, in order. */
interface AssignedEvent {
  room: string;
  conversation: { id: string; assigneeId: string | null };
  previousAssigneeId: string | null;
  assignedBy: string | null;
}
const assignedEvents = (id: string): AssignedEvent[] =>
  t.realtime.events
    .filter((e) => e.event === 'conversationAssigned')
    .map((e) => ({ room: e.room, ...(e.payload as Omit<AssignedEvent, 'room'>) }))
    .filter((e) => e.conversation.id === id);

const auditOf = (businessId: string, id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.businessId, businessId), eq(auditLog.targetId, id)))
    .orderBy(auditLog.createdAt);

const newConversation = async (team: Team) => (await conversation.create(t, team.owner)).id!;

describe('assigning a conversation (PUT /conversations/{id}/assignee)', () => {
  it('an admin assigns, moves and unassigns; each change is audited and pushed', async () => {
    const tm = await team(t);
    const id = await newConversation(tm);

    const first = await assign(tm.admin, id, tm.agent.accountId);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id, assigneeId: tm.agent.accountId });
    const moved = await assign(tm.owner, id, tm.agent2.accountId);
    expect(moved.body.data.assigneeId).toBe(tm.agent2.accountId);
    // The same assignee again changes nothing: no event, no entry.
    expect((await assign(tm.owner, id, tm.agent2.accountId)).status).toBe(200);
    const cleared = await assign(tm.admin, id, null);
    expect(cleared.body.data.assigneeId).toBeNull();
    expect(await assigneeOf(id)).toBeNull();

    expect(assignedEvents(id)).toEqual([
      expect.objectContaining({
        room: `business:${tm.owner.businessId}`,
        previousAssigneeId: null,
        assignedBy: tm.admin.accountId,
        conversation: expect.objectContaining({ id, assigneeId: tm.agent.accountId }),
      }),
      expect.objectContaining({
        previousAssigneeId: tm.agent.accountId,
        assignedBy: tm.owner.accountId,
        conversation: expect.objectContaining({ assigneeId: tm.agent2.accountId }),
      }),
      expect.objectContaining({
        previousAssigneeId: tm.agent2.accountId,
        assignedBy: tm.admin.accountId,
        conversation: expect.objectContaining({ assigneeId: null }),
      }),
    ]);
    const entries = await auditOf(tm.owner.businessId, id);
    expect(entries.map((e) => [e.action, e.actorId, e.details])).toEqual([
      ['conversation.assigned', tm.admin.accountId, { from: null, to: tm.agent.accountId, how: 'assign' }],
      [
        'conversation.assigned',
        tm.owner.accountId,
        { from: tm.agent.accountId, to: tm.agent2.accountId, how: 'assign' },
      ],
      ['conversation.assigned', tm.admin.accountId, { from: tm.agent2.accountId, to: null, how: 'assign' }],
    ]);
  });

  it('refuses an assignee who is no member, or whose role cannot reply (422 on assigneeId); nothing changes', async () => {
    const tm = await team(t);
    const id = await newConversation(tm);
    const stranger = await createUser(t);
    for (const who of [tm.viewer, tm.marketer, stranger]) {
      const res = await assign(tm.admin, id, who.accountId);
      expect(res.status, who.email).toBe(422);
      expect(res.body).toMatchObject({ status: 'failure', code: 422 });
      expect(res.body.errorMessage.fields[0].path).toBe('assigneeId');
    }
    expect((await assign(tm.admin, id, tm.viewer.accountId)).body.message).toContain('(viewer)');
    expect((await assign(tm.admin, id, stranger.accountId)).body.message).toBe(
      'No member of this business has this account id',
    );
    expect((await assign(tm.admin, id, 'not-a-uuid' as string)).status).toBe(400);
    expect(await assigneeOf(id)).toBeNull();
    expect(assignedEvents(id)).toEqual([]);
    expect(await auditOf(tm.owner.businessId, id)).toEqual([]);
  });

  it("another business's conversation is a 404; agents, marketers and viewers may not assign (403)", async () => {
    const tm = await team(t);
    const other = await team(t);
    const id = await newConversation(other);
    expect((await assign(tm.admin, id, null)).status).toBe(404);
    expect((await assign(tm.owner, id, tm.agent.accountId)).status).toBe(404);
    expect(await assigneeOf(id)).toBeNull();

    const mine = await newConversation(tm);
    for (const who of [tm.agent, tm.marketer, tm.viewer]) {
      const res = await assign(who, mine, tm.agent.accountId);
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('does not allow inbox:assign');
    }
    expect(await assigneeOf(mine)).toBeNull();
  });
});

describe('taking and releasing', () => {
  it('an agent takes an unassigned conversation; again is no change; another member gets a 409', async () => {
    const tm = await team(t);
    const id = await newConversation(tm);
    const taken = await take(tm.agent, id);
    expect(taken.status).toBe(200);
    expect(taken.body.data.assigneeId).toBe(tm.agent.accountId);
    expect((await take(tm.agent, id)).status).toBe(200);
    expect(assignedEvents(id)).toHaveLength(1);
    expect(assignedEvents(id)[0]).toMatchObject({ previousAssigneeId: null, assignedBy: tm.agent.accountId });

    // Anyone else is told it is taken: the admin, and the other agent (which no longer sees it otherwise).
    for (const other of [tm.admin, tm.agent2]) {
      const conflict = await take(other, id);
      expect(conflict.status).toBe(409);
      expect(conflict.body.message).toMatch(/already assigned to another member/);
    }
    expect((await t.request({ url: `/conversations/${id}`, token: tm.agent2.accessToken })).status).toBe(404);
    expect(await assigneeOf(id)).toBe(tm.agent.accountId);
    const entries = await auditOf(tm.owner.businessId, id);
    expect(entries.map((e) => e.details)).toEqual([{ from: null, to: tm.agent.accountId, how: 'take' }]);
  });

  it('its holder or an admin releases it; another member gets a 409, an agent that cannot see it a 404', async () => {
    const tm = await team(t);
    const id = await newConversation(tm);
    await take(tm.agent, id);
    expect((await release(tm.agent2, id)).status).toBe(404);
    const mine = await release(tm.agent, id);
    expect(mine.status).toBe(200);
    expect(mine.body.data.assigneeId).toBeNull();
    // Unassigned: an agent does not hold it (409); an admin's release changes nothing (200).
    const notYours = await release(tm.agent2, id);
    expect(notYours.status).toBe(409);
    expect(notYours.body.message).toMatch(/not assigned to you/);
    expect((await release(tm.admin, id)).status).toBe(200);

    await take(tm.agent2, id);
    const byAdmin = await release(tm.admin, id);
    expect(byAdmin.body.data.assigneeId).toBeNull();
    expect(assignedEvents(id).map((e) => [e.previousAssigneeId, e.assignedBy])).toEqual([
      [null, tm.agent.accountId],
      [tm.agent.accountId, tm.agent.accountId],
      [null, tm.agent2.accountId],
      [tm.agent2.accountId, tm.admin.accountId],
    ]);
    expect((await auditOf(tm.owner.businessId, id)).map((e) => e.details.how)).toEqual([
      'take',
      'release',
      'take',
      'release',
    ]);
  });

  it("marketers and viewers may not take or release (403); another business's conversation is a 404", async () => {
    const tm = await team(t);
    const id = await newConversation(tm);
    for (const who of [tm.marketer, tm.viewer]) {
      expect((await take(who, id)).status).toBe(403);
      expect((await release(who, id)).status).toBe(403);
    }
    const other = await team(t);
    const theirs = await newConversation(other);
    expect((await take(tm.agent, theirs)).status).toBe(404);
    expect((await take(tm.owner, theirs)).status).toBe(404);
    expect((await release(tm.owner, theirs)).status).toBe(404);
    expect(await assigneeOf(theirs)).toBeNull();
    expect(await assigneeOf(id)).toBeNull();
  });
});

describe('the list by assignee, and what an agent sees', () => {
  it('filters me, unassigned and a member; an agent asking for another member gets an empty page', async () => {
    const tm = await team(t);
    const [a, b, c] = [await newConversation(tm), await newConversation(tm), await newConversation(tm)];
    await assign(tm.admin, a, tm.agent.accountId);
    await assign(tm.admin, b, tm.agent2.accountId);
    const ids = async (by: TestUser, assignee?: string) => {
      const res = await t.request({
        url: `/conversations${assignee ? `?assignee=${assignee}` : ''}`,
        token: by.accessToken,
      });
      expect(res.status).toBe(200);
      return (res.body.data.items as { id: string }[]).map((i) => i.id).sort();
    };
    expect(await ids(tm.agent)).toEqual([a, c].sort());
    expect(await ids(tm.agent, 'me')).toEqual([a]);
    expect(await ids(tm.agent, 'unassigned')).toEqual([c]);
    expect(await ids(tm.agent, tm.agent2.accountId)).toEqual([]);
    expect(await ids(tm.admin, tm.agent2.accountId)).toEqual([b]);
    expect(await ids(tm.admin, 'me')).toEqual([]);
    expect(await ids(tm.owner, 'unassigned')).toEqual([c]);
    const bad = await t.request({ url: '/conversations?assignee=someone', token: tm.owner.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage.fields[0].path).toBe('assignee');

    // Moved away from the agent: gone from its inbox, a 404 when opened.
    await assign(tm.admin, a, tm.agent2.accountId);
    expect(await ids(tm.agent)).toEqual([c]);
    expect((await t.request({ url: `/conversations/${a}`, token: tm.agent.accessToken })).status).toBe(404);
    expect((await t.request({ url: `/conversations/${a}`, token: tm.agent2.accessToken })).status).toBe(200);
  });
});

describe('availability and the members list', () => {
  it('a member marks itself away or available; the list shows it and the open conversations each holds', async () => {
    const tm = await team(t);
    const [a, b] = [await newConversation(tm), await newConversation(tm)];
    await take(tm.agent, a);
    await take(tm.agent, b);
    await t.request({
      method: 'PATCH',
      url: `/conversations/${b}`,
      token: tm.agent.accessToken,
      body: { status: 'closed' },
    });
    const res = await t.request({
      method: 'PUT',
      url: '/members/me/availability',
      token: tm.agent.accessToken,
      body: { availability: 'away' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      accountId: tm.agent.accountId,
      availability: 'away',
      openConversations: 1,
    });
    const list = await t.request({ url: '/members', token: tm.owner.accessToken });
    const byId = new Map((list.body.data as { accountId: string }[]).map((m) => [m.accountId, m]));
    expect(byId.get(tm.agent.accountId)).toMatchObject({ availability: 'away', openConversations: 1 });
    expect(byId.get(tm.agent2.accountId)).toMatchObject({ availability: 'available', openConversations: 0 });

    for (const who of [tm.viewer, tm.marketer]) {
      const refused = await t.request({
        method: 'PUT',
        url: '/members/me/availability',
        token: who.accessToken,
        body: { availability: 'away' },
      });
      expect(refused.status).toBe(403);
    }
    const bad = await t.request({
      method: 'PUT',
      url: '/members/me/availability',
      token: tm.agent.accessToken,
      body: { availability: 'busy' },
    });
    expect(bad.status).toBe(400);
  });

  it('a member removed, or given a role that cannot reply, leaves its conversations unassigned', async () => {
    const tm = await team(t);
    const [a, b] = [await newConversation(tm), await newConversation(tm)];
    await assign(tm.admin, a, tm.agent.accountId);
    await assign(tm.admin, b, tm.agent2.accountId);
    const removed = await t.request({
      method: 'DELETE',
      url: `/members/${tm.agent.accountId}`,
      token: tm.owner.accessToken,
    });
    expect(removed.status).toBe(200);
    expect(await assigneeOf(a)).toBeNull();
    const demoted = await t.request({
      method: 'PATCH',
      url: `/members/${tm.agent2.accountId}`,
      token: tm.owner.accessToken,
      body: { role: 'viewer' },
    });
    expect(demoted.status).toBe(200);
    expect(await assigneeOf(b)).toBeNull();
    // Each is pushed, so the other members see it back among the unassigned at once.
    expect(assignedEvents(a).at(-1)).toMatchObject({
      previousAssigneeId: tm.agent.accountId,
      assignedBy: tm.owner.accountId,
      conversation: { id: a, assigneeId: null },
    });
    expect(assignedEvents(b).at(-1)).toMatchObject({
      previousAssigneeId: tm.agent2.accountId,
      conversation: { id: b, assigneeId: null },
    });
    // A removed member cannot be given a conversation any more.
    expect((await assign(tm.admin, a, tm.agent.accountId)).status).toBe(422);
  });
});

describe('automatic assignment settings (GET/PUT /inbox/assignment)', () => {
  it('off by default; settings:manage writes it, inbox:read reads it; bad values are a 400', async () => {
    const tm = await team(t);
    const read = await t.request({ url: '/inbox/assignment', token: tm.agent.accessToken });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ mode: 'off', capacity: null });

    const put = (by: TestUser, body: unknown) =>
      t.request({ method: 'PUT', url: '/inbox/assignment', token: by.accessToken, body });
    const saved = await put(tm.admin, { mode: 'least_open', capacity: 3 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ mode: 'least_open', capacity: 3 });
    expect((await t.request({ url: '/inbox/assignment', token: tm.owner.accessToken })).body.data).toEqual({
      mode: 'least_open',
      capacity: 3,
    });
    for (const who of [tm.agent, tm.marketer, tm.viewer])
      expect((await put(who, { mode: 'off', capacity: null })).status).toBe(403);
    expect((await t.request({ url: '/inbox/assignment', token: tm.viewer.accessToken })).status).toBe(403);
    for (const body of [
      { mode: 'random', capacity: null },
      { mode: 'off', capacity: 0 },
      { mode: 'off', capacity: 1001 },
      { mode: 'off', capacity: 2.5 },
      { mode: 'off' },
    ])
      expect((await put(tm.owner, body)).status, JSON.stringify(body)).toBe(400);
    const other = await team(t);
    expect((await t.request({ url: '/inbox/assignment', token: other.owner.accessToken })).body.data).toEqual(
      {
        mode: 'off',
        capacity: null,
      },
    );
  });
});

describe('automatic assignment when contacts write', () => {
  it('off: a new conversation stays unassigned', async () => {
    const tm = await team(t);
    const row = await contactWrites(t, tm, mobile());
    expect(row.assigneeId).toBeNull();
  });

  it('round robin: the available member assigned least recently; away members are skipped', async () => {
    const tm = await team(t);
    await away(t, tm.owner, tm.admin);
    await setAutoAssignment(t, tm, 'round_robin');
    const got: (string | null)[] = [];
    for (let i = 0; i < 4; i++) got.push((await contactWrites(t, tm, mobile())).assigneeId);
    expect(got).toEqual([tm.agent, tm.agent2, tm.agent, tm.agent2].map((m) => m.accountId));

    // A manual assignment counts as a turn: agent was given one last, so agent2 comes next.
    const manual = await newConversation(tm);
    await assign(tm.owner, manual, tm.agent.accountId);
    expect((await contactWrites(t, tm, mobile())).assigneeId).toBe(tm.agent2.accountId);

    await away(t, tm.agent2);
    expect((await contactWrites(t, tm, mobile())).assigneeId).toBe(tm.agent.accountId);
    expect((await contactWrites(t, tm, mobile())).assigneeId).toBe(tm.agent.accountId);

    // The event says it was automatic, and the message's event carries the assignee too.
    const from = mobile();
    const row = await contactWrites(t, tm, from);
    expect(assignedEvents(row.id)).toEqual([
      expect.objectContaining({
        previousAssigneeId: null,
        assignedBy: null,
        conversation: expect.objectContaining({
          id: row.id,
          assigneeId: tm.agent.accountId,
          phoneNumber: `+${from}`,
        }),
      }),
    ]);
    const message = t.realtime.events.find(
      (e) =>
        e.event === 'conversationMessage' &&
        (e.payload as { conversation: { id: string } }).conversation.id === row.id,
    );
    expect((message!.payload as { conversation: { assigneeId: string } }).conversation.assigneeId).toBe(
      tm.agent.accountId,
    );
    // Automatic assignments are not in the audit log.
    expect(await auditOf(tm.owner.businessId, row.id)).toEqual([]);
  });

  it('least open: the member holding the fewest open conversations, ties to the least recently assigned', async () => {
    const tm = await team(t);
    await away(t, tm.owner, tm.admin);
    for (let i = 0; i < 2; i++) await assign(tm.owner, await newConversation(tm), tm.agent.accountId);
    await setAutoAssignment(t, tm, 'least_open');
    const got: (string | null)[] = [];
    for (let i = 0; i < 4; i++) got.push((await contactWrites(t, tm, mobile())).assigneeId);
    // agent2 holds none: it gets two, then they alternate (2 each, agent2 assigned most recently).
    expect(got).toEqual([tm.agent2, tm.agent2, tm.agent, tm.agent2].map((m) => m.accountId));
  });

  it('capacity: a member at capacity gets none; closing one frees a place; none free leaves it unassigned', async () => {
    const tm = await team(t);
    await away(t, tm.owner, tm.admin, tm.agent2);
    await setAutoAssignment(t, tm, 'round_robin', 2);
    const first = await contactWrites(t, tm, mobile());
    const second = await contactWrites(t, tm, mobile());
    expect([first.assigneeId, second.assigneeId]).toEqual([tm.agent.accountId, tm.agent.accountId]);
    const from = mobile();
    const third = await contactWrites(t, tm, from);
    expect(third.assigneeId).toBeNull();
    expect(assignedEvents(third.id)).toEqual([]);

    // Closing one frees a place: the unassigned conversation is assigned when its contact writes again.
    await t.request({
      method: 'PATCH',
      url: `/conversations/${first.id}`,
      token: tm.agent.accessToken,
      body: { status: 'closed' },
    });
    expect((await contactWrites(t, tm, from, 'Anyone there?')).assigneeId).toBe(tm.agent.accountId);
    const members = await t.request({ url: '/members', token: tm.owner.accessToken });
    const agent = (members.body.data as { accountId: string; openConversations: number }[]).find(
      (m) => m.accountId === tm.agent.accountId,
    );
    expect(agent!.openConversations).toBe(2);

    // A conversation already assigned keeps its assignee when its contact writes, even reopened.
    expect((await contactWrites(t, tm, mobile())).assigneeId).toBeNull();
    const reopened = await contactWrites(
      t,
      tm,
      (await t.db.select().from(conversations).where(eq(conversations.id, first.id)))[0]!.phoneNumber.slice(
        1,
      ),
    );
    expect(reopened).toMatchObject({ status: 'open', assigneeId: tm.agent.accountId });
  });

  it('only members whose role may reply are candidates (a marketer or viewer never gets one)', async () => {
    const tm = await team(t);
    await away(t, tm.owner, tm.admin, tm.agent, tm.agent2);
    await setAutoAssignment(t, tm, 'least_open');
    expect((await contactWrites(t, tm, mobile())).assigneeId).toBeNull();
    const late = await memberOf(t, tm.owner, 'agent');
    expect((await contactWrites(t, tm, mobile())).assigneeId).toBe(late.accountId);
  });
});
