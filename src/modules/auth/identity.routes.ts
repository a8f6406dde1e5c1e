import type { AppDeps } from '../../deps.js';
import type { Config } from '../../platform/config.js';
import { sendSuccess } from '../../platform/http/envelope.js';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import type { ZodApp } from '../../platform/http/types.js';
import { setAuthCookie } from './auth.cookie.js';
import { identityProviderSchema, identitySignInBody, sessionResponse } from './auth.schemas.js';
import type { IdentitySignInService } from './identity-sign-in.service.js';

/**
 * What a browser needs to start identity sign-in: enabled only when the code exchange is configured (the
 * five IDENTITY_PROVIDER_* the adapter needs) and the authorisation endpoint is known.
 */
export function identityProviderStart(config: Config) {
  const c = config;
  const enabled = !!(
    c.IDENTITY_PROVIDER_CLIENT_ID &&
    c.IDENTITY_PROVIDER_CLIENT_SECRET &&
    c.IDENTITY_PROVIDER_REDIRECT_URI &&
    c.IDENTITY_PROVIDER_TOKEN_URL &&
    c.IDENTITY_PROVIDER_USERINFO_URL &&
    c.IDENTITY_PROVIDER_AUTHORIZE_URL
  );
  if (!enabled) return { enabled: false, name: null, authorizationUrl: null };
  const url = new URL(c.IDENTITY_PROVIDER_AUTHORIZE_URL!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', c.IDENTITY_PROVIDER_CLIENT_ID!);
  url.searchParams.set('redirect_uri', c.IDENTITY_PROVIDER_REDIRECT_URI!);
  url.searchParams.set('scope', c.IDENTITY_PROVIDER_SCOPE);
  return { enabled: true, name: c.IDENTITY_PROVIDER_NAME, authorizationUrl: url.toString() };
}

export function identityRoutes(app: ZodApp, deps: AppDeps, service: IdentitySignInService): void {
  const route = envelopeRoutes(app, ['auth']);

  const start = identityProviderStart(deps.config);
  route.get('/auth/identity-provider', {
    config: { apiObject: 'auth', auth: 'public' },
    summary: 'Whether identity-provider sign-in is offered, and where a browser starts it',
    data: identityProviderSchema,
    message: start.enabled ? 'Identity provider available' : 'Identity provider not configured',
    handle: () => start,
  });

  app.post(
    '/oauth/identity-provider-sign-in',
    {
      config: { apiObject: 'auth', auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an identity-provider authorisation code',
        description: 'Creates the account on first sign-in; sets the httpOnly `token` cookie.',
        body: identitySignInBody,
        response: { 200: sessionResponse },
      },
    },
    async (req, reply) => {
      const session = await service.signIn(req.body.code);
      setAuthCookie(reply, deps.config, session.accessToken);
      return sendSuccess(reply, session, 'Signed in');
    },
  );
}
