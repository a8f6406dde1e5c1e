import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { transactions } from '../../platform/db/schema/index.js';
import { failPendingTransaction, settleLedgerEntry } from '../wallet/index.js';

/**
 * The commissions held on campaigns that were waiting for their scheduled time (docs/decisions/payments.md
 * "When is a scheduled campaign's commission paid?"): pending `affiliate_commission` rows that moved no
 * earnings. Both functions run in the transaction that holds the campaign's row lock (the release or the
 * cancel), which is what makes a campaign's commission paid or voided, never both. Rows are locked in id
 * order, so concurrent releases of different campaigns of one referrer queue on its wallet, not deadlock.
 */
function heldOf(tx: Db, campaignIds: string[]) {
  return tx
    .select()
    .from(transactions)
    .where(
      and(
        inArray(transactions.campaignId, campaignIds),
        eq(transactions.kind, 'affiliate_commission'),
        eq(transactions.status, 'pending'),
      ),
    )
    .orderBy(asc(transactions.id))
    .for('update');
}

/**
 * The campaigns were sent out (they can no longer be cancelled): their held commissions are paid into the
 * referrers' earnings, each by settling its own row (one movement, one row). Returns how many were paid.
 */
export async function releaseHeldCommissions(tx: Db, campaignIds: string[]): Promise<number> {
  if (!campaignIds.length) return 0;
  const held = await heldOf(tx, campaignIds);
  for (const row of held) {
    await settleLedgerEntry(tx, row, {
      status: 'successful',
      earningsDelta: row.amount,
      metadata: { ...(row.metadata ?? {}), releasedAt: new Date().toISOString() },
    });
  }
  return held.length;
}

/** The campaign was cancelled before it went out: its held commission is voided (no earnings ever moved). */
export async function voidHeldCommissions(tx: Db, campaignId: string): Promise<number> {
  const held = await heldOf(tx, [campaignId]);
  for (const row of held)
    await failPendingTransaction(
      tx,
      row.id,
      'Referral commission voided: the campaign was cancelled before it was sent out',
    );
  return held.length;
}
