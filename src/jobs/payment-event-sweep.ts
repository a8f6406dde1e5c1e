import type { AppDeps } from '../deps.js';
import { PaymentEventProcessor } from '../modules/webhooks/index.js';
import type { Job } from '../platform/job.js';
import { periodicJob } from '../platform/periodic-job.js';

/**
 * A worker loop that finishes events a crashed or failed attempt left behind (payment events are answered
 * before they are processed, so the provider will not send them again). Safe on many workers at once:
 * every effect is idempotent under its row lock.
 */
export function startPaymentEventSweep(
  deps: Pick<AppDeps, 'db' | 'notifier' | 'logger'>,
  intervalMs = 60_000,
): Job {
  const processor = new PaymentEventProcessor(deps);
  return periodicJob('payment-event-sweep', intervalMs, () =>
    processor.retryUnfinished(intervalMs).catch((err) => {
      deps.logger.error({ err }, 'payment event sweep failed');
    }),
  );
}
