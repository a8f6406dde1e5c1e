import { Decimal } from 'decimal.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../platform/db/client.js';
import { campaigns, transactions } from '../../platform/db/schema/index.js';
import { reverseCommissionShare } from '../affiliate/index.js';
import {
  campaignsWithRefundDue,
  campaignsWithUnbilledDue,
  type DueMessage,
  lockRefundDue,
  lockUnbilledDue,
  markRefunded,
} from '../messages/index.js';
import { restorePlanBalance } from '../plans/index.js';
import { priceIn } from '../pricing/index.js';
import { getAppSettings } from '../settings/index.js';
import { postLedgerEntry } from '../wallet/index.js';

export interface FailureRefund {
  refundId: string;
  messages: number;
  credits: string;
}

/**
 * Gives back what the campaign's messages that failed for good were charged (docs/decisions/payments.md
 * "How are failed messages refunded?"): one `campaign_refund` entry for the batch of failures that became
 * final since the last one, each message marked with it in the same transaction, so none is refunded twice.
 * The campaign's row lock orders concurrent calls (the dispatcher's sweep, a retry): the second finds nothing
 * left. Credits go back to the wallet with their share of the money paid (of the publish's charge, or of the
 * latest retry's for messages a retry charged again); plan units to the plan purchase they came from while it
 * is still the business's plan. The referrer's commission, paid on the publish's charge only, is taken back
 * pro rata for the messages that charge paid: a retried message that fails again takes none back twice.
 * Returns null when nothing was due.
 */
export function refundFailedMessages(tx: Db, campaignId: string): Promise<FailureRefund | null> {
  return refundMessages(tx, campaignId, 'failed_messages');
}

/**
 * Gives back what the campaign's messages the Cloud API did not bill (`pricing.billable: false`) were charged,
 * when the administrator's setting says so (`refundUnbilledMessages`, read by the caller): the same entry as a
 * failure refund (`campaign_refund`, one per batch, each message marked with it, so none is given back twice,
 * whether as unbilled or as failed), with `metadata.reason: "not_billed"`. Returns null when nothing was due.
 */
export function refundUnbilledMessages(tx: Db, campaignId: string): Promise<FailureRefund | null> {
  return refundMessages(tx, campaignId, 'not_billed');
}

/** Why a batch of messages is given back: `metadata.reason` of its `campaign_refund` entry. */
type RefundReason = 'failed_messages' | 'not_billed';

async function refundMessages(
  tx: Db,
  campaignId: string,
  reason: RefundReason,
): Promise<FailureRefund | null> {
  const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
  if (!campaign?.rate || !campaign.isPublished) return null;
  const due =
    reason === 'not_billed'
      ? await lockUnbilledDue(tx, campaign.businessId, campaign.id)
      : await lockRefundDue(tx, campaign.businessId, campaign.id);
  if (!due.length) return null;
  const ids = due.map((d) => d.id);
  if (campaign.chargeOnDelivery) return releaseHeld(tx, campaign, due, reason);
  const debits = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.businessId, campaign.businessId),
        eq(transactions.campaignId, campaign.id),
        inArray(transactions.kind, ['campaign_credit_debit', 'campaign_plan_debit']),
        eq(transactions.status, 'successful'),
      ),
    )
    .orderBy(asc(transactions.createdAt));
  // The publish's charge paid for the messages never retried; a retry's charge (the latest) for the others.
  const debit = debits[0];
  // The latest retry's charge (an opt-in's charge is no retry's); rows older than the flag: the latest.
  const retryDebit = debits.findLast((d) => metaOf(d).retry === true) ?? debits.at(-1);
  if (!debit || !retryDebit) return null;
  const retried = due.filter((d) => d.retried).length;
  // Each charge at its own rate: a retry after the template changed category was charged at another one.
  const firstRate = rateOf(debit, campaign.rate);
  const retryRate = rateOf(retryDebit, campaign.rate);
  // Credits by the card: each message gives back its country's price on the card kept at publish.
  const prices = debit.kind === 'campaign_credit_debit' ? campaign.prices : null;
  const firstCredits = prices
    ? due.filter((d) => !d.retried).reduce((sum, d) => sum.plus(priceIn(prices, d.country)), new Decimal(0))
    : new Decimal(firstRate).times(ids.length - retried);
  // A retry by the card charged each country its line's price; the refund gives back that line's.
  const retryLines = prices ? linesOf(retryDebit) : null;
  const retryCredits = retryLines
    ? due
        .filter((d) => d.retried)
        .reduce(
          (sum, d) => sum.plus(retryLines.get(d.country ?? '') ?? priceIn(prices!, d.country)),
          new Decimal(0),
        )
    : new Decimal(retryRate).times(retried);
  const credits = firstCredits.plus(retryCredits);
  const firstShare = shareOf(debit, firstCredits);
  const retryShare = shareOf(retryDebit, retryCredits);
  // What the refund gives back of the money paid, in proportion to each charge it answers.
  const paidBack = paidOf(debit).times(firstShare).plus(paidOf(retryDebit).times(retryShare));
  // Only the publish's charge paid the referrer a commission: a share of it comes back for those messages only.
  const share = firstShare;
  const meta = (debit.metadata ?? {}) as Record<string, unknown>;
  const n = ids.length;
  const plural = n === 1 ? '' : 's';
  const description =
    reason === 'not_billed'
      ? `Campaign "${campaign.name}": ${n} message${plural} WhatsApp did not bill refunded`
      : `Campaign "${campaign.name}": ${n} failed message${plural} refunded`;
  // What every refund entry of this batch records: which charges it answers, for how many messages.
  const refundOf = {
    messages: n,
    rate: firstRate,
    ...(retried && retryRate !== firstRate ? { retryRate } : {}),
    debitTransactionId: debit.id,
    ...(retried ? { retryDebitTransactionId: retryDebit.id, retriedMessages: retried } : {}),
    reason,
  };
  let refundId: string;
  if (debit.kind === 'campaign_credit_debit') {
    const { transaction } = await postLedgerEntry(tx, {
      businessId: campaign.businessId,
      kind: 'campaign_refund',
      status: 'successful',
      amount: credits.toFixed(4),
      currency: 'CREDIT',
      credits: credits.toFixed(4),
      balanceDelta: credits.toFixed(4),
      paidValueDelta: paidBack.toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4),
      campaignId: campaign.id,
      description,
      metadata: refundOf,
    });
    refundId = transaction.id;
  } else {
    const purchaseId = typeof meta.planPurchaseId === 'string' ? meta.planPurchaseId : null;
    const balanceAfter = purchaseId
      ? await restorePlanBalance(tx, campaign.businessId, purchaseId, credits.toFixed(4))
      : null;
    const { transaction } = await postLedgerEntry(tx, {
      businessId: campaign.businessId,
      kind: 'campaign_refund',
      status: 'successful',
      amount: balanceAfter !== null ? credits.toFixed(4) : '0',
      currency: 'PLAN_CREDIT',
      credits: balanceAfter !== null ? credits.toFixed(4) : '0',
      campaignId: campaign.id,
      planId: debit.planId,
      description:
        balanceAfter !== null ? description : `${description}: plan replaced since, nothing to give back`,
      metadata: {
        ...refundOf,
        ...(balanceAfter !== null ? { planBalanceAfter: balanceAfter } : { planReplaced: true }),
      },
    });
    refundId = transaction.id;
    if (balanceAfter === null) {
      await markRefunded(tx, ids, refundId);
      return { refundId, messages: n, credits: '0' };
    }
  }
  await markRefunded(tx, ids, refundId);
  await reverseCommissionShare(tx, { campaignId: campaign.id, refundId, share });
  return { refundId, messages: n, credits: credits.toFixed(4) };
}

/**
 * The dispatcher's sweep: refunds every campaign with final failures not yet refunded, each on its own, then
 * (when the administrator's setting allows) those with messages the Cloud API did not bill.
 */
export async function refundDueCampaigns(deps: Pick<AppDeps, 'db' | 'logger'>): Promise<number> {
  let refunded = 0;
  const sweep = async (ids: string[], reason: RefundReason) => {
    for (const id of ids) {
      try {
        if (await deps.db.transaction((tx) => refundMessages(tx, id, reason))) refunded++;
      } catch (err) {
        deps.logger.warn(
          { err, campaignId: id, reason },
          'refund of messages failed; tried again next round',
        );
      }
    }
  };
  await sweep(await campaignsWithRefundDue(deps.db), 'failed_messages');
  const unbilled = await campaignsWithUnbilledDue(deps.db);
  if (unbilled.length && (await getAppSettings(deps.db)).refundUnbilledMessages)
    await sweep(unbilled, 'not_billed');
  return refunded;
}

/**
 * A campaign charged on delivery (docs/decisions/payments.md "What does charge on delivery do?"): the due
 * messages still held are released (`campaign_release`: their prices from held back to the balance), those
 * already settled (a delivered message the Cloud API did not bill) refunded (`campaign_refund`), each at its
 * country's price on the card kept at publish; each message marked with its entry, as a refund marks them.
 * What the referrer earned on the publish's hold is taken back in proportion, as for a refund.
 */
async function releaseHeld(
  tx: Db,
  campaign: typeof campaigns.$inferSelect,
  due: DueMessage[],
  reason: RefundReason,
): Promise<FailureRefund | null> {
  const [hold] = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.businessId, campaign.businessId),
        eq(transactions.campaignId, campaign.id),
        eq(transactions.kind, 'campaign_hold'),
      ),
    )
    .orderBy(asc(transactions.createdAt))
    .limit(1);
  const prices = campaign.prices;
  if (!hold || !prices) return null;
  let first: FailureRefund | null = null;
  let total = new Decimal(0);
  for (const settled of [false, true]) {
    const group = due.filter((d) => d.settled === settled);
    if (!group.length) continue;
    const credits = group.reduce((sum, d) => sum.plus(priceIn(prices, d.country)), new Decimal(0));
    const firstCredits = group
      .filter((d) => !d.retried)
      .reduce((sum, d) => sum.plus(priceIn(prices, d.country)), new Decimal(0));
    const n = group.length;
    const plural = n === 1 ? '' : 's';
    const what =
      reason === 'not_billed' ? `message${plural} WhatsApp did not bill` : `failed message${plural}`;
    const { transaction } = await postLedgerEntry(tx, {
      businessId: campaign.businessId,
      kind: settled ? 'campaign_refund' : 'campaign_release',
      status: 'successful',
      amount: credits.toFixed(4),
      currency: 'CREDIT',
      credits: credits.toFixed(4),
      balanceDelta: credits.toFixed(4),
      ...(settled ? {} : { heldDelta: credits.negated().toFixed(4) }),
      paidValueDelta: paidOf(hold)
        .times(shareOf(hold, credits))
        .toDecimalPlaces(4, Decimal.ROUND_DOWN)
        .toFixed(4),
      campaignId: campaign.id,
      description: `Campaign "${campaign.name}": ${n} ${what} ${settled ? 'refunded' : 'released'}`,
      metadata: { messages: n, holdTransactionId: hold.id, reason },
    });
    await markRefunded(
      tx,
      group.map((d) => d.id),
      transaction.id,
    );
    await reverseCommissionShare(tx, {
      campaignId: campaign.id,
      refundId: transaction.id,
      share: shareOf(hold, firstCredits),
    });
    total = total.plus(credits);
    first ??= { refundId: transaction.id, messages: 0, credits: '0' };
  }
  return first && { ...first, messages: due.length, credits: total.toFixed(4) };
}

type Debit = typeof transactions.$inferSelect;

const metaOf = (debit: Debit) => (debit.metadata ?? {}) as Record<string, unknown>;

/** A charge's price per country (`metadata.byCountry`), or null when it was not charged by the card. */
function linesOf(debit: Debit): Map<string, string> | null {
  const lines = metaOf(debit).byCountry as { country: string | null; price: string }[] | undefined;
  return lines ? new Map(lines.map((l) => [l.country ?? '', l.price])) : null;
}

/** The part of `debit` that `credits` of it were: between 0 and 1. */
function shareOf(debit: Debit, credits: Decimal): Decimal {
  const charged = new Decimal(debit.credits ?? debit.amount);
  if (charged.isZero() || credits.isZero()) return new Decimal(0);
  return Decimal.min(credits.div(charged), 1);
}

/** The rate `debit` charged per message (its metadata's), the campaign's when it does not say. */
function rateOf(debit: Debit, fallback: string): string {
  const rate = (debit.metadata as Record<string, unknown> | null)?.rate;
  return typeof rate === 'string' ? rate : fallback;
}

/** The money paid that `debit` took from the wallet. */
function paidOf(debit: Debit): Decimal {
  const paid = (debit.metadata as Record<string, unknown> | null)?.paidValue;
  return new Decimal(typeof paid === 'string' ? paid : 0);
}
