import type { FastifyReply } from 'fastify';
import { z } from 'zod';

export interface SuccessEnvelope<T> {
  apiObject: string;
  code: number;
  status: 'success';
  message: string;
  data: T;
}

export interface ErrorEnvelope {
  apiObject: string;
  code: number;
  status: 'failure';
  message: string;
  errorMessage: Record<string, unknown>;
}

/** The resource name a route answers about, from its `config.apiObject` (`general` when unset). */
export function apiObjectOf(reply: FastifyReply): string {
  return reply.routeOptions?.config?.apiObject ?? 'general';
}

export function successEnvelope<T>(
  apiObject: string,
  data: T,
  message: string,
  code = 200,
): SuccessEnvelope<T> {
  return { apiObject, code, status: 'success', message, data };
}

/** Sends `data` in the success envelope (docs/api.md "Envelopes"). */
export function sendSuccess<T>(reply: FastifyReply, data: T, message: string, code = 200): FastifyReply {
  return reply.code(code).send(successEnvelope(apiObjectOf(reply), data, message, code));
}

/** Documents a success response in the OpenAPI description. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({
    apiObject: z.string(),
    code: z.number().int(),
    status: z.literal('success'),
    message: z.string(),
    data,
  });
}

export const errorSchema = z.object({
  apiObject: z.string(),
  code: z.number().int(),
  status: z.literal('failure'),
  message: z.string(),
  errorMessage: z.record(z.string(), z.unknown()),
});
