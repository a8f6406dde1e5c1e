import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { guardsOf, permissionOf } from './guards.js';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Turns each route's zod schemas into OpenAPI and adds what the schemas do not say: the security of
 * protected routes and the access rule in the description, so the reference tells who may call what.
 */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(input);
  const config = (
    input.route as {
      config?: Parameters<typeof guardsOf>[0] &
        Parameters<typeof permissionOf>[0] & { idempotent?: boolean; personOnly?: boolean };
    }
  ).config;
  const permission = permissionOf(config);
  const guards = guardsOf(config, input.url.startsWith('/api/'));
  if (guards.includes('public')) return out;
  const schema = out.schema as Record<string, unknown>;
  const access = guards.filter((g) => g !== 'auth');
  const documented: Record<string, unknown> = {
    ...schema,
    security: [{ bearer: [] }, { cookie: [] }],
    // Read by the role-matrix test: the access rule of every route, straight from its config.
    'x-access': guards,
    // The permission the caller's role must hold in its business: the access matrix derives the roles from it.
    ...(permission ? { 'x-permission': permission } : {}),
    ...(config?.idempotent ? { 'x-idempotent': true } : {}),
    // Read by the API-key matrix: no key may call it, whatever its scopes.
    ...(config?.personOnly ? { 'x-person-only': true } : {}),
    description: [
      schema.description,
      access.length ? `Access: ${access.join(', ')}.` : 'Access: authenticated.',
      permission && permission !== 'own-account' ? `Permission: ${permission}.` : undefined,
      config?.personOnly ? 'Acts as the calling member: API keys are refused.' : undefined,
      config?.idempotent
        ? 'Accepts `Idempotency-Key`: a retry with the same key and request answers the first answer again.'
        : undefined,
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
  return { ...out, schema: documented };
}
