import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { sendSuccess } from '../../platform/http/envelope.js';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import type { ZodApp } from '../../platform/http/types.js';
import { perIpLimit } from './auth.limits.js';
import {
  codeBody,
  emailBody,
  emptyResponse,
  resetPasswordBody,
  userSchema,
  verifyCodeBody,
} from './auth.schemas.js';
import type { CodesService } from './codes.service.js';

const tags = ['auth'];

/** The one-time-code endpoints (docs/api.md "Authentication"). */
export function codesRoutes(app: ZodApp, deps: AppDeps, service: CodesService): void {
  const route = envelopeRoutes(app, tags);

  const publicRoute = { apiObject: 'auth', auth: 'public' } as const;

  app.post(
    '/auth/send-code',
    {
      config: { ...publicRoute, rateLimit: perIpLimit(deps.config, 'sendCode') },
      schema: {
        tags,
        summary: 'E-mail a 6-digit code (valid 10 minutes)',
        body: emailBody,
        response: { 200: emptyResponse },
      },
    },
    async (req, reply) => {
      await service.sendCode(req.body.email, req.ip);
      return sendSuccess(reply, null, 'Code sent');
    },
  );

  route.post('/auth/verify-code', {
    config: { ...publicRoute, rateLimit: perIpLimit(deps.config, 'verifyCode') },
    summary: 'Check a code without consuming it',
    description:
      'Send `email` with the code: a wrong code then counts against that address’s code budgets (per client and in all).',
    body: verifyCodeBody,
    data: z.object({ valid: z.literal(true) }),
    message: 'Code is valid',
    handle: (req) => service.verifyCode(req.body.code, req.body.email, req.ip),
  });

  route.post('/auth/verify-email', {
    config: {
      apiObject: 'auth',
      rateLimit: perIpLimit(deps.config, 'verifyCode'),
      permission: 'own-account',
    },
    summary: 'Verify the account’s e-mail with its code',
    description:
      'Send `code`, or `token` from the link in the e-mail (single use; a wrong token is a 400 on `token` and counts against no code budget).',
    body: codeBody,
    data: userSchema,
    message: 'E-mail verified',
    handle: (req) => service.verifyEmail(req.auth, req.body, req.ip),
  });

  app.post(
    '/auth/forgot-password',
    {
      config: { ...publicRoute, rateLimit: perIpLimit(deps.config, 'forgotPassword') },
      schema: {
        tags,
        summary: 'E-mail a password-reset code',
        description: 'Answers 400 when no account uses the address.',
        body: emailBody,
        response: { 200: emptyResponse },
      },
    },
    async (req, reply) => {
      await service.forgotPassword(req.body.email, req.ip);
      return sendSuccess(reply, null, 'A reset code has been sent');
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { ...publicRoute, rateLimit: perIpLimit(deps.config, 'resetPassword') },
      schema: {
        tags,
        summary: 'Choose a new password with a reset code',
        description:
          'Send `email` and `code`, or `token` from the link in the reset e-mail (single use; a wrong token is a 400 on `token` and counts against no code budget).',
        body: resetPasswordBody,
        response: { 200: emptyResponse },
      },
    },
    async (req, reply) => {
      await service.resetPassword(req.body, req.body.password, req.ip);
      return sendSuccess(reply, null, 'Password reset');
    },
  );
}
