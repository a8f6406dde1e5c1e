import type { AppDeps } from '../deps.js';
import { watchQueue } from '../modules/messages/index.js';
import type { ZodApp } from '../platform/http/types.js';
import { httpDuration, registry } from '../platform/metrics.js';

/** When METRICS_ENABLED: request durations by route, the queue gauge, and `GET /metrics` for Prometheus. */
export function installMetrics(app: ZodApp, deps: Pick<AppDeps, 'config' | 'db'>): void {
  if (!deps.config.METRICS_ENABLED) return;
  watchQueue(deps.db);
  app.addHook('onResponse', async (req, reply) => {
    httpDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) =>
    reply.header('Content-Type', registry.contentType).send(await registry.metrics()),
  );
}
