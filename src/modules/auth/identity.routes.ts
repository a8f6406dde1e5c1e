import type { AppDeps } from '../../deps.js';
import { sendSuccess } from '../../platform/http/envelope.js';
import type { ZodApp } from '../../platform/http/types.js';
import { setAuthCookie } from './auth.cookie.js';
import { identitySignInBody, sessionResponse } from './auth.schemas.js';
import type { IdentitySignInService } from './identity-sign-in.service.js';

export function identityRoutes(app: ZodApp, deps: AppDeps, service: IdentitySignInService): void {
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
