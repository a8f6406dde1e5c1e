import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { allowedOrigins } from '../platform/http/cors-policy.js';
import { frameworkErrorHandler, installErrorHandling } from '../platform/http/error-handler.js';
import { installTextGuard } from '../platform/http/text-guard.js';
import '../platform/http/fastify-types.js';
import type { ZodApp } from '../platform/http/types.js';
import { fastifyTrustProxy } from '../platform/net/trust-proxy.js';

/** The Fastify instance with the service's options, zod validation, error envelope and body parsers. */
export function createServer(deps: Pick<AppDeps, 'config' | 'logger'>): ZodApp {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'reqId' }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    // Requests arriving during shutdown get a 503 in our error envelope (see ./drain.ts).
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler(allowedOrigins(config)),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API; responses themselves are built by our own code and sent as-is.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installErrorHandling(app);
  installBodyParsers(app);
  installTextGuard(app);
  return app;
}

function installBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // The API speaks JSON (and forms, for the messaging gateway's callbacks); anything else is a 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  // Raw bytes are kept for routes that check a signature over them (webhooks). An empty body is "no body",
  // so a client that always sends `Content-Type: application/json` can still call body-less endpoints.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body: Buffer, done) => {
    if (req.routeOptions.config?.rawBody) req.rawBody = body;
    if (body.length === 0) return done(null, undefined);
    parseJson(req, body.toString('utf8'), done);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (req, body: Buffer, done) => {
      if (req.routeOptions.config?.rawBody) req.rawBody = body;
      done(null, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
    },
  );
}
