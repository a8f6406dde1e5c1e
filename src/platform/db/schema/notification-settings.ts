import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { updatedAt } from './columns.js';

/** Notification preferences: string key/value pairs per business (`campaignCompletionPush` = `true`). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.key] })],
);
