import { Decimal } from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type Db, queryRows } from '../../platform/db/client.js';
import { transactions } from '../../platform/db/schema/index.js';
import { postLedgerEntry } from '../wallet/index.js';

/**
 * Gives back the charge of one failed reply (docs/decisions/payments.md "Is a failed reply refunded?"): one
 * `reply_refund` entry answering its debit, for the credits and the money paid that the debit took, and the
 * reply marked with it in the same transaction. The reply's row lock (SKIP LOCKED) and the ledger's one row
 * of each kind per debit make a second call, or a concurrent one, refund nothing. Returns the refund's id, or
 * null when nothing was due.
 */
export async function refundFailedReply(tx: Db, replyId: string): Promise<string | null> {
  const [reply] = await queryRows<{ business_id: string; conversation_id: string; transaction_id: string }>(
    tx,
    sql`SELECT business_id, conversation_id, transaction_id FROM conversation_messages
        WHERE id = ${replyId} AND direction = 'out' AND status = 'failed'
          AND transaction_id IS NOT NULL AND refund_id IS NULL
        FOR UPDATE SKIP LOCKED`,
  );
  if (!reply) return null;
  const [debit] = await tx.select().from(transactions).where(eq(transactions.id, reply.transaction_id));
  if (!debit || debit.businessId !== reply.business_id || debit.kind !== 'reply_credit_debit') return null;
  const credits = new Decimal(debit.credits ?? debit.amount);
  const paid = (debit.metadata as Record<string, unknown> | null)?.paidValue;
  const { transaction } = await postLedgerEntry(tx, {
    businessId: reply.business_id,
    kind: 'reply_refund',
    status: 'successful',
    amount: credits.toFixed(4),
    currency: 'CREDIT',
    credits: credits.toFixed(4),
    balanceDelta: credits.toFixed(4),
    paidValueDelta: typeof paid === 'string' ? paid : '0',
    relatedTransactionId: debit.id,
    description: 'Conversation reply failed: refunded',
    metadata: { conversationId: reply.conversation_id, messageId: replyId },
  });
  await tx.execute(sql`
    UPDATE conversation_messages SET refund_id = ${transaction.id}, updated_at = now() WHERE id = ${replyId}`);
  return transaction.id;
}

/**
 * The dispatcher's sweep: refunds the replies that failed and were not refunded yet, each in a transaction of
 * its own (read through the partial index of those still due). Returns how many were refunded.
 */
export async function refundFailedReplies(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  limit = 200,
): Promise<number> {
  const due = await queryRows<{ id: string }>(
    deps.db,
    sql`SELECT id FROM conversation_messages
        WHERE direction = 'out' AND status = 'failed' AND transaction_id IS NOT NULL AND refund_id IS NULL
        ORDER BY failed_at LIMIT ${limit}`,
  );
  let refunded = 0;
  for (const { id } of due) {
    try {
      if (await deps.db.transaction((tx) => refundFailedReply(tx, id))) refunded++;
    } catch (err) {
      deps.logger.warn({ err, replyId: id }, 'refund of a failed reply failed; tried again next round');
    }
  }
  return refunded;
}
