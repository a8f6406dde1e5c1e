import type { FastifyContextConfig, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { sendSuccess, successSchema } from './envelope.js';
import type { ZodApp } from './types.js';

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request an envelope route's handler reads: params, query and body as their schemas parse them. */
export type EnvelopeRequest<P, Q, B> = FastifyRequest<{
  Params: Parsed<P>;
  Querystring: Parsed<Q>;
  Body: Parsed<B>;
}>;

/**
 * One API route that answers its data in the success envelope (docs/api.md "Envelopes"): what a module route
 * says about itself, without the envelope and OpenAPI wiring every such route shares.
 */
export interface EnvelopeRoute<P, Q, B, T> {
  /** The route's `config` (apiObject, permission, …; src/platform/http/fastify-types.ts). */
  config?: FastifyContextConfig;
  summary: string;
  description?: string;
  params?: P;
  querystring?: Q;
  body?: B;
  headers?: z.ZodType;
  /** The schema of the envelope's `data`. */
  data: z.ZodType;
  /** The success status: 200 unless given. */
  code?: 200 | 201;
  /** Other answers the route documents beside the success (`{ 409: errorSchema }`). */
  errors?: Record<number, z.ZodType>;
  /** What the route does; its result is the envelope's `data`. */
  handle: (req: EnvelopeRequest<P, Q, B>, reply: FastifyReply) => T | Promise<T>;
  /** The envelope's `message`, or how to word it from the data. */
  message: string | ((data: T) => string);
}

/** Registers a module's envelope routes on `app`, each documented under `tags`. */
export function envelopeRoutes(app: ZodApp, tags: string[]) {
  const register =
    (method: HTTPMethods) =>
    <
      P extends z.ZodType | undefined = undefined,
      Q extends z.ZodType | undefined = undefined,
      B extends z.ZodType | undefined = undefined,
      T = unknown,
    >(
      url: string,
      route: EnvelopeRoute<P, Q, B, T>,
    ): void => {
      const {
        config,
        summary,
        description,
        params,
        querystring,
        body,
        headers,
        data,
        errors,
        message,
        handle,
      } = route;
      const code = route.code ?? 200;
      const schema: FastifySchema = { tags, summary };
      if (description !== undefined) schema.description = description;
      if (params !== undefined) schema.params = params;
      if (querystring !== undefined) schema.querystring = querystring;
      if (body !== undefined) schema.body = body;
      if (headers !== undefined) schema.headers = headers;
      schema.response = { [code]: successSchema(data), ...errors };
      app.route({
        method,
        url,
        ...(config === undefined ? {} : { config }),
        schema,
        handler: async (req, reply) => {
          const result = await handle(req as EnvelopeRequest<P, Q, B>, reply);
          return sendSuccess(reply, result, typeof message === 'string' ? message : message(result), code);
        },
      });
    };
  return {
    get: register('GET'),
    post: register('POST'),
    put: register('PUT'),
    patch: register('PATCH'),
    delete: register('DELETE'),
  };
}
