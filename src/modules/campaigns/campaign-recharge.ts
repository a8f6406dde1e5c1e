import { Decimal } from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { campaigns, transactions } from '../../platform/db/schema/index.js';
import { AppError } from '../../platform/http/errors.js';
import { markRecharged, type RefundedDelivery } from '../messages/index.js';
import { takePlanBalance } from '../plans/index.js';
import { priceIn } from '../pricing/index.js';
import { postLedgerEntry } from '../wallet/index.js';

/**
 * Charges again the campaign messages a delivery report moved out of `failed` after their charge was refunded
 * (docs/decisions/payments.md "A message refunded, then reported delivered?"), inside the receipts'
 * transaction, which holds their row locks: one `campaign_recharge` entry per refund they came back from, for
 * what that refund gave back (the campaign's rate per message), each message marked with it. A concurrent
 * duplicate report finds them delivered and charges nothing. Paid as the refund was: credits from the wallet,
 * plan units from the plan purchase they went back to while it is still the business's plan (a plan replaced
 * since took those units with it: a zero entry records that). No commission: the refund took the referrer's
 * share back once, as a retry's charge pays none. Each entry runs in a savepoint: funds short leave those
 * messages delivered with their refund, and the report is still applied. Returns how many were not charged.
 */
export async function rechargeDeliveredMessages(
  tx: Db,
  messages: RefundedDelivery[],
): Promise<{ unpaid: number }> {
  const byRefund = new Map<string, RefundedDelivery[]>();
  for (const m of messages) byRefund.set(m.refundId, [...(byRefund.get(m.refundId) ?? []), m]);
  let unpaid = 0;
  for (const [refundId, group] of byRefund) {
    try {
      await tx.transaction((savepoint) => rechargeGroup(savepoint, refundId, group));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      unpaid += group.length;
    }
  }
  return { unpaid };
}

async function rechargeGroup(tx: Db, refundId: string, group: RefundedDelivery[]): Promise<void> {
  const { businessId, campaignId } = group[0]!;
  const [refund] = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.id, refundId),
        eq(transactions.businessId, businessId),
        eq(transactions.campaignId, campaignId),
        inArray(transactions.kind, ['campaign_refund', 'campaign_release']),
      ),
    );
  const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!refund || !campaign?.rate) return;
  const meta = (refund.metadata ?? {}) as Record<string, unknown>;
  // Given back because the Cloud API did not bill them: Meta charges nothing for them, delivered or not.
  if (meta.reason === 'not_billed') return;
  const n = group.length;
  const rate = typeof meta.rate === 'string' ? meta.rate : campaign.rate;
  // A release (charge on delivery) gave back each message's price on the card: that is what is charged.
  const prices = refund.kind === 'campaign_release' ? campaign.prices : null;
  const credits = prices
    ? group.reduce((sum, m) => sum.plus(priceIn(prices, m.country)), new Decimal(0))
    : new Decimal(rate).times(n);
  const description = `Campaign "${campaign.name}": ${n} refunded message${n === 1 ? '' : 's'} reported delivered, charged again`;
  const metadata = { messages: n, rate, refundId };
  let rechargeId: string;
  if (refund.currency === 'CREDIT') {
    const { transaction } = await postLedgerEntry(tx, {
      businessId,
      kind: 'campaign_recharge',
      status: 'successful',
      amount: credits.toFixed(4),
      currency: 'CREDIT',
      credits: credits.toFixed(4),
      balanceDelta: credits.negated().toFixed(4),
      campaignId,
      description,
      metadata,
    });
    rechargeId = transaction.id;
  } else {
    // The units went back to the purchase the publish was paid from, unless that plan had been replaced.
    const purchaseId = await planPurchaseOf(tx, meta);
    const given = !meta.planReplaced && new Decimal(refund.credits ?? refund.amount).gt(0);
    const balanceAfter =
      given && purchaseId ? await takePlanBalance(tx, businessId, purchaseId, credits.toFixed(4)) : null;
    const { transaction } = await postLedgerEntry(tx, {
      businessId,
      kind: 'campaign_recharge',
      status: 'successful',
      amount: balanceAfter !== null ? credits.toFixed(4) : '0',
      currency: 'PLAN_CREDIT',
      credits: balanceAfter !== null ? credits.toFixed(4) : '0',
      campaignId,
      planId: refund.planId,
      description:
        balanceAfter !== null ? description : `${description}: plan replaced since, nothing to take`,
      metadata: {
        ...metadata,
        ...(balanceAfter !== null ? { planBalanceAfter: balanceAfter } : { planReplaced: true }),
      },
    });
    rechargeId = transaction.id;
  }
  await markRecharged(
    tx,
    group.map((m) => m.id),
    rechargeId,
  );
}

/** The plan purchase behind the publish's debit that a failure refund answers (its metadata names it). */
async function planPurchaseOf(tx: Db, refundMeta: Record<string, unknown>): Promise<string | null> {
  const debitId = typeof refundMeta.debitTransactionId === 'string' ? refundMeta.debitTransactionId : null;
  if (!debitId) return null;
  const [debit] = await tx.select().from(transactions).where(eq(transactions.id, debitId));
  const purchaseId = (debit?.metadata as Record<string, unknown> | null)?.planPurchaseId;
  return typeof purchaseId === 'string' ? purchaseId : null;
}
