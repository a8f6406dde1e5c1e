import type { AppDeps } from '../deps.js';
import { sweepUnconfirmedUploads } from '../modules/uploads/index.js';
import type { Job } from '../platform/job.js';
import { periodicJob } from '../platform/periodic-job.js';

/** How often a worker looks for uploads never confirmed. */
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * A worker loop that deletes uploaded objects never confirmed once `UPLOAD_UNCONFIRMED_GRACE_SECONDS` have
 * passed since their last write. Safe on many workers at once: deleting a deleted object is harmless.
 */
export function startUploadSweep(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config' | 'logger'>,
  intervalMs = UPLOAD_SWEEP_INTERVAL_MS,
): Job {
  const graceMs = deps.config.UPLOAD_UNCONFIRMED_GRACE_SECONDS * 1000;
  return periodicJob('upload-sweep', intervalMs, () =>
    sweepUnconfirmedUploads(deps, graceMs).then(
      (removed) => {
        if (removed) deps.logger.info({ removed }, 'unconfirmed uploads removed');
      },
      (err) => deps.logger.error({ err }, 'unconfirmed upload sweep failed'),
    ),
  );
}
