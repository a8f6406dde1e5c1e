import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
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
  const service = new NotificationsService(deps);
  const config = { apiObject: 'notification' };

  app.get(
    '/notifications',
    {
      config: { ...config, permission: 'notifications:read' },
      schema: {
        tags,
        summary: 'The caller’s notifications, newest first, with the unread count',
        querystring: pageQuery,
        response: { 200: successSchema(notificationPageSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.list(req.auth, req.query), 'Notifications fetched'),
  );

  app.post(
    '/notifications/read-all',
    {
      config: { ...config, permission: 'notifications:read' },
      schema: {
        tags,
        summary: 'Mark every notification of the caller read',
        response: { 200: successSchema(z.object({ updated: z.number().int() })) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.markAllRead(req.auth), 'Notifications marked read'),
  );

  app.post(
    '/notifications/:id/read',
    {
      config: { ...config, permission: 'notifications:read' },
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: notificationParams,
        response: { 200: successSchema(notificationSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.markRead(req.auth, req.params.id), 'Notification marked read'),
  );

  app.get(
    '/notifications/settings',
    {
      config: { apiObject: 'setting', permission: 'notifications:read' },
      schema: {
        tags,
        summary: 'Notification preferences (flat map of strings, defaults included)',
        response: { 200: successSchema(settingsSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.settings(req.auth), 'Settings fetched'),
  );

  app.patch(
    '/notifications/settings',
    {
      config: { apiObject: 'setting', permission: 'settings:manage' },
      schema: {
        tags,
        summary: 'Change notification preferences: known keys only, values "true" or "false"',
        body: updateSettingsBody,
        response: { 200: successSchema(settingsSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.updateSettings(req.auth, req.body), 'Settings updated'),
  );
};
