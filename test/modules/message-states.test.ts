import { describe, expect, it } from 'vitest';
import {
  COUNTED_STATES,
  funnelOf,
  MESSAGE_STATES,
  PENDING_STATES,
  RECEIPT_STATES,
  statesCountedAs,
} from '../../src/modules/messages/index.js';
import { messageStatusEnum } from '../../src/platform/db/schema/index.js';

// The message-state model is the one definition the enum, the counters, the funnel and the receipt order are
// derived from; these are the readings the rest of the code (and the API's numbers) rely on.
describe('the message-state model', () => {
  it('is the database enum, in its order', () => {
    expect(messageStatusEnum.enumValues).toEqual([...MESSAGE_STATES]);
  });

  it('counts the messages being sent within queued, and every other state on its own', () => {
    expect(COUNTED_STATES).toEqual(['held', 'queued', 'sent', 'delivered', 'read', 'failed']);
    expect(statesCountedAs('queued')).toEqual(['queued', 'sending']);
    expect(PENDING_STATES).toEqual(['held', 'queued', 'sending']);
  });

  it('gives the funnel "reached at least": a read message was delivered and sent, a failed one after sent was sent', () => {
    const counts = {
      held: 1,
      queued: 2,
      sent: 3,
      delivered: 5,
      read: 7,
      failed: 11,
      failedAfterSent: 4,
      clicked: 6,
      replied: 2,
    };
    expect(funnelOf(counts)).toEqual({
      sent: 3 + 5 + 7 + 4,
      delivered: 5 + 7,
      read: 7,
      clicked: 6,
      replied: 2,
    });
  });

  it('moves a message by receipts only up the order sent < failed < delivered < read', () => {
    expect(RECEIPT_STATES).toEqual(['sent', 'failed', 'delivered', 'read']);
  });
});
