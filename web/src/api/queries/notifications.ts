import { api } from '../client';
import { apiQuery } from './api-query';

/** Every notification query starts with this key: a new notification invalidates it. */
export const notificationKeys = { all: ['notifications'] as const };

export const notificationsQuery = (query: { page: number; pageSize: number }) =>
  apiQuery([...notificationKeys.all, 'list', query], () =>
    api.GET('/api/v1/notifications', { params: { query } }),
  );

/** The bell's five latest, with the unread count. */
export const latestNotificationsQuery = notificationsQuery({ page: 1, pageSize: 5 });

export const notificationSettingsQuery = apiQuery([...notificationKeys.all, 'settings'], () =>
  api.GET('/api/v1/notifications/settings'),
);
