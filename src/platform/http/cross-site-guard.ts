import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { ForbiddenError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const AUTH_COOKIE = 'token';

/**
 * Cross-site request protection for the `token` cookie. A browser attaches that cookie (SameSite=Lax) to
 * top-level cross-site form posts and to requests from sibling sites, so a state-changing request that
 * the cookie authenticates must come from the service's own origin or one listed in CORS_ORIGINS. Bearer
 * clients (no cookie used) are not concerned, and neither are reads.
 *
 * The origin is judged by `Origin` when the browser sends it, otherwise by `Sec-Fetch-Site`; a request
 * with neither comes from something that is not a browser, which a cookie set by us does not reach.
 *
 * Form bodies (`application/x-www-form-urlencoded`, what a cross-site HTML form can send without a
 * preflight) are parsed only for routes that declare `config.formBody`: provider callbacks and pages that
 * post a form of their own. Everywhere else they are a 415, so a cross-site form cannot sign a browser in
 * to someone else's account either.
 */
export function installCrossSiteGuard(
  app: FastifyInstance,
  config: Pick<Config, 'CORS_ORIGINS' | 'PUBLIC_URL'>,
) {
  const trusted = new Set([originOf(config.PUBLIC_URL), ...config.CORS_ORIGINS.map(originOf)]);

  app.removeContentTypeParser('application/x-www-form-urlencoded');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (req, body: Buffer, done) => {
      if (!req.routeOptions.config?.formBody)
        return done(
          new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE('application/x-www-form-urlencoded'),
          undefined,
        );
      if (req.routeOptions.config.rawBody) req.rawBody = body;
      done(null, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
    },
  );

  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || req.headers.authorization || !req.cookies?.[AUTH_COOKIE]) return;
    if (req.routeOptions.config?.ignoresCookie) return;
    if (isCrossSite(req, trusted))
      throw new ForbiddenError(
        'Cross-site request refused: requests signed in with the cookie must come from this site; API clients send Authorization: Bearer',
      );
  });
}

function isCrossSite(req: FastifyRequest, trusted: Set<string | null>): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const own = req.headers.host ? originOf(`${req.protocol}://${req.headers.host}`) : null;
    const given = originOf(origin);
    return given === null || (given !== own && !trusted.has(given));
  }
  return req.headers['sec-fetch-site'] === 'cross-site';
}

/** `scheme://host[:port]`, lower-cased, or null for `null` and anything that is not a URL. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin.toLowerCase();
  } catch {
    return null;
  }
}
