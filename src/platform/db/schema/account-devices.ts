import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, id } from './columns.js';

/** Push-notification device tokens of an account. */
export const accountDevices = pgTable(
  'account_devices',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    platform: text('platform'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('account_devices_account_token_key').on(t.accountId, t.token)],
);
