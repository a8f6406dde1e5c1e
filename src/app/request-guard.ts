import type { AppDeps } from '../deps.js';
import { resolveApiKey } from '../modules/api-keys/index.js';
import { ServiceUnavailableError } from '../platform/http/errors.js';
import {
  assertDeclaresPermission,
  authenticate,
  enforce,
  enforceKeyScope,
  enforcePermission,
  guardsOf,
  permissionOf,
  tokenFrom,
} from '../platform/http/guards.js';
import type { ZodApp } from '../platform/http/types.js';
import { createRateLimiter } from '../platform/rate-limit.js';
import { limitApiKey } from './api-key-limit.js';
import { API_PREFIX } from './api-prefix.js';
import type { Drain } from './drain.js';

/**
 * First thing on every request: answer its id, refuse it while draining, then authenticate the caller and
 * apply the route's guards (`config.auth`; API routes default to signed-in) and its permission
 * (`config.permission`) before validation runs. An API key (docs/api.md "API keys") is also rate-limited and
 * checked by scope.
 */
export function installRequestGuard(
  app: ZodApp,
  deps: Pick<AppDeps, 'db' | 'tokens' | 'config' | 'redis' | 'logger'>,
  drain: Drain,
): void {
  const keyLimiter = createRateLimiter(deps.redis, deps.logger);
  const apiKeys = (token: string) => resolveApiKey(deps.db, token);
  app.addHook('onRoute', (route) => assertDeclaresPermission(route, route.url.startsWith(API_PREFIX)));
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
    if (drain.draining) throw new ServiceUnavailableError('The service is shutting down; retry the request');
    if (req.is404) return;
    const guards = guardsOf(req.routeOptions.config, req.routeOptions.url?.startsWith(API_PREFIX) ?? false);
    if (guards.includes('public')) return;
    // A route that reads what it answers beside the caller (`readsWithPrincipal`) saves a round trip.
    const reader = req.routeOptions.config?.readsWithPrincipal;
    req.auth = await authenticate(
      deps.db,
      deps.tokens,
      tokenFrom(req),
      apiKeys,
      reader &&
        (async (accountId, sessionId) => {
          const read = await reader(deps.db, accountId, sessionId);
          req.preloaded = read?.preload;
          return read?.principal ?? null;
        }),
    );
    if (req.auth.apiKey) {
      // A key: counted against its limit first (refusals count too), then its scopes, before any guard.
      await limitApiKey(keyLimiter, req.auth.apiKey.id, deps.config.API_KEY_RATE_LIMIT_PER_MINUTE, reply);
      const { config } = req.routeOptions;
      enforceKeyScope(permissionOf(config), req.auth.apiKey.scopes, config?.personOnly === true);
    }
    enforce(guards, req.auth);
    enforcePermission(permissionOf(req.routeOptions.config), req.auth);
  });
}
