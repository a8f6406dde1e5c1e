/**
 * Real-time fan-out: how many notifications per second reach connected clients, end to end.
 *
 *   npm run bench:realtime                      # 20 clients x 50 notifications, embedded PGlite
 *   BENCH_CLIENTS=500 BENCH_ROUNDS=200 DATABASE_URL=postgres://... REDIS_URL=redis://... npm run bench:realtime
 *
 * Each client is a business connected over a real WebSocket and joined to its own room. Two runs:
 *   baseline  gateway.emit only (what Socket.IO, and Redis when set, cost on their own)
 *   notifier  Notifier.toBusiness: INSERT the notification, then emit (what the service does)
 * A run ends when every client has received every notification. Clients and server share this process,
 * so the figures are a floor for the server alone.
 */
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { io as connectClient, type Socket } from 'socket.io-client';
import { createDeps } from '../src/app/create-deps.js';
import { buildApp } from '../src/app.js';
import { insertAccountGraph } from '../src/modules/auth/registration.repository.js';
import { openSession } from '../src/modules/auth/sessions.js';
import { Notifier } from '../src/modules/notifications/notifier.js';
import { testConfig } from '../src/platform/config.js';
import { openDatabase, runMigrations } from '../src/platform/db/client.js';
import { createLogger } from '../src/platform/logger.js';
import { REALTIME_PATH, RealtimeGateway } from '../src/platform/realtime.js';
import { rooms } from '../src/platform/realtime-hub.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

async function main() {
  const logger = createLogger('silent');
  const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: CONCURRENCY + 2 });
  await runMigrations(database);
  const config = testConfig();
  const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : undefined;
  const gateway = new RealtimeGateway({ logger, redis, redisKey: `bench-${Date.now()}`, corsOrigin: false });
  const deps = createDeps(config, database, logger, { realtime: gateway, redis });
  const app = await buildApp(deps);
  gateway.attach(app.server, deps);
  await app.listen({ host: '127.0.0.1', port: 0 });
  await gateway.ready();
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const clients: { businessId: string; socket: Socket; received: number }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const { account, business } = await database.db.transaction((tx) =>
      insertAccountGraph(tx, { name: `Bench ${i}`, email: `bench.${Date.now()}.${i}@example.test` }),
    );
    const { accessToken } = await openSession(database.db, deps.tokens, account.id);
    const socket = connectClient(url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token: accessToken },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    await socket.emitWithAck('joinBusinessRoom', business.id);
    const client = { businessId: business.id, socket, received: 0 };
    socket.on('notification', () => {
      client.received++;
    });
    clients.push(client);
  }

  const notifier = new Notifier(database.db, gateway, logger);
  const payload = {
    id: 'bench',
    type: 'campaign.sent' as const,
    title: 'Bench',
    message: 'x',
    isRead: false,
    createdAt: new Date().toISOString(),
    receiverId: 'bench',
    receiverType: 'business' as const,
  };
  const results = [];
  for (const [name, send] of [
    [
      'baseline (emit only)',
      async (businessId: string) => gateway.emit(rooms.business(businessId), 'notification', payload),
    ],
    [
      'notifier (insert + emit)',
      async (businessId: string) =>
        void (await notifier.toBusiness(businessId, { type: 'campaign.sent', title: 'Bench', message: 'x' })),
    ],
  ] as const) {
    for (const c of clients) c.received = 0;
    peakRss = process.memoryUsage().rss;
    const total = CLIENTS * ROUNDS;
    const started = performance.now();
    const jobs = clients.flatMap((c) => Array.from({ length: ROUNDS }, () => c.businessId));
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < jobs.length) await send(jobs[next++]!);
      }),
    );
    while (clients.some((c) => c.received < ROUNDS)) await new Promise((r) => setTimeout(r, 1));
    const seconds = (performance.now() - started) / 1000;
    results.push({
      run: name,
      notifications: total,
      seconds: Number(seconds.toFixed(3)),
      perSecond: Math.round(total / seconds),
      peakRssMiB: Math.round(peakRss / 1024 / 1024),
    });
  }

  console.log(
    `real-time fan-out: ${CLIENTS} clients x ${ROUNDS} notifications, database ${database.kind}, ` +
      `${redis ? 'Redis adapter' : 'in-memory adapter'}, ${CONCURRENCY} concurrent senders`,
  );
  console.table(results);

  for (const c of clients) c.socket.disconnect();
  await gateway.close();
  await app.close();
  redis?.disconnect();
  await database.close();
  clearInterval(sampler);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
