import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { transactions, wallets } from '../../platform/db/schema/index.js';
import { BusinessRuleError } from '../../platform/http/errors.js';

export type TransactionRow = typeof transactions.$inferSelect;
type NewTransaction = typeof transactions.$inferInsert;

export interface Deltas {
  /** Change to spendable credits (negative = debit). Decimal string. */
  balanceDelta?: string;
  /** Change to affiliate earnings in NGN (negative = withdrawal). Decimal string. */
  earningsDelta?: string;
}

export interface LedgerEntry
  extends Omit<
      NewTransaction,
      'id' | 'walletId' | 'balanceDelta' | 'earningsDelta' | 'reference' | 'createdAt' | 'updatedAt'
    >,
    Deltas {
  reference?: string;
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
 * clause refuses any change that would take a balance below zero (the CHECK constraints back it up).
 */
async function moveWallet(tx: Db, businessId: string, { balanceDelta = '0', earningsDelta = '0' }: Deltas) {
  const [wallet] = await tx
    .update(wallets)
    .set({
      balance: sql`${wallets.balance} + ${balanceDelta}::numeric`,
      earnings: sql`${wallets.earnings} + ${earningsDelta}::numeric`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(wallets.businessId, businessId),
        sql`${wallets.balance} + ${balanceDelta}::numeric >= 0`,
        sql`${wallets.earnings} + ${earningsDelta}::numeric >= 0`,
      ),
    )
    .returning({ id: wallets.id, balance: wallets.balance, earnings: wallets.earnings });
  if (!wallet) {
    throw new InsufficientFundsError(
      earningsDelta.startsWith('-') ? 'Insufficient earnings balance' : 'Insufficient credits',
    );
  }
  return wallet;
}

/**
 * Moves value and records why. Must run inside the caller's database transaction: the wallet change and
 * the transactions row carrying the same deltas commit together, so a wallet always equals the sum of its
 * rows' deltas. Throws InsufficientFundsError, changing nothing, when a debit would overdraw.
 */
export async function postLedgerEntry(
  tx: Db,
  entry: LedgerEntry,
): Promise<{ transaction: TransactionRow; balance: string; earnings: string }> {
  const { balanceDelta = '0', earningsDelta = '0' } = entry;
  const wallet = await moveWallet(tx, entry.businessId, { balanceDelta, earningsDelta });
  const [transaction] = await tx
    .insert(transactions)
    .values({
      ...entry,
      walletId: wallet.id,
      balanceDelta,
      earningsDelta,
      reference: entry.reference ?? newReference(entry.kind),
    })
    .returning();
  return { transaction: transaction!, balance: wallet.balance, earnings: wallet.earnings };
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
  const { balanceDelta = '0', earningsDelta = '0', ...rest } = update;
  const wallet = await moveWallet(tx, row.businessId, { balanceDelta, earningsDelta });
  const [transaction] = await tx
    .update(transactions)
    .set({ ...rest, balanceDelta, earningsDelta, updatedAt: new Date() })
    .where(eq(transactions.id, row.id))
    .returning();
  return { transaction: transaction!, balance: wallet.balance, earnings: wallet.earnings };
}
