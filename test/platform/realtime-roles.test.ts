/**
 * The real-time channel by member role: a business room's events reach only the members whose role may read
 * the same data over HTTP, an agent only the conversations it may see, and a role change applies to sockets
 * already open, without reconnecting.
 */
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { Notifier } from '../../src/modules/notifications/notifier.js';
import type { RoomEvents } from '../../src/platform/realtime-events.js';
import { rooms } from '../../src/platform/realtime-hub.js';
import { FUNNEL } from '../../src/vocabulary/message-states.js';
import { createMember, createUser, type TestUser } from '../factories.js';
import { connected, nextEvent, useLiveTestApp } from '../live-app.js';
import { conversation as conversationResource } from '../security/support/resources.js';

/**
 * Every event of `name` each socket sees from before `act` until a while after it is done: for proving that
 * something did NOT arrive, as much as that it did.
 */
async function seenDuring(sockets: Record<string, Socket>, name: string, act: () => unknown, settleMs = 400) {
  const counts = Object.fromEntries(Object.keys(sockets).map((k) => [k, 0]));
  const listeners = Object.entries(sockets).map(([key, socket]) => {
    const on = () => {
      counts[key] = (counts[key] ?? 0) + 1;
    };
    socket.on(name, on);
    return () => socket.off(name, on);
  });
  await act();
  await new Promise((r) => setTimeout(r, settleMs));
  for (const off of listeners) off();
  return counts;
}

const progress = (campaignId: string): RoomEvents['campaignProgress'] => ({
  campaignId,
  status: 'pending',
  state: 'sending',
  recipients: 3,
  ...(Object.fromEntries(FUNNEL.map((step) => [step, 0])) as Record<(typeof FUNNEL)[number], number>),
  failed: 0,
  pending: 3,
});

const conversationEvent = (id: string, assigneeId: string | null): RoomEvents['conversationMessage'] => ({
  conversation: {
    id,
    contactId: null,
    phoneNumber: '+2348030000001',
    name: null,
    status: 'open',
    unreadCount: 1,
    lastMessageAt: new Date().toISOString(),
    lastMessageText: 'Hello',
    tags: [],
    assigneeId,
    windowEndsAt: null,
  },
  message: {
    id: crypto.randomUUID(),
    direction: 'in',
    type: 'text',
    text: 'Hello',
    status: 'received',
    mediaUrl: null,
    mediaType: null,
    mediaStatus: null,
    details: null,
    error: null,
    campaignId: null,
    createdAt: new Date().toISOString(),
    replyTo: null,
    pricing: null,
  },
});

describe('real-time events by member role', () => {
  const t = useLiveTestApp();

  /** The owner and one member of each other role (two agents), each with a socket in the business room. */
  async function team() {
    const owner = await createUser(t);
    const people = {
      owner,
      admin: await createMember(t, owner, 'admin'),
      marketer: await createMember(t, owner, 'marketer'),
      agentA: await createMember(t, owner, 'agent'),
      agentB: await createMember(t, owner, 'agent'),
      viewer: await createMember(t, owner, 'viewer'),
    };
    const sockets = {} as Record<keyof typeof people, Socket>;
    for (const [name, person] of Object.entries(people) as [keyof typeof people, TestUser][]) {
      const socket = await connected(t.socket(person.accessToken));
      socket.emit('joinBusinessRoom', owner.businessId);
      expect(await nextEvent(socket, 'joinedRoom')).toEqual({
        roomType: 'business',
        roomId: owner.businessId,
      });
      sockets[name] = socket;
    }
    return { owner, people, sockets };
  }

  /** How many times each socket received `event` while `act` ran (and shortly after). */
  const receivers = seenDuring;

  it('sends campaign progress to those who read campaigns, template changes to those who read templates', async () => {
    const { owner, sockets } = await team();
    const campaigns = await receivers(sockets, 'campaignProgress', () =>
      t.deps.realtime.emit(
        rooms.business(owner.businessId),
        'campaignProgress',
        progress(crypto.randomUUID()),
      ),
    );
    expect(campaigns).toEqual({ owner: 1, admin: 1, marketer: 1, agentA: 0, agentB: 0, viewer: 1 });

    const templates = await receivers(sockets, 'templateStatus', () =>
      t.deps.realtime.emit(rooms.business(owner.businessId), 'templateStatus', {
        id: crypto.randomUUID(),
        name: 'welcome',
        language: 'en',
        status: 'APPROVED',
        category: 'UTILITY',
        rejectedReason: null,
      }),
    );
    expect(templates).toEqual({ owner: 1, admin: 1, marketer: 1, agentA: 1, agentB: 1, viewer: 0 });
  });

  it("sends a conversation's messages to every agent while unassigned, then only to its assignee", async () => {
    const { owner, people, sockets } = await team();
    const id = crypto.randomUUID();
    const unassigned = await receivers(sockets, 'conversationMessage', () =>
      t.deps.realtime.emit(
        rooms.business(owner.businessId),
        'conversationMessage',
        conversationEvent(id, null),
      ),
    );
    expect(unassigned).toEqual({ owner: 1, admin: 1, marketer: 0, agentA: 1, agentB: 1, viewer: 0 });

    const assigned = await receivers(sockets, 'conversationMessage', () =>
      t.deps.realtime.emit(
        rooms.business(owner.businessId),
        'conversationMessage',
        conversationEvent(id, people.agentA.accountId),
      ),
    );
    expect(assigned).toEqual({ owner: 1, admin: 1, marketer: 0, agentA: 1, agentB: 0, viewer: 0 });
  });

  it('tells the members who could see a conversation that it changed hands, and no one else', async () => {
    const { owner, people, sockets } = await team();
    const { id } = await conversationResource.create(t, owner);
    const assign = (assigneeId: string) => () =>
      t.request({
        method: 'PUT',
        url: `/conversations/${id}/assignee`,
        token: owner.accessToken,
        body: { assigneeId },
      });
    // Unassigned, every agent saw it: each learns it is gone to agent A.
    const toA = await receivers(sockets, 'conversationAssigned', assign(people.agentA.accountId));
    expect(toA).toEqual({ owner: 1, admin: 1, marketer: 0, agentA: 1, agentB: 1, viewer: 0 });
    // From A to B: both hear it; then, from B to A, only they do.
    const toB = await receivers(sockets, 'conversationAssigned', assign(people.agentB.accountId));
    expect(toB).toEqual({ owner: 1, admin: 1, marketer: 0, agentA: 1, agentB: 1, viewer: 0 });
    const agentC = await createMember(t, owner, 'agent');
    const third = await connected(t.socket(agentC.accessToken));
    third.emit('joinBusinessRoom', owner.businessId);
    await nextEvent(third, 'joinedRoom');
    const back = await receivers(
      { ...sockets, third },
      'conversationAssigned',
      assign(people.agentA.accountId),
    );
    expect(back).toMatchObject({ agentA: 1, agentB: 1, third: 0 });
  });

  it('sends and lists a notification only to the roles that may read what it is about', async () => {
    const { owner, people, sockets } = await team();
    const notifier = new Notifier(t.db, t.deps.realtime, t.deps.logger);
    const payment = await receivers(sockets, 'notification', () =>
      notifier.toBusiness(owner.businessId, {
        type: 'payment.succeeded',
        title: 'Payment received',
        message: 'Your payment of 5,000 NGN was received.',
      }),
    );
    expect(payment).toEqual({ owner: 1, admin: 1, marketer: 1, agentA: 0, agentB: 0, viewer: 0 });
    const ticket = await receivers(sockets, 'notification', () =>
      notifier.toBusiness(owner.businessId, {
        type: 'ticket.commented',
        title: 'New reply on your ticket',
        message: 'Support answered.',
      }),
    );
    expect(ticket).toEqual({ owner: 1, admin: 1, marketer: 1, agentA: 1, agentB: 1, viewer: 0 });

    const listed = async (person: TestUser) => {
      const res = await t.request({ url: '/notifications', token: person.accessToken });
      expect(res.status).toBe(200);
      return {
        types: res.body.data.items.map((n: { type: string }) => n.type),
        unread: res.body.data.unreadCount,
      };
    };
    expect(await listed(owner)).toEqual({ types: ['ticket.commented', 'payment.succeeded'], unread: 2 });
    expect(await listed(people.agentA)).toEqual({ types: ['ticket.commented'], unread: 1 });
    expect(await listed(people.viewer)).toEqual({ types: [], unread: 0 });
    // Marking every notification read marks only those the caller sees.
    await t.request({ method: 'POST', url: '/notifications/read-all', token: people.agentA.accessToken });
    expect((await listed(owner)).unread).toBe(1);
  });

  it('a role change made while a socket is joining still reaches that socket', async () => {
    const owner = await createUser(t);
    const admin = await createMember(t, owner, 'admin');
    const socket = await connected(t.socket(admin.accessToken));
    // The join reads the role (admin), then, before it joins the rooms, the owner makes it an agent: the
    // change's room move finds no socket in the member's rooms yet.
    const gateway = t.gateway as unknown as { withFreshAuth: (...args: unknown[]) => Promise<unknown> };
    const read = gateway.withFreshAuth.bind(gateway);
    gateway.withFreshAuth = async (...args: unknown[]) => {
      const results = await read(...args);
      const changed = await t.request({
        method: 'PATCH',
        url: `/members/${admin.accountId}`,
        token: owner.accessToken,
        body: { role: 'agent' },
      });
      expect(changed.status).toBe(200);
      return results;
    };
    try {
      socket.emit('joinBusinessRoom', owner.businessId);
      await nextEvent(socket, 'joinedRoom');
    } finally {
      gateway.withFreshAuth = read;
    }
    // An agent does not read campaigns: once the join settles, none reaches the socket.
    const campaigns = () =>
      seenDuring({ socket }, 'campaignProgress', () =>
        t.deps.realtime.emit(
          rooms.business(owner.businessId),
          'campaignProgress',
          progress(crypto.randomUUID()),
        ),
      );
    await expect.poll(async () => (await campaigns()).socket, { timeout: 10_000 }).toBe(0);
    // And it reads the inbox as an agent does: an unassigned conversation's message reaches it.
    const inbox = await seenDuring({ socket }, 'conversationMessage', () =>
      t.deps.realtime.emit(
        rooms.business(owner.businessId),
        'conversationMessage',
        conversationEvent(crypto.randomUUID(), null),
      ),
    );
    expect(inbox).toEqual({ socket: 1 });
  });

  it('applies a role change to sockets already open, and a removal ends them', async () => {
    const { owner, people, sockets } = await team();
    const changed = await t.request({
      method: 'PATCH',
      url: `/members/${people.agentB.accountId}`,
      token: owner.accessToken,
      body: { role: 'viewer' },
    });
    expect(changed.status).toBe(200);
    // The socket is the same one: it now reads campaigns (the move reaches it once the change is pushed to its
    // instance), and from then on no longer the inbox.
    const campaigns = () =>
      seenDuring(
        { agentB: sockets.agentB },
        'campaignProgress',
        () =>
          t.deps.realtime.emit(
            rooms.business(owner.businessId),
            'campaignProgress',
            progress(crypto.randomUUID()),
          ),
        100,
      );
    await expect.poll(async () => (await campaigns()).agentB, { timeout: 10_000 }).toBe(1);
    const id = crypto.randomUUID();
    const inbox = await receivers({ agentB: sockets.agentB }, 'conversationMessage', () =>
      t.deps.realtime.emit(
        rooms.business(owner.businessId),
        'conversationMessage',
        conversationEvent(id, null),
      ),
    );
    expect(inbox).toEqual({ agentB: 0 });
    expect(sockets.agentB.connected).toBe(true);

    const gone = new Promise<string>((resolve) => sockets.agentA.once('disconnect', resolve));
    const removed = await t.request({
      method: 'DELETE',
      url: `/members/${people.agentA.accountId}`,
      token: owner.accessToken,
    });
    expect(removed.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});
