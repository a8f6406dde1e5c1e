import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from './deps.js';
import { registerModules } from './modules/index.js';
import { allowedOrigins, corsOptions } from './platform/http/cors-policy.js';
import { errorSchema, successEnvelope, successSchema } from './platform/http/envelope.js';
import { frameworkErrorHandler, installErrorHandling } from './platform/http/error-handler.js';
import { ServiceUnavailableError, TooManyRequestsError } from './platform/http/errors.js';
import { authenticate, enforce, guardsOf, tokenFrom } from './platform/http/guards.js';
import { openApiTransform } from './platform/http/openapi.js';
import { installTextGuard } from './platform/http/text-guard.js';
import './platform/http/fastify-types.js';
import type { ZodApp } from './platform/http/types.js';
import { installWebConsole } from './platform/http/web-console.js';
import { httpDuration, registry, watchQueue } from './platform/metrics.js';
import { fastifyTrustProxy } from './platform/net/trust-proxy.js';
import { localStorageRoutes } from './platform/storage/local.routes.js';
import { sandboxCheckoutRoutes } from './providers/payment/sandbox-checkout.routes.js';

export const API_PREFIX = '/api/v1';

const healthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });

/** The HTTP application: used by `main.ts` and by every test (with a fresh database each). */
export async function buildApp(deps: AppDeps): Promise<ZodApp> {
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
    // Requests arriving during shutdown get a 503 in our error envelope (the onRequest hook below).
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

  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, corsOptions(config));
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    redis: deps.redis,
    nameSpace: 'rate-limit:',
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => new TooManyRequestsError(undefined, Math.ceil(ctx.ttl / 1000)),
  });

  // Graceful shutdown. Closing the server stops new connections and closes idle ones, but a keep-alive
  // connection busy at that moment would stay open after its answer (until the client's keep-alive timeout:
  // a load balancer keeps them for a minute), holding the process past its grace period. So once closing,
  // every answer says `Connection: close`, and a request that still arrives is refused with a 503, which a
  // load balancer retries on another instance.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // Closing the server waits for open connections, not for handlers: a handler whose client went away keeps
  // running (a sign-in hashing a password, a transaction) and must finish before the database is closed.
  // A handler counts from preHandler until it sends its answer (onSend), whatever became of its client.
  const running = new Set<FastifyRequest>();
  let settled: (() => void) | undefined;
  app.addHook('preHandler', async (req) => {
    running.add(req);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (draining) reply.header('Connection', 'close');
    if (running.delete(req) && running.size === 0) settled?.();
    return payload;
  });
  app.addHook('onClose', async () => {
    if (running.size > 0) await new Promise<void>((resolve) => (settled = resolve));
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
    if (draining) throw new ServiceUnavailableError('The service is shutting down; retry the request');
    if (req.is404) return;
    const guards = guardsOf(req.routeOptions.config, req.routeOptions.url?.startsWith(API_PREFIX) ?? false);
    if (guards.includes('public')) return;
    req.auth = await authenticate(deps.db, deps.tokens, tokenFrom(req));
    enforce(guards, req.auth);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Campaign Messaging Service',
        version: '1.0.0',
        description:
          'Every response is an envelope `{ apiObject, code, status, message, data | errorMessage }`. ' +
          'Authenticate with `Authorization: Bearer <accessToken>` or the `token` cookie.',
      },
      servers: [{ url: config.PUBLIC_URL }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
        },
      },
    },
    transform: openApiTransform,
  });

  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
  await app.register(scalar, {
    routePrefix: '/docs',
    configuration: {
      url: '/openapi.json',
      metaData: { title: 'Campaign Messaging Service API' },
      // Fonts from the system: the page must render on machines without outside network access.
      withDefaultFonts: false,
      showDeveloperTools: 'never',
      // The hosted AI chat and MCP generator call Scalar's services with our document: not for an API
      // reference that deployments may run without outside access.
      agent: { disabled: true },
      mcp: { disabled: true },
    },
  });

  app.get(
    `${API_PREFIX}/health`,
    {
      config: { auth: 'public', apiObject: 'health' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: successSchema(healthSchema), 503: errorSchema },
      },
    },
    async (_req, reply) => {
      try {
        await deps.database.ping();
      } catch (err) {
        reply.log.error({ err }, 'health check: database unreachable');
        throw new ServiceUnavailableError('Database unreachable');
      }
      return reply.send(
        successEnvelope('health', { status: 'ok' as const, db: 'ok' as const }, 'Service healthy'),
      );
    },
  );

  if (config.METRICS_ENABLED) {
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

  const { sandboxes } = deps;
  if (sandboxes.storage) await app.register(localStorageRoutes, { storage: sandboxes.storage });
  if (sandboxes.payment) await app.register(sandboxCheckoutRoutes, { sandbox: sandboxes.payment });
  await app.register(registerModules(deps), { prefix: API_PREFIX });
  await installWebConsole(app, deps);
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
