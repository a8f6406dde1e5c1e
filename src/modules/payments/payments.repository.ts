import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newestFirstPage } from '../../platform/db/paging.js';
import { businesses, plans, transactions } from '../../platform/db/schema/index.js';
import type { PageQuery } from '../../platform/http/pagination.js';
import type { TransactionRow } from '../wallet/index.js';

export type PlanRow = typeof plans.$inferSelect;
export type TransactionKind = TransactionRow['kind'];

/** The kinds a checkout creates: the only ones a `charge.success` or a verify call may settle. */
export const PAYMENT_KINDS = ['credit_purchase', 'plan_purchase'] as const satisfies TransactionKind[];

export async function findPaymentByReference(
  db: Db,
  businessId: string,
  reference: string,
): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.businessId, businessId),
        eq(transactions.reference, reference),
        inArray(transactions.kind, PAYMENT_KINDS),
      ),
    );
  return row ?? null;
}

/**
 * Locks a payment row for settlement (SELECT ... FOR UPDATE): every settler of one reference queues here,
 * and each sees the status the previous one committed. `businessId` narrows it for a tenant's verify call;
 * the webhook, which is not a tenant, matches on the reference alone.
 */
export async function lockPaymentByReference(
  tx: Db,
  reference: string,
  businessId?: string,
): Promise<TransactionRow | null> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.reference, reference),
        inArray(transactions.kind, PAYMENT_KINDS),
        businessId ? eq(transactions.businessId, businessId) : undefined,
      ),
    )
    .for('update');
  return row ?? null;
}

export async function listTransactions(
  db: Db,
  businessId: string,
  q: PageQuery,
  kinds?: readonly TransactionKind[],
): Promise<{ items: TransactionRow[]; total: number }> {
  const where = and(
    eq(transactions.businessId, businessId),
    kinds ? inArray(transactions.kind, [...kinds]) : undefined,
  );
  const [items, [total]] = await Promise.all([
    newestFirstPage(db.select().from(transactions).where(where).$dynamic(), transactions, q),
    db.select({ n: count() }).from(transactions).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

/**
 * Every business's transactions for an administrator, newest first, narrowed by the given filters
 * (`flagged` is how flagged payments and withdrawals are found for review), with the business's name.
 */
export async function listTransactionsForReview(
  db: Db,
  q: PageQuery & {
    flagged?: boolean;
    kind?: TransactionKind;
    status?: TransactionRow['status'];
    businessId?: string;
    from?: string;
    to?: string;
  },
): Promise<{ items: (TransactionRow & { companyName: string | null })[]; total: number }> {
  const where = and(
    q.flagged === undefined ? undefined : eq(transactions.flagged, q.flagged),
    q.kind ? eq(transactions.kind, q.kind) : undefined,
    q.status ? eq(transactions.status, q.status) : undefined,
    q.businessId ? eq(transactions.businessId, q.businessId) : undefined,
    q.from ? gte(transactions.createdAt, new Date(q.from)) : undefined,
    q.to ? lt(transactions.createdAt, new Date(q.to)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    newestFirstPage(
      db
        .select({ transaction: transactions, companyName: businesses.companyName })
        .from(transactions)
        .innerJoin(businesses, eq(businesses.id, transactions.businessId))
        .where(where)
        .$dynamic(),
      transactions,
      q,
    ),
    db.select({ n: count() }).from(transactions).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r.transaction, companyName: r.companyName })),
    total: Number(total?.n ?? 0),
  };
}

export async function findActivePlan(db: Db, planId: string): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.isActive, true)));
  return row ?? null;
}
