import type { AppDeps } from '../deps.js';
import { onAutomationSignal, sendPendingAutomation } from '../modules/automation/index.js';
import type { Job } from '../platform/job.js';

/** How often the job looks for decided replies another process's webhook wrote. */
const INTERVAL_MS = 200;
/** Rounds one wake runs at most while decisions keep coming. */
const MAX_ROUNDS = 20;

/**
 * A worker loop queueing the automated replies the webhook decided (`sendPendingAutomation` of automation):
 * woken at once by this process's webhook, and every INTERVAL_MS for the others'. Never two rounds at once;
 * safe on many workers (each batch is claimed with SKIP LOCKED).
 */
export function startAutomationSender(deps: AppDeps): Job {
  const log = deps.logger.child({ job: 'automation-sender' });
  let running: Promise<void> | undefined;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        for (let round = 0; round < MAX_ROUNDS; round++) {
          again = false;
          if ((await sendPendingAutomation(deps, log)) === 0 && !again) break;
        }
      } catch (err) {
        log.error({ err }, 'automated replies round failed');
      }
    })().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(run, INTERVAL_MS);
  timer.unref();
  const off = onAutomationSignal(run);
  return {
    name: 'automation-sender',
    stop: async () => {
      off();
      clearInterval(timer);
      await running;
    },
  };
}
