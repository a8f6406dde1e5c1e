import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { contactFieldValues } from '../modules/contacts/index.js';
import type { ClaimedMessage, Outcome } from '../modules/messages/index.js';
import type { Db } from '../platform/db/client.js';

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
  private fields?: Promise<Map<string, Record<string, unknown>>>;

  constructor(
    parent: Logger,
    private readonly businessId: string,
    private readonly messages: readonly ClaimedMessage[],
  ) {
    this.log = parent.child({ batchId: this.id });
    this.left = messages.length;
    this.log.debug(
      { businessId, messages: messages.length, campaigns: [...new Set(messages.map((m) => m.campaignId))] },
      'dispatcher: batch claimed',
    );
  }

  /**
   * The field values of every contact of the batch, read in one statement the first time a message whose
   * text uses a field asks (never for a batch none of whose campaigns does); a failed read is tried again
   * by the next message that asks.
   */
  fieldsOf(db: Db): Promise<Map<string, Record<string, unknown>>> {
    if (!this.fields) {
      const ids = [...new Set(this.messages.flatMap((m) => (m.contactId ? [m.contactId] : [])))];
      const read = contactFieldValues(db, this.businessId, ids);
      read.catch(() => {
        if (this.fields === read) this.fields = undefined;
      });
      this.fields = read;
    }
    return this.fields;
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
