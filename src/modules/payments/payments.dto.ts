import type { TransactionRow } from '../wallet/index.js';

const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * A transaction as clients see it. `kind` is the stored kind (docs/decisions/payments.md lists them); `amount` is in
 * `currency` (NGN for payments, commissions and withdrawals, CREDIT for credit movements); the deltas say
 * what it did to the wallet's credits and earnings.
 */
export function toTransactionDto(row: TransactionRow) {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    credits: num(row.credits),
    balanceDelta: Number(row.balanceDelta),
    earningsDelta: Number(row.earningsDelta),
    description: row.description,
    planId: row.planId,
    campaignId: row.campaignId,
    bankAccountId: row.bankAccountId,
    relatedTransactionId: row.relatedTransactionId,
    flagged: row.flagged,
    flagReason: row.flagReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type TransactionDto = ReturnType<typeof toTransactionDto>;
