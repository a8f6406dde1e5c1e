import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { createdAt, id, updatedAt } from './columns.js';
import { transactionKindEnum, transactionStatusEnum } from './enums.js';
import { wallets } from './wallets.js';

/**
 * Audit record of every movement of value. `balance_delta` / `earnings_delta` are written in the same
 * database transaction as the wallet change they explain, so the wallet always equals their sums.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    kind: transactionKindEnum('kind').notNull(),
    status: transactionStatusEnum('status').notNull().default('pending'),
    /** Unique payment reference, used by `POST /payments/verify` and the provider's events. */
    reference: text('reference').notNull().unique(),
    /** What was bought or spent, in `currency` (credits for debits, NGN for payments and earnings). */
    amount: numeric('amount', { precision: 20, scale: 4 }).notNull(),
    currency: text('currency').notNull(),
    /** Amount in the provider's minor unit (kobo), as sent to it; checked again at settlement. */
    providerAmount: integer('provider_amount'),
    credits: numeric('credits', { precision: 20, scale: 4 }),
    balanceDelta: numeric('balance_delta', { precision: 20, scale: 4 }).notNull().default('0'),
    earningsDelta: numeric('earnings_delta', { precision: 20, scale: 2 }).notNull().default('0'),
    /** Change to the wallet's held credits: + a hold, - a settlement or a release. */
    heldDelta: numeric('held_delta', { precision: 20, scale: 4 }).notNull().default('0'),
    description: text('description'),
    campaignId: uuid('campaign_id'),
    planId: uuid('plan_id'),
    bankAccountId: uuid('bank_account_id'),
    /** The transaction this one reverses or refunds (a withdrawal refund points at its withdrawal). */
    relatedTransactionId: uuid('related_transaction_id'),
    providerReference: text('provider_reference'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** Set when a settlement did not match (amount or currency); such a transaction is never credited. */
    flagged: boolean('flagged').notNull().default(false),
    flagReason: text('flag_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('transactions_amount_non_negative', sql`${t.amount} >= 0`),
    index('transactions_business_created_idx').on(
      t.businessId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_business_kind_idx').on(t.businessId, t.kind, t.createdAt.desc().nullsFirst()),
    // GET /admin/transactions: every business, newest first (filtered lists start from here too).
    index('transactions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The review list's `flagged=true`: a handful of rows among all of them.
    index('transactions_flagged_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.flagged}`),
    // The withdrawal reconciliation's claim: pending withdrawals, oldest untouched first.
    index('transactions_pending_withdrawals_idx')
      .on(t.updatedAt)
      .where(sql`${t.kind} = 'withdrawal' AND ${t.status} = 'pending'`),
    // Commissions held while their scheduled campaign can still be cancelled: released or voided by campaign.
    index('transactions_held_commissions_idx')
      .on(t.campaignId)
      .where(sql`${t.kind} = 'affiliate_commission' AND ${t.status} = 'pending'`),
    index('transactions_wallet_idx').on(t.walletId),
    index('transactions_provider_reference_idx').on(t.providerReference),
    // At most one refund per withdrawal, whatever order the provider's events arrive in.
    uniqueIndex('transactions_refund_of_key')
      .on(t.relatedTransactionId)
      .where(sql`${t.kind} = 'withdrawal_refund'`),
    // At most one row of each kind answers a transaction: one refund per campaign debit, one reversal per
    // commission, however many refunds race.
    uniqueIndex('transactions_related_kind_key').on(t.relatedTransactionId, t.kind),
  ],
);
