import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { transactions, wallets } from '../../platform/db/schema/index.js';
import { BusinessRuleError } from '../../platform/http/errors.js';

export type TransactionRow = typeof transactions.$inferSelect;
type NewTransaction = typeof transactions.$inferInsert;

export interface Deltas {
  /** Change to spendable credits (negative = debit). Decimal string. */
  balanceDelta?: string;
  /**
   * Change to held credits (charge on delivery): + a hold (with the same amount out of the balance), - a
   * settlement (spent) or a release (with the same amount back to the balance). Decimal string.
   */
  heldDelta?: string;
  /** Change to affiliate earnings in NGN (negative = withdrawal). Decimal string. */
  earningsDelta?: string;
  /**
   * Change to the money (NGN) paid for the credits in the balance: what a purchase paid, or what a refund
   * gives back. A credit debit that leaves it out takes its pro rata share (see `consumedPaidValue`).
   */
  paidValueDelta?: string;
  /** Only a commission reversal may take earnings below zero (they were withdrawn before the refund). */
  allowNegativeEarnings?: boolean;
}

export interface LedgerEntry
  extends Omit<
      NewTransaction,
      | 'id'
      | 'walletId'
      | 'balanceDelta'
      | 'earningsDelta'
      | 'heldDelta'
      | 'reference'
      | 'createdAt'
      | 'updatedAt'
    >,
    Deltas {
  reference?: string;
  /** An id chosen beforehand (a settlement whose messages were marked with it in the receipts' statement). */
  id?: string;
}

export class InsufficientFundsError extends BusinessRuleError {
  constructor(message = 'Insufficient credits') {
    super(message);
  }
}

export function newReference(prefix: string): string {
  return `${prefix}_${randomUUID().replace(/-/g, '')}`;
}

/**
 * Changes a wallet with one guarded UPDATE: the row lock serialises concurrent writers and the WHERE
 * clause refuses any change that would take the balance below zero, or earnings below zero unless the
 * entry allows it (the CHECK constraints back up the balance and the paid value).
 */
async function moveWallet(
  tx: Db,
  businessId: string,
  {
    balanceDelta = '0',
    earningsDelta = '0',
    paidValueDelta = '0',
    heldDelta = '0',
    allowNegativeEarnings = false,
  }: Deltas,
) {
  const [wallet] = await tx
    .update(wallets)
    .set({
      balance: sql`${wallets.balance} + ${balanceDelta}::numeric`,
      earnings: sql`${wallets.earnings} + ${earningsDelta}::numeric`,
      paidValue: sql`greatest(0, ${wallets.paidValue} + ${paidValueDelta}::numeric)`,
      held: sql`${wallets.held} + ${heldDelta}::numeric`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(wallets.businessId, businessId),
        sql`${wallets.balance} + ${balanceDelta}::numeric >= 0`,
        sql`${wallets.held} + ${heldDelta}::numeric >= 0`,
        allowNegativeEarnings ? undefined : sql`${wallets.earnings} + ${earningsDelta}::numeric >= 0`,
      ),
    )
    .returning({ id: wallets.id, balance: wallets.balance, earnings: wallets.earnings, held: wallets.held });
  if (!wallet) {
    // Held credits are only ever taken back by what held them: short of them is a bug, never the user's.
    if (heldDelta.startsWith('-'))
      throw new Error('Ledger: a settlement or release exceeds the held credits');
    throw new InsufficientFundsError(
      earningsDelta.startsWith('-') ? 'Insufficient earnings balance' : 'Insufficient credits',
    );
  }
  return wallet;
}

/**
 * The paid value a debit of `credits` takes: its pro rata share of the money paid for the balance (all of it
 * when the debit empties the balance), rounded down to 4 places. Locks the wallet row until the caller's
 * transaction ends, so the debit that follows sees the same balance.
 */
async function consumedPaidValue(tx: Db, businessId: string, credits: Decimal): Promise<Decimal> {
  const [wallet] = await tx
    .select({ balance: wallets.balance, paidValue: wallets.paidValue })
    .from(wallets)
    .where(eq(wallets.businessId, businessId))
    .for('update');
  if (!wallet) return new Decimal(0);
  const balance = new Decimal(wallet.balance);
  const paid = new Decimal(wallet.paidValue);
  if (paid.isZero() || balance.lte(0)) return new Decimal(0);
  if (credits.gte(balance)) return paid;
  return paid.times(credits).div(balance).toDecimalPlaces(4, Decimal.ROUND_DOWN);
}

/**
 * Moves value and records why. Must run inside the caller's database transaction: the wallet change and
 * the transactions row carrying the same deltas commit together, so a wallet always equals the sum of its
 * rows' deltas. Throws InsufficientFundsError, changing nothing, when a debit would overdraw.
 */
export async function postLedgerEntry(
  tx: Db,
  entry: LedgerEntry,
): Promise<{ transaction: TransactionRow; balance: string; earnings: string; paidValueDelta: string }> {
  const { balanceDelta = '0', earningsDelta = '0', heldDelta = '0', allowNegativeEarnings, ...row } = entry;
  let paidValueDelta = entry.paidValueDelta;
  if (paidValueDelta === undefined) {
    const debit = new Decimal(balanceDelta);
    paidValueDelta = debit.isNegative()
      ? (await consumedPaidValue(tx, entry.businessId, debit.negated())).negated().toFixed(4)
      : '0';
  }
  delete (row as Deltas).paidValueDelta;
  const wallet = await moveWallet(tx, entry.businessId, {
    balanceDelta,
    earningsDelta,
    paidValueDelta,
    heldDelta,
    allowNegativeEarnings,
  });
  // The paid value a movement carried is recorded on its row: a refund gives back what its debit took.
  const metadata = new Decimal(paidValueDelta).isZero()
    ? row.metadata
    : { ...(row.metadata ?? {}), paidValue: new Decimal(paidValueDelta).abs().toFixed(4) };
  const [transaction] = await tx
    .insert(transactions)
    .values({
      ...row,
      metadata,
      walletId: wallet.id,
      balanceDelta,
      earningsDelta,
      heldDelta,
      reference: entry.reference ?? newReference(entry.kind),
    })
    .returning();
  return { transaction: transaction!, balance: wallet.balance, earnings: wallet.earnings, paidValueDelta };
}

/**
 * Settles an existing transaction (a payment confirmed by the provider): sets its status and deltas and
 * moves the wallet, together. The caller must hold the row's lock (SELECT ... FOR UPDATE) and have checked
 * that it is still pending, which is what makes a second settlement a no-op.
 */
export async function settleLedgerEntry(
  tx: Db,
  row: Pick<TransactionRow, 'id' | 'businessId'>,
  update: Deltas & { status: TransactionRow['status']; metadata?: Record<string, unknown> },
): Promise<{ transaction: TransactionRow; balance: string; earnings: string }> {
  const { balanceDelta = '0', earningsDelta = '0', paidValueDelta = '0', ...rest } = update;
  const wallet = await moveWallet(tx, row.businessId, { balanceDelta, earningsDelta, paidValueDelta });
  const [transaction] = await tx
    .update(transactions)
    .set({ ...rest, balanceDelta, earningsDelta, updatedAt: new Date() })
    .where(eq(transactions.id, row.id))
    .returning();
  return { transaction: transaction!, balance: wallet.balance, earnings: wallet.earnings };
}

// The rows that move no value (yet): a pending payment, its flags and provider reference, a withdrawal's
// progress. They are written here too, so that every statement on `transactions` is in this file.

/**
 * A pending payment: no value moves yet (both deltas stay 0 until settlement), so it is written directly
 * rather than through the ledger.
 */
export async function insertPendingTransaction(
  db: Db,
  row: Omit<typeof transactions.$inferInsert, 'status' | 'balanceDelta' | 'earningsDelta'>,
): Promise<TransactionRow> {
  const [inserted] = await db
    .insert(transactions)
    .values({ ...row, status: 'pending' })
    .returning();
  return inserted!;
}

/** A checkout the provider refused to open: the pending row is closed so it can never be settled. */
export async function failPendingTransaction(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(transactions)
    .set({ status: 'failed', description: reason, updatedAt: new Date() })
    .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')));
}

export async function flagTransaction(
  tx: Db,
  id: string,
  reason: string,
  status?: TransactionRow['status'],
): Promise<TransactionRow> {
  return updateTransaction(tx, id, { flagged: true, flagReason: reason, ...(status ? { status } : {}) });
}

export async function setProviderReference(tx: Db, id: string, providerReference: string): Promise<void> {
  await tx.update(transactions).set({ providerReference }).where(eq(transactions.id, id));
}

/**
 * Claims up to `limit` withdrawals that have been pending, without any change, for longer than
 * `olderThanMs`, oldest first, for the reconciliation job to ask the provider about. Claiming moves
 * `updated_at` forward in the same statement under SKIP LOCKED, so two workers never ask about the same
 * withdrawal, and one the provider still reports as in progress is asked about again only after another
 * `olderThanMs`. The verdict itself is applied under the row lock (`applyTransferOutcome`), which is what
 * makes a refund happen once whatever races it.
 */
export async function claimStaleWithdrawals(
  db: Db,
  olderThanMs: number,
  limit = 50,
): Promise<{ id: string; reference: string; providerReference: string | null }[]> {
  const rows = await queryRows<{ id: string; reference: string; provider_reference: string | null }>(
    db,
    sql`UPDATE transactions SET updated_at = now()
        WHERE id = ANY(ARRAY(
          SELECT id FROM transactions
          WHERE kind = 'withdrawal' AND status = 'pending'
            AND updated_at < now() - ${olderThanMs} * interval '1 millisecond'
          ORDER BY updated_at LIMIT ${limit}
          FOR UPDATE SKIP LOCKED))
        RETURNING id, reference, provider_reference`,
  );
  return rows.map((r) => ({ id: r.id, reference: r.reference, providerReference: r.provider_reference }));
}

export async function updateTransaction(
  tx: Db,
  id: string,
  patch: Partial<
    Pick<TransactionRow, 'status' | 'flagged' | 'flagReason' | 'providerReference' | 'metadata'>
  >,
): Promise<TransactionRow> {
  const [row] = await tx
    .update(transactions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(transactions.id, id))
    .returning();
  return row!;
}
