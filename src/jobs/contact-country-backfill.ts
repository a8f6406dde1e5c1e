import type { AppDeps } from '../deps.js';
import { fillContactCountries } from '../modules/contacts/index.js';
import type { Job } from '../platform/job.js';
import { periodicJob } from '../platform/periodic-job.js';

/** How often a worker looks for contacts without a country. */
export const COUNTRY_BACKFILL_INTERVAL_MS = 60 * 1000;
/** Batches a round at most, so one round never holds the worker long. */
const BATCHES_PER_ROUND = 20;

/**
 * Derives the country of contacts that have none (the rows older than the column, and any a writer left
 * to it): a migration cannot run the phone library. Once every row has one, a round is one probe of an
 * empty partial index. Safe on many workers at once: each skips the rows another holds.
 */
export function startContactCountryBackfill(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  intervalMs = COUNTRY_BACKFILL_INTERVAL_MS,
): Job {
  return periodicJob('contact-country-backfill', intervalMs, () =>
    fillContactCountries(deps.db, null, { maxBatches: BATCHES_PER_ROUND }).then(
      (filled) => {
        if (filled) deps.logger.info({ filled }, 'contact countries derived');
      },
      (err) => deps.logger.error({ err }, 'contact country backfill failed'),
    ),
  );
}
