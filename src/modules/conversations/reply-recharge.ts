import { Decimal } from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, queryRows } from '../../platform/db/client.js';
import { transactions } from '../../platform/db/schema/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { Receipt } from '../messages/index.js';
import { postLedgerEntry } from '../wallet/index.js';
import { applyReplyReceipts, type MovedReply } from './reply-queue.js';

/**
 * Applies delivery reports to replies and, in the same transaction, charges again each reply they moved out
 * of `failed` after its charge was refunded (docs/decisions/payments.md "A message refunded, then reported
 * delivered?"). The replies are locked by the receipts' statement and moved on from `failed` in it, so a
 * concurrent duplicate report finds them delivered and charges nothing; the ledger's one row of each kind
 * per refund backs that.
 */
export async function applyReplyReceiptsCharged(
  db: Db,
  receipts: Receipt[],
  log: Logger,
): Promise<{ matched: number[]; moved: MovedReply[] }> {
  if (!receipts.length) return { matched: [], moved: [] };
  return db.transaction(async (tx) => {
    const result = await applyReplyReceipts(tx, receipts);
    for (const reply of result.moved) {
      if (!reply.recharge) continue;
      const unpaid = await rechargeDeliveredReply(tx, reply.id);
      if (unpaid)
        log.warn(
          { replyId: reply.id, reason: unpaid },
          'a refunded reply reported delivered keeps its refund',
        );
    }
    return result;
  });
}

/**
 * One `reply_recharge` entry answering the reply's `reply_refund` (`related_transaction_id`): the credits the
 * refund gave back, from the wallet, and the reply marked with it. Runs in a savepoint: a wallet that cannot
 * pay leaves the reply delivered with its refund (the report is still applied; a 503 would only bring it back
 * to fail again). Returns why it was not charged, or null.
 */
async function rechargeDeliveredReply(tx: Db, replyId: string): Promise<string | null> {
  const [reply] = await queryRows<{ business_id: string; conversation_id: string; refund_id: string }>(
    tx,
    sql`SELECT business_id, conversation_id, refund_id FROM conversation_messages
        WHERE id = ${replyId} AND direction = 'out' AND status IN ('delivered', 'read')
          AND refund_id IS NOT NULL AND recharge_id IS NULL`,
  );
  if (!reply) return null;
  const [refund] = await tx.select().from(transactions).where(eq(transactions.id, reply.refund_id));
  if (!refund || refund.businessId !== reply.business_id || refund.kind !== 'reply_refund') return null;
  // A reply given back because the Cloud API did not bill it was not charged for by Meta, delivered or not.
  if ((refund.metadata as Record<string, unknown> | null)?.reason === 'not_billed') return null;
  const credits = new Decimal(refund.credits ?? refund.amount);
  try {
    return await tx.transaction(async (savepoint) => {
      const { transaction } = await postLedgerEntry(savepoint, {
        businessId: reply.business_id,
        kind: 'reply_recharge',
        status: 'successful',
        amount: credits.toFixed(4),
        currency: 'CREDIT',
        credits: credits.toFixed(4),
        balanceDelta: credits.negated().toFixed(4),
        relatedTransactionId: refund.id,
        description: 'Conversation reply reported delivered after its refund: charged again',
        metadata: { conversationId: reply.conversation_id, messageId: replyId },
      });
      await savepoint.execute(sql`
        UPDATE conversation_messages SET recharge_id = ${transaction.id}, updated_at = now() WHERE id = ${replyId}`);
      return null;
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return err.message;
  }
}
