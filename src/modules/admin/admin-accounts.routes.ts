import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { idParams } from '../../platform/http/id-params.js';
import { pageSchema } from '../../platform/http/pagination.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  adminAccountSchema,
  appSettingsSchema,
  changeRoleBody,
  listAccountsQuery,
  saveSettingsBody,
} from './admin.schemas.js';
import { AdminAccountsService } from './admin-accounts.service.js';

const tags = ['admin'];

export const adminAccountsRoutes: ModulePlugin = async (app, deps) => {
  const service = new AdminAccountsService(deps);
  const accounts = { apiObject: 'account', auth: 'admin' as const };
  const settings = { apiObject: 'appSetting' };

  app.get(
    '/admin/accounts',
    {
      config: accounts,
      schema: {
        tags,
        summary: 'Accounts, by name or e-mail',
        querystring: listAccountsQuery,
        response: { 200: successSchema(pageSchema(adminAccountSchema)) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.list(req.query), 'Accounts fetched'),
  );

  app.patch(
    '/admin/accounts/:id/role',
    {
      config: { ...accounts, auth: 'superadmin' },
      schema: {
        tags,
        summary: 'Change the role of an account (admin, business or user)',
        params: idParams,
        body: changeRoleBody,
        response: { 200: successSchema(adminAccountSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.changeRole(req.auth, req.params.id, req.body.role), 'Role changed'),
  );

  app.get(
    '/admin/settings',
    {
      config: { ...settings, auth: 'admin' },
      schema: {
        tags,
        summary: 'Credit rates and global settings (built-in defaults until saved)',
        response: { 200: successSchema(appSettingsSchema) },
      },
    },
    async (_req, reply) => sendSuccess(reply, await service.settings(), 'Settings fetched'),
  );

  app.post(
    '/admin/settings',
    {
      config: { ...settings, auth: 'superadmin' },
      schema: {
        tags,
        summary: 'Create or update the global settings',
        body: saveSettingsBody,
        response: { 200: successSchema(appSettingsSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.saveSettings(req.auth, req.body), 'Settings saved'),
  );
};
