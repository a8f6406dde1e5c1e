import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { NotificationType, RoomType } from '../../realtime-events.js';
import { createdAt, id } from './columns.js';

/**
 * `receiverType` `business`: receiverId is a business id (its room). `admin`: receiverId is an admin's
 * account id (that admin's room); a notification for "the admins" is one row per admin.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    receiverId: uuid('receiver_id').notNull(),
    receiverType: text('receiver_type').$type<RoomType>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_receiver_created_idx').on(
      t.receiverId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_receiver_unread_idx').on(t.receiverId).where(sql`NOT ${t.isRead}`),
  ],
);
