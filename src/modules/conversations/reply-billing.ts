import { Decimal } from 'decimal.js';
import type { Db } from '../../platform/db/client.js';
import { getAppSettings, type MessageCategory, messageRate } from '../settings/index.js';
import { postLedgerEntry } from '../wallet/index.js';

/** What a reply is billed as: its template's category, or a service message (free text or media). */
export type ReplyCategory = MessageCategory;

/**
 * Bills one reply from the wallet, in the caller's transaction (the one that queues it): one ledger entry at
 * the AppSetting rate of its category (the rate a campaign message of that category pays). Short credits throw the ledger's 400 and the caller rolls back.
 */
export async function chargeReply(
  tx: Db,
  args: { businessId: string; conversationId: string; category: ReplyCategory },
): Promise<{ transactionId: string; cost: string; walletBefore: string; walletAfter: string }> {
  const rate = messageRate(await getAppSettings(tx), args.category);
  const cost = new Decimal(rate).toFixed(4);
  const { transaction, balance } = await postLedgerEntry(tx, {
    businessId: args.businessId,
    kind: 'reply_credit_debit',
    status: 'successful',
    amount: cost,
    currency: 'CREDIT',
    credits: cost,
    balanceDelta: new Decimal(cost).negated().toFixed(4),
    description:
      args.category === 'service' ? 'Conversation reply' : `Conversation reply (${args.category} template)`,
    metadata: { conversationId: args.conversationId, rate, category: args.category },
  });
  return {
    transactionId: transaction.id,
    cost,
    walletAfter: balance,
    walletBefore: new Decimal(balance).plus(cost).toFixed(4),
  };
}
