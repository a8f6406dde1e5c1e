import type { FastifyCorsOptions } from '@fastify/cors';
import type { Config } from '../config.js';

/** A page on this machine: `http(s)://localhost`, `127.x.x.x` or `[::1]`, any port. */
export const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i;

export type AllowedOrigins = string[] | boolean | RegExp;

/**
 * Which browser origins may call the API (docs/decisions/security.md "CORS outside production"): those of CORS_ORIGINS when it is set;
 * otherwise, outside production, pages on this machine only (a front end on its own dev server), and none in
 * production. One policy for the HTTP API, the real-time socket and the answers Fastify gives before any
 * route or hook runs.
 */
export function allowedOrigins(config: Pick<Config, 'CORS_ORIGINS' | 'NODE_ENV'>): AllowedOrigins {
  if (config.CORS_ORIGINS.length) return config.CORS_ORIGINS;
  return config.NODE_ENV === 'production' ? false : LOOPBACK_ORIGIN;
}

/** Whether `origin` is one the policy allows. */
export function originPermitted(allowed: AllowedOrigins, origin: string): boolean {
  if (allowed instanceof RegExp) return allowed.test(origin);
  return allowed === true || (Array.isArray(allowed) && allowed.includes(origin));
}

const EXPOSED_HEADERS = ['X-Request-Id', 'X-Record-Count', 'Content-Disposition', 'Retry-After'];

export function corsOptions(config: Pick<Config, 'CORS_ORIGINS' | 'NODE_ENV'>): FastifyCorsOptions {
  return {
    origin: allowedOrigins(config),
    credentials: true,
    // The plugin's default is GET, HEAD and POST: browsers on other origins could not update or delete.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposedHeaders: EXPOSED_HEADERS,
  };
}

/**
 * The CORS headers of a simple answer to `origin`, as the plugin would send them, for answers given where
 * the plugin's hook never runs (a URL Fastify cannot route). Without them a browser reports a network error
 * instead of our 400.
 */
export function corsHeadersFor(allowed: AllowedOrigins, origin: string | undefined): Record<string, string> {
  const permitted = origin && originPermitted(allowed, origin);
  if (!permitted) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS.join(', '),
    Vary: 'Origin',
  };
}
