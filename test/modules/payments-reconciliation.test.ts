import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startWithdrawalReconciliation } from '../../src/jobs/withdrawal-reconciliation.js';
import { reconcileWithdrawals } from '../../src/modules/affiliate/withdrawal-reconciliation.js';
import { notifications } from '../../src/platform/db/schema/index.js';
import { createUser, grantEarnings, walletOf } from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { type Fault, PaymentProviderSimulator } from '../simulators/payment-provider.js';
import {
  ageTransaction,
  postSignedEvent,
  refundsOf,
  saveBankAccount,
  settledEvent,
  transactionByReference,
  withdraw,
} from './payments.support.js';

const sim = await new PaymentProviderSimulator().start();
afterAll(() => sim.stop());

// The job's default: only withdrawals untouched for 15 minutes are asked about. Tests age their own rows
// past it (ageTransaction), so rows of other tests, fresh, are never taken.
const FIFTEEN_MINUTES = 15 * 60_000;

describe('withdrawal reconciliation', () => {
  const t = useTestApp({
    env: {
      PAYMENT_PROVIDER_SECRET_KEY: sim.secretKey,
      PAYMENT_PROVIDER_BASE_URL: sim.url,
      // Short enough for the hung-call test, long enough for loopback calls on a loaded machine.
      PROVIDER_TIMEOUT_MS: '3000',
    },
    poolSize: 20,
  });
  afterEach(() => expectLedgerBalanced(t));

  const reconcile = () => reconcileWithdrawals(t.deps, { olderThanMs: FIFTEEN_MINUTES });
  const verifyCalls = (reference: string) =>
    sim.requests.filter((r) => r.method === 'GET' && r.path === `/transfer/verify/${reference}`).length;
  const withdrawalNotices = (businessId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.receiverId, businessId), eq(notifications.type, 'withdrawal.updated')));

  /** An affiliate with 1000 NGN whose withdrawal of `amount` met `fault` on the transfer call: left pending. */
  async function unconfirmedWithdrawal(fault: Fault, amount = 400) {
    const user = await createUser(t, { affiliate: {} });
    await grantEarnings(t, user.businessId, '1000');
    const bank = await saveBankAccount(t, sim, user.accessToken);
    sim.failNext('POST', '/transfer', fault);
    const res = await withdraw(t, user.accessToken, bank.id, amount);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('pending');
    const reference = res.body.data.reference as string;
    expect((await transactionByReference(t, reference)).metadata).toMatchObject({
      initiation: 'unconfirmed',
    });
    return { user, reference };
  }

  it('refunds once a withdrawal whose transfer call hung and never reached the provider', async () => {
    const { user, reference } = await unconfirmedWithdrawal({ kind: 'hang' });
    expect(sim.transfers.has(reference)).toBe(false);

    // Fresh: the call might still be on its way, so nobody asks yet.
    await reconcile();
    expect(verifyCalls(reference)).toBe(0);
    expect((await transactionByReference(t, reference)).status).toBe('pending');

    await ageTransaction(t, reference);
    const report = await reconcile();
    expect(report).toMatchObject({ refunded: 1 });
    const w = await transactionByReference(t, reference);
    expect(w.status).toBe('failed');
    expect(w.metadata).toMatchObject({ failureReason: 'Transfer unknown to the payment provider' });
    expect(await refundsOf(t, w.id)).toHaveLength(1);
    expect((await walletOf(t, user.businessId)).earnings).toBe('1000.00');
    expect(await withdrawalNotices(user.businessId)).toHaveLength(1);

    // Settled: not asked about again, not refunded again.
    await ageTransaction(t, reference);
    await reconcile();
    expect(verifyCalls(reference)).toBe(1);
    expect(await refundsOf(t, w.id)).toHaveLength(1);
  });

  it('refunds once a withdrawal refused by a 504 that came before the provider', async () => {
    const { user, reference } = await unconfirmedWithdrawal({
      kind: 'error',
      status: 504,
      message: 'Gateway Timeout',
    });
    await ageTransaction(t, reference);
    await reconcile();
    const w = await transactionByReference(t, reference);
    expect(w.status).toBe('failed');
    expect(await refundsOf(t, w.id)).toHaveLength(1);
    expect((await walletOf(t, user.businessId)).earnings).toBe('1000.00');
  });

  it('completes a withdrawal the provider paid though its gateway answered 504, refunding nothing', async () => {
    const { user, reference } = await unconfirmedWithdrawal({ kind: 'gateway', status: 504 });
    sim.transfers.get(reference)!.status = 'success';
    await ageTransaction(t, reference);
    expect(await reconcile()).toMatchObject({ completed: 1, refunded: 0 });
    const w = await transactionByReference(t, reference);
    expect(w).toMatchObject({ status: 'successful', flagged: false });
    expect(await refundsOf(t, w.id)).toHaveLength(0);
    expect((await walletOf(t, user.businessId)).earnings).toBe('600.00');
    expect(await withdrawalNotices(user.businessId)).toHaveLength(1);

    // The webhook arriving late changes nothing.
    await postSignedEvent(t, sim, sim.transferEvent('transfer.success', reference));
    expect((await settledEvent(t, `transfer.success:${reference}`)).status).toBe('ignored');
    expect(await transactionByReference(t, reference)).toMatchObject({
      status: 'successful',
      flagged: false,
    });
    expect(await withdrawalNotices(user.businessId)).toHaveLength(1);
  });

  it.each([
    ['failed', 'failed'],
    ['reversed', 'reversed'],
    ['abandoned', 'failed'],
  ])('refunds once a transfer the provider reports %s', async (providerStatus, status) => {
    const { user, reference } = await unconfirmedWithdrawal({ kind: 'gateway', status: 502 });
    sim.transfers.get(reference)!.status = providerStatus;
    await ageTransaction(t, reference);
    await reconcile();
    const w = await transactionByReference(t, reference);
    expect(w.status).toBe(status);
    expect(await refundsOf(t, w.id)).toHaveLength(1);
    expect((await walletOf(t, user.businessId)).earnings).toBe('1000.00');
  });

  it('also settles a withdrawal the provider accepted whose webhook never came', async () => {
    const user = await createUser(t, { affiliate: {} });
    await grantEarnings(t, user.businessId, '500');
    const bank = await saveBankAccount(t, sim, user.accessToken);
    const res = await withdraw(t, user.accessToken, bank.id, 200);
    const reference = res.body.data.reference as string;
    sim.transfers.get(reference)!.status = 'success';
    await ageTransaction(t, reference);
    await reconcile();
    expect((await transactionByReference(t, reference)).status).toBe('successful');
    expect((await walletOf(t, user.businessId)).earnings).toBe('300.00');
  });

  it('flags, and never refunds, a withdrawal the provider accepted with a code and now says it does not know', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const user = await createUser(t, { affiliate: {} });
    await grantEarnings(t, user.businessId, '500');
    const bank = await saveBankAccount(t, sim, user.accessToken);
    const res = await withdraw(t, user.accessToken, bank.id, 200);
    const reference = res.body.data.reference as string;
    const code = sim.transfers.get(reference)!.transferCode;
    expect((await transactionByReference(t, reference)).providerReference).toBe(code);
    // The provider (or a proxy in front of it) loses track of a transfer it took: its own "not found".
    sim.transfers.delete(reference);
    await ageTransaction(t, reference);

    expect(await reconcile()).toMatchObject({ checked: 1, flagged: 1, refunded: 0 });
    let w = await transactionByReference(t, reference);
    expect(w).toMatchObject({ status: 'pending', flagged: true });
    expect(w.flagReason).toContain(code);
    expect(await refundsOf(t, w.id)).toHaveLength(0);
    expect((await walletOf(t, user.businessId)).earnings).toBe('300.00');

    // Asked again a round later: still no refund, and the administrators were told once.
    await ageTransaction(t, reference);
    expect(await reconcile()).toMatchObject({ flagged: 0, refunded: 0 });
    w = await transactionByReference(t, reference);
    expect(w.status).toBe('pending');
    expect(await refundsOf(t, w.id)).toHaveLength(0);
    const alerts = (
      await t.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.receiverId, admin.accountId), eq(notifications.type, 'transaction.flagged')),
        )
    ).filter((n) => n.message.includes(reference));
    expect(alerts).toHaveLength(1);
  });

  it('leaves a transfer still in progress pending, and asks again only after another delay', async () => {
    const { user, reference } = await unconfirmedWithdrawal({ kind: 'gateway', status: 503 });
    sim.transfers.get(reference)!.status = 'otp';
    await ageTransaction(t, reference);
    await reconcile();
    expect(verifyCalls(reference)).toBe(1);
    const w = await transactionByReference(t, reference);
    expect(w.status).toBe('pending');
    expect(await refundsOf(t, w.id)).toHaveLength(0);
    expect((await walletOf(t, user.businessId)).earnings).toBe('600.00');

    await reconcile();
    expect(verifyCalls(reference)).toBe(1);
    await ageTransaction(t, reference);
    sim.transfers.get(reference)!.status = 'success';
    await reconcile();
    expect(verifyCalls(reference)).toBe(2);
    expect((await transactionByReference(t, reference)).status).toBe('successful');
  });

  it.each<[string, Fault]>([
    ['answers 500', { kind: 'error', status: 500, message: 'Internal error' }],
    ['is behind a 404 page that is not its own answer', { kind: 'gateway', status: 404 }],
    ['answers something unreadable', { kind: 'garbage' }],
  ])('moves nothing when the provider %s to the verify call', async (_label, fault) => {
    const { user, reference } = await unconfirmedWithdrawal({
      kind: 'error',
      status: 504,
      message: 'Gateway Timeout',
    });
    await ageTransaction(t, reference);
    sim.failNext('GET', `/transfer/verify/${reference}`, fault);
    expect(await reconcile()).toMatchObject({ refunded: 0, completed: 0, unreachable: 1 });
    const w = await transactionByReference(t, reference);
    expect(w.status).toBe('pending');
    expect(await refundsOf(t, w.id)).toHaveLength(0);
    expect((await walletOf(t, user.businessId)).earnings).toBe('600.00');
  });

  it('goes on with the rest of the round when applying one answer fails in the database', async () => {
    const stuck = await unconfirmedWithdrawal(
      { kind: 'error', status: 504, message: 'Gateway Timeout' },
      300,
    );
    const other = await unconfirmedWithdrawal(
      { kind: 'error', status: 504, message: 'Gateway Timeout' },
      300,
    );
    // The stuck one is older, so it comes first in the round.
    await ageTransaction(t, stuck.reference, 120);
    await ageTransaction(t, other.reference, 60);
    // The database refuses to settle that one withdrawal (as a constraint or a lock timeout would).
    await t.db.execute(
      sql.raw(`CREATE FUNCTION refuse_settling() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.reference = '${stuck.reference}' AND NEW.status <> 'pending' THEN
            RAISE EXCEPTION 'settling refused by the test';
          END IF;
          RETURN NEW;
        END $$`),
    );
    await t.db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_settling BEFORE UPDATE ON transactions FOR EACH ROW EXECUTE FUNCTION refuse_settling()',
      ),
    );
    let report: Awaited<ReturnType<typeof reconcile>>;
    try {
      report = await reconcile();
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER refuse_settling ON transactions'));
      await t.db.execute(sql.raw('DROP FUNCTION refuse_settling()'));
    }
    expect(report).toMatchObject({ errors: 1 });
    expect(report.refunded).toBeGreaterThanOrEqual(1);
    // The other withdrawal of the round was settled; the stuck one was left exactly as it was.
    const settled = await transactionByReference(t, other.reference);
    expect(settled.status).toBe('failed');
    expect(await refundsOf(t, settled.id)).toHaveLength(1);
    expect((await walletOf(t, other.user.businessId)).earnings).toBe('1000.00');
    const left = await transactionByReference(t, stuck.reference);
    expect(left.status).toBe('pending');
    expect(await refundsOf(t, left.id)).toHaveLength(0);
    expect((await walletOf(t, stuck.user.businessId)).earnings).toBe('700.00');

    // It comes round again after another delay, and is settled then.
    await ageTransaction(t, stuck.reference);
    expect(await reconcile()).toMatchObject({ errors: 0 });
    const retried = await transactionByReference(t, stuck.reference);
    expect(retried.status).toBe('failed');
    expect(await refundsOf(t, retried.id)).toHaveLength(1);
    expect((await walletOf(t, stuck.user.businessId)).earnings).toBe('1000.00');
  });

  it('refunds each withdrawal once when two workers reconcile at the same time, with a webhook racing', async () => {
    const withdrawals = [];
    for (let i = 0; i < 4; i++)
      withdrawals.push(
        await unconfirmedWithdrawal({ kind: 'error', status: 503, message: 'Service Unavailable' }, 250),
      );
    for (const w of withdrawals) await ageTransaction(t, w.reference);

    const [a, b] = await Promise.all([reconcile(), reconcile()]);
    expect(a.refunded + b.refunded).toBe(4);
    for (const { user, reference } of withdrawals) {
      // Each withdrawal was claimed by one worker only: the provider was asked once.
      expect(verifyCalls(reference)).toBe(1);
      const w = await transactionByReference(t, reference);
      expect(w.status).toBe('failed');
      expect(await refundsOf(t, w.id)).toHaveLength(1);
      expect((await walletOf(t, user.businessId)).earnings).toBe('1000.00');
    }

    // A webhook and two rounds racing over one more withdrawal: one refund still.
    const last = await unconfirmedWithdrawal({ kind: 'gateway', status: 504 }, 100);
    await ageTransaction(t, last.reference);
    const failed = sim.transferEvent('transfer.failed', last.reference);
    await Promise.all([reconcile(), reconcile(), postSignedEvent(t, sim, failed)]);
    await settledEvent(t, `transfer.failed:${last.reference}`);
    const w = await transactionByReference(t, last.reference);
    expect(w.status).toBe('failed');
    expect(await refundsOf(t, w.id)).toHaveLength(1);
    expect((await walletOf(t, last.user.businessId)).earnings).toBe('1000.00');
  });

  it('runs as a worker job', async () => {
    const { user, reference } = await unconfirmedWithdrawal({ kind: 'error', status: 502, message: 'x' });
    await ageTransaction(t, reference);
    const job = startWithdrawalReconciliation(t.deps, 50);
    try {
      await vi.waitFor(
        async () => {
          expect((await transactionByReference(t, reference)).status).toBe('failed');
        },
        { timeout: 10_000, interval: 25 },
      );
    } finally {
      await job.stop();
    }
    expect(job.name).toBe('withdrawal-reconciliation');
    expect(await refundsOf(t, (await transactionByReference(t, reference)).id)).toHaveLength(1);
    expect((await walletOf(t, user.businessId)).earnings).toBe('1000.00');
  });
});
