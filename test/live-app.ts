import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { io as connectClient, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { createDeps } from '../src/app/create-deps.js';
import { buildApp } from '../src/app.js';
import type { AppDeps } from '../src/deps.js';
import type { ZodApp } from '../src/platform/http/types.js';
import { createLogger } from '../src/platform/logger.js';
import { REALTIME_PATH, RealtimeGateway } from '../src/platform/realtime.js';
import type { RoomEventName, RoomEvents, RoomOf } from '../src/platform/realtime-events.js';
import { RecordingRealtimeHub } from '../src/platform/realtime-hub.js';
import { createTestApp, type TestApp, type TestAppOptions } from './harness.js';

/** The Redis of the test machine, when the run has one (CI sets TEST_REDIS_URL). */
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

export interface LiveOptions {
  /** Connect the gateway to this Redis (Redis adapter). */
  redisUrl?: string;
  /** The Redis channel prefix; instances that must reach each other share it. Random by default. */
  redisKey?: string;
}

/** A running service: HTTP on 127.0.0.1:<random port> with the real-time gateway attached. */
export interface LiveServer {
  app: ZodApp;
  deps: AppDeps;
  gateway: RealtimeGateway;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** A socket.io client for this server; not yet connected unless `autoConnect` is left on. */
  socket(token?: string, opts?: Partial<ManagerOptions & SocketOptions>): Socket;
  close(): Promise<void>;
}

export type LiveTestApp = TestApp & LiveServer;

/**
 * The test harness's app (fresh database, SMTP peer, `request` through inject), listening for real with the
 * gateway attached, so socket.io clients can connect. `realtime.events` still records every emit.
 */
export async function createLiveTestApp(opts: TestAppOptions & LiveOptions = {}): Promise<LiveTestApp> {
  const { gateway, redis } = makeGateway(opts);
  const recording = new TeeRealtimeHub(gateway);
  const t = await createTestApp({
    ...opts,
    ports: { ...opts.ports, realtime: recording, sessionSockets: gateway, redis },
  });
  const closeHarness = t.close;
  const server = await listen(t.app, t.deps, gateway, async () => {
    await gateway.close();
    await closeHarness();
  });
  return Object.assign(t, server, { realtime: recording });
}

/**
 * A second service process on the same database as `first` (same secrets, so its tokens work here), with
 * its own HTTP server, gateway and Redis connections: what two instances behind a load balancer are.
 */
export async function createSecondInstance(first: TestApp, opts: LiveOptions = {}): Promise<LiveServer> {
  const { gateway, redis } = makeGateway(opts);
  const deps = createDeps(first.deps.config, first.testDb.database, createLogger('silent'), {
    ...portsOf(first.deps),
    realtime: gateway,
    redis,
  });
  const app = await buildApp(deps);
  await app.ready();
  return listen(app, deps, gateway, async () => {
    await gateway.close();
    await app.close();
    redis?.disconnect();
  });
}

/** `createLiveTestApp` for one test file (beforeAll / afterAll). Read its fields inside tests. */
export function useLiveTestApp(opts: TestAppOptions & LiveOptions = {}): LiveTestApp {
  const holder = {} as LiveTestApp;
  beforeAll(async () => {
    Object.assign(holder, await createLiveTestApp(opts));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}

/** The next `event` on `socket` (its arguments), or a rejection after `ms`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, ms = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no "${event}" within ${ms} ms`));
    }, ms);
    const on = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, on);
  });
}

/** Connects and resolves once connected; rejects with the server's refusal (`connect_error`). */
export async function connected(socket: Socket): Promise<Socket> {
  if (socket.connected) return socket;
  const result = new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
  socket.connect();
  return result;
}

/** Emits every event to the gateway and keeps a record of it, as the harness's recording hub does. */
class TeeRealtimeHub extends RecordingRealtimeHub {
  constructor(private readonly gateway: RealtimeGateway) {
    super();
  }
  override emit<E extends RoomEventName>(room: RoomOf<E>, event: E, payload: RoomEvents[E]): void {
    super.emit(room, event, payload);
    this.gateway.emit(room, event, payload);
  }
}

function makeGateway(opts: LiveOptions) {
  const redis = opts.redisUrl ? new Redis(opts.redisUrl, { maxRetriesPerRequest: 3 }) : undefined;
  const gateway = new RealtimeGateway({
    logger: createLogger('silent'),
    redis,
    redisKey: opts.redisKey ?? `test-${randomBytes(6).toString('hex')}`,
    corsOrigin: true,
  });
  return { gateway, redis };
}

function portsOf(deps: AppDeps) {
  const { tokens, secretBox, mail, storage, payment, messaging, identity } = deps;
  return { tokens, secretBox, mail, storage, payment, messaging, identity };
}

async function listen(
  app: ZodApp,
  deps: AppDeps,
  gateway: RealtimeGateway,
  close: () => Promise<void>,
): Promise<LiveServer> {
  gateway.attach(app.server, deps);
  await app.listen({ host: '127.0.0.1', port: 0 });
  await gateway.ready();
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  return {
    app,
    deps,
    gateway,
    url,
    socket(token, opts = {}) {
      const s = connectClient(url, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        autoConnect: false,
        ...(token ? { auth: { token } } : {}),
        ...opts,
      });
      sockets.push(s);
      return s;
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await close();
    },
  };
}
