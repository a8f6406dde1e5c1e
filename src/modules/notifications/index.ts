// The notifications module's public surface: other modules, jobs and the app import from here, never from its
// inner files.
export { insertDefaultNotificationSettings, isNotificationSettingOn } from './notification-settings.js';
export { notificationsRoutes } from './notifications.routes.js';
export { type NotificationInput, type NotificationRecord, Notifier } from './notifier.js';
