import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { createdAt, id } from './columns.js';

/** An affiliate's payout account. `code` is the payment provider's bank code. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    code: text('code').notNull(),
    /** The provider's transfer-recipient code, created once and reused for every withdrawal. */
    recipientCode: text('recipient_code'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_accounts_business_number_code_key').on(t.businessId, t.accountNumber, t.code),
    index('bank_accounts_business_idx').on(t.businessId, t.createdAt.desc().nullsFirst()),
  ],
);
