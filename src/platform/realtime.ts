import type { Server as HttpServer } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import { type AuthContext, isAdminRole, loadPrincipal } from './auth/principal.js';
import type { TokenService } from './auth/tokens.js';
import type { Db } from './db/client.js';
import { AppError } from './http/errors.js';
import { authenticate } from './http/guards.js';
import { type RealtimeHub, rooms } from './realtime-hub.js';

export const REALTIME_PATH = '/socket.io';

export type RoomType = 'business' | 'admin';
type JoinResult = { ok: true; roomType: RoomType; roomId: string } | { ok: false; message: string };

export interface RealtimeGatewayOptions {
  logger: Logger;
  /** With Redis, every instance sharing `redisKey` delivers what any of them emits. */
  redis?: Redis;
  redisKey?: string;
  /** Browser origins allowed to open the channel (same rule as the HTTP API's CORS). */
  corsOrigin: string[] | boolean;
}

interface SocketData {
  auth: AuthContext;
}

/**
 * The real-time channel (CONVENTIONS.md "Real-time channel"): Socket.IO on the API's own HTTP server.
 *
 * Built once per process. An API process attaches it to its HTTP server; a worker process never attaches
 * it and uses it only to emit: with the Redis adapter, `emit` publishes to Redis and every API process
 * delivers to its own connected clients, so a worker's notification reaches clients it has never seen.
 */
export class RealtimeGateway implements RealtimeHub {
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
      ...(opts.redis && this.sub
        ? { adapter: createAdapter(opts.redis, this.sub, { key: opts.redisKey ?? 'socket.io' }) }
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

  emit(room: string, event: string, payload: unknown): void {
    this.io.to(room).emit(event, payload);
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
    // Each event answers with `joinedRoom` or `error` per room; a client that passes an acknowledgement
    // callback also gets the outcome there (one result, or a list for `rejoinRooms`).
    const on = (event: string, decide: (auth: AuthContext, payload: unknown) => JoinResult[], many = false) =>
      socket.on(event, async (payload: unknown, ack?: unknown) => {
        const results = await this.withFreshAuth(socket, db, (auth) => decide(auth, payload));
        for (const result of results) this.answer(socket, event, result);
        if (typeof ack === 'function') ack(many ? results : results[0]);
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
      socket.emit('error', { message: 'Session is no longer valid' });
      socket.disconnect(true);
      return [{ ok: false, message: 'Session is no longer valid' }];
    }
    (socket.data as SocketData).auth = fresh;
    return decide(fresh);
  }

  private answer(socket: Socket, event: string, result: JoinResult): void {
    if (!socket.connected) return;
    if (!result.ok) {
      socket.emit('error', { message: result.message, event });
      return;
    }
    socket.join(result.roomType === 'business' ? rooms.business(result.roomId) : rooms.admin(result.roomId));
    socket.emit('joinedRoom', { roomType: result.roomType, roomId: result.roomId });
  }
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
  return { ok: true, roomType: 'business', roomId: businessId };
}

function adminRoom(auth: AuthContext, accountId: string | null): JoinResult {
  if (!accountId) return { ok: false, message: 'accountId is required' };
  if (!isAdminRole(auth.role)) return { ok: false, message: 'Administrator access required' };
  if (accountId !== auth.accountId) return { ok: false, message: 'You can only join your own admin room' };
  return { ok: true, roomType: 'admin', roomId: accountId };
}
