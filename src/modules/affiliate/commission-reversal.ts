import { Decimal } from 'decimal.js';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { transactions } from '../../platform/db/schema/index.js';
import { postLedgerEntry } from '../wallet/index.js';

/**
 * Takes back from the referrer the share of a campaign's commission whose money was returned to the referred
 * business (`share` of its payment, 0 to 1): an `affiliate_commission_reversal` row pointing at the commission,
 * rounded down to the kobo. Earnings may go below zero (already withdrawn): later commissions pay it back and
 * no withdrawal is possible meanwhile. A commission is reversed once: the unique index on reversals makes a
 * second refund racing this one fail rather than take it back twice. Returns the amount taken back.
 */
export async function reverseCampaignCommission(
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
        gt(transactions.earningsDelta, '0'),
        sql`NOT EXISTS (SELECT 1 FROM transactions r WHERE r.related_transaction_id = ${transactions.id}
                        AND r.kind = 'affiliate_commission_reversal')`,
      ),
    )
    .orderBy(desc(transactions.createdAt))
    .limit(1)
    .for('update');
  if (!commission) return null;
  const amount = new Decimal(commission.earningsDelta)
    .times(Decimal.min(args.share, 1))
    .toDecimalPlaces(2, Decimal.ROUND_DOWN);
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
    relatedTransactionId: commission.id,
    description: 'Referral commission taken back: the campaign was refunded',
    metadata: { refundTransactionId: args.refundId, share: args.share.toString() },
  });
  return amount.toFixed(2);
}
