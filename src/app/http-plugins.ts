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
  // Helmet's policy would cover JSON too; HTML is where a script could run, so every HTML answer gets one.
  app.addHook('onSend', async (req, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', contentSecurityPolicy(req.url));
    return payload;
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

/**
 * No inline or foreign script runs on our pages: the console's scripts are Vite's files under /assets, the
 * service's own pages (undo, sandbox checkout) have none. Styles may be inline (Mantine injects them). The
 * API reference at /docs is a static page whose loader is an inline script: it alone may run inline script.
 */
export function contentSecurityPolicy(url: string): string {
  const docs = url === '/docs' || url.startsWith('/docs/') || url.startsWith('/docs?');
  return [
    "default-src 'self'",
    docs ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // Presigned uploads go straight to object storage, which may be another origin.
    "connect-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
