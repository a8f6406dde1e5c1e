import { Decimal } from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../platform/db/client.js';
import { plans } from '../../platform/db/schema/index.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { activatePlan, type UserPlanRow } from '../plans/index.js';
import {
  flagTransaction,
  setProviderReference,
  settleLedgerEntry,
  type TransactionRow,
} from '../wallet/index.js';
import { alertAdminsOfFlag } from './flag-alert.js';
import { lockPaymentByReference } from './payments.repository.js';

const DAY_MS = 86_400_000;

/** What the provider says was paid: from its verify answer, or from a signed `charge.success` event. */
export interface PaidCharge {
  reference: string;
  amountMinor: number;
  currency: string;
  providerId: string | null;
  paidAt: string | null;
  via: 'verify' | 'webhook';
}

export type Settlement =
  | { outcome: 'settled'; transaction: TransactionRow; userPlan: UserPlanRow | null }
  | { outcome: 'already_processed'; transaction: TransactionRow }
  | { outcome: 'mismatch'; transaction: TransactionRow; reason: string }
  | { outcome: 'not_found' };

/** Snapshot of the plan taken when its checkout was opened: what the business paid for. */
export interface PlanPurchaseMetadata {
  purpose: 'plan_purchase';
  planId: string;
  planName: string;
  duration: number;
  freeCredit: number;
}

/**
 * The one way a payment is settled, shared by `POST /payments/verify` and the `charge.success` webhook.
 * In one database transaction: lock the row, check it is still pending, compare what was paid with what
 * was asked, then credit the wallet or assign the plan and mark it successful. However many deliveries
 * and verify calls race, the row lock lets exactly one see `pending`; the others change nothing.
 */
export async function settlePayment(
  deps: Pick<AppDeps, 'db' | 'notifier' | 'logger'>,
  charge: PaidCharge,
  businessId?: string,
): Promise<Settlement> {
  const result = await deps.db.transaction(async (tx): Promise<Settlement> => {
    const row = await lockPaymentByReference(tx, charge.reference, businessId);
    if (!row) return { outcome: 'not_found' };
    if (row.status !== 'pending') return { outcome: 'already_processed', transaction: row };

    const problem = mismatchOf(row, charge);
    if (problem) {
      // Never credit a payment that is not what was asked for; the administrators are told and review it.
      const flagged = await flagTransaction(tx, row.id, problem, 'failed');
      return { outcome: 'mismatch', transaction: flagged, reason: problem };
    }

    const metadata = {
      ...(row.metadata ?? {}),
      settledVia: charge.via,
      paidAt: charge.paidAt,
      providerTransactionId: charge.providerId,
    };
    let userPlan: UserPlanRow | null = null;
    if (row.kind === 'plan_purchase') userPlan = await assignPlan(tx, row);
    const { transaction } = await settleLedgerEntry(tx, row, {
      status: 'successful',
      // A plan purchase moves no credits: its value is the UserPlan's own balance.
      balanceDelta: row.kind === 'credit_purchase' ? (row.credits ?? '0') : '0',
      // The money paid for those credits (NGN), what a referrer's commission on their use is worth.
      paidValueDelta: row.kind === 'credit_purchase' ? row.amount : '0',
      metadata,
    });
    if (charge.providerId) await setProviderReference(tx, row.id, charge.providerId);
    await recordAudit(tx, {
      businessId: row.businessId,
      actor: startedByOf(row),
      action: 'wallet.purchase_completed',
      target: { type: 'transaction', id: row.id },
      details: {
        kind: row.kind,
        reference: row.reference,
        amount: row.amount,
        currency: row.currency,
        credits: row.credits,
        planId: row.planId,
        via: charge.via,
      },
    });
    return {
      outcome: 'settled',
      transaction: { ...transaction, providerReference: charge.providerId },
      userPlan,
    };
  });

  if (result.outcome === 'settled') await notifyPaid(deps, result.transaction);
  if (result.outcome === 'mismatch') await alertAdminsOfFlag(deps, result.transaction);
  return result;
}

/**
 * The member who opened the checkout (kept in its metadata): a purchase is theirs whether the provider's
 * webhook or a verify call settles it. Null for a checkout opened before that was kept.
 */
function startedByOf(row: TransactionRow): AuditActor {
  const by = (row.metadata as { startedBy?: { accountId?: unknown; email?: unknown } } | null)?.startedBy;
  return typeof by?.accountId === 'string' && typeof by.email === 'string'
    ? { accountId: by.accountId, email: by.email }
    : null;
}

function mismatchOf(row: TransactionRow, charge: PaidCharge): string | null {
  if (charge.currency !== row.currency)
    return `Currency mismatch: paid ${charge.currency || 'none'}, expected ${row.currency}`;
  if (!Number.isInteger(charge.amountMinor) || charge.amountMinor !== row.providerAmount)
    return `Amount mismatch: paid ${String(charge.amountMinor)} kobo, expected ${row.providerAmount} kobo`;
  return null;
}

/** `balance = freeCredit`, `expiredDate = now + duration days`; a new plan replaces the current one. */
async function assignPlan(tx: Db, row: TransactionRow): Promise<UserPlanRow> {
  const snapshot = row.metadata as Partial<PlanPurchaseMetadata> | null;
  let duration = snapshot?.duration;
  let freeCredit = snapshot?.freeCredit;
  if (duration === undefined || freeCredit === undefined) {
    const [plan] = await tx.select().from(plans).where(eq(plans.id, row.planId!));
    duration ??= plan!.duration;
    freeCredit ??= plan!.freeCredit;
  }
  return activatePlan(tx, {
    businessId: row.businessId,
    planId: row.planId!,
    freeCredit,
    expiredDate: new Date(Date.now() + duration * DAY_MS),
    transactionId: row.id,
  });
}

async function notifyPaid(deps: Pick<AppDeps, 'db' | 'notifier' | 'logger'>, row: TransactionRow) {
  const amount = `${row.currency} ${new Decimal(row.amount).toFixed(2)}`;
  const meta = row.metadata as Partial<PlanPurchaseMetadata> | null;
  const message =
    row.kind === 'plan_purchase'
      ? `Your payment of ${amount} for the plan "${meta?.planName ?? 'plan'}" was successful. The plan is active.`
      : `Your payment of ${amount} was successful: ${new Decimal(row.credits ?? 0).toString()} credits were added to your wallet.`;
  try {
    await deps.notifier.toBusiness(row.businessId, {
      type: 'payment.succeeded',
      title: 'Payment successful',
      message,
    });
  } catch (err) {
    // The payment stands; a lost notification is logged, never a reason to undo it.
    deps.logger.warn({ err, reference: row.reference }, 'payment notification not saved');
  }
}
