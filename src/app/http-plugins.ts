import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { AppDeps } from '../deps.js';
import { corsOptions } from '../platform/http/cors-policy.js';
import { TooManyRequestsError } from '../platform/http/errors.js';
import type { ZodApp } from '../platform/http/types.js';

/** Security headers, CORS, cookies and the (route-opt-in) rate limiter shared through Redis when set. */
export async function installHttpPlugins(
  app: ZodApp,
  deps: Pick<AppDeps, 'config' | 'redis'>,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, corsOptions(deps.config));
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    redis: deps.redis,
    nameSpace: 'rate-limit:',
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => new TooManyRequestsError(undefined, Math.ceil(ctx.ttl / 1000)),
  });
}
