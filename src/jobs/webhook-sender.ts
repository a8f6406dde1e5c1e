import type { AppDeps } from '../deps.js';
import {
  newWorkerId,
  purgeOldDeliveries,
  sendDueWebhooks,
  WebhookPoster,
} from '../modules/webhook-endpoints/index.js';
import type { Job } from '../platform/job.js';
import { periodicJob } from '../platform/periodic-job.js';

/** Rounds one tick runs at most while deliveries keep coming: a backlog drains without waiting for ticks. */
const MAX_ROUNDS_PER_TICK = 100;
/** Deliveries one claim takes. */
const BATCH_SIZE = 500;
/** A claimed delivery comes back to any worker after this long, if its runner died before the outcome. */
const LEASE_MS = 120_000;
/** How often a worker drops deliveries past the log's 30 days. */
export const WEBHOOK_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export interface WebhookSenderOptions {
  intervalMs?: number;
  batchSize?: number;
  leaseMs?: number;
  concurrency?: number;
}

/**
 * A worker loop that posts the outbox's due deliveries to their endpoints (`sendDueWebhooks` of
 * webhook-endpoints). Safe on many workers at once: each delivery is claimed under a lease; its state is
 * only in the database, so deliveries pending when a worker stops are sent by the next one.
 */
export function startWebhookSender(deps: AppDeps, overrides: WebhookSenderOptions = {}): Job {
  const log = deps.logger.child({ job: 'webhook-sender' });
  const poster = new WebhookPoster({
    timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS,
    allowedHosts: deps.config.WEBHOOK_ALLOWED_HOSTS,
    connections: overrides.concurrency ?? deps.config.WEBHOOK_SEND_CONCURRENCY,
  });
  const opts = {
    workerId: newWorkerId(),
    batchSize: overrides.batchSize ?? BATCH_SIZE,
    leaseMs: overrides.leaseMs ?? Math.max(LEASE_MS, deps.config.WEBHOOK_TIMEOUT_MS * 4),
    concurrency: overrides.concurrency ?? deps.config.WEBHOOK_SEND_CONCURRENCY,
  };
  const job = periodicJob(
    'webhook-sender',
    overrides.intervalMs ?? deps.config.WEBHOOK_SEND_INTERVAL_MS,
    async () => {
      try {
        for (let round = 0; round < MAX_ROUNDS_PER_TICK; round++) {
          if ((await sendDueWebhooks(deps, poster, opts, log)) < opts.batchSize) break;
        }
      } catch (err) {
        log.error({ err }, 'webhook delivery round failed');
      }
    },
  );
  return {
    name: job.name,
    stop: async () => {
      await job.stop();
      await poster.close();
    },
  };
}

/** A worker loop that keeps the delivery log 30 days. Safe on many workers. */
export function startWebhookRetention(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  intervalMs = WEBHOOK_RETENTION_INTERVAL_MS,
): Job {
  return periodicJob('webhook-retention', intervalMs, () =>
    purgeOldDeliveries(deps.db).then(
      (removed) => {
        if (removed) deps.logger.info({ removed }, 'webhook deliveries past their 30 days removed');
      },
      (err) => deps.logger.error({ err }, 'webhook retention sweep failed'),
    ),
  );
}
