import type { AppDeps } from '../deps.js';
import { ServiceUnavailableError } from '../platform/http/errors.js';
import {
  assertDeclaresPermission,
  authenticate,
  enforce,
  enforcePermission,
  guardsOf,
  permissionOf,
  tokenFrom,
} from '../platform/http/guards.js';
import type { ZodApp } from '../platform/http/types.js';
import { API_PREFIX } from './api-prefix.js';
import type { Drain } from './drain.js';

/**
 * First thing on every request: answer its id, refuse it while draining, then authenticate the caller and
 * apply the route's guards (`config.auth`; API routes default to signed-in) and its permission
 * (`config.permission`) before validation runs.
 */
export function installRequestGuard(app: ZodApp, deps: Pick<AppDeps, 'db' | 'tokens'>, drain: Drain): void {
  app.addHook('onRoute', (route) => assertDeclaresPermission(route, route.url.startsWith(API_PREFIX)));
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
    if (drain.draining) throw new ServiceUnavailableError('The service is shutting down; retry the request');
    if (req.is404) return;
    const guards = guardsOf(req.routeOptions.config, req.routeOptions.url?.startsWith(API_PREFIX) ?? false);
    if (guards.includes('public')) return;
    req.auth = await authenticate(deps.db, deps.tokens, tokenFrom(req));
    enforce(guards, req.auth);
    enforcePermission(permissionOf(req.routeOptions.config), req.auth);
  });
}
