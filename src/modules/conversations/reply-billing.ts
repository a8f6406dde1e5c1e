import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { countryOfPhone } from '../contacts/index.js';
import { type CategoryCard, categoryCard, priceIn } from '../pricing/index.js';
import { getAppSettings, type MessageCategory } from '../settings/index.js';
import { findWallet, postLedgerEntry } from '../wallet/index.js';

/** What a reply is billed as: its template's category, or a service message (free text or media). */
export type ReplyCategory = MessageCategory;

/** Why a reply was not charged: the month's free service allowance, or window replies not billed. */
export type FreeReason = 'allowance' | 'window_not_billed';

/**
 * Takes one of this calendar month's (UTC) free service replies of the business, if any is left: one
 * atomic upsert, so two replies at once cannot both take the last one (the second waits for the first's
 * row and sees its count). In the caller's transaction: rolled back with it, the reply is not counted.
 */
export async function takeFreeServiceReply(tx: Db, businessId: string, allowance: number): Promise<boolean> {
  if (allowance <= 0) return false;
  const rows = await queryRows<{ used: number }>(
    tx,
    sql`INSERT INTO service_allowance_usage (business_id, month, used)
        VALUES (${businessId}, date_trunc('month', now() AT TIME ZONE 'UTC')::date, 1)
        ON CONFLICT (business_id, month) DO UPDATE SET used = service_allowance_usage.used + 1
          WHERE service_allowance_usage.used < ${allowance}
        RETURNING used`,
  );
  return rows.length > 0;
}

/** How many free service replies the business used this calendar month (UTC). */
export async function freeServiceRepliesUsed(db: Db, businessId: string): Promise<number> {
  const [row] = await queryRows<{ used: number }>(
    db,
    sql`SELECT used FROM service_allowance_usage
        WHERE business_id = ${businessId} AND month = date_trunc('month', now() AT TIME ZONE 'UTC')::date`,
  );
  return Number(row?.used ?? 0);
}

/**
 * Bills one reply from the wallet, in the caller's transaction (the one that queues it): one ledger entry at
 * the rate card's price of its category (service inside the window, its template's outside) for the
 * recipient's country, as a campaign message would pay now. A service reply is free while the administrator
 * does not bill window replies, or while the month's free allowance lasts (no ledger entry then, and
 * `transactionId` null). Short credits throw the ledger's 400 and the caller rolls back.
 */
export async function chargeReply(
  tx: Db,
  args: { businessId: string; conversationId: string; category: ReplyCategory; phone: string },
  /** The rate cards read so far in this transaction (a batch of replies reads each category's once). */
  cards?: Map<ReplyCategory, CategoryCard>,
): Promise<{
  transactionId: string | null;
  cost: string;
  walletBefore: string;
  walletAfter: string;
  free?: FreeReason;
}> {
  if (args.category === 'service') {
    const settings = await getAppSettings(tx);
    const free: FreeReason | null = !settings.billWindowReplies
      ? 'window_not_billed'
      : (await takeFreeServiceReply(tx, args.businessId, settings.freeServiceAllowance))
        ? 'allowance'
        : null;
    if (free) {
      const balance = new Decimal((await findWallet(tx, args.businessId))?.balance ?? 0).toFixed(4);
      return { transactionId: null, cost: '0.0000', walletBefore: balance, walletAfter: balance, free };
    }
  }
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
