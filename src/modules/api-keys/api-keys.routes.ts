import { z } from 'zod';
import type { ApiKeyScope } from '../../platform/auth/api-key-scopes.js';
import { errorSchema, sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { idParams } from '../../platform/http/id-params.js';
import type { ModulePlugin } from '../module-plugin.js';
import { apiKeySchema, createKeyBody, issuedKeySchema, rotateKeyBody } from './api-keys.schemas.js';
import { ApiKeysService } from './api-keys.service.js';

const tags = ['api-keys'];
const config = { apiObject: 'apiKey', permission: 'api-keys:manage' } as const;

/** The business's API keys (docs/api.md "API keys"): owner and admin; never reachable with a key. */
export const apiKeysRoutes: ModulePlugin = async (app, deps) => {
  const service = new ApiKeysService(deps);

  app.get(
    '/api-keys',
    {
      config,
      schema: {
        tags,
        summary: "The business's API keys, oldest first, revoked ones included; never a secret",
        response: { 200: successSchema(z.array(apiKeySchema)) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.list(req.auth), 'API keys fetched'),
  );

  app.post(
    '/api-keys',
    {
      config,
      schema: {
        tags,
        summary: 'Create an API key with scopes and an optional expiry; the whole key is in this answer only',
        body: createKeyBody,
        response: { 201: successSchema(issuedKeySchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.create(req.auth, {
          name: req.body.name,
          scopes: req.body.scopes as ApiKeyScope[],
          ...(req.body.expiresAt ? { expiresAt: req.body.expiresAt } : {}),
        }),
        'API key created',
        201,
      ),
  );

  app.post(
    '/api-keys/:id/rotate',
    {
      config,
      schema: {
        tags,
        summary: 'A new secret for the key; the old one stays valid `overlapHours` (0 to 168, default 24)',
        description:
          'A 409 on a revoked key, and while the overlap of the last rotation runs (it would end the old secret at once).',
        params: idParams,
        body: rotateKeyBody,
        response: { 200: successSchema(issuedKeySchema), 409: errorSchema },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.rotate(req.auth, req.params.id, req.body.overlapHours),
        'API key rotated',
      ),
  );

  app.delete(
    '/api-keys/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke the key: refused at once, its old secret too',
        params: idParams,
        response: { 200: successSchema(apiKeySchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.revoke(req.auth, req.params.id), 'API key revoked'),
  );
};
