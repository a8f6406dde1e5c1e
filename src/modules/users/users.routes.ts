import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { clearAuthCookie } from '../auth/auth.cookie.js';
import { emptyResponse, userSchema } from '../auth/auth.schemas.js';
import { OtpService } from '../auth/otp.service.js';
import type { ModulePlugin } from '../module-plugin.js';
import { changeEmailBody, updateProfileBody } from './users.schemas.js';
import { UsersService } from './users.service.js';

const tags = ['users'];

export const usersRoutes: ModulePlugin = async (app, deps) => {
  const service = new UsersService(deps, new OtpService(deps.db, deps.config.JWT_SECRET));
  const config = { apiObject: 'user' };
  const userResponse = { 200: successSchema(userSchema) };

  app.get(
    '/users/profile',
    {
      config,
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
      config,
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
      config,
      schema: {
        tags,
        summary: 'Change the e-mail address with a code sent to the new one',
        body: changeEmailBody,
        response: userResponse,
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.changeEmail(req.auth, req.body.newEmail, req.body.code),
        'E-mail changed',
      ),
  );

  app.delete(
    '/users/account',
    {
      config,
      schema: {
        tags,
        summary: 'Deactivate the account (signing in again restores it)',
        response: { 200: emptyResponse },
      },
    },
    async (req, reply) => {
      await service.deactivate(req.auth);
      clearAuthCookie(reply, deps.config);
      return sendSuccess(reply, null, 'Account deactivated');
    },
  );
};
