import { z } from 'zod';
import type { ApiKeyScope } from '../../platform/auth/api-key-scopes.js';
import { errorSchema } from '../../platform/http/envelope.js';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { idParams } from '../../platform/http/id-params.js';
import type { ModulePlugin } from '../module-plugin.js';
import { apiKeySchema, createKeyBody, issuedKeySchema, rotateKeyBody } from './api-keys.schemas.js';
import { ApiKeysService } from './api-keys.service.js';

const tags = ['api-keys'];
const config = { apiObject: 'apiKey', permission: 'api-keys:manage' } as const;

/** The business's API keys (docs/api.md "API keys"): owner and admin; never reachable with a key. */
export const apiKeysRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const service = new ApiKeysService(deps);

  route.get('/api-keys', {
    config,
    summary: "The business's API keys, oldest first, revoked ones included; never a secret",
    data: z.array(apiKeySchema),
    message: 'API keys fetched',
    handle: (req) => service.list(req.auth),
  });

  route.post('/api-keys', {
    config,
    summary: 'Create an API key with scopes and an optional expiry; the whole key is in this answer only',
    body: createKeyBody,
    data: issuedKeySchema,
    code: 201,
    message: 'API key created',
    handle: (req) =>
      service.create(req.auth, {
        name: req.body.name,
        scopes: req.body.scopes as ApiKeyScope[],
        ...(req.body.expiresAt ? { expiresAt: req.body.expiresAt } : {}),
      }),
  });

  route.post('/api-keys/:id/rotate', {
    config,
    summary: 'A new secret for the key; the old one stays valid `overlapHours` (0 to 168, default 24)',
    description:
      'A 409 on a revoked key, and while the overlap of the last rotation runs (it would end the old secret at once).',
    params: idParams,
    body: rotateKeyBody,
    data: issuedKeySchema,
    errors: { 409: errorSchema },
    message: 'API key rotated',
    handle: (req) => service.rotate(req.auth, req.params.id, req.body.overlapHours),
  });

  route.delete('/api-keys/:id', {
    config,
    summary: 'Revoke the key: refused at once, its old secret too',
    params: idParams,
    data: apiKeySchema,
    message: 'API key revoked',
    handle: (req) => service.revoke(req.auth, req.params.id),
  });
};
