import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
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
  const route = envelopeRoutes(app, tags);

  const service = new AdminAccountsService(deps);
  const accounts = { apiObject: 'account', auth: 'admin' as const };
  const settings = { apiObject: 'appSetting' };

  route.get('/admin/accounts', {
    config: accounts,
    summary: 'Accounts, by name or e-mail',
    querystring: listAccountsQuery,
    data: pageSchema(adminAccountSchema),
    message: 'Accounts fetched',
    handle: (req) => service.list(req.query),
  });

  route.patch('/admin/accounts/:id/role', {
    config: { ...accounts, auth: 'superadmin' },
    summary: 'Change the role of an account (admin, business or user)',
    params: idParams,
    body: changeRoleBody,
    data: adminAccountSchema,
    message: 'Role changed',
    handle: (req) => service.changeRole(req.auth, req.params.id, req.body.role),
  });

  route.get('/admin/settings', {
    config: { ...settings, auth: 'admin' },
    summary: 'Credit rates and global settings (built-in defaults until saved)',
    data: appSettingsSchema,
    message: 'Settings fetched',
    handle: () => service.settings(),
  });

  route.post('/admin/settings', {
    config: { ...settings, auth: 'superadmin' },
    summary: 'Create or update the global settings',
    body: saveSettingsBody,
    data: appSettingsSchema,
    message: 'Settings saved',
    handle: (req) => service.saveSettings(req.auth, req.body),
  });
};
