import { Decimal } from 'decimal.js';
import type { Db } from '../../platform/db/client.js';
import { getAppSettings } from '../settings/index.js';
import { postLedgerEntry } from '../wallet/index.js';

/** What a reply is billed as: a service message in the window, or its template's category. */
export type ReplyCategory = 'service' | 'marketing' | 'utility' | 'authentication';

const RATE_FIELD = {
  service: 'serviceRate',
  marketing: 'marketingRate',
  utility: 'utilityRate',
  authentication: 'authenticationRate',
} as const;

/**
 * Bills one reply from the wallet, in the caller's transaction (the one that queues it): one ledger entry at
 * the AppSetting rate of its category. Short credits throw the ledger's 400 and the caller rolls back.
 */
export async function chargeReply(
  tx: Db,
  args: { businessId: string; conversationId: string; category: ReplyCategory },
): Promise<{ transactionId: string; cost: string; walletBefore: string; walletAfter: string }> {
  const settings = await getAppSettings(tx);
  const rate = settings[RATE_FIELD[args.category]];
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
