import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { newestFirstPage } from '../../platform/db/paging.js';
import { accounts, bankAccounts, businesses, transactions } from '../../platform/db/schema/index.js';
import type { PageQuery } from '../../platform/http/pagination.js';
import type { TransactionRow } from '../wallet/index.js';

export type BankAccountRow = typeof bankAccounts.$inferSelect;

/** Businesses whose `referredBy` is this affiliate, newest first. */
export async function listReferrals(db: Db, businessId: string, q: PageQuery) {
  const where = eq(businesses.referredBy, businessId);
  const [items, [total]] = await Promise.all([
    newestFirstPage(
      db
        .select({
          id: businesses.id,
          companyName: businesses.companyName,
          name: accounts.name,
          countryCode: businesses.countryCode,
          businessVerified: businesses.businessVerified,
          createdAt: businesses.createdAt,
        })
        .from(businesses)
        .innerJoin(accounts, eq(accounts.id, businesses.accountId))
        .where(where)
        .$dynamic(),
      businesses,
      q,
    ),
    db.select({ n: count() }).from(businesses).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

/**
 * Totals derived from the ledger rather than stored: earned = every commission's earnings delta less what
 * reversals took back;
 * withdrawn = what withdrawals took out less what their refunds put back (so a pending withdrawal counts,
 * a refunded one does not).
 */
export async function earningsTotals(
  db: Db,
  businessId: string,
): Promise<{ earned: string; withdrawn: string }> {
  const [row] = await queryRows<{ earned: string; withdrawn: string }>(
    db,
    sql`SELECT
          coalesce(sum(earnings_delta) FILTER (WHERE kind IN ('affiliate_commission', 'affiliate_commission_reversal')), 0)::text AS earned,
          coalesce(-sum(earnings_delta) FILTER (WHERE kind IN ('withdrawal', 'withdrawal_refund')), 0)::text AS withdrawn
        FROM transactions
        WHERE business_id = ${businessId}`,
  );
  return row!;
}

export async function listBankAccounts(db: Db, businessId: string): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.businessId, businessId))
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id));
}

export async function insertBankAccount(
  db: Db,
  row: { businessId: string; bankName: string; accountNumber: string; accountName: string; code: string },
): Promise<BankAccountRow> {
  const [inserted] = await db.insert(bankAccounts).values(row).returning();
  return inserted!;
}

export async function findBankAccount(
  db: Db,
  businessId: string,
  id: string,
): Promise<BankAccountRow | null> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.id, id)));
  return row ?? null;
}

/** Stores the provider's recipient code once; a concurrent first withdrawal keeps whichever came first. */
export async function saveRecipientCode(
  db: Db,
  businessId: string,
  id: string,
  recipientCode: string,
): Promise<string> {
  await db
    .update(bankAccounts)
    .set({ recipientCode })
    .where(
      and(
        eq(bankAccounts.businessId, businessId),
        eq(bankAccounts.id, id),
        isNull(bankAccounts.recipientCode),
      ),
    );
  const row = await findBankAccount(db, businessId, id);
  return row?.recipientCode ?? recipientCode;
}

/** Locks a withdrawal by its transfer reference, for applying the provider's verdict exactly once. */
export async function lockWithdrawal(tx: Db, reference: string): Promise<TransactionRow | null> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.reference, reference), eq(transactions.kind, 'withdrawal')))
    .for('update');
  return row ?? null;
}
