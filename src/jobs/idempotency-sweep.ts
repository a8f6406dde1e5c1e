import type { AppDeps } from '../deps.js';
import { purgeExpiredKeys } from '../modules/idempotency/index.js';
import type { Job } from '../platform/job.js';
import { periodicJob } from '../platform/periodic-job.js';

/** How often a worker drops `Idempotency-Key` answers past their day. */
export const IDEMPOTENCY_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** A worker loop that keeps idempotent answers a day (a key past it is free anyway). Safe on many workers. */
export function startIdempotencySweep(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  intervalMs = IDEMPOTENCY_SWEEP_INTERVAL_MS,
): Job {
  return periodicJob('idempotency-sweep', intervalMs, () =>
    purgeExpiredKeys(deps.db).then(
      (removed) => {
        if (removed) deps.logger.info({ removed }, 'expired idempotency keys removed');
      },
      (err) => deps.logger.error({ err }, 'idempotency sweep failed'),
    ),
  );
}
