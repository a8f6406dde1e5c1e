import type { Job } from './job.js';

/**
 * Runs `round` every `intervalMs`, never two at once: a round still running when the next tick comes skips
 * that tick. A sweep slower than its interval would otherwise find its own claims old enough to take again
 * and handle them twice. `round` reports its own failures; `stop` waits for the round under way.
 */
export function periodicJob(name: string, intervalMs: number, round: () => Promise<unknown>): Job {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = round().finally(() => {
      running = undefined;
    });
  }, intervalMs);
  timer.unref();
  return {
    name,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
