import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notificationSettings } from '../../platform/db/schema/index.js';

/** The preferences every business starts with (created at sign-up). Values are the strings `true`/`false`. */
export const DEFAULT_NOTIFICATION_SETTINGS = {
  campaignCompletionPush: 'true',
  lowCreditsEmail: 'true',
} as const;

export type NotificationSettingKey = keyof typeof DEFAULT_NOTIFICATION_SETTINGS;

export const NOTIFICATION_SETTING_KEYS = Object.keys(
  DEFAULT_NOTIFICATION_SETTINGS,
) as NotificationSettingKey[];

export async function insertDefaultNotificationSettings(db: Db, businessId: string): Promise<void> {
  await db
    .insert(notificationSettings)
    .values(Object.entries(DEFAULT_NOTIFICATION_SETTINGS).map(([key, value]) => ({ businessId, key, value })))
    .onConflictDoNothing();
}

/** Whether a preference is on; a missing row falls back to the default. */
export async function isNotificationSettingOn(
  db: Db,
  businessId: string,
  key: NotificationSettingKey,
): Promise<boolean> {
  const [row] = await db
    .select({ value: notificationSettings.value })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.businessId, businessId), eq(notificationSettings.key, key)));
  return (row?.value ?? DEFAULT_NOTIFICATION_SETTINGS[key]) === 'true';
}
