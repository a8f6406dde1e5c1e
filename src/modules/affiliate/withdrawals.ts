import { Decimal } from 'decimal.js';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../platform/db/client.js';
import { BusinessRuleError, NotFoundError, UpstreamError } from '../../platform/http/errors.js';
import { PaymentProviderError } from '../../providers/payment/payment.port.js';
import { alertAdminsOfFlag, MAX_AMOUNT_MINOR, PAYMENT_CURRENCY } from '../payments/index.js';
import { findWallet, postLedgerEntry, type TransactionRow, updateTransaction } from '../wallet/index.js';
import { findBankAccount, lockWithdrawal, saveRecipientCode } from './affiliate.repository.js';
import { providerError } from './provider-error.js';

/** The provider's verdict on a transfer, from its webhook or from the transfer call's own answer. */
export type TransferOutcome = 'successful' | 'failed' | 'reversed';

export type TransferResult =
  | 'completed' // pending -> successful
  | 'refunded' // pending or successful -> failed / reversed, earnings given back
  | 'unchanged' // already in that state, or already refunded
  | 'flagged' // a verdict contradicting an earlier one: nothing moves, an administrator reviews it
  | 'not_found';

type Deps = Pick<AppDeps, 'db' | 'notifier' | 'logger'>;

/**
 * Applies a transfer verdict to a withdrawal, under its row lock. The states only move forward:
 * pending -> successful | failed | reversed, and successful -> reversed (the bank sent the money back).
 * A failure or reversal refunds the earnings exactly once (the lock, the status check and the unique
 * refund index each guarantee it). A `failed` after `successful`, or a `successful` after a refund,
 * contradicts what was already acted on: nothing moves, the withdrawal is flagged and the administrators
 * are notified. Shared by the webhook, the withdrawal request and the reconciliation job.
 */
export async function applyTransferOutcome(
  deps: Deps,
  reference: string,
  outcome: TransferOutcome,
  reason: string,
): Promise<{ result: TransferResult; withdrawal?: TransactionRow }> {
  const applied = await deps.db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, reference);
    if (!w) return { result: 'not_found' as const };
    if (w.status === outcome) return { result: 'unchanged' as const, withdrawal: w };
    // Administrators are told once per withdrawal, not once per contradicting event.
    const flag = async (flagReason: string) => ({
      result: 'flagged' as const,
      newlyFlagged: !w.flagged,
      withdrawal: w.flagged ? w : await updateTransaction(tx, w.id, { flagged: true, flagReason }),
    });

    if (outcome === 'successful') {
      if (w.status !== 'pending')
        return flag(`Transfer reported successful after it was ${w.status} and refunded`);
      return {
        result: 'completed' as const,
        withdrawal: await updateTransaction(tx, w.id, { status: 'successful' }),
      };
    }

    const refundable = w.status === 'pending' || (w.status === 'successful' && outcome === 'reversed');
    if (!refundable) {
      if (w.status !== 'successful') return { result: 'unchanged' as const, withdrawal: w };
      return flag('Transfer reported failed after it was reported successful');
    }
    await refund(tx, w, outcome, reason);
    return {
      result: 'refunded' as const,
      withdrawal: await updateTransaction(tx, w.id, {
        status: outcome,
        metadata: { ...(w.metadata ?? {}), failureReason: reason },
      }),
    };
  });

  if (applied.result === 'flagged' && applied.newlyFlagged) await alertAdminsOfFlag(deps, applied.withdrawal);
  if (applied.result === 'completed' || applied.result === 'refunded')
    await notifyWithdrawal(deps, applied.withdrawal!);
  return { result: applied.result, withdrawal: applied.withdrawal };
}

/**
 * Flags a pending withdrawal for an administrator without moving any money, and tells the administrators
 * once. For an answer that contradicts what we hold (the provider gave us a transfer code, then says it has
 * no such transfer): refunding could pay the affiliate twice, keeping the debit could rob them, and only a
 * person with the provider's dashboard can tell which. A withdrawal settled meanwhile is left alone.
 */
export async function flagPendingWithdrawal(
  deps: Deps,
  reference: string,
  flagReason: string,
): Promise<'flagged' | 'unchanged' | 'not_found'> {
  const flagged = await deps.db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, reference);
    if (!w) return 'not_found' as const;
    if (w.status !== 'pending' || w.flagged) return 'unchanged' as const;
    return updateTransaction(tx, w.id, { flagged: true, flagReason });
  });
  if (typeof flagged === 'string') return flagged;
  await alertAdminsOfFlag(deps, flagged);
  return 'flagged';
}

async function refund(tx: Db, w: TransactionRow, outcome: TransferOutcome, reason: string) {
  await postLedgerEntry(tx, {
    businessId: w.businessId,
    kind: 'withdrawal_refund',
    status: 'successful',
    amount: w.amount,
    currency: w.currency,
    earningsDelta: new Decimal(w.earningsDelta).negated().toFixed(2),
    relatedTransactionId: w.id,
    bankAccountId: w.bankAccountId,
    description: `Refund of withdrawal ${w.reference} (transfer ${outcome})`,
    metadata: { reason },
  });
}

async function notifyWithdrawal(deps: Deps, w: TransactionRow) {
  const amount = `${w.currency} ${new Decimal(w.amount).toFixed(2)}`;
  const message =
    w.status === 'successful'
      ? `Your withdrawal of ${amount} has been paid to your bank account.`
      : `Your withdrawal of ${amount} was ${w.status === 'reversed' ? 'reversed by the bank' : 'not completed'}; the amount is back in your earnings.`;
  try {
    await deps.notifier.toBusiness(w.businessId, {
      type: 'withdrawal.updated',
      title: w.status === 'successful' ? 'Withdrawal paid' : 'Withdrawal refunded',
      message,
    });
  } catch (err) {
    deps.logger.warn({ err, reference: w.reference }, 'withdrawal notification not saved');
  }
}

/**
 * A withdrawal: the earnings are debited at once, in the transaction that writes the pending row (the
 * guarded wallet update makes concurrent requests unable to overdraw). The transfer is initiated after
 * that commit, never inside it. Only a definite refusal (a 4xx) refunds at once. When the answer is lost
 * or cannot be trusted (a timeout, a 5xx from a gateway, an unreadable 2xx), the provider may have queued
 * the transfer, so the withdrawal stays pending: its webhook or the reconciliation job settles it.
 */
export async function requestWithdrawal(
  deps: AppDeps,
  businessId: string,
  input: { bankAccountId: string; amount: number },
): Promise<TransactionRow> {
  const amount = new Decimal(String(input.amount));
  const kobo = amount.times(100).toNumber();
  if (kobo > MAX_AMOUNT_MINOR) throw new BusinessRuleError('Amount too large for a single transfer');
  const bank = await findBankAccount(deps.db, businessId, input.bankAccountId);
  if (!bank) throw new NotFoundError('Bank account');
  // Checked again, atomically, by the debit itself; this only spares the provider a pointless call.
  const wallet = await findWallet(deps.db, businessId);
  if (!wallet || new Decimal(wallet.earnings).lt(amount))
    throw new BusinessRuleError('Insufficient earnings balance');

  let recipientCode = bank.recipientCode;
  if (!recipientCode) {
    try {
      const created = await deps.payment.createTransferRecipient({
        name: bank.accountName,
        accountNumber: bank.accountNumber,
        bankCode: bank.code,
      });
      recipientCode = await saveRecipientCode(deps.db, businessId, bank.id, created.recipientCode);
    } catch (err) {
      // Nothing was debited yet: a recipient the provider refuses (a 4xx) is the client's 400.
      throw providerError(err, 'Could not set up the transfer to this bank account');
    }
  }

  const { transaction: pending } = await deps.db.transaction((tx) =>
    postLedgerEntry(tx, {
      businessId,
      kind: 'withdrawal',
      status: 'pending',
      amount: amount.toFixed(2),
      currency: PAYMENT_CURRENCY,
      providerAmount: kobo,
      earningsDelta: amount.negated().toFixed(2),
      bankAccountId: bank.id,
      description: `Withdrawal to ${bank.bankName} ****${bank.accountNumber.slice(-4)}`,
    }),
  );

  let initiated: Awaited<ReturnType<AppDeps['payment']['transfer']>>;
  try {
    initiated = await deps.payment.transfer({
      amountMinor: kobo,
      recipientCode,
      reference: pending.reference,
      reason: 'Affiliate earnings withdrawal',
    });
  } catch (err) {
    if (err instanceof PaymentProviderError && err.ambiguous) {
      deps.logger.warn(
        { err, reference: pending.reference },
        'transfer initiation unconfirmed; awaiting its webhook or reconciliation',
      );
      return updateTransaction(deps.db, pending.id, {
        metadata: { initiation: 'unconfirmed', error: err.message },
      });
    }
    const message = err instanceof Error ? err.message : String(err);
    await applyTransferOutcome(deps, pending.reference, 'failed', `Transfer not initiated: ${message}`);
    throw new UpstreamError(
      `The transfer could not be initiated (${message}); the amount was returned to your earnings`,
    );
  }

  const withCode = await updateTransaction(deps.db, pending.id, {
    providerReference: initiated.transferCode,
  });
  if (initiated.status === 'success') {
    return (await applyTransferOutcome(deps, pending.reference, 'successful', 'Transfer completed at once'))
      .withdrawal!;
  }
  if (initiated.status === 'failed') {
    await applyTransferOutcome(deps, pending.reference, 'failed', 'Transfer refused by the provider');
    throw new UpstreamError(
      'The transfer was refused by the payment provider; the amount was returned to your earnings',
    );
  }
  return withCode;
}
