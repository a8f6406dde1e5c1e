import { describe, expect, it } from 'vitest';
import { periodicJob } from '../../src/platform/periodic-job.js';

describe('periodicJob', () => {
  it('never runs two rounds at once, and stop waits for the round under way', async () => {
    let running = 0;
    let most = 0;
    let rounds = 0;
    let finished = 0;
    // Each round takes ten intervals: every tick in between must be skipped, not started beside it.
    const job = periodicJob('slow', 10, async () => {
      running++;
      rounds++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 100));
      running--;
      finished++;
    });
    await new Promise((resolve) => setTimeout(resolve, 350));
    await job.stop();
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    // The round that was running at stop had finished by the time stop resolved.
    expect(finished).toBe(rounds);
    expect(job.name).toBe('slow');
  });
});
