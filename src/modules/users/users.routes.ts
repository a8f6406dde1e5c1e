import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorSchema, sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { createRateLimiter } from '../../platform/rate-limit.js';
import {
  AbuseLimits,
  clearAuthCookie,
  emptyResponse,
  OtpService,
  perIpLimit,
  userSchema,
} from '../auth/index.js';
import type { ModulePlugin } from '../module-plugin.js';
import { changeEmailBody, undoEmailBody, updateProfileBody } from './users.schemas.js';
import { UsersService } from './users.service.js';

const tags = ['users'];

export const usersRoutes: ModulePlugin = async (app, deps) => {
  const limiter = createRateLimiter(deps.redis, deps.logger);
  const limits = new AbuseLimits(limiter, deps.config.RATE_LIMIT_ENABLED);
  const service = new UsersService(deps, new OtpService(deps.db, deps.config.JWT_SECRET, limiter), limits);
  const config = { apiObject: 'user' };
  const userResponse = { 200: successSchema(userSchema) };

  app.get(
    '/users/profile',
    {
      config: { ...config, permission: 'own-account' },
      schema: {
        tags,
        summary: 'The caller’s account (`isAdmin` instead of the role)',
        response: userResponse,
      },
    },
    async (req, reply) => sendSuccess(reply, await service.profile(req.auth), 'Profile fetched'),
  );

  app.patch(
    '/users/profile',
    {
      config: { ...config, permission: 'own-account' },
      schema: {
        tags,
        summary: 'Change name or avatar; other fields are ignored',
        body: updateProfileBody,
        response: userResponse,
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.updateProfile(req.auth, req.body), 'Profile updated'),
  );

  app.patch(
    '/users/email',
    {
      // It checks a code: limited like every route that does.
      config: { ...config, rateLimit: perIpLimit(deps.config, 'verifyCode'), permission: 'own-account' },
      schema: {
        tags,
        summary: 'Change the e-mail address with a code sent to the new one',
        description:
          'Needs the current password (accounts that have one) or a sign-in from the last 10 minutes (accounts without one). The old address gets a link that undoes the change for 7 days.',
        body: changeEmailBody,
        response: userResponse,
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.changeEmail(req.auth, req.body.newEmail, req.body.code, req.body.password, req.ip),
        'E-mail changed',
      ),
  );

  // The link e-mailed to the old address after a change. GET only shows a page with a button (a mail
  // scanner that follows links must not undo anything); the button posts the form to the same URL.
  app.get(
    '/users/email/undo',
    {
      config: { apiObject: 'user', auth: 'public' },
      schema: { hide: true, querystring: z.object({ token: z.string().max(2048).optional() }) },
    },
    async (req, reply) => reply.type('text/html; charset=utf-8').send(undoPage(req.query.token ?? '')),
  );

  app.post(
    '/users/email/undo',
    {
      config: {
        apiObject: 'user',
        auth: 'public',
        formBody: true,
        // The page is served with no referrer, so its form posts `Origin: null`; the owner's browser may
        // still hold a cookie of a session the change ended. The route acts on the token in the body only.
        ignoresCookie: true,
        rateLimit: perIpLimit(deps.config, 'verifyCode'),
      },
      schema: {
        tags,
        summary: 'Undo an e-mail change with the link sent to the old address',
        description:
          'Puts the old address back, ends every session, and removes a password or identity link set since the change.',
        body: undoEmailBody,
        response: { 200: emptyResponse },
      },
    },
    async (req, reply) => {
      // The page's own form gets a page back; an API client gets the envelope.
      if (!String(req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
        await service.undoEmailChange(req.body.token);
        return sendSuccess(reply, null, 'E-mail change undone; sign in again');
      }
      try {
        await service.undoEmailChange(req.body.token);
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        return sendHtml(reply, err.statusCode, resultPage(err.message));
      }
      return sendHtml(
        reply,
        200,
        resultPage(
          'Your previous e-mail address is back and every device is signed out. Sign in again, or choose a new password with "Forgot password".',
        ),
      );
    },
  );

  app.delete(
    '/users/account',
    {
      config: { ...config, permission: 'own-account' },
      schema: {
        tags,
        summary: 'Deactivate the account (signing in again restores it)',
        description:
          'The owner of a business that has other members is refused (409, `reason: "owner-of-team"`, with `businessIds`) until they hand ownership over.',
        response: { 200: emptyResponse, 409: errorSchema },
      },
    },
    async (req, reply) => {
      await service.deactivate(req.auth);
      clearAuthCookie(reply, deps.config);
      return sendSuccess(reply, null, 'Account deactivated');
    },
  );
};

/** An HTML answer from a route whose documented (JSON) answer is the envelope. */
const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(html);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Undo the e-mail change</title></head>
<body style="font-family:Arial,sans-serif;max-width:560px;margin:40px auto;padding:0 16px">
<h1 style="font-size:1.5em">Undo the e-mail change</h1>
${body}</body></html>`;

function resultPage(message: string): string {
  return page(`<p role="status">${escapeHtml(message)}</p><p><a href="/sign-in">Sign in</a></p>`);
}

function undoPage(token: string): string {
  return page(`<p>This puts your previous e-mail address back and signs every device out.</p>
<form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Undo the change</button></form>`);
}
