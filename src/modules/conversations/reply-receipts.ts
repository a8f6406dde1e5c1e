import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import type { Receipt } from '../messages/index.js';
import { emitConversationMessage } from './conversation-events.js';
import { applyReplyReceipts } from './reply-queue.js';

/**
 * The delivery reports (either provider's) that name replies: applied, and each moved reply pushed to its
 * business's console. Returns the reports that named no reply, for the campaign messages' writer.
 */
export async function applyReplyReceiptsAndTell(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'storage'>,
  receipts: Receipt[],
  log: Logger,
): Promise<Receipt[]> {
  if (!receipts.length) return receipts;
  const { matched, moved } = await applyReplyReceipts(deps.db, receipts);
  for (const m of moved) await emitConversationMessage(deps, m.businessId, m.conversationId, m.id, log);
  if (!matched.length) return receipts;
  const named = new Set(matched);
  return receipts.filter((_, i) => !named.has(i));
}
