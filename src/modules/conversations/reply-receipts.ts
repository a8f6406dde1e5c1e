import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import type { Receipt } from '../messages/index.js';
import { emitConversationMessage } from './conversation-events.js';
import { applyReplyReceiptsCharged } from './reply-recharge.js';

type ReceiptDeps = Pick<AppDeps, 'db' | 'realtime' | 'storage'>;
type Waiter = { receipts: Receipt[]; resolve: (rest: Receipt[]) => void; reject: (err: unknown) => void };

/**
 * The delivery reports (either provider's) that name replies: applied, and each moved reply pushed to its
 * business's console. The reports of concurrent callbacks are matched together: the gateway posts many
 * small batches at once, and a statement per callback would double the statements of the campaign
 * receipts' path (which batches the same way). Each callback gets back the reports that named no reply, for
 * the campaign messages' writer.
 */
export class ReplyReceiptMatcher {
  private waiters: Waiter[] = [];
  private scheduled = false;

  constructor(private readonly deps: ReceiptDeps) {}

  match(receipts: Receipt[], log: Logger): Promise<Receipt[]> {
    if (!receipts.length) return Promise.resolve(receipts);
    return new Promise((resolve, reject) => {
      this.waiters.push({ receipts, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush(log));
    });
  }

  private async flush(log: Logger): Promise<void> {
    this.scheduled = false;
    const waiters = this.waiters.splice(0);
    const all = waiters.flatMap((w) => w.receipts);
    try {
      const { matched, moved } = await applyReplyReceiptsCharged(this.deps.db, all, log);
      const named = new Set(matched);
      let offset = 0;
      for (const w of waiters) {
        const start = offset;
        offset += w.receipts.length;
        w.resolve(named.size ? w.receipts.filter((_, i) => !named.has(start + i)) : w.receipts);
      }
      for (const m of moved)
        await emitConversationMessage(this.deps, m.businessId, m.conversationId, m.id, log);
    } catch (err) {
      for (const w of waiters) w.reject(err);
    }
  }
}
