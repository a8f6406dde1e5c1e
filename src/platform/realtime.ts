import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type { MemberRole } from './auth/permissions.js';
import { type AuthContext, isAdminRole, loadPrincipal } from './auth/principal.js';
import type { TokenService } from './auth/tokens.js';
import type { Db } from './db/client.js';
import { type AllowedOrigins, originPermitted } from './http/cors-policy.js';
import { AppError } from './http/errors.js';
import { authenticate } from './http/guards.js';
import { parseUrl } from './net/parse-url.js';
import type { RoomEventName, RoomEvents, RoomOf, RoomType, SocketAnswers } from './realtime-events.js';
import {
  businessRooms,
  deliveryRooms,
  everyMemberRoom,
  memberRooms,
  type RealtimeHub,
  rooms,
} from './realtime-hub.js';

export const REALTIME_PATH = '/socket.io';

export type { RoomType } from './realtime-events.js';

type JoinResult =
  | { ok: true; roomType: RoomType; roomId: string; joins: string[] }
  | { ok: false; message: string };

export interface RealtimeGatewayOptions {
  logger: Logger;
  /** With Redis, every instance sharing `redisKey` delivers what any of them emits. */
  redis?: Redis;
  redisKey?: string;
  /** Browser origins allowed to open the channel (same rule as the HTTP API's CORS). */
  corsOrigin: AllowedOrigins;
}

interface SocketData {
  auth: AuthContext;
}

/**
 * Ends the real-time connections of sessions that ended (sign-out, password change or reset, deactivation,
 * demotion). A port, so services never see Socket.IO: the gateway implements it, `noSessionSockets` is the
 * default where no gateway runs. Called after the change is committed.
 */
export interface SessionSockets {
  /** Disconnects every socket opened with this session's tokens, on every instance. */
  disconnectSession(sessionId: string): void;
  /** Disconnects every socket of the account, on every instance, except those of `keepSessionId`. */
  disconnectAccount(accountId: string, keepSessionId?: string): void;
  /**
   * Gives a member's sockets in a business the rooms of its new role (none: `null`), on every instance, so
   * a demoted member stops receiving what its old role could read without reconnecting.
   */
  refreshMemberRooms(businessId: string, accountId: string, role: MemberRole | null): void;
}

export const noSessionSockets: SessionSockets = {
  disconnectSession() {},
  disconnectAccount() {},
  refreshMemberRooms() {},
};

/** Rooms every socket joins at connection, so a session's or an account's sockets can be named anywhere. */
const sessionRooms = {
  session: (sessionId: string) => `session:${sessionId}`,
  account: (accountId: string) => `account:${accountId}`,
};

/** The commands the Redis adapter sends without awaiting them. */
const FIRE_AND_FORGET = new Set(['publish', 'psubscribe', 'subscribe', 'punsubscribe', 'unsubscribe']);

/**
 * A Redis client as the adapter should see it: the commands it fires without awaiting (a publish for every
 * emit and every cross-instance disconnect, its (un)subscriptions at start and close) never reject. While
 * Redis is down the client gives up after `maxRetriesPerRequest`, and each of those rejections would be
 * unhandled, which ends a Node.js process: every API and worker process at once. A notification that cannot
 * be fanned out is still stored (GET /notifications shows it), so a warning is the right outcome.
 */
function adapterView(redis: Redis, logger: Logger): Redis {
  return new Proxy(redis, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (typeof prop !== 'string' || !FIRE_AND_FORGET.has(prop)) return value.bind(target);
      return (...args: unknown[]) =>
        (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).catch((err: Error) => {
          logger.warn({ err: err.message, command: prop }, 'real-time Redis command failed');
          return 0;
        });
    },
  });
}

/**
 * The real-time channel (docs/api.md "Real time"): Socket.IO on the API's own HTTP server.
 *
 * Built once per process. An API process attaches it to its HTTP server; a worker process never attaches
 * it and uses it only to emit: with the Redis adapter, `emit` publishes to Redis and every API process
 * delivers to its own connected clients, so a worker's notification reaches clients it has never seen.
 */
export class RealtimeGateway implements RealtimeHub, SessionSockets {
  readonly io: Server;
  private readonly logger: Logger;
  private readonly sub?: Redis;
  private closing = false;
  private closed?: Promise<void>;

  constructor(opts: RealtimeGatewayOptions) {
    this.logger = opts.logger;
    // The adapter needs its own connection: a Redis connection in subscriber mode can do nothing else.
    this.sub = opts.redis?.duplicate();
    this.sub?.on('error', (err) => this.logger.warn({ err: err.message }, 'redis subscriber error'));
    this.io = new Server({
      path: REALTIME_PATH,
      serveClient: false,
      cors: { origin: opts.corsOrigin, credentials: true },
      // The cors option only answers browsers' preflight and polling requests; a WebSocket handshake is not
      // subject to CORS, so without this any web page could open the channel with its visitor's cookie.
      allowRequest: (req, callback) => {
        const allowed = originAllowed(req, opts.corsOrigin);
        callback(allowed ? null : 'Origin not allowed', allowed);
      },
      ...(opts.redis && this.sub
        ? {
            adapter: createAdapter(adapterView(opts.redis, this.logger), adapterView(this.sub, this.logger), {
              key: opts.redisKey ?? 'socket.io',
            }),
          }
        : {}),
    });
  }

  /**
   * Resolves once the Redis subscription is in place (at once without Redis). Commands on one connection
   * run in order, so a PING answered after the adapter's SUBSCRIBEs means they are active.
   */
  async ready(): Promise<void> {
    await this.sub?.ping();
  }

  /** Serves the channel on `server` (call before it listens). Connections authenticate with the access token. */
  attach(server: HttpServer, deps: { db: Db; tokens: TokenService }): void {
    this.io.attach(server);
    this.io.use(async (socket, next) => {
      if (this.closing) return next(new Error('Server shutting down'));
      try {
        (socket.data as SocketData).auth = await authenticate(deps.db, deps.tokens, handshakeToken(socket));
        next();
      } catch (err) {
        // The client sees this as `connect_error` with the message; nothing else about the cause.
        const known = err instanceof AppError;
        if (!known) this.logger.error({ err }, 'real-time authentication failed');
        const refusal = new Error(known ? err.message : 'Authentication failed') as Error & {
          data?: unknown;
        };
        refusal.data = { code: known ? err.statusCode : 500 };
        next(refusal);
      }
    });
    this.io.on('connection', (socket) => this.onConnection(socket, deps.db));
  }

  emit<E extends RoomEventName>(room: RoomOf<E>, event: E, payload: RoomEvents[E]): void {
    // One emit to several rooms reaches a socket in more than one of them once.
    this.io.to(deliveryRooms(room, event, payload)).emit(event, payload);
  }

  refreshMemberRooms(businessId: string, accountId: string, role: MemberRole | null): void {
    const sockets = this.io.in(businessRooms.member(businessId, accountId));
    // Both are broadcast in this order on one channel, so every instance leaves before it joins.
    sockets.socketsLeave(everyMemberRoom(businessId, accountId));
    if (role) sockets.socketsJoin(memberRooms(businessId, accountId, role));
    else sockets.socketsLeave([rooms.business(businessId), businessRooms.member(businessId, accountId)]);
  }

  disconnectSession(sessionId: string): void {
    this.io.in(sessionRooms.session(sessionId)).disconnectSockets(true);
  }

  disconnectAccount(accountId: string, keepSessionId?: string): void {
    const sockets = this.io.in(sessionRooms.account(accountId));
    (keepSessionId ? sockets.except(sessionRooms.session(keepSessionId)) : sockets).disconnectSockets(true);
  }

  /** Disconnects this process's clients (they reconnect to another instance) and releases Redis. */
  close(): Promise<void> {
    this.closed ??= this.shutdown();
    return this.closed;
  }

  private async shutdown(): Promise<void> {
    this.closing = true;
    this.io.local.disconnectSockets(true);
    // engine.close() ends the transports; the HTTP server itself belongs to Fastify, which closes it.
    this.io.engine?.close();
    for (const nsp of this.io._nsps.values()) await nsp.adapter.close();
    // QUIT queues behind the adapter's UNSUBSCRIBEs, so they finish instead of failing on a closed socket.
    await this.sub?.quit().catch(() => this.sub?.disconnect());
  }

  private onConnection(socket: Socket, db: Db): void {
    const { auth } = socket.data as SocketData;
    // A session revoked between the handshake's check and this join is not disconnected by the broadcast,
    // but such a socket is in no room yet, and its first join re-reads the session and disconnects it.
    socket.join([sessionRooms.session(auth.sessionId), sessionRooms.account(auth.accountId)]);
    // Each event answers with `joinedRoom` or `error` per room; a client that passes an acknowledgement
    // callback also gets the outcome there (one result, or a list for `rejoinRooms`).
    const on = (event: string, decide: (auth: AuthContext, payload: unknown) => JoinResult[], many = false) =>
      socket.on(event, async (...args: unknown[]) => {
        // An emit with only an acknowledgement callback delivers the callback as the first argument.
        const [payload, ack] = typeof args[0] === 'function' ? [undefined, args[0]] : args;
        const results = await this.withFreshAuth(socket, db, event, (auth) => decide(auth, payload));
        for (const result of results) this.answer(socket, event, result);
        if (results.some((r) => r.ok && r.roomType === 'business')) await this.settleRole(socket, db);
        // The rooms joined inside a business room are the server's business, not the client's.
        const told = results.map((r) => (r.ok ? { ok: true, roomType: r.roomType, roomId: r.roomId } : r));
        if (typeof ack === 'function') ack(many ? told : told[0]);
      });

    on('joinBusinessRoom', (auth, p) => [businessRoom(auth, idFrom(p, 'businessId'))]);
    on('joinAdminRoom', (auth, p) => [adminRoom(auth, idFrom(p, 'accountId'))]);
    on(
      'rejoinRooms',
      (auth, payload) => {
        const p = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
        const results: JoinResult[] = [];
        if (p.businessId !== undefined) results.push(businessRoom(auth, idFrom(p.businessId, 'businessId')));
        if (p.userId !== undefined) results.push(adminRoom(auth, idFrom(p.userId, 'accountId')));
        if (!results.length) results.push({ ok: false, message: 'businessId or userId is required' });
        return results;
      },
      true,
    );
  }

  /**
   * Joins are checked against the caller as the database sees it now, as HTTP requests are: a demoted
   * admin joins nothing more, and a revoked session (signed out) is told so and disconnected.
   */
  private async withFreshAuth(
    socket: Socket,
    db: Db,
    event: string,
    decide: (auth: AuthContext) => JoinResult[],
  ): Promise<JoinResult[]> {
    const known = (socket.data as SocketData).auth;
    let fresh: AuthContext | null;
    try {
      fresh = await loadPrincipal(db, known.accountId, known.sessionId);
    } catch (err) {
      this.logger.error({ err }, 'real-time join: could not load the caller');
      return [{ ok: false, message: 'Could not join the room, try again' }];
    }
    if (!fresh) {
      answer(socket, 'error', { message: 'Session is no longer valid', event });
      socket.disconnect(true);
      return [{ ok: false, message: 'Session is no longer valid' }];
    }
    (socket.data as SocketData).auth = fresh;
    return decide(fresh);
  }

  /**
   * A role changed between the join's read and its joining moved the member's sockets before this one was in
   * their rooms: read the role once more, now that it is in them, and move it here if it changed. Either the
   * change's move came after the join (and moved it), or its commit came before this read (and is seen here).
   */
  private async settleRole(socket: Socket, db: Db): Promise<void> {
    const used = (socket.data as SocketData).auth;
    if (!used.businessId) return;
    let now: AuthContext | null;
    try {
      now = await loadPrincipal(db, used.accountId, used.sessionId);
    } catch (err) {
      this.logger.error({ err }, 'real-time join: could not read the role again');
      return;
    }
    if (!now) {
      socket.disconnect(true);
      return;
    }
    if (now.businessId === used.businessId && now.memberRole === used.memberRole) return;
    (socket.data as SocketData).auth = now;
    for (const room of everyMemberRoom(used.businessId, used.accountId)) socket.leave(room);
    if (now.businessId === used.businessId && now.memberRole)
      socket.join(memberRooms(used.businessId, used.accountId, now.memberRole));
    else {
      socket.leave(rooms.business(used.businessId));
      socket.leave(businessRooms.member(used.businessId, used.accountId));
    }
  }

  private answer(socket: Socket, event: string, result: JoinResult): void {
    if (!socket.connected) return;
    if (!result.ok) {
      answer(socket, 'error', { message: result.message, event });
      return;
    }
    socket.join(result.joins);
    answer(socket, 'joinedRoom', { roomType: result.roomType, roomId: result.roomId });
  }
}

/** Answers one socket with one of `SOCKET_ANSWERS`. */
function answer<E extends keyof SocketAnswers>(socket: Socket, event: E, payload: SocketAnswers[E]): void {
  socket.emit(event, payload);
}

/** `auth: { token }` first, then `Authorization: Bearer` (non-browser clients), then the `token` cookie. */
function handshakeToken(socket: Socket): string | null {
  const given = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
  if (typeof given === 'string' && given) return given.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  if (header) return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? null;
  const cookies = socket.handshake.headers.cookie;
  return (cookies && fastifyCookie.parse(cookies).token) || null;
}

/**
 * Browsers send `Origin`; other clients do not, and cannot carry a visitor's cookie, so they pass. Same
 * origin as the API (its own Host) passes as it does over HTTP, where CORS does not apply.
 */
function originAllowed(req: IncomingMessage, allowed: AllowedOrigins): boolean {
  const origin = req.headers.origin;
  if (!origin || originPermitted(allowed, origin)) return true;
  const parsed = parseUrl(origin);
  return parsed !== null && parsed.host === req.headers.host;
}

/** A room id arrives as a string, or as an object carrying it (`{ businessId }`). */
function idFrom(payload: unknown, field: string): string | null {
  const value =
    payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[field] : payload;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function businessRoom(auth: AuthContext, businessId: string | null): JoinResult {
  if (!businessId) return { ok: false, message: 'businessId is required' };
  if (!auth.businessId || auth.businessId !== businessId)
    return { ok: false, message: 'You can only join your own business room' };
  // The business room itself carries nothing: its events go to the rooms of what the member's role may read.
  return {
    ok: true,
    roomType: 'business',
    roomId: businessId,
    joins: [rooms.business(businessId), ...memberRooms(businessId, auth.accountId, auth.memberRole)],
  };
}

function adminRoom(auth: AuthContext, accountId: string | null): JoinResult {
  if (!accountId) return { ok: false, message: 'accountId is required' };
  if (!isAdminRole(auth.role)) return { ok: false, message: 'Administrator access required' };
  if (accountId !== auth.accountId) return { ok: false, message: 'You can only join your own admin room' };
  return { ok: true, roomType: 'admin', roomId: accountId, joins: [rooms.admin(accountId)] };
}
