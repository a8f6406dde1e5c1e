import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { errorSchema, successEnvelope, successSchema } from '../platform/http/envelope.js';
import { ServiceUnavailableError } from '../platform/http/errors.js';
import type { ZodApp } from '../platform/http/types.js';
import { API_PREFIX } from './api-prefix.js';

const healthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });

/** `GET /api/v1/health`: 200 while the database answers, 503 otherwise (for load balancers). */
export function installHealth(app: ZodApp, deps: Pick<AppDeps, 'database'>): void {
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
}
