import type { AppDeps } from '../deps.js';
import { purgeExpiredAudit } from '../modules/audit/index.js';
import type { Job } from '../platform/job.js';
import { periodicJob } from '../platform/periodic-job.js';

/** How often a worker drops audit entries past their year. */
export const AUDIT_RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** A worker loop that keeps the audit log to a year. Safe on many workers at once. */
export function startAuditRetention(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  intervalMs = AUDIT_RETENTION_INTERVAL_MS,
): Job {
  return periodicJob('audit-retention', intervalMs, () =>
    purgeExpiredAudit(deps.db).then(
      (removed) => {
        if (removed) deps.logger.info({ removed }, 'expired audit entries removed');
      },
      (err) => deps.logger.error({ err }, 'audit retention failed'),
    ),
  );
}
