import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { MessagingCredentials, MessagingPort, OutboundMessage, SendResult } from './messaging.port.js';
import type { ReceiptEmitter } from './receipt-emitter.js';

export interface RecordedMessage extends OutboundMessage {
  providerMessageId: string;
  userId: string;
  at: Date;
}

/**
 * The embedded default (MESSAGING_PROVIDER_BASE_URL unset): accepts every message and keeps the latest ones
 * in memory, so a laptop can run whole campaigns without a gateway account. With a `receipts` emitter it
 * also reports delivered, read and failed to the delivery-report callback, as a gateway would.
 */
export class SandboxMessagingAdapter implements MessagingPort {
  readonly requiresCredentials = false;
  readonly sent: RecordedMessage[] = [];

  constructor(
    private readonly logger?: Logger,
    private readonly keep = 10_000,
    private readonly receipts?: ReceiptEmitter,
  ) {}

  async send(credentials: MessagingCredentials, message: OutboundMessage): Promise<SendResult> {
    const providerMessageId = `sandbox-${randomUUID()}`;
    this.sent.push({ ...message, providerMessageId, userId: credentials.userId, at: new Date() });
    if (this.sent.length > this.keep) this.sent.splice(0, this.sent.length - this.keep);
    this.logger?.debug({ to: message.to, providerMessageId }, 'sandbox message accepted');
    // Campaign messages and conversation replies (stored, so their ticks move); a confirmation to an
    // opt-in is stored nowhere and gets none.
    if (message.messageType || message.session)
      this.receipts?.accepted(providerMessageId, message.to, credentials.fromNumber ?? '');
    return { providerMessageId };
  }
}
