import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notifier } from '../../src/modules/notifications/notifier.js';
import { createLogger } from '../../src/platform/logger.js';
import { RealtimeGateway } from '../../src/platform/realtime.js';
import { rooms } from '../../src/platform/realtime-hub.js';
import { FUNNEL } from '../../src/vocabulary/message-states.js';
import { createMember, createUser, type TestUser } from '../factories.js';
import {
  connected,
  createSecondInstance,
  type LiveServer,
  nextEvent,
  testRedisUrl,
  useLiveTestApp,
} from '../live-app.js';

// Two service instances in one process, each with its own HTTP server, Socket.IO server and Redis
// connections, sharing one database and one Redis: nothing but Redis links their sockets.
describe.skipIf(!testRedisUrl)('real-time channel across instances (Redis adapter)', () => {
  const redisKey = `test-${randomBytes(6).toString('hex')}`;
  const a = useLiveTestApp({ redisUrl: testRedisUrl, redisKey });
  let b: LiveServer;
  let isolated: LiveServer;

  beforeAll(async () => {
    b = await createSecondInstance(a, { redisUrl: testRedisUrl, redisKey });
    // A control: same database and Redis server, another channel prefix, so no shared fan-out.
    isolated = await createSecondInstance(a, { redisUrl: testRedisUrl });
  });
  afterAll(async () => {
    await b?.close();
    await isolated?.close();
  });

  async function joinedOn(server: LiveServer, user: TestUser): Promise<Socket> {
    const socket = await connected(server.socket(user.accessToken));
    expect(await socket.emitWithAck('joinBusinessRoom', user.businessId)).toMatchObject({ ok: true });
    return socket;
  }

  it('delivers a notification created by instance A to a client connected to instance B', async () => {
    const user = await createUser(a);
    const onB = await joinedOn(b, user);
    const arriving = nextEvent<{ id: string; type: string }>(onB, 'notification');
    const row = await new Notifier(a.db, a.deps.realtime, a.deps.logger).toBusiness(user.businessId, {
      type: 'business.verified',
      title: 'Business verified',
      message: 'Your business has been verified.',
    });
    expect(await arriving).toMatchObject({ id: row.id, type: 'business.verified' });
  });

  it('delivers a ticket change made through instance A’s API to the owner on instance B', async () => {
    const [owner, admin] = [await createUser(a), await createUser(a, { role: 'admin' })];
    const ticket = await a.request({
      url: '/tickets',
      token: owner.accessToken,
      body: { issueType: 'campaignDelivery', question: 'Messages stuck in pending' },
    });
    const onB = await joinedOn(b, owner);
    const arriving = nextEvent<{ type: string }>(onB, 'notification');
    const res = await a.request({
      url: `/tickets/${ticket.body.data.id}/comments`,
      token: admin.accessToken,
      body: { content: 'We are looking into it.' },
    });
    expect(res.status).toBe(201);
    expect(await arriving).toMatchObject({ type: 'ticket.commented' });
  });

  it('moves a member’s socket on instance B to its new role’s rooms when A changes the role', async () => {
    const owner = await createUser(a);
    const agent = await createMember(a, owner, 'agent');
    const onB = await joinedOn(b, agent);
    const res = await a.request({
      method: 'PATCH',
      url: `/members/${agent.accountId}`,
      token: owner.accessToken,
      body: { role: 'marketer' },
    });
    expect(res.status).toBe(200);
    // A campaign's progress reaches a marketer, never an agent: it arriving proves the join crossed over.
    const arriving = nextEvent<{ campaignId: string }>(onB, 'campaignProgress');
    const campaignId = crypto.randomUUID();
    for (let tries = 0; tries < 20; tries++) {
      a.deps.realtime.emit(rooms.business(owner.businessId), 'campaignProgress', {
        campaignId,
        status: 'pending',
        state: 'sending',
        recipients: 1,
        ...(Object.fromEntries(FUNNEL.map((step) => [step, 0])) as Record<(typeof FUNNEL)[number], number>),
        failed: 0,
        pending: 1,
      });
      const got = await Promise.race([arriving, new Promise((r) => setTimeout(r, 100))]);
      if (got) break;
    }
    expect(await arriving).toMatchObject({ campaignId });
  });

  it('disconnects a session’s socket on instance B when it signs out through instance A', async () => {
    const user = await createUser(a);
    const onB = await joinedOn(b, user);
    const gone = nextEvent(onB, 'disconnect');
    const res = await a.request({ url: '/auth/sign-out', method: 'POST', token: user.accessToken });
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('delivers what a worker emits: a gateway with no HTTP server, only Redis', async () => {
    const user = await createUser(a);
    const onB = await joinedOn(b, user);
    const redis = new Redis(testRedisUrl!);
    const worker = new RealtimeGateway({
      logger: createLogger('silent'),
      redis,
      redisKey,
      corsOrigin: false,
    });
    try {
      const arriving = nextEvent<{ type: string }>(onB, 'notification');
      await new Notifier(a.db, worker).toBusiness(user.businessId, {
        type: 'campaign.completed',
        title: 'Campaign completed',
        message: 'Spring sale: 120 messages sent.',
      });
      expect(await arriving).toMatchObject({ type: 'campaign.completed' });
    } finally {
      await worker.close();
      redis.disconnect();
    }
  });

  it('does not reach an instance outside the deployment (another channel prefix)', async () => {
    const user = await createUser(a);
    const onIsolated = await joinedOn(isolated, user);
    const onB = await joinedOn(b, user);
    const seen: unknown[] = [];
    onIsolated.on('notification', (n) => seen.push(n));
    const arrivedOnB = nextEvent(onB, 'notification');
    await new Notifier(a.db, a.deps.realtime).toBusiness(user.businessId, {
      type: 'payment.succeeded',
      title: 'Payment received',
      message: '500 credits added.',
    });
    // B got it through Redis; by then the isolated instance, equally subscribed, would have too.
    await arrivedOnB;
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([]);
  });
});
