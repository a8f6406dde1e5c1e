import { Decimal } from 'decimal.js';
import type { Db } from '../../platform/db/client.js';
import { countryOfPhone } from '../contacts/index.js';
import { type CategoryCard, categoryCard, priceIn } from '../pricing/index.js';
import type { MessageCategory } from '../settings/index.js';
import { postLedgerEntry } from '../wallet/index.js';

/** What a reply is billed as: its template's category, or a service message (free text or media). */
export type ReplyCategory = MessageCategory;

/**
 * Bills one reply from the wallet, in the caller's transaction (the one that queues it): one ledger entry at
 * the rate card's price of its category (service inside the window, its template's outside) for the
 * recipient's country, as a campaign message would pay now. Short credits throw the ledger's 400 and the
 * caller rolls back.
 */
export async function chargeReply(
  tx: Db,
  args: { businessId: string; conversationId: string; category: ReplyCategory; phone: string },
  /** The rate cards read so far in this transaction (a batch of replies reads each category's once). */
  cards?: Map<ReplyCategory, CategoryCard>,
): Promise<{ transactionId: string; cost: string; walletBefore: string; walletAfter: string }> {
  const country = countryOfPhone(args.phone);
  let card = cards?.get(args.category);
  if (!card) {
    card = await categoryCard(tx, args.category);
    cards?.set(args.category, card);
  }
  const rate = priceIn(card, country);
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
    metadata: { conversationId: args.conversationId, rate, category: args.category, country },
  });
  return {
    transactionId: transaction.id,
    cost,
    walletAfter: balance,
    walletBefore: new Decimal(balance).plus(cost).toFixed(4),
  };
}
