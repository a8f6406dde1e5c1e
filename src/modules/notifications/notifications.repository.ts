import { and, desc, eq, inArray, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notificationSettings, notifications } from '../../platform/db/schema/index.js';
import type { NotificationType } from '../../platform/realtime-events.js';
import type { NotificationRecord } from './notifier.js';

/**
 * Whose notifications a caller reads: its business's (`receiverType` business) and, for an admin, its own
 * account's (`receiverType` admin). A notification of anyone else is invisible, as if missing.
 */
export interface Receivers {
  businessId: string | null;
  /** The business's notification types the caller may see; null: all of them. */
  businessTypes: NotificationType[] | null;
  adminAccountId: string | null;
}

function ownedBy(r: Receivers) {
  const clauses = [];
  if (r.businessId)
    clauses.push(
      and(
        eq(notifications.receiverType, 'business'),
        eq(notifications.receiverId, r.businessId),
        r.businessTypes ? inArray(notifications.type, r.businessTypes) : undefined,
      ),
    );
  if (r.adminAccountId)
    clauses.push(
      and(eq(notifications.receiverType, 'admin'), eq(notifications.receiverId, r.adminAccountId)),
    );
  return clauses.length ? or(...clauses) : sql`false`;
}

export async function listNotifications(
  db: Db,
  r: Receivers,
  page: { limit: number; offset: number },
): Promise<NotificationRecord[]> {
  return db
    .select()
    .from(notifications)
    .where(ownedBy(r))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countNotifications(db: Db, r: Receivers): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where not ${notifications.isRead}))::int`,
    })
    .from(notifications)
    .where(ownedBy(r));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

export async function markNotificationRead(
  db: Db,
  r: Receivers,
  id: string,
): Promise<NotificationRecord | null> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), ownedBy(r)))
    .returning();
  return row ?? null;
}

export async function markAllNotificationsRead(db: Db, r: Receivers): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(ownedBy(r), not(notifications.isRead)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function readSettings(db: Db, businessId: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: notificationSettings.key, value: notificationSettings.value })
    .from(notificationSettings)
    .where(eq(notificationSettings.businessId, businessId));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** One statement: every given key is written, or none is. */
export async function writeSettings(
  db: Db,
  businessId: string,
  values: Record<string, string>,
): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ businessId, key, value }));
  if (!rows.length) return;
  await db
    .insert(notificationSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationSettings.businessId, notificationSettings.key],
      set: { value: sql`excluded.value`, updatedAt: new Date() },
    });
}
