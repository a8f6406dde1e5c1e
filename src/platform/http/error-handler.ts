import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type AllowedOrigins, corsHeadersFor } from './cors-policy.js';
import type { ErrorEnvelope } from './envelope.js';
import { AppError, type FieldProblem, TooManyRequestsError } from './errors.js';

const CONTEXT_NAMES: Record<string, string> = {
  body: 'request body',
  querystring: 'query parameters',
  params: 'path parameters',
  headers: 'headers',
};

function envelope(apiObject: string, code: number, message: string, errorMessage: Record<string, unknown>) {
  const body: ErrorEnvelope = { apiObject, code, status: 'failure', message, errorMessage };
  return body;
}

/**
 * The one place errors become HTTP: AppErrors keep their status and message, validation errors list their
 * fields, the framework's own 4xx (malformed JSON, body too large, wrong content type) keep their status,
 * and anything else is a 500 that says nothing about its cause (the log has it, under the request id).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    const apiObject = reply.routeOptions?.config?.apiObject ?? 'general';

    if (err instanceof AppError) {
      if (err instanceof TooManyRequestsError && err.retryAfterSeconds) {
        reply.header('Retry-After', String(err.retryAfterSeconds));
      }
      if (err.statusCode >= 500) req.log.error({ err }, err.message);
      return reply
        .code(err.statusCode)
        .send(envelope(err.apiObject ?? apiObject, err.statusCode, err.message, err.details));
    }

    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldProblem[] = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      const where = CONTEXT_NAMES[err.validationContext ?? 'body'] ?? 'request';
      const named = [...new Set(fields.map((f) => f.path).filter(Boolean))];
      const message = named.length ? `Invalid ${where}: ${named.join(', ')}` : `Invalid ${where}`;
      return reply.code(400).send(envelope(apiObject, 400, message, { fields }));
    }

    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in err ? err.code : undefined;
      const message =
        code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError'
          ? 'Malformed JSON body'
          : err.message;
      return reply.code(status).send(envelope(apiObject, status, message, code ? { code } : {}));
    }

    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(envelope(apiObject, 500, 'Internal server error', { requestId: req.id }));
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    return reply.code(404).send(envelope('general', 404, `Route ${req.method} ${path} not found`, {}));
  });
}

/**
 * Errors Fastify raises before a route is found (a URL that is not valid percent-encoding, a path parameter
 * over `maxParamLength`): the same envelope, with Fastify's status (400, 414), and the CORS headers a browser
 * needs to read it. Passed as `frameworkErrors`.
 */
export function frameworkErrorHandler(allowed: AllowedOrigins) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    const status = typeof err.statusCode === 'number' && err.statusCode < 500 ? err.statusCode : 400;
    const message =
      err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'Malformed URL';
    // No onRequest hook runs for a request that was never routed (neither ours nor the CORS plugin's), so
    // the id and the CORS headers are answered here.
    void reply
      .code(status)
      .headers(corsHeadersFor(allowed, req.headers.origin))
      .header('X-Request-Id', req.id)
      .send(envelope('general', status, message, { code: err.code }));
  };
}
