import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import type { VerifiedTransfer } from '../../providers/payment/payment.port.js';
import { claimStaleWithdrawals } from '../wallet/index.js';
import { applyTransferOutcome, flagPendingWithdrawal, type TransferOutcome } from './withdrawals.js';

type Deps = Pick<AppDeps, 'db' | 'notifier' | 'logger' | 'payment'>;

export interface ReconciliationReport {
  checked: number;
  completed: number;
  refunded: number;
  /** The provider still reports the transfer in progress (or the verdict changed nothing): asked again later. */
  unchanged: number;
  /** The provider denies a transfer it had accepted (we hold its transfer code): left to an administrator. */
  flagged: number;
  /** The provider could not be asked; the round stopped there and the rest wait for the next one. */
  unreachable: number;
  /**
   * Our side failed to apply the provider's answer (a database error): nothing of that withdrawal changed,
   * it is asked about again after another delay, and the round went on with the others.
   */
  errors: number;
}

// The provider's final transfer states. `abandoned`, `rejected` and `blocked` never paid anyone, so they
// give the earnings back like `failed`; every other status (pending, otp, processing, queued...) waits.
const FINAL_STATUSES: Record<string, TransferOutcome> = {
  success: 'successful',
  failed: 'failed',
  abandoned: 'failed',
  rejected: 'failed',
  blocked: 'failed',
  reversed: 'reversed',
};

function verdictOf(
  transfer: VerifiedTransfer | null,
): { outcome: TransferOutcome; reason: string } | undefined {
  // The provider has no transfer under our reference, and never gave us a transfer code for it (see
  // `reconcileWithdrawals`): the request never reached it (a crash before the call, a connection that died
  // on the way), so the money never left and the earnings go back.
  if (!transfer) return { outcome: 'failed', reason: 'Transfer unknown to the payment provider' };
  const outcome = FINAL_STATUSES[transfer.status];
  if (!outcome) return undefined;
  return { outcome, reason: `Payment provider reports the transfer ${transfer.status}` };
}

/**
 * Settles withdrawals left pending: the transfer call's answer was lost or could not be trusted, or its
 * webhook never came. Asks the provider about each one (`verifyTransfer`, outside any database
 * transaction) and applies its answer through `applyTransferOutcome`, the same path as the webhook, so a
 * refund happens at most once even when a webhook or another worker races this.
 */
export async function reconcileWithdrawals(
  deps: Deps,
  opts: { olderThanMs: number; limit?: number; log?: Logger },
): Promise<ReconciliationReport> {
  const log = opts.log ?? deps.logger;
  const report: ReconciliationReport = {
    checked: 0,
    completed: 0,
    refunded: 0,
    unchanged: 0,
    flagged: 0,
    unreachable: 0,
    errors: 0,
  };
  const stale = await claimStaleWithdrawals(deps.db, opts.olderThanMs, opts.limit);
  for (const { reference, providerReference } of stale) {
    let transfer: VerifiedTransfer | null;
    try {
      transfer = await deps.payment.verifyTransfer(reference);
    } catch (err) {
      // Nothing is known, so nothing moves. The rest of the round would most likely fail the same way;
      // claimed rows come round again after another `olderThanMs`.
      report.unreachable = stale.length - report.checked;
      log.warn({ err, reference }, 'withdrawal reconciliation: payment provider not answering');
      break;
    }
    report.checked++;
    try {
      report[await settle(deps, log, { reference, providerReference }, transfer)]++;
    } catch (err) {
      // One withdrawal's failure (a constraint, a lock timeout) must not hold back the others of the round.
      // Its transaction rolled back, so nothing moved; it comes round again after another `olderThanMs`.
      report.errors++;
      log.error({ err, reference }, 'withdrawal reconciliation: applying the provider answer failed');
    }
  }
  return report;
}

type Settled = 'completed' | 'refunded' | 'unchanged' | 'flagged';

/** Applies the provider's answer about one withdrawal; says which count of the report it goes to. */
async function settle(
  deps: Deps,
  log: Logger,
  { reference, providerReference }: { reference: string; providerReference: string | null },
  transfer: VerifiedTransfer | null,
): Promise<Settled> {
  if (!transfer && providerReference) {
    // A clean answer to the transfer call gave us its code, so the provider did take the transfer; its
    // "no such transfer" now is a contradiction, not proof that no money left.
    const result = await flagPendingWithdrawal(
      { ...deps, logger: log },
      reference,
      `The payment provider reports no transfer for this withdrawal, though it accepted it as ${providerReference}`,
    );
    log.warn(
      { reference, providerReference, result },
      'withdrawal reconciliation: provider denies an accepted transfer',
    );
    return result === 'flagged' ? 'flagged' : 'unchanged';
  }
  const verdict = verdictOf(transfer);
  if (!verdict) {
    log.info({ reference, providerStatus: transfer?.status }, 'withdrawal still in progress');
    return 'unchanged';
  }
  const { result } = await applyTransferOutcome(
    { ...deps, logger: log },
    reference,
    verdict.outcome,
    verdict.reason,
  );
  log.info({ reference, providerStatus: transfer?.status ?? 'not_found', result }, 'withdrawal reconciled');
  return result === 'completed' || result === 'refunded' ? result : 'unchanged';
}
