import { z } from 'zod';
import { sendSuccess } from '../../platform/http/envelope.js';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { authenticate, tokenFrom } from '../../platform/http/guards.js';
import { createRateLimiter } from '../../platform/rate-limit.js';
import type { ModulePlugin } from '../module-plugin.js';
import { clearAuthCookie, setAuthCookie } from './auth.cookie.js';
import { AbuseLimits, perIpLimit } from './auth.limits.js';
import {
  changePasswordBody,
  emailBody,
  emptyResponse,
  membershipSchema,
  passwordBody,
  refreshTokenBody,
  sessionResponse,
  signInBody,
  signUpBody,
  switchBusinessBody,
  userSchema,
} from './auth.schemas.js';
import { AuthService } from './auth.service.js';
import { BusinessSwitch } from './business-switch.js';
import { codesRoutes } from './codes.routes.js';
import { CodesService } from './codes.service.js';
import { identityRoutes } from './identity.routes.js';
import { IdentitySignInService } from './identity-sign-in.service.js';
import { OtpService } from './otp.service.js';

const tags = ['auth'];

/** The `/auth` endpoints and `POST /oauth/identity-provider-sign-in` (docs/api.md "Authentication"). */
export const authRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const limiter = createRateLimiter(deps.redis, deps.logger);
  const otp = new OtpService(deps.db, deps.config.JWT_SECRET, limiter);
  const limits = new AbuseLimits(limiter, deps.config.RATE_LIMIT_ENABLED);
  const service = new AuthService(deps, otp, limits);
  const publicRoute = { apiObject: 'auth', auth: 'public' } as const;

  app.post(
    '/auth/sign-up',
    {
      config: { ...publicRoute, rateLimit: perIpLimit(deps.config, 'signUp') },
      schema: { tags, summary: 'Create an account', body: signUpBody, response: { 201: sessionResponse } },
    },
    async (req, reply) => {
      const session = await service.signUp(req.body);
      setAuthCookie(reply, deps.config, session.accessToken);
      return sendSuccess(reply, session, 'Account created', 201);
    },
  );

  app.post(
    '/auth/sign-in',
    {
      config: { ...publicRoute, rateLimit: perIpLimit(deps.config, 'signIn') },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: signInBody,
        response: { 200: sessionResponse },
      },
    },
    async (req, reply) => {
      const session = await service.signIn(req.body.email, req.body.password);
      setAuthCookie(reply, deps.config, session.accessToken);
      return sendSuccess(reply, session, 'Signed in');
    },
  );

  app.post(
    '/auth/sign-out',
    {
      // Authenticated here rather than by the guard: the cookie is cleared whatever the state of its
      // session (a revoked or expired one answers 401, and still loses its cookie).
      config: { apiObject: 'auth', auth: 'public', permission: 'own-account' },
      schema: {
        tags,
        summary: 'Sign out: ends the session, clears the cookie',
        description: 'Access: authenticated. The cookie is cleared even when the answer is a 401.',
        response: { 200: emptyResponse },
      },
    },
    async (req, reply) => {
      clearAuthCookie(reply, deps.config);
      await service.signOut(await authenticate(deps.db, deps.tokens, tokenFrom(req)));
      return sendSuccess(reply, null, 'Signed out');
    },
  );

  route.post('/auth/refresh-token', {
    config: publicRoute,
    summary: 'A new access token for a live session, and the next refresh token',
    description:
      'Each refresh token works once: the answer carries the next one. Presenting a used one again ends the session (401).',
    body: refreshTokenBody,
    data: z.object({ accessToken: z.string(), refreshToken: z.string() }),
    message: 'Token refreshed',
    handle: (req) => service.refresh(req.body?.refreshToken),
  });

  const switcher = new BusinessSwitch(deps);

  route.get('/auth/businesses', {
    config: { apiObject: 'membership', permission: 'own-account' },
    summary:
      'The businesses this account belongs to, with its role in each and the one this session acts for',
    data: z.array(membershipSchema),
    message: 'Businesses fetched',
    handle: (req) => switcher.list(req.auth),
  });

  app.post(
    '/auth/switch-business',
    {
      config: { apiObject: 'auth', permission: 'own-account' },
      schema: {
        tags,
        summary: 'Act for another business the account belongs to: a new session, the current one ends',
        description:
          'Answers like sign-in: new tokens acting for that business (and the cookie). The tokens of the current session stop working. A business the account is no member of is a 404.',
        body: switchBusinessBody,
        response: { 200: sessionResponse },
      },
    },
    async (req, reply) => {
      const session = await switcher.switchTo(req.auth, req.body.businessId);
      setAuthCookie(reply, deps.config, session.accessToken);
      return sendSuccess(reply, session, 'Business switched');
    },
  );

  app.post(
    '/auth/check-email',
    {
      config: publicRoute,
      schema: { tags, summary: 'Whether an e-mail address is free to register', body: emailBody },
    },
    async (req, reply) => sendSuccess(reply, await service.checkEmail(req.body.email), 'E-mail is available'),
  );

  route.post('/auth/set-password', {
    config: {
      apiObject: 'auth',
      rateLimit: perIpLimit(deps.config, 'setPassword'),
      permission: 'own-account',
    },
    summary: 'Set a first password (accounts created without one)',
    description: 'Needs a session signed in during the last 10 minutes (403 otherwise).',
    body: passwordBody,
    data: userSchema,
    message: 'Password set',
    handle: (req) => service.setPassword(req.auth, req.body.password),
  });

  app.post(
    '/auth/change-password',
    {
      config: {
        apiObject: 'auth',
        rateLimit: perIpLimit(deps.config, 'changePassword'),
        permission: 'own-account',
      },
      schema: {
        tags,
        summary: 'Change the password (signs out other devices)',
        body: changePasswordBody,
        response: { 200: emptyResponse },
      },
    },
    async (req, reply) => {
      await service.changePassword(req.auth, req.body.password, req.body.newPassword);
      return sendSuccess(reply, null, 'Password changed');
    },
  );

  codesRoutes(app, deps, new CodesService(deps, otp, limits, service));
  identityRoutes(app, deps, new IdentitySignInService(deps, service, otp));
};
