// First: the heap policy must be set before the other modules load and the heap is first sized.
import './platform/heap-policy.js';
import path from 'node:path';
import type { Logger } from 'pino';
import { createDeps } from './app/create-deps.js';
import { buildApp } from './app.js';
import { startWorker } from './jobs/index.js';
import { bootstrapSuperadmin } from './modules/auth/index.js';
import { resealMessagingCredentials } from './modules/business/index.js';
import { sweepAbandonedSpools } from './modules/contacts/index.js';
import { watchQueue } from './modules/messages/index.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { type Database, openDatabase, runMigrations } from './platform/db/client.js';
import type { Job } from './platform/job.js';
import { createLogger } from './platform/logger.js';
import { type MetricsServer, startMetricsServer } from './platform/metrics-server.js';

type Role = 'all' | 'api' | 'worker';

function roleFromArgs(argv: string[], configured: Role): Role {
  const arg = argv.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? configured;
  if (arg !== 'all' && arg !== 'api' && arg !== 'worker') {
    throw new ConfigError([`--role: must be all, api or worker (got "${arg}")`]);
  }
  return arg;
}

async function main(): Promise<void> {
  let logger: Logger | undefined;
  let database: Database | undefined;
  try {
    const config = loadConfig();
    const role = roleFromArgs(process.argv.slice(2), config.ROLE);
    logger = createLogger(config.LOG_LEVEL, { role });
    database = await openDatabase({
      url: config.DATABASE_URL,
      pgliteDir: config.DATABASE_URL ? undefined : path.resolve(config.DATA_DIR, 'db'),
      poolSize: config.DATABASE_POOL_SIZE,
      logger,
    });
    await runMigrations(database);
    const deps = createDeps(config, database, logger);
    await bootstrapSuperadmin(deps);
    const resealed = await resealMessagingCredentials(deps.db, deps.secretBox, logger);
    if (resealed) logger.info({ resealed }, 'provider secrets sealed again, bound to their business');
    deps.secretBox.retireUnbound();

    const app = role === 'worker' ? undefined : await buildApp(deps);
    if (app) {
      // Import files of an API process that died mid-import (SIGKILL, out of memory) are still on disk.
      void sweepAbandonedSpools().then(
        (removed) => {
          if (removed.length) logger!.warn({ removed }, 'removed abandoned import files');
        },
        (err) => logger!.warn({ err }, 'sweeping abandoned import files failed'),
      );
    }
    const { gateway } = deps;
    // The real-time channel shares the API's port; a worker keeps the gateway only to emit through Redis.
    if (app) gateway?.attach(app.server, deps);
    // Serving before the Redis subscription is active would lose what other instances publish meanwhile
    // (notifications, disconnects of ended sessions). Redis unreachable here fails the start-up.
    await gateway?.ready();
    // The address actually bound (PORT=0 picks a free port: `npm run cluster` and tests read it here).
    const url = app ? await app.listen({ port: config.PORT, host: config.HOST }) : undefined;
    const jobs: Job[] = role === 'api' ? [] : await startWorker(deps);
    let metrics: MetricsServer | undefined;
    if (role === 'worker' && config.METRICS_ENABLED) {
      // No HTTP API in a worker: its metrics (and a health check) get a listener of their own.
      watchQueue(deps.db);
      metrics = await startMetricsServer({ host: config.HOST, port: config.METRICS_PORT, database, logger });
    }
    const metricsUrl = metrics
      ? `${metrics.url}/metrics`
      : app && config.METRICS_ENABLED
        ? `${url}/metrics`
        : undefined;
    logger.info(
      { url, metricsUrl, database: database.kind, jobs: jobs.map((j) => j.name) },
      'service started',
    );
    // Started by a launcher (`npm run cluster`) over an IPC channel: tell it where this process listens.
    process.send?.({ type: 'started', role, url, metricsUrl });

    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger!.info({ signal }, 'shutting down: no new work, finishing what is in flight');
      const deadline = setTimeout(() => {
        logger!.error('shutdown grace period exceeded; exiting');
        process.exit(1);
      }, config.SHUTDOWN_GRACE_MS);
      deadline.unref();
      try {
        // Stop taking requests and jobs first, then close what they used. Open sockets would hold the HTTP
        // server open, so real-time clients are disconnected first (they reconnect to another instance).
        await gateway?.close();
        await Promise.all([app?.close(), ...jobs.map((j) => j.stop())]);
        await metrics?.close();
        await deps.mail.close?.();
        deps.redis?.disconnect();
        await database!.close();
        logger!.info('stopped');
        process.exit(0);
      } catch (err) {
        logger!.error({ err }, 'error during shutdown');
        process.exit(1);
      }
    };
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    process.on('SIGINT', () => void shutdown('SIGINT'));
    // A launcher that dies without stopping its processes leaves none behind holding ports.
    if (process.send) process.on('disconnect', () => void shutdown('launcher gone'));
  } catch (err) {
    const message = err instanceof ConfigError ? err.message : `Start-up failed: ${(err as Error).message}`;
    if (logger) logger.fatal({ err }, message);
    console.error(message);
    await database?.close().catch(() => {});
    process.exit(1);
  }
}

void main();
