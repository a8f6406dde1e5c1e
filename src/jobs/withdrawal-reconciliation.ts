import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.js';
import { reconcileWithdrawals } from '../modules/affiliate/index.js';
import type { Job } from '../platform/job.js';
import { periodicJob } from '../platform/periodic-job.js';

type Deps = Pick<AppDeps, 'db' | 'notifier' | 'logger' | 'payment' | 'config'>;

/**
 * A worker loop that asks the payment provider about withdrawals pending longer than
 * `WITHDRAWAL_RECONCILE_AFTER_MS` (their transfer answer was lost or untrustworthy, or the webhook never
 * came) and settles them, so earnings are never locked in a withdrawal nobody will ever report on. Safe
 * on many workers: each withdrawal is claimed by one of them and settled under its row lock.
 */
export function startWithdrawalReconciliation(
  deps: Deps,
  intervalMs = deps.config.WITHDRAWAL_RECONCILE_INTERVAL_MS,
): Job {
  // A transfer call still in flight must never be taken for one the provider never received: whatever the
  // configuration says, wait well past the call's own deadline.
  const olderThanMs = Math.max(
    deps.config.WITHDRAWAL_RECONCILE_AFTER_MS,
    2 * deps.config.PROVIDER_TIMEOUT_MS,
  );
  return periodicJob('withdrawal-reconciliation', intervalMs, async () => {
    const log = deps.logger.child({ sweepId: randomUUID() });
    try {
      const report = await reconcileWithdrawals(deps, { olderThanMs, log });
      if (report.checked || report.unreachable) log.info(report, 'withdrawal reconciliation done');
    } catch (err) {
      log.error({ err }, 'withdrawal reconciliation failed');
    }
  });
}
