import { Decimal } from 'decimal.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { transactions } from '../../platform/db/schema/index.js';
import { postLedgerEntry } from '../wallet/index.js';

/**
 * Takes back the share of a sent campaign's commission whose messages failed and were refunded
 * (`share` of what the publish billed), with the cancel's rules: rounded down to the kobo, earnings may go
 * below zero. A campaign is refunded in several batches, so each reversal names its commission in its
 * metadata rather than as its related transaction (that link is unique per commission: the cancel's full
 * reversal), and together they never take back more than the commission paid. The caller holds the
 * campaign's row lock, which orders the batches. Returns the amount taken back, or null.
 */
export async function reverseCommissionShare(
  tx: Db,
  args: { campaignId: string; refundId: string; share: Decimal },
): Promise<string | null> {
  if (args.share.lte(0)) return null;
  const [commission] = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.campaignId, args.campaignId),
        eq(transactions.kind, 'affiliate_commission'),
        eq(transactions.status, 'successful'),
        sql`${transactions.earningsDelta} > 0`,
      ),
    )
    .orderBy(asc(transactions.createdAt))
    .limit(1)
    .for('update');
  if (!commission) return null;
  const [taken] = await queryRows<{ sum: string }>(
    tx,
    sql`SELECT coalesce(sum(-earnings_delta), 0)::text AS sum FROM transactions
        WHERE campaign_id = ${args.campaignId} AND kind = 'affiliate_commission_reversal'
          AND business_id = ${commission.businessId}`,
  );
  const paid = new Decimal(commission.earningsDelta);
  const left = paid.minus(taken?.sum ?? '0');
  const amount = Decimal.min(
    paid.times(Decimal.min(args.share, 1)).toDecimalPlaces(2, Decimal.ROUND_DOWN),
    left,
  );
  if (amount.lte(0)) return null;
  await postLedgerEntry(tx, {
    businessId: commission.businessId,
    kind: 'affiliate_commission_reversal',
    status: 'successful',
    amount: amount.toFixed(2),
    currency: 'NGN',
    earningsDelta: amount.negated().toFixed(2),
    allowNegativeEarnings: true,
    campaignId: args.campaignId,
    description: 'Referral commission taken back: messages of the campaign failed and were refunded',
    metadata: {
      commissionTransactionId: commission.id,
      refundTransactionId: args.refundId,
      share: args.share.toString(),
    },
  });
  return amount.toFixed(2);
}
