import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../src/platform/db/client.js';
import type { TestApp } from './harness.js';

/**
 * The ledger invariant: every wallet's balance equals the sum of its transactions' balance deltas, and its
 * earnings the sum of their earnings deltas, and its held credits the sum of their held deltas (holds less
 * settlements less releases, each campaign's never below zero, and each of those entries moving exactly what it
 * says between balance and held; every message settled names its campaign's settlement, and no message is both
 * settled and released); every transaction belongs to its wallet's business; no
 * withdrawal was refunded more than it took; no campaign or reply debit was refunded more than it charged, nor a
 * commission taken back more than it paid; no refund charged again (a message reported delivered after it) more
 * than it gave back; a refund of messages the provider did not bill (`not_billed`) covers exactly the unbilled
 * messages marked with it, and one of a reply (`reply_refund`) answers that reply's debit and a pricing that
 * said `billable: false`; earnings are below zero only after a reversal; the money paid
 * for a balance is never negative; a commission held (pending) or voided (failed) moves nothing, and one is
 * held only on a campaign still waiting for its scheduled time. Lists what breaks it (nothing, when money is right).
 */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  const broken = await queryRows<{
    business_id: string;
    balance: string;
    sum_balance: string;
    earnings: string;
    sum_earnings: string;
    held: string;
    sum_held: string;
  }>(
    t.db,
    sql`SELECT w.business_id, w.balance::text AS balance, coalesce(sum(tr.balance_delta), 0)::text AS sum_balance,
               w.earnings::text AS earnings, coalesce(sum(tr.earnings_delta), 0)::text AS sum_earnings,
               w.held::text AS held, coalesce(sum(tr.held_delta), 0)::text AS sum_held
        FROM wallets w LEFT JOIN transactions tr ON tr.wallet_id = w.id
        GROUP BY w.id
        HAVING w.balance <> coalesce(sum(tr.balance_delta), 0) OR w.earnings <> coalesce(sum(tr.earnings_delta), 0)
            OR w.held <> coalesce(sum(tr.held_delta), 0)`,
  );
  expect(broken, 'wallets whose balance or held credits are not the sum of their transactions').toEqual([]);
  // Holds, settlements and releases: each moves its credits between balance and held (a settlement only out
  // of held), only for its own campaign, which never has less than nothing held.
  const badHolds = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT id::text FROM transactions
        WHERE (kind = 'campaign_hold' AND (held_delta <> credits OR balance_delta <> -credits))
           OR (kind = 'campaign_settle' AND (held_delta <> -credits OR balance_delta <> 0))
           OR (kind = 'campaign_release' AND (held_delta <> -credits OR balance_delta <> credits))
           OR (kind IN ('campaign_hold', 'campaign_settle', 'campaign_release') AND campaign_id IS NULL)
           OR (kind NOT IN ('campaign_hold', 'campaign_settle', 'campaign_release') AND held_delta <> 0)
        UNION ALL
        SELECT campaign_id::text FROM transactions WHERE campaign_id IS NOT NULL
        GROUP BY campaign_id HAVING sum(held_delta) < 0
        UNION ALL
        SELECT m.id::text FROM campaign_messages m LEFT JOIN transactions s ON s.id = m.settle_id
        WHERE m.settle_id IS NOT NULL
          AND (s.id IS NULL OR s.kind <> 'campaign_settle' OR s.campaign_id <> m.campaign_id
               OR m.status NOT IN ('delivered', 'read')
               OR EXISTS (SELECT 1 FROM transactions r WHERE r.id = m.refund_id AND r.kind = 'campaign_release'))
        UNION ALL
        SELECT s.id::text FROM transactions s
        WHERE s.kind = 'campaign_settle'
          AND (s.metadata->>'messages')::int <> (SELECT count(*) FROM campaign_messages m WHERE m.settle_id = s.id)`,
  );
  expect(badHolds, 'holds, settlements or releases that do not add up').toEqual([]);
  const strays = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT tr.id FROM transactions tr JOIN wallets w ON w.id = tr.wallet_id WHERE w.business_id <> tr.business_id`,
  );
  expect(strays, 'transactions filed under another business').toEqual([]);
  const overRefunded = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT w.id FROM transactions w
        JOIN transactions r ON r.related_transaction_id = w.id AND r.kind = 'withdrawal_refund'
        WHERE w.kind = 'withdrawal'
        GROUP BY w.id, w.earnings_delta
        HAVING sum(r.earnings_delta) > -w.earnings_delta`,
  );
  expect(overRefunded, 'withdrawals refunded more than they took').toEqual([]);
  const overReversed = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT d.id FROM transactions d
        JOIN transactions r ON r.related_transaction_id = d.id
        WHERE (d.kind IN ('campaign_credit_debit', 'campaign_plan_debit') AND r.kind = 'campaign_refund'
               AND r.credits > d.credits)
           OR (d.kind = 'reply_credit_debit' AND r.kind = 'reply_refund' AND r.credits > d.credits)
           OR (d.kind = 'reply_refund' AND r.kind = 'reply_recharge' AND r.credits > d.credits)
           OR (d.kind = 'affiliate_commission' AND r.kind = 'affiliate_commission_reversal'
               AND -r.earnings_delta > d.earnings_delta)`,
  );
  expect(overReversed, 'debits refunded, or commissions taken back, more than they moved').toEqual([]);
  // A refunded message reported delivered is charged again: never more than its campaign's refunds gave back,
  // and each message so charged names one `campaign_recharge` of its campaign.
  const overRecharged = await queryRows<{ campaign_id: string }>(
    t.db,
    sql`SELECT campaign_id FROM transactions WHERE kind IN ('campaign_refund', 'campaign_recharge')
        GROUP BY campaign_id, currency
        HAVING coalesce(sum(credits) FILTER (WHERE kind = 'campaign_recharge'), 0)
             > coalesce(sum(credits) FILTER (WHERE kind = 'campaign_refund'), 0)
        UNION ALL
        SELECT m.campaign_id FROM campaign_messages m LEFT JOIN transactions r ON r.id = m.recharge_id
        WHERE m.recharge_id IS NOT NULL
          AND (r.id IS NULL OR r.kind <> 'campaign_recharge' OR r.campaign_id <> m.campaign_id
               OR m.refund_id IS NULL)`,
  );
  expect(
    overRecharged,
    'campaigns charged again more than refunded, or recharges that name no refund',
  ).toEqual([]);
  const unbilledMiscounted = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT r.id FROM transactions r
        WHERE r.kind = 'campaign_refund' AND r.metadata->>'reason' = 'not_billed'
          AND (r.metadata->>'messages')::int <> (SELECT count(*) FROM campaign_messages m
                                                WHERE m.refund_id = r.id AND (m.pricing->>'billable') = 'false')`,
  );
  expect(
    unbilledMiscounted,
    'refunds of messages the provider did not bill that do not cover exactly the messages marked with them',
  ).toEqual([]);
  const unbilledReplyMismatch = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT r.id FROM transactions r
        WHERE r.kind = 'reply_refund' AND r.metadata->>'reason' = 'not_billed'
          AND NOT EXISTS (SELECT 1 FROM conversation_messages m
                          WHERE m.refund_id = r.id AND m.transaction_id = r.related_transaction_id
                            AND m.business_id = r.business_id AND (m.pricing->>'billable') = 'false')`,
  );
  expect(
    unbilledReplyMismatch,
    'refunds of replies the provider did not bill that answer no such reply (marked with it, its debit answered)',
  ).toEqual([]);
  const unexplainedDebt = await queryRows<{ business_id: string }>(
    t.db,
    sql`SELECT w.business_id FROM wallets w
        WHERE w.paid_value < 0
           OR (w.earnings < 0 AND NOT EXISTS (SELECT 1 FROM transactions r
                                              WHERE r.wallet_id = w.id AND r.kind = 'affiliate_commission_reversal'))`,
  );
  expect(unexplainedDebt, 'wallets below zero without a reversal to explain it').toEqual([]);
  const heldWrong = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT tr.id FROM transactions tr LEFT JOIN campaigns c ON c.id = tr.campaign_id
        WHERE tr.kind = 'affiliate_commission' AND tr.status <> 'successful'
          AND (tr.earnings_delta <> 0 OR tr.balance_delta <> 0
               OR (tr.status = 'pending' AND (c.id IS NULL OR NOT c.is_published OR c.is_sent_out)))`,
  );
  expect(
    heldWrong,
    'commissions held or voided that moved value, or held on a campaign that cannot be cancelled',
  ).toEqual([]);
}
