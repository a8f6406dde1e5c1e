import { z } from 'zod';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { pageQuery } from '../../platform/http/pagination.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  notificationPageSchema,
  notificationParams,
  notificationSchema,
  settingsSchema,
  updateSettingsBody,
} from './notifications.schemas.js';
import { NotificationsService } from './notifications.service.js';

const tags = ['notifications'];

export const notificationsRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const service = new NotificationsService(deps);
  const config = { apiObject: 'notification' };

  route.get('/notifications', {
    config: { ...config, permission: 'notifications:read' },
    summary: 'The caller’s notifications, newest first, with the unread count',
    querystring: pageQuery,
    data: notificationPageSchema,
    message: 'Notifications fetched',
    handle: (req) => service.list(req.auth, req.query),
  });

  route.post('/notifications/read-all', {
    config: { ...config, permission: 'notifications:read' },
    summary: 'Mark every notification of the caller read',
    data: z.object({ updated: z.number().int() }),
    message: 'Notifications marked read',
    handle: (req) => service.markAllRead(req.auth),
  });

  route.post('/notifications/:id/read', {
    config: { ...config, permission: 'notifications:read' },
    summary: 'Mark one notification read',
    params: notificationParams,
    data: notificationSchema,
    message: 'Notification marked read',
    handle: (req) => service.markRead(req.auth, req.params.id),
  });

  route.get('/notifications/settings', {
    config: { apiObject: 'setting', permission: 'notifications:read' },
    summary: 'Notification preferences (flat map of strings, defaults included)',
    data: settingsSchema,
    message: 'Settings fetched',
    handle: (req) => service.settings(req.auth),
  });

  route.patch('/notifications/settings', {
    config: { apiObject: 'setting', permission: 'settings:manage' },
    summary: 'Change notification preferences: known keys only, values "true" or "false"',
    body: updateSettingsBody,
    data: settingsSchema,
    message: 'Settings updated',
    handle: (req) => service.updateSettings(req.auth, req.body),
  });
};
