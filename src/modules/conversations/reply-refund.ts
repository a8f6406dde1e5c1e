import { Decimal } from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type Db, queryRows } from '../../platform/db/client.js';
import { transactions } from '../../platform/db/schema/index.js';
import { getAppSettings } from '../settings/index.js';
import { postLedgerEntry } from '../wallet/index.js';

/** Why a reply's charge is given back: it failed, or the Cloud API did not bill it (`pricing.billable: false`). */
type ReplyRefundReason = 'failed' | 'not_billed';

/** Which replies each reason gives back (every one charged and not refunded yet, whatever the other reason). */
const DUE: Record<ReplyRefundReason, ReturnType<typeof sql>> = {
  failed: sql`status = 'failed'`,
  not_billed: sql`(pricing->>'billable') = 'false'`,
};

/**
 * Gives back the charge of one failed reply (docs/decisions/payments.md "Is a failed reply refunded?"): one
 * `reply_refund` entry answering its debit, for the credits and the money paid that the debit took, and the
 * reply marked with it in the same transaction. The reply's row lock (SKIP LOCKED) and the ledger's one row
 * of each kind per debit make a second call, or a concurrent one, refund nothing. Returns the refund's id, or
 * null when nothing was due.
 */
export function refundFailedReply(tx: Db, replyId: string): Promise<string | null> {
  return refundReply(tx, replyId, 'failed');
}

/**
 * Gives back the charge of one reply the Cloud API did not bill, the same way as a failed one, with
 * `metadata.reason: "not_billed"`. The caller checks the administrator's `refundUnbilledMessages`. A reply
 * given back for either reason is marked (`refund_id`), so it is never given back for the other.
 */
export function refundUnbilledReply(tx: Db, replyId: string): Promise<string | null> {
  return refundReply(tx, replyId, 'not_billed');
}

async function refundReply(tx: Db, replyId: string, reason: ReplyRefundReason): Promise<string | null> {
  const [reply] = await queryRows<{ business_id: string; conversation_id: string; transaction_id: string }>(
    tx,
    sql`SELECT business_id, conversation_id, transaction_id FROM conversation_messages
        WHERE id = ${replyId} AND direction = 'out' AND ${DUE[reason]}
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
    description:
      reason === 'not_billed'
        ? 'Conversation reply WhatsApp did not bill: refunded'
        : 'Conversation reply failed: refunded',
    metadata: {
      conversationId: reply.conversation_id,
      messageId: replyId,
      ...(reason === 'not_billed' ? { reason } : {}),
    },
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

/**
 * The replies the Cloud API did not bill and that were not given back yet (read through their partial index),
 * each in a transaction of its own. Returns how many were refunded.
 */
async function refundUnbilledReplies(deps: Pick<AppDeps, 'db' | 'logger'>, limit: number): Promise<number> {
  const due = await queryRows<{ id: string }>(
    deps.db,
    sql`SELECT id FROM conversation_messages
        WHERE direction = 'out' AND (pricing->>'billable') = 'false' AND transaction_id IS NOT NULL
          AND refund_id IS NULL
        ORDER BY id LIMIT ${limit}`,
  );
  if (!due.length || !(await getAppSettings(deps.db)).refundUnbilledMessages) return 0;
  let refunded = 0;
  for (const { id } of due) {
    try {
      if (await deps.db.transaction((tx) => refundUnbilledReply(tx, id))) refunded++;
    } catch (err) {
      deps.logger.warn({ err, replyId: id }, 'refund of an unbilled reply failed; tried again next round');
    }
  }
  return refunded;
}

/**
 * The dispatcher's maintenance: gives back failed replies, then (while the administrator's
 * `refundUnbilledMessages` is on) those the Cloud API did not bill. Returns how many were refunded.
 */
export async function refundDueReplies(deps: Pick<AppDeps, 'db' | 'logger'>, limit = 200): Promise<number> {
  return (await refundFailedReplies(deps, limit)) + (await refundUnbilledReplies(deps, limit));
}
