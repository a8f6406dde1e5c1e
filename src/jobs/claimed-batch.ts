import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { ClaimedMessage, Outcome } from '../modules/messages/index.js';

/**
 * One claim's worth of messages, as the logs see it: a `batchId` on every line written about them (claim,
 * send errors, outcome writes) and a summary once each message has its outcome. Debug level: a busy worker
 * claims several batches a second.
 */
export class ClaimedBatch {
  readonly id = randomBytes(6).toString('hex');
  readonly log: Logger;
  private left: number;
  private readonly tally: Record<Outcome['kind'], number> = { sent: 0, failed: 0, retry: 0, release: 0 };
  private readonly started = performance.now();

  constructor(parent: Logger, businessId: string, messages: ClaimedMessage[]) {
    this.log = parent.child({ batchId: this.id });
    this.left = messages.length;
    this.log.debug(
      { businessId, messages: messages.length, campaigns: [...new Set(messages.map((m) => m.campaignId))] },
      'dispatcher: batch claimed',
    );
  }

  /** One of its messages has its outcome (not yet written: the outcome writer logs its own failures). */
  settled(kind: Outcome['kind']): void {
    this.tally[kind]++;
    if (--this.left === 0) {
      this.log.debug(
        { ...this.tally, ms: Math.round(performance.now() - this.started) },
        'dispatcher: batch done',
      );
    }
  }
}
