import type { AppDeps } from '../deps.js';
import { fetchDueMedia, type MediaJobOptions, mediaJobOptions } from '../modules/conversations/index.js';
import type { Job } from '../platform/job.js';
import { periodicJob } from '../platform/periodic-job.js';

/** Rounds one tick runs at most while media keep coming: a backlog drains without waiting for ticks. */
const MAX_ROUNDS_PER_TICK = 50;

/**
 * A worker loop that copies the media contacts sent into storage (`fetchDueMedia` of conversations), every
 * `MEDIA_FETCH_INTERVAL_MS`. The webhook only keeps the message; this fetches the medium afterwards, with
 * retries. Safe on many workers at once: each medium is claimed under a lease.
 */
export function startMediaFetcher(
  deps: AppDeps,
  overrides: Partial<MediaJobOptions> & { intervalMs?: number } = {},
): Job {
  const { intervalMs = deps.config.MEDIA_FETCH_INTERVAL_MS, ...rest } = overrides;
  const opts = mediaJobOptions(deps.config, rest);
  const log = deps.logger.child({ job: 'media-fetcher' });
  return periodicJob('media-fetcher', intervalMs, async () => {
    try {
      for (let round = 0; round < MAX_ROUNDS_PER_TICK; round++) {
        if ((await fetchDueMedia(deps, opts, log)) < opts.batchSize) break;
      }
    } catch (err) {
      log.error({ err }, 'inbound media round failed');
    }
  });
}
