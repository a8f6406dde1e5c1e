import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';

/** Every notification query starts with this key: a new notification invalidates it. */
export const notificationKeys = { all: ['notifications'] as const };

export const notificationsQuery = (query: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...notificationKeys.all, 'list', query],
    queryFn: () => unwrap(api.GET('/api/v1/notifications', { params: { query } })),
  });

/** The bell's five latest, with the unread count. */
export const latestNotificationsQuery = notificationsQuery({ page: 1, pageSize: 5 });

export const notificationSettingsQuery = queryOptions({
  queryKey: [...notificationKeys.all, 'settings'],
  queryFn: () => unwrap(api.GET('/api/v1/notifications/settings')),
});
