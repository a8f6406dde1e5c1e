import { Decimal } from 'decimal.js';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { campaigns } from '../../platform/db/schema/index.js';
import type { Settlement } from '../messages/index.js';
import { priceIn } from '../pricing/index.js';
import { postLedgerEntry } from '../wallet/index.js';

/**
 * Spends what campaigns charged on delivery held for the messages a batch of reports found delivered (or
 * read), inside the receipts' transaction (docs/decisions/payments.md "What does charge on delivery do?"):
 * one `campaign_settle` entry per campaign of the batch, under the id its messages were already marked with
 * in the receipts' statement, for each message's price on the card kept at publish: out of `held`, the balance
 * unchanged (the hold took it). The messages' row locks, held since that statement, make each settle once.
 * Entries go in business order (the receipts statement sorts them), so racing batches lock wallets alike.
 */
export async function settleDeliveredMessages(tx: Db, settlements: Settlement[]): Promise<void> {
  if (!settlements.length) return;
  const rows = await tx
    .select({ id: campaigns.id, name: campaigns.name, prices: campaigns.prices })
    .from(campaigns)
    .where(
      inArray(
        campaigns.id,
        settlements.map((s) => s.campaignId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const s of settlements) {
    const campaign = byId.get(s.campaignId);
    if (!campaign?.prices) throw new Error(`settlement of campaign ${s.campaignId} without its card`);
    const prices = campaign.prices;
    const lines = s.byCountry
      .map((c) => ({ country: c.country, messages: c.messages, price: priceIn(prices, c.country) }))
      .sort((a, b) => (a.country ?? '').localeCompare(b.country ?? ''));
    const credits = lines.reduce(
      (sum, l) => sum.plus(new Decimal(l.price).times(l.messages)),
      new Decimal(0),
    );
    const n = lines.reduce((sum, l) => sum + l.messages, 0);
    await postLedgerEntry(tx, {
      id: s.settleId,
      businessId: s.businessId,
      kind: 'campaign_settle',
      status: 'successful',
      amount: credits.toFixed(4),
      currency: 'CREDIT',
      credits: credits.toFixed(4),
      heldDelta: credits.negated().toFixed(4),
      paidValueDelta: '0',
      campaignId: s.campaignId,
      description: `Campaign "${campaign.name}": ${n} delivered message${n === 1 ? '' : 's'} charged`,
      metadata: { messages: n, byCountry: lines },
    });
  }
}
