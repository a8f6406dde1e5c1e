import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { InsufficientFundsError, postLedgerEntry } from '../../src/modules/wallet/ledger.js';
import { queryRows } from '../../src/platform/db/client.js';
import { createUser, grantCredits, walletOf } from '../factories.js';
import { useTestApp } from '../harness.js';

describe('ledger', () => {
  const t = useTestApp({ poolSize: 25 });

  const debit = (businessId: string, amount: string) =>
    t.db.transaction((tx) =>
      postLedgerEntry(tx, {
        businessId,
        kind: 'campaign_credit_debit',
        status: 'successful',
        amount,
        currency: 'CREDIT',
        balanceDelta: `-${amount}`,
      }),
    );

  it('never overdraws under 20 concurrent debits, and the wallet equals the sum of its rows', async () => {
    const user = await createUser(t);
    await grantCredits(t, user.businessId, '10');
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => debit(user.businessId, '1')));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toBe(10);
    expect(refused).toHaveLength(10);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
    expect((await walletOf(t, user.businessId)).balance).toBe('0.0000');
    const [sum] = await queryRows<{ total: string }>(
      t.db,
      sql`SELECT coalesce(sum(balance_delta), 0)::text AS total FROM transactions WHERE business_id = ${user.businessId}`,
    );
    expect(Number(sum!.total)).toBe(0);
  });

  it('changes nothing when a debit is refused', async () => {
    const user = await createUser(t);
    await grantCredits(t, user.businessId, '2.5');
    await expect(debit(user.businessId, '3')).rejects.toThrow('Insufficient credits');
    expect((await walletOf(t, user.businessId)).balance).toBe('2.5000');
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM transactions WHERE business_id = ${user.businessId}`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
