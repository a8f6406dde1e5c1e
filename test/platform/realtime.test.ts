import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, revokeSession } from '../../src/modules/auth/sessions.js';
import { Notifier } from '../../src/modules/notifications/notifier.js';
import { accounts } from '../../src/platform/db/schema/index.js';
import { createLogger } from '../../src/platform/logger.js';
import { REALTIME_PATH, RealtimeGateway } from '../../src/platform/realtime.js';
import { rooms } from '../../src/platform/realtime-hub.js';
import { createTestDatabase } from '../database.js';
import { createUser, type TestUser } from '../factories.js';
import { connected, createLiveTestApp, nextEvent, useLiveTestApp } from '../live-app.js';

/** Resolves with every event of `name` seen within `ms`: for proving that something did NOT arrive. */
function collect(socket: Socket, name: string, ms = 300): Promise<unknown[]> {
  const seen: unknown[] = [];
  const on = (p: unknown) => seen.push(p);
  socket.on(name, on);
  return new Promise((resolve) =>
    setTimeout(() => {
      socket.off(name, on);
      resolve(seen);
    }, ms),
  );
}

describe('real-time channel', () => {
  const t = useLiveTestApp();
  const notifier = () => new Notifier(t.db, t.deps.realtime, t.deps.logger);
  const open = (user: TestUser) => connected(t.socket(user.accessToken));

  describe('connecting', () => {
    it('accepts the access token in the handshake auth', async () => {
      const user = await createUser(t);
      const socket = await open(user);
      expect(socket.connected).toBe(true);
    });

    it('accepts the token cookie, over HTTP long-polling as browsers start', async () => {
      const user = await createUser(t);
      const socket = await connected(
        t.socket(undefined, {
          transports: ['polling'],
          extraHeaders: { cookie: `theme=dark; token=${user.accessToken}` },
        }),
      );
      expect(socket.connected).toBe(true);
      socket.emit('joinBusinessRoom', user.businessId);
      expect(await nextEvent(socket, 'joinedRoom')).toEqual({
        roomType: 'business',
        roomId: user.businessId,
      });
    });

    it.each([
      ['no token', undefined, 'Authentication required'],
      ['a malformed token', 'not-a-jwt', 'Invalid token'],
    ])('refuses a connection with %s', async (_name, token, message) => {
      const socket = t.socket(token);
      await expect(connected(socket)).rejects.toMatchObject({ message, data: { code: 401 } });
      expect(socket.connected).toBe(false);
    });

    it('refuses a refresh token and a token of a signed-out session', async () => {
      const user = await createUser(t);
      await expect(connected(t.socket(user.refreshToken))).rejects.toMatchObject({
        message: 'Invalid token',
      });
      await revokeSession(t.db, user.sessionId);
      await expect(connected(t.socket(user.accessToken))).rejects.toMatchObject({
        message: 'Session is no longer valid',
      });
    });
  });

  describe('rooms', () => {
    it('joins the caller’s own business room and confirms it, also to an acknowledgement', async () => {
      const user = await createUser(t);
      const socket = await open(user);
      const confirmed = nextEvent(socket, 'joinedRoom');
      const ack = await socket.emitWithAck('joinBusinessRoom', user.businessId);
      expect(await confirmed).toEqual({ roomType: 'business', roomId: user.businessId });
      expect(ack).toEqual({ ok: true, roomType: 'business', roomId: user.businessId });
      const members = await t.gateway.io.in(rooms.business(user.businessId)).fetchSockets();
      expect(members).toHaveLength(1);
    });

    it('refuses another business’s room with an error and joins nothing', async () => {
      const [user, other] = [await createUser(t), await createUser(t)];
      const socket = await open(user);
      socket.emit('joinBusinessRoom', other.businessId);
      expect(await nextEvent(socket, 'error')).toEqual({
        message: 'You can only join your own business room',
        event: 'joinBusinessRoom',
      });
      expect(await t.gateway.io.in(rooms.business(other.businessId)).fetchSockets()).toHaveLength(0);

      const missed = collect(socket, 'notification');
      await notifier().toBusiness(other.businessId, { type: 'campaign.sent', title: 'x', message: 'y' });
      expect(await missed).toEqual([]);
    });

    it.each([
      ['an empty id', ''],
      ['a number', 42],
      ['nothing', undefined],
    ])('answers joinBusinessRoom with %s with an error', async (_name, payload) => {
      const socket = await open(await createUser(t));
      socket.emit('joinBusinessRoom', payload);
      expect(await nextEvent(socket, 'error')).toMatchObject({ message: 'businessId is required' });
    });

    it('answers an emit that carries only an acknowledgement callback', async () => {
      const user = await createUser(t);
      const socket = await open(user);
      expect(await socket.emitWithAck('joinBusinessRoom')).toEqual({
        ok: false,
        message: 'businessId is required',
      });
      expect(await socket.emitWithAck('rejoinRooms')).toEqual([
        { ok: false, message: 'businessId or userId is required' },
      ]);
    });

    it('lets an admin join its own admin room only', async () => {
      const [admin, otherAdmin] = [
        await createUser(t, { role: 'admin' }),
        await createUser(t, { role: 'admin' }),
      ];
      const socket = await open(admin);
      socket.emit('joinAdminRoom', otherAdmin.accountId);
      expect(await nextEvent(socket, 'error')).toMatchObject({
        message: 'You can only join your own admin room',
      });
      socket.emit('joinAdminRoom', admin.accountId);
      expect(await nextEvent(socket, 'joinedRoom')).toEqual({ roomType: 'admin', roomId: admin.accountId });
      expect(await t.gateway.io.in(rooms.admin(otherAdmin.accountId)).fetchSockets()).toHaveLength(0);
    });

    it('lets a superadmin join its admin room', async () => {
      const root = await createUser(t, { role: 'superadmin' });
      const socket = await open(root);
      expect(await socket.emitWithAck('joinAdminRoom', root.accountId)).toMatchObject({ ok: true });
    });

    it('refuses a non-admin joining an admin room, even with its own account id', async () => {
      const user = await createUser(t);
      const socket = await open(user);
      socket.emit('joinAdminRoom', user.accountId);
      expect(await nextEvent(socket, 'error')).toEqual({
        message: 'Administrator access required',
        event: 'joinAdminRoom',
      });
      expect(await t.gateway.io.in(rooms.admin(user.accountId)).fetchSockets()).toHaveLength(0);
    });

    it('applies the rules as the database sees them now: a demoted admin joins no admin room', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const socket = await open(admin);
      await t.db.update(accounts).set({ role: 'business' }).where(eq(accounts.id, admin.accountId));
      expect(await socket.emitWithAck('joinAdminRoom', admin.accountId)).toEqual({
        ok: false,
        message: 'Administrator access required',
      });
    });

    it('rejoins both rooms of an admin, confirming each', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const socket = await open(admin);
      const seen: unknown[] = [];
      socket.on('joinedRoom', (p) => seen.push(p));
      const acks = await socket.emitWithAck('rejoinRooms', {
        businessId: admin.businessId,
        userId: admin.accountId,
      });
      expect(acks).toHaveLength(2);
      expect(seen).toEqual([
        { roomType: 'business', roomId: admin.businessId },
        { roomType: 'admin', roomId: admin.accountId },
      ]);
    });

    it('rejoins what the rules allow and refuses the rest', async () => {
      const user = await createUser(t);
      const socket = await open(user);
      const error = nextEvent(socket, 'error');
      const joined = nextEvent(socket, 'joinedRoom');
      socket.emit('rejoinRooms', { businessId: user.businessId, userId: user.accountId });
      expect(await joined).toEqual({ roomType: 'business', roomId: user.businessId });
      expect(await error).toEqual({ message: 'Administrator access required', event: 'rejoinRooms' });
      socket.emit('rejoinRooms', {});
      expect(await nextEvent(socket, 'error')).toMatchObject({ message: 'businessId or userId is required' });
    });

    it('disconnects a socket whose session was signed out when it next asks to join', async () => {
      const user = await createUser(t);
      const socket = await open(user);
      await revokeSession(t.db, user.sessionId);
      const gone = nextEvent(socket, 'disconnect');
      socket.emit('joinBusinessRoom', user.businessId);
      expect(await nextEvent(socket, 'error')).toEqual({
        message: 'Session is no longer valid',
        event: 'joinBusinessRoom',
      });
      await gone;
      expect(await t.gateway.io.in(rooms.business(user.businessId)).fetchSockets()).toHaveLength(0);
    });
  });

  describe('sessions ending', () => {
    /** A second signed-in device of the same account. */
    async function secondDevice(user: TestUser) {
      const session = await openSession(t.db, t.deps.tokens, user.accountId);
      return { ...user, ...session, businessId: user.businessId };
    }
    const joined = async (user: TestUser) => {
      const socket = await open(user);
      expect(await socket.emitWithAck('joinBusinessRoom', user.businessId)).toMatchObject({ ok: true });
      return socket;
    };
    const stillServed = async (socket: Socket, user: TestUser) => {
      expect(socket.connected).toBe(true);
      expect(await socket.emitWithAck('joinBusinessRoom', user.businessId)).toMatchObject({ ok: true });
    };

    it('sign-out disconnects the sockets of that session at once, and no other', async () => {
      const user = await createUser(t);
      const other = await secondDevice(user);
      const [mine, theirs] = [await joined(user), await joined(other)];
      const gone = nextEvent(mine, 'disconnect');
      const res = await t.request({ url: '/auth/sign-out', method: 'POST', token: user.accessToken });
      expect(res.status).toBe(200);
      expect(await gone).toBe('io server disconnect');
      expect(await t.gateway.io.in(rooms.business(user.businessId)).fetchSockets()).toHaveLength(1);
      await stillServed(theirs, other);
    });

    it('change-password disconnects the other devices and keeps the caller’s', async () => {
      const user = await createUser(t);
      const other = await secondDevice(user);
      const [mine, theirs] = [await joined(user), await joined(other)];
      const gone = nextEvent(theirs, 'disconnect');
      const res = await t.request({
        url: '/auth/change-password',
        token: user.accessToken,
        body: { password: user.password, newPassword: 'Brand-new-pass-1' },
      });
      expect(res.status).toBe(200);
      expect(await gone).toBe('io server disconnect');
      await stillServed(mine, user);
    });

    it('reset-password and deactivation disconnect every socket of the account', async () => {
      const user = await createUser(t);
      const sockets = [await joined(user), await joined(await secondDevice(user))];
      let gone = sockets.map((s) => nextEvent(s, 'disconnect'));
      await t.request({ url: '/auth/forgot-password', body: { email: user.email } });
      const code = await t.mailbox.otpFor(user.email, /reset/i);
      const reset = await t.request({
        url: '/auth/reset-password',
        body: { email: user.email, code, password: 'Reset-pass-123' },
      });
      expect(reset.status).toBe(200);
      expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);

      const again = await createUser(t);
      const socket = await joined(again);
      gone = [nextEvent(socket, 'disconnect')];
      const res = await t.request({ method: 'DELETE', url: '/users/account', token: again.accessToken });
      expect(res.status).toBe(200);
      expect(await gone[0]).toBe('io server disconnect');
    });

    it('a demoted admin is disconnected from its admin room; reconnecting, it joins what its new role allows', async () => {
      const [root, admin] = [
        await createUser(t, { role: 'superadmin' }),
        await createUser(t, { role: 'admin' }),
      ];
      const socket = await open(admin);
      expect(await socket.emitWithAck('joinAdminRoom', admin.accountId)).toMatchObject({ ok: true });
      const gone = nextEvent(socket, 'disconnect');
      const res = await t.request({
        method: 'PATCH',
        url: `/admin/accounts/${admin.accountId}/role`,
        token: root.accessToken,
        body: { role: 'business' },
      });
      expect(res.status).toBe(200);
      expect(await gone).toBe('io server disconnect');
      expect(await t.gateway.io.in(rooms.admin(admin.accountId)).fetchSockets()).toHaveLength(0);

      const back = await open(admin);
      expect(await back.emitWithAck('joinAdminRoom', admin.accountId)).toMatchObject({ ok: false });
      expect(await back.emitWithAck('joinBusinessRoom', admin.businessId)).toMatchObject({ ok: true });
      // A change that takes no admin rights away leaves the connection alone.
      const kept = collect(back, 'disconnect');
      const promoted = await t.request({
        method: 'PATCH',
        url: `/admin/accounts/${admin.accountId}/role`,
        token: root.accessToken,
        body: { role: 'admin' },
      });
      expect(promoted.status).toBe(200);
      expect(await kept).toEqual([]);
    });
  });

  describe('origins', () => {
    // A gateway with an allow-list, on its own HTTP server, authenticating against the file's database.
    let server: Server;
    let gateway: RealtimeGateway;
    let url: string;
    const opened: Socket[] = [];
    beforeAll(async () => {
      server = createServer();
      gateway = new RealtimeGateway({
        logger: createLogger('silent'),
        corsOrigin: ['https://app.example'],
      });
      gateway.attach(server, { db: t.db, tokens: t.deps.tokens });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const s of opened) s.disconnect();
      await gateway.close();
      await new Promise((resolve) => server.close(resolve));
    });
    const client = (token: string, transport: string, origin?: string) => {
      const socket = connectClient(url, {
        path: REALTIME_PATH,
        transports: [transport],
        reconnection: false,
        forceNew: true,
        autoConnect: false,
        auth: { token },
        ...(origin ? { extraHeaders: { origin } } : {}),
      });
      opened.push(socket);
      return socket;
    };

    it.each(['websocket', 'polling'])('refuses a browser origin outside the list (%s)', async (transport) => {
      const user = await createUser(t);
      await expect(connected(client(user.accessToken, transport, 'https://evil.example'))).rejects.toThrow();
    });

    it.each([
      ['a listed origin', 'https://app.example'],
      ['no origin (not a browser)', undefined],
    ])('accepts %s', async (_name, origin) => {
      const user = await createUser(t);
      const socket = await connected(client(user.accessToken, 'websocket', origin));
      expect(socket.connected).toBe(true);
    });

    it('accepts a page served from the API’s own origin', async () => {
      const user = await createUser(t);
      const socket = await connected(client(user.accessToken, 'websocket', url));
      expect(socket.connected).toBe(true);
    });
  });

  describe('notifications', () => {
    it('pushes a notification to the business room when it is created (business verified)', async () => {
      const user = await createUser(t);
      const socket = await open(user);
      await socket.emitWithAck('joinBusinessRoom', user.businessId);
      const arriving = nextEvent<Record<string, unknown>>(socket, 'notification');
      const stored = await notifier().toBusiness(user.businessId, {
        type: 'business.verified',
        title: 'Business verified',
        message: 'Your business has been verified.',
      });
      const pushed = await arriving;
      expect(pushed).toMatchObject({
        id: stored.id,
        type: 'business.verified',
        title: 'Business verified',
        message: 'Your business has been verified.',
        isRead: false,
        createdAt: stored.createdAt.toISOString(),
      });
    });

    it('pushes the verification an admin makes through PATCH /admin/businesses/{id}/verify', async () => {
      const [owner, admin] = [await createUser(t), await createUser(t, { role: 'admin' })];
      const socket = await open(owner);
      await socket.emitWithAck('joinBusinessRoom', owner.businessId);
      const arriving = nextEvent<Record<string, unknown>>(socket, 'notification');
      const res = await t.request({
        method: 'PATCH',
        url: `/admin/businesses/${owner.businessId}/verify`,
        token: admin.accessToken,
        body: { status: 'accepted' },
      });
      expect(res.status).toBe(200);
      const pushed = await arriving;
      expect(pushed).toMatchObject({ type: 'business.verified', isRead: false });
      const listed = await t.request({ url: '/notifications', token: owner.accessToken });
      expect(listed.body.data.items.map((n: { id: string }) => n.id)).toContain(pushed.id);
    });

    it('pushes an admin-side change to the owner through a route: a ticket status change', async () => {
      const [owner, admin] = [await createUser(t), await createUser(t, { role: 'admin' })];
      const created = await t.request({
        url: '/tickets',
        token: owner.accessToken,
        body: { issueType: 'bugReports', question: 'The export button does nothing' },
      });
      expect(created.status).toBe(201);
      const socket = await open(owner);
      await socket.emitWithAck('joinBusinessRoom', owner.businessId);
      const arriving = nextEvent<Record<string, unknown>>(socket, 'notification');
      const res = await t.request({
        method: 'PATCH',
        url: `/tickets/admin/${created.body.data.id}/status`,
        token: admin.accessToken,
        body: { status: 'resolved' },
      });
      expect(res.status).toBe(200);
      expect(await arriving).toMatchObject({ type: 'ticket.updated', isRead: false });
    });

    it('pushes an admin notification to every admin’s own room, and to no business', async () => {
      const [a1, a2, user] = [
        await createUser(t, { role: 'admin' }),
        await createUser(t, { role: 'superadmin' }),
        await createUser(t),
      ];
      const s1 = await open(a1);
      const s2 = await open(a2);
      const s3 = await open(user);
      await s1.emitWithAck('joinAdminRoom', a1.accountId);
      await s2.emitWithAck('joinAdminRoom', a2.accountId);
      await s3.emitWithAck('joinBusinessRoom', user.businessId);
      const got1 = nextEvent<{ id: string }>(s1, 'notification');
      const got2 = nextEvent<{ id: string }>(s2, 'notification');
      const missed = collect(s3, 'notification');
      const rows = await notifier().toAdmins({
        type: 'account.signed_up',
        title: 'New sign-up',
        message: 'someone signed up',
      });
      const ids = [(await got1).id, (await got2).id];
      expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
      expect(ids[0]).not.toBe(ids[1]);
      expect(await missed).toEqual([]);
    });

    it('disconnects every client when the gateway closes, and refuses new ones', async () => {
      // A server of its own, so closing its gateway leaves the file's server running.
      const other = await createLiveTestApp();
      try {
        const user = await createUser(other);
        const socket = await connected(other.socket(user.accessToken));
        const gone = nextEvent(socket, 'disconnect');
        await other.gateway.close();
        await gone;
        await expect(connected(other.socket(user.accessToken))).rejects.toBeDefined();
      } finally {
        await other.close();
      }
    });
  });
});

// A whole service process. On PostgreSQL only: on embedded PGlite the process first spends most of a
// minute of CPU creating its database on disk, and the start-up order under test is the same on both.
describe.runIf(process.env.TEST_DATABASE_URL)('start-up with Redis', () => {
  it('serves only once the real-time Redis subscription is up: Redis unreachable fails the start-up', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'realtime-start-'));
    const testDb = await createTestDatabase({ poolSize: 1 });
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../../src/main.ts', import.meta.url)), '--role=api'],
      {
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: testDb.url,
          // Port 9 on loopback: nothing listens there.
          REDIS_URL: 'redis://127.0.0.1:9',
          LOG_LEVEL: 'fatal',
        },
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      },
    );
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    try {
      const outcome = await new Promise<string>((resolve) => {
        child.on('message', (m: { type?: string }) => m.type === 'started' && resolve('started'));
        child.on('exit', (code) => resolve(`exit ${code}`));
      });
      expect(outcome).toBe('exit 1');
      expect(stderr).toMatch(/Start-up failed/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
