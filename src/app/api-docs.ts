import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { Config } from '../platform/config.js';
import { openApiTransform } from '../platform/http/openapi.js';
import type { ZodApp } from '../platform/http/types.js';

/** The OpenAPI document (`/openapi.json`) built from the route schemas, and its reference page (`/docs`). */
export async function installApiDocs(app: ZodApp, config: Pick<Config, 'PUBLIC_URL'>): Promise<void> {
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
}
