import type { AppDeps } from '../deps.js';
import { refreshCloudNumbers } from '../modules/deliverability/index.js';
import type { Job } from '../platform/job.js';
import { periodicJob } from '../platform/periodic-job.js';

/** How often a worker reads the Cloud numbers' quality, limit tier and throughput. */
export const NUMBER_HEALTH_INTERVAL_MS = 30 * 60 * 1000;

/** A worker loop that refreshes every Cloud number's health (the webhooks carry changes between rounds). */
export function startNumberHealthSweep(deps: AppDeps, intervalMs = NUMBER_HEALTH_INTERVAL_MS): Job {
  return periodicJob('number-health', intervalMs, () =>
    refreshCloudNumbers(deps).catch((err) => deps.logger.error({ err }, 'number health refresh failed')),
  );
}
