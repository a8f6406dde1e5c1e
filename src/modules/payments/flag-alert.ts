import { Decimal } from 'decimal.js';
import type { AppDeps } from '../../deps.js';
import type { TransactionRow } from '../wallet/index.js';

/**
 * Tells every administrator that a transaction was flagged (a payment that does not match its checkout,
 * contradictory transfer events): money may be owed one way or the other and only a person can settle it.
 * Called after the flag has committed. Never throws: the flag stands and `GET /admin/transactions?flagged=true`
 * lists it whatever happens to the notification.
 */
export async function alertAdminsOfFlag(
  deps: Pick<AppDeps, 'db' | 'notifier' | 'logger'>,
  row: TransactionRow,
): Promise<void> {
  deps.logger.warn(
    { reference: row.reference, kind: row.kind, businessId: row.businessId, reason: row.flagReason },
    'transaction flagged for review',
  );
  try {
    await deps.notifier.toAdmins({
      type: 'transaction.flagged',
      title: 'Transaction flagged for review',
      message: `${row.kind} ${row.reference} of ${row.currency} ${new Decimal(row.amount).toFixed(2)} (business ${row.businessId}): ${row.flagReason ?? 'no reason recorded'}`,
    });
  } catch (err) {
    deps.logger.error({ err, reference: row.reference }, 'flagged-transaction notification not saved');
  }
}
