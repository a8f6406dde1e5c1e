import type { AppDeps } from '../../deps.js';
import { ROLE_PERMISSIONS } from '../../platform/auth/permissions.js';
import { type AuthContext, businessOf, isAdminRole } from '../../platform/auth/principal.js';
import { NotFoundError } from '../../platform/http/errors.js';
import { type PageQuery, pageOffset, toPage } from '../../platform/http/pagination.js';
import { notificationTypesFor } from '../../platform/realtime-events.js';
import { DEFAULT_NOTIFICATION_SETTINGS } from './notification-settings.js';
import {
  countNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type Receivers,
  readSettings,
  writeSettings,
} from './notifications.repository.js';
import { toNotificationPayload } from './notifier.js';

/** The caller's notifications: its business's of the types its role may see, and an admin's own. */
function receiversOf(auth: AuthContext): Receivers {
  return {
    businessId: auth.businessId,
    // No role (acting for no business) reads no business notification anyway: `businessId` is null then.
    businessTypes: auth.memberRole ? notificationTypesFor(ROLE_PERMISSIONS[auth.memberRole]) : null,
    adminAccountId: isAdminRole(auth.role) ? auth.accountId : null,
  };
}

export class NotificationsService {
  constructor(private readonly deps: Pick<AppDeps, 'db'>) {}

  async list(auth: AuthContext, q: PageQuery) {
    const receivers = receiversOf(auth);
    const [rows, counts] = await Promise.all([
      listNotifications(this.deps.db, receivers, { limit: q.pageSize, offset: pageOffset(q) }),
      countNotifications(this.deps.db, receivers),
    ]);
    const page = toPage(rows.map(toNotificationPayload), counts.total, q);
    return { ...page, unreadCount: counts.unread };
  }

  async markRead(auth: AuthContext, id: string) {
    const row = await markNotificationRead(this.deps.db, receiversOf(auth), id);
    if (!row) throw new NotFoundError('Notification');
    return toNotificationPayload(row);
  }

  async markAllRead(auth: AuthContext) {
    return { updated: await markAllNotificationsRead(this.deps.db, receiversOf(auth)) };
  }

  /** Every known preference, stored or default; keys stored by older versions are shown as they are. */
  async settings(auth: AuthContext): Promise<Record<string, string>> {
    const businessId = businessOf(auth);
    return { ...DEFAULT_NOTIFICATION_SETTINGS, ...(await readSettings(this.deps.db, businessId)) };
  }

  async updateSettings(auth: AuthContext, values: Record<string, unknown>) {
    await writeSettings(this.deps.db, businessOf(auth), values as Record<string, string>);
    return this.settings(auth);
  }
}
