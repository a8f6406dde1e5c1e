/**
 * Exactly one assignee under concurrent takes, manual moves and automatic assignment, and a capacity never
 * exceeded by automatic assignments running at once. PGlite runs one statement at a time, so this file runs
 * on PostgreSQL only (`TEST_DATABASE_URL=... npx vitest run <this file>`).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations } from '../../src/platform/db/schema/index.js';
import type { TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { away, memberOf, mobile, setAutoAssignment, type Team, team } from './assignment-support.js';

/** The `conversationAssigned` events about a conversation, as (previous, new assignee) pairs, in order. */
type Move = [string | null, string | null];

describe.skipIf(!process.env.TEST_DATABASE_URL)('assignment under concurrency (PostgreSQL)', () => {
  const t = useTestApp({ poolSize: 12 });

  const take = (by: TestUser, id: string) =>
    t.request({ method: 'POST', url: `/conversations/${id}/take`, token: by.accessToken });
  const assign = (by: TestUser, id: string, assigneeId: string | null) =>
    t.request({
      method: 'PUT',
      url: `/conversations/${id}/assignee`,
      token: by.accessToken,
      body: { assigneeId },
    });
  const write = (tm: Team, from: string, i = 0) =>
    t.request({
      url: '/webhooks/messaging-provider',
      body: {
        waNumber: tm.number,
        mobile: from,
        name: 'Racer',
        text: `hi ${i}`,
        timestamp: String(Date.now()),
      },
    });

  /** Unassigned open conversations of the business, with numbers its contacts can write from. */
  async function open(tm: Team, n: number) {
    const phones = Array.from({ length: n }, () => mobile());
    const rows = await t.db
      .insert(conversations)
      .values(phones.map((p) => ({ businessId: tm.owner.businessId, phoneNumber: `+${p}` })))
      .returning();
    return rows.map((r, i) => ({ id: r.id, from: phones[i]! }));
  }

  const moves = (id: string): Move[] =>
    t.realtime.events
      .filter((e) => e.event === 'conversationAssigned')
      .map(
        (e) =>
          e.payload as {
            conversation: { id: string; assigneeId: string | null };
            previousAssigneeId: string | null;
          },
      )
      .filter((p) => p.conversation.id === id)
      .map((p) => [p.previousAssigneeId, p.conversation.assigneeId]);

  const stored = async (id: string) =>
    (await t.db.select().from(conversations).where(eq(conversations.id, id)))[0]!.assigneeId;

  /** The events of a conversation chain from unassigned to what is stored: no change was lost or doubled. */
  async function expectChain(id: string) {
    const chain = moves(id);
    let holder: string | null = null;
    for (const [previous, next] of chain) {
      expect(previous).toBe(holder);
      holder = next;
    }
    expect(await stored(id)).toBe(holder);
    return chain;
  }

  it('two agents taking the same conversation at once: one wins, the other gets a 409', async () => {
    const tm = await team(t);
    const convs = await open(tm, 12);
    const answers = await Promise.all(
      convs.map(({ id }) => Promise.all([take(tm.agent, id), take(tm.agent2, id)])),
    );
    for (const [i, [a, b]] of answers.entries()) {
      expect([a.status, b.status].sort(), `${a.text} / ${b.text}`).toEqual([200, 409]);
      const winner = a.status === 200 ? tm.agent : tm.agent2;
      expect(await stored(convs[i]!.id)).toBe(winner.accountId);
      expect(await expectChain(convs[i]!.id)).toEqual([[null, winner.accountId]]);
    }
  });

  it('a take or a manual move racing automatic assignment: one assignee, every change pushed once', async () => {
    const tm = await team(t);
    await away(t, tm.owner, tm.admin, tm.agent2);
    await setAutoAssignment(t, tm, 'round_robin');
    const taken = await open(tm, 8);
    const moved = await open(tm, 8);
    const results = await Promise.all([
      ...taken.map(async ({ id, from }, i) => {
        const [res] = await Promise.all([take(tm.agent2, id), write(tm, from, i)]);
        return { id, res, how: 'take' as const };
      }),
      ...moved.map(async ({ id, from }, i) => {
        const [res] = await Promise.all([assign(tm.admin, id, tm.agent2.accountId), write(tm, from, i)]);
        return { id, res, how: 'assign' as const };
      }),
    ]);
    for (const { id, res, how } of results) {
      const chain = await expectChain(id);
      if (how === 'assign') {
        // The move always wins: it came before the automatic assignment (which then left it) or after it.
        expect(res.status).toBe(200);
        expect(await stored(id)).toBe(tm.agent2.accountId);
        expect([1, 2]).toContain(chain.length);
      } else if (res.status === 200) {
        expect(chain).toEqual([[null, tm.agent2.accountId]]);
      } else {
        // The automatic assignment came first (to the only available agent): the take is told so.
        expect(res.status).toBe(409);
        expect(chain).toEqual([[null, tm.agent.accountId]]);
      }
    }
  });

  it('automatic assignments running at once never give a member more than the capacity', async () => {
    const tm = await team(t);
    const third = await memberOf(t, tm.owner, 'agent');
    await away(t, tm.owner, tm.admin);
    await setAutoAssignment(t, tm, 'least_open', 2);
    const phones = Array.from({ length: 20 }, () => mobile());
    const answers = await Promise.all(phones.map((p, i) => write(tm, p, i)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const rows = await t.db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.businessId, tm.owner.businessId),
          inArray(
            conversations.phoneNumber,
            phones.map((p) => `+${p}`),
          ),
        ),
      );
    expect(rows).toHaveLength(20);
    const held = new Map<string, number>();
    for (const r of rows) if (r.assigneeId) held.set(r.assigneeId, (held.get(r.assigneeId) ?? 0) + 1);
    expect(Object.fromEntries(held)).toEqual({
      [tm.agent.accountId]: 2,
      [tm.agent2.accountId]: 2,
      [third.accountId]: 2,
    });
    expect(rows.filter((r) => r.assigneeId === null)).toHaveLength(14);
  });
});
