import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPaymentEventSweep } from '../../src/jobs/payment-event-sweep.js';
import { applyTransferOutcome } from '../../src/modules/affiliate/withdrawals.js';
import { settlePayment } from '../../src/modules/payments/settlement.js';
import { MAX_EVENT_ATTEMPTS } from '../../src/modules/webhooks/inbox.js';
import { PaymentEventProcessor } from '../../src/modules/webhooks/payment.events.js';
import { queryRows } from '../../src/platform/db/client.js';
import { notifications, transactions, userPlans, webhookEvents } from '../../src/platform/db/schema/index.js';
import { createPlan, createUser, grantEarnings, setExchangeRate, walletOf } from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { PaymentProviderSimulator } from '../simulators/payment-provider.js';
import {
  eventsWithKey,
  openCreditCheckout,
  openPlanCheckout,
  paymentNotifications,
  saveBankAccount,
  settledEvent,
  transactionByReference,
  withdraw,
} from './payments.support.js';

const sim = await new PaymentProviderSimulator().start();
afterAll(() => sim.stop());

describe('POST /webhooks/payment-provider', () => {
  const t = useTestApp({
    env: { PAYMENT_PROVIDER_SECRET_KEY: sim.secretKey, PAYMENT_PROVIDER_BASE_URL: sim.url },
    poolSize: 25,
  });
  let webhookUrl = '';
  beforeAll(async () => {
    await setExchangeRate(t, 'NG', '1500');
    // The provider reaches the service over real HTTP, as in production.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/webhooks/payment-provider`;
  });
  afterEach(() => expectLedgerBalanced(t));

  const eventCount = async () =>
    (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM webhook_events`))[0]!.n;

  /** The `transaction.flagged` notifications one administrator received about one reference. */
  const flagAlerts = async (adminAccountId: string, reference: string) =>
    (
      await t.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.receiverId, adminAccountId), eq(notifications.type, 'transaction.flagged')),
        )
    ).filter((n) => n.message.includes(reference));

  async function paidCheckout(credits = 100) {
    const user = await createUser(t);
    const reference = await openCreditCheckout(t, user.accessToken, credits);
    sim.pay(reference);
    return { user, reference };
  }

  describe('signature', () => {
    it.each([
      ['missing', undefined],
      ['signed with another secret', 'other'],
      ['not hex', 'not-a-signature'],
      ['truncated', 'short'],
    ])('answers 401 and stores nothing when the signature is %s', async (_label, kind) => {
      const { user, reference } = await paidCheckout();
      const event = sim.chargeSuccess(reference);
      const good = sim.sign(event).signature;
      const signature =
        kind === 'other'
          ? sim.sign(event, 'sk_test_other').signature
          : kind === 'short'
            ? good.slice(0, 20)
            : kind;
      const before = await eventCount();
      const res = await t.request({
        url: '/webhooks/payment-provider',
        payload: JSON.stringify(event),
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-payment-provider-signature': signature } : {}),
        },
      });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        apiObject: 'webhook',
        status: 'failure',
        message: 'Invalid webhook signature',
      });
      expect(await eventCount()).toBe(before);
      expect((await transactionByReference(t, reference)).status).toBe('pending');
      expect((await walletOf(t, user.businessId)).balance).toBe('0.0000');
    });

    it('answers 401 when the body was altered after signing', async () => {
      const { reference } = await paidCheckout();
      const event = sim.chargeSuccess(reference);
      const { signature } = sim.sign(event);
      const tampered = JSON.stringify({ ...event, data: { ...event.data, amount: 99999999 } });
      const res = await t.request({
        url: '/webhooks/payment-provider',
        payload: tampered,
        headers: { 'content-type': 'application/json', 'x-payment-provider-signature': signature },
      });
      expect(res.status).toBe(401);
    });
  });

  describe('charge.success', () => {
    it('stores the event, answers 200, credits the wallet and notifies; a replay changes nothing', async () => {
      const { user, reference } = await paidCheckout(300);
      const first = await sim.deliver(webhookUrl, sim.chargeSuccess(reference));
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        apiObject: 'webhook',
        status: 'success',
        message: 'Event received',
      });
      const stored = await settledEvent(t, `charge.success:${reference}`);
      expect(stored).toMatchObject({
        provider: 'payment-provider',
        eventType: 'charge.success',
        status: 'processed',
      });
      expect((await walletOf(t, user.businessId)).balance).toBe('300.0000');
      const row = await transactionByReference(t, reference);
      expect(row).toMatchObject({ status: 'successful', balanceDelta: '300.0000' });
      expect(row.metadata).toMatchObject({ settledVia: 'webhook' });
      expect(await paymentNotifications(t, user.businessId)).toHaveLength(1);

      const replay = await sim.deliver(webhookUrl, sim.chargeSuccess(reference));
      expect(replay.status).toBe(200);
      expect(replay.body).toMatchObject({ message: 'Event already received' });
      expect(await eventsWithKey(t, `charge.success:${reference}`)).toHaveLength(1);
      expect((await walletOf(t, user.businessId)).balance).toBe('300.0000');
      expect(await paymentNotifications(t, user.businessId)).toHaveLength(1);

      // The verify call that usually follows the redirect now finds it settled.
      const verify = await t.request({
        url: '/payments/verify',
        token: user.accessToken,
        body: { reference },
      });
      expect(verify.status).toBe(400);
      expect(verify.body.message).toBe('Transaction already processed');
    });

    it('credits once when the same event arrives 10 times at once alongside verify calls', async () => {
      const { user, reference } = await paidCheckout(100);
      const event = sim.chargeSuccess(reference);
      // The inbox lets one delivery through; the verify calls (no inbox) race it into settlement itself.
      const verifies = Array.from({ length: 5 }, () =>
        t.request({ url: '/payments/verify', token: user.accessToken, body: { reference } }),
      );
      const deliveries = await Promise.all(Array.from({ length: 10 }, () => sim.deliver(webhookUrl, event)));
      for (const d of deliveries) expect(d.status).toBe(200);
      const verified = await Promise.all(verifies);
      for (const v of verified.filter((r) => r.status !== 200)) {
        expect(v.status).toBe(400);
        expect(v.body.message).toBe('Transaction already processed');
      }
      await settledEvent(t, `charge.success:${reference}`);

      expect((await walletOf(t, user.businessId)).balance).toBe('100.0000');
      expect(await eventsWithKey(t, `charge.success:${reference}`)).toHaveLength(1);
      const rows = await t.db.select().from(transactions).where(eq(transactions.businessId, user.businessId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'successful', balanceDelta: '100.0000' });
      expect(await paymentNotifications(t, user.businessId)).toHaveLength(1);
    });

    it('credits nothing and flags the payment when the amount differs', async () => {
      const user = await createUser(t);
      const reference = await openCreditCheckout(t, user.accessToken, 100);
      sim.pay(reference, { amount: 299_999 });
      expect((await sim.deliver(webhookUrl, sim.chargeSuccess(reference))).status).toBe(200);
      const stored = await settledEvent(t, `charge.success:${reference}`);
      expect(stored.error).toBe('Amount mismatch: paid 299999 kobo, expected 300000 kobo');
      expect(await transactionByReference(t, reference)).toMatchObject({
        status: 'failed',
        flagged: true,
        flagReason: 'Amount mismatch: paid 299999 kobo, expected 300000 kobo',
        balanceDelta: '0.0000',
      });
      expect((await walletOf(t, user.businessId)).balance).toBe('0.0000');
      expect(await paymentNotifications(t, user.businessId)).toHaveLength(0);
    });

    it('credits nothing and flags the payment when the currency differs', async () => {
      const user = await createUser(t);
      const reference = await openCreditCheckout(t, user.accessToken, 100);
      sim.pay(reference, { currency: 'USD' });
      await sim.deliver(webhookUrl, sim.chargeSuccess(reference));
      await settledEvent(t, `charge.success:${reference}`);
      expect(await transactionByReference(t, reference)).toMatchObject({ status: 'failed', flagged: true });
      expect((await walletOf(t, user.businessId)).balance).toBe('0.0000');
    });

    it.each([
      ['amount', { amount: 100 }, /^Amount mismatch: paid 100 kobo, expected \d+ kobo$/],
      ['currency', { currency: 'USD' }, /^Currency mismatch: paid USD, expected NGN$/],
    ])('assigns no plan and flags a plan purchase whose %s differs', async (_label, override, reason) => {
      const user = await createUser(t);
      const plan = await createPlan(t, { freeCredit: 500, duration: 30 });
      const reference = await openPlanCheckout(t, user.accessToken, plan.id);
      sim.pay(reference, override);
      await sim.deliver(webhookUrl, sim.chargeSuccess(reference));
      expect((await settledEvent(t, `charge.success:${reference}`)).error).toMatch(reason);
      const row = await transactionByReference(t, reference);
      expect(row).toMatchObject({ status: 'failed', flagged: true, balanceDelta: '0.0000' });
      expect(row.flagReason).toMatch(reason);
      expect(await t.db.select().from(userPlans).where(eq(userPlans.businessId, user.businessId))).toEqual(
        [],
      );
      expect(await paymentNotifications(t, user.businessId)).toHaveLength(0);
      const myPlan = await t.request({ url: '/plans/my-plan', token: user.accessToken });
      expect(myPlan.status).toBe(200);
      expect(myPlan.body.data).toBeNull();
    });

    it('tells every administrator about a flagged payment, once, and lists it for review', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const user = await createUser(t);
      const reference = await openCreditCheckout(t, user.accessToken, 100);
      sim.pay(reference, { amount: 1 });
      await sim.deliver(webhookUrl, sim.chargeSuccess(reference));
      await settledEvent(t, `charge.success:${reference}`);
      // The verify call that follows the redirect sees it already processed: no second alert.
      const verify = await t.request({
        url: '/payments/verify',
        token: user.accessToken,
        body: { reference },
      });
      expect(verify.status).toBe(400);

      const alerts = await flagAlerts(admin.accountId, reference);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ receiverType: 'admin', title: 'Transaction flagged for review' });
      expect(alerts[0]!.message).toContain('Amount mismatch: paid 1 kobo, expected 300000 kobo');
      expect(t.realtime.events).toContainEqual(
        expect.objectContaining({
          room: `admin:${admin.accountId}`,
          event: 'notification',
          payload: expect.objectContaining({ type: 'transaction.flagged' }),
        }),
      );

      const list = await t.request({
        url: '/admin/transactions?flagged=true&pageSize=100',
        token: admin.accessToken,
      });
      expect(list.status).toBe(200);
      expect(list.body.apiObject).toBe('transaction');
      const item = list.body.data.items.find((i: { reference: string }) => i.reference === reference);
      expect(item).toMatchObject({
        kind: 'credit_purchase',
        status: 'failed',
        flagged: true,
        flagReason: 'Amount mismatch: paid 1 kobo, expected 300000 kobo',
        businessId: user.businessId,
        companyName: 'Test Ltd',
      });
      for (const i of list.body.data.items) expect(i.flagged).toBe(true);

      const unflagged = await t.request({
        url: '/admin/transactions?flagged=false&pageSize=100',
        token: admin.accessToken,
      });
      expect(unflagged.body.data.items.map((i: { reference: string }) => i.reference)).not.toContain(
        reference,
      );
      const bad = await t.request({ url: '/admin/transactions?flagged=maybe', token: admin.accessToken });
      expect(bad.status).toBe(400);
      expect(bad.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain('flagged');
      const business = await t.request({ url: '/admin/transactions?flagged=true', token: user.accessToken });
      expect(business.status).toBe(403);
    });

    it('assigns the plan of a plan purchase', async () => {
      const user = await createUser(t);
      const plan = await createPlan(t, { freeCredit: 750, duration: 14 });
      const reference = await openPlanCheckout(t, user.accessToken, plan.id);
      sim.pay(reference);
      await sim.deliver(webhookUrl, sim.chargeSuccess(reference));
      await settledEvent(t, `charge.success:${reference}`);
      const [userPlan] = await t.db.select().from(userPlans).where(eq(userPlans.businessId, user.businessId));
      expect(userPlan).toMatchObject({ planId: plan.id, freeCredit: 750, balance: '750.0000' });
      expect((await transactionByReference(t, reference)).status).toBe('successful');
    });

    it('answers 200 and ignores a reference it does not know, or an event it does not handle', async () => {
      const unknown = await sim.deliver(webhookUrl, {
        event: 'charge.success',
        data: { reference: 'credit-not-ours', amount: 100, currency: 'NGN', status: 'success' },
      });
      expect(unknown.status).toBe(200);
      expect(await settledEvent(t, 'charge.success:credit-not-ours')).toMatchObject({
        status: 'ignored',
        error: 'Unknown payment reference',
      });
      await sim.deliver(webhookUrl, { event: 'subscription.create', data: { reference: 'sub-1' } });
      expect((await settledEvent(t, 'subscription.create:sub-1')).status).toBe('ignored');
    });

    it('settles once when 10 settlements of one reference run at once (the row lock, not the inbox)', async () => {
      const { user, reference } = await paidCheckout(70);
      const paid = sim.transactions.get(reference)!;
      const charge = {
        reference,
        amountMinor: paid.amount,
        currency: 'NGN',
        providerId: String(paid.id),
        paidAt: paid.paidAt,
        via: 'webhook' as const,
      };
      const results = await Promise.all(Array.from({ length: 10 }, () => settlePayment(t.deps, charge)));
      expect(results.filter((r) => r.outcome === 'settled')).toHaveLength(1);
      expect(results.filter((r) => r.outcome === 'already_processed')).toHaveLength(9);
      expect((await walletOf(t, user.businessId)).balance).toBe('70.0000');
      expect(await paymentNotifications(t, user.businessId)).toHaveLength(1);
    });

    it('processes a stored event that was never finished, once, when swept', async () => {
      const { user, reference } = await paidCheckout(40);
      const event = sim.chargeSuccess(reference);
      // As if the process died between storing the event and processing it.
      await t.db.insert(webhookEvents).values({
        provider: 'payment-provider',
        eventKey: `charge.success:${reference}`,
        eventType: 'charge.success',
        payload: event,
        receivedAt: new Date(Date.now() - 10 * 60_000),
      });
      const processor = new PaymentEventProcessor(t.deps);
      expect(await processor.retryUnfinished(60_000)).toBeGreaterThanOrEqual(1);
      expect((await walletOf(t, user.businessId)).balance).toBe('40.0000');
      const [row] = await eventsWithKey(t, `charge.success:${reference}`);
      expect(row!.status).toBe('processed');
      expect(await processor.retryUnfinished(60_000)).toBe(0);
      expect((await walletOf(t, user.businessId)).balance).toBe('40.0000');
    });

    it('runs the sweep as a worker job', async () => {
      const { user, reference } = await paidCheckout(15);
      await t.db.insert(webhookEvents).values({
        provider: 'payment-provider',
        eventKey: `charge.success:${reference}`,
        eventType: 'charge.success',
        payload: sim.chargeSuccess(reference),
        receivedAt: new Date(Date.now() - 60_000),
      });
      const job = startPaymentEventSweep(t.deps, 50);
      try {
        expect((await settledEvent(t, `charge.success:${reference}`)).status).toBe('processed');
      } finally {
        await job.stop();
      }
      expect((await walletOf(t, user.businessId)).balance).toBe('15.0000');
    });

    it('processes again an event whose first processing failed, when it is delivered again', async () => {
      const { user, reference } = await paidCheckout(60);
      const event = sim.chargeSuccess(reference);
      await t.db.insert(webhookEvents).values({
        provider: 'payment-provider',
        eventKey: `charge.success:${reference}`,
        eventType: 'charge.success',
        payload: event,
        status: 'failed',
        error: 'Processing failed',
      });
      const res = await sim.deliver(webhookUrl, event);
      expect(res.body).toMatchObject({ message: 'Event received' });
      // The row was `failed` before this delivery: wait for it to turn `processed`.
      await vi.waitFor(
        async () => {
          const [row] = await eventsWithKey(t, `charge.success:${reference}`);
          expect(row!.status).toBe('processed');
        },
        { timeout: 10_000, interval: 25 },
      );
      expect((await walletOf(t, user.businessId)).balance).toBe('60.0000');
      expect(await eventsWithKey(t, `charge.success:${reference}`)).toHaveLength(1);
    });
  });

  describe('retry sweep', () => {
    const processor = () => new PaymentEventProcessor(t.deps);
    const eventRow = async (key: string) => (await eventsWithKey(t, key))[0]!;
    /** Makes a stored event, and its last try, old enough for the sweep, which waits an interval after each. */
    const age = (key: string) =>
      t.db
        .update(webhookEvents)
        .set({
          receivedAt: new Date(Date.now() - 10 * 60_000),
          lastAttemptAt: new Date(Date.now() - 10 * 60_000),
        })
        .where(eq(webhookEvents.eventKey, key));

    it('retries a failed event and settles it once', async () => {
      const { user, reference } = await paidCheckout(25);
      const key = `charge.success:${reference}`;
      await t.db.insert(webhookEvents).values({
        provider: 'payment-provider',
        eventKey: key,
        eventType: 'charge.success',
        payload: sim.chargeSuccess(reference),
        status: 'failed',
        error: 'Processing failed',
        attempts: 1,
        receivedAt: new Date(Date.now() - 10 * 60_000),
      });
      await processor().retryUnfinished(60_000);
      expect(await eventRow(key)).toMatchObject({ status: 'processed', error: null, attempts: 2 });
      expect((await walletOf(t, user.businessId)).balance).toBe('25.0000');
      await age(key);
      await processor().retryUnfinished(60_000);
      expect((await eventRow(key)).attempts).toBe(2);
      expect((await walletOf(t, user.businessId)).balance).toBe('25.0000');
    });

    it(`gives up on an event that keeps failing after ${MAX_EVENT_ATTEMPTS} attempts`, async () => {
      // A plan purchase whose plan is gone and that carries no snapshot: handling it throws every time.
      const user = await createUser(t);
      const wallet = await walletOf(t, user.businessId);
      const reference = `plan-${randomUUID().replace(/-/g, '')}`;
      await t.db.insert(transactions).values({
        businessId: user.businessId,
        walletId: wallet.id,
        kind: 'plan_purchase',
        status: 'pending',
        reference,
        amount: '15000',
        currency: 'NGN',
        providerAmount: 1_500_000,
        planId: randomUUID(),
      });
      const key = `charge.success:${reference}`;
      await t.db.insert(webhookEvents).values({
        provider: 'payment-provider',
        eventKey: key,
        eventType: 'charge.success',
        payload: {
          event: 'charge.success',
          data: { reference, amount: 1_500_000, currency: 'NGN', status: 'success', id: 1 },
        },
        receivedAt: new Date(Date.now() - 10 * 60_000),
      });
      for (let i = 1; i <= MAX_EVENT_ATTEMPTS + 2; i++) {
        await processor().retryUnfinished(60_000);
        expect((await eventRow(key)).attempts).toBe(Math.min(i, MAX_EVENT_ATTEMPTS));
        await age(key);
      }
      expect(await eventRow(key)).toMatchObject({ status: 'failed', error: 'Processing failed' });
      expect(await transactionByReference(t, reference)).toMatchObject({ status: 'pending', flagged: false });
      expect((await walletOf(t, user.businessId)).balance).toBe('0.0000');
    });

    it('never touches processed or ignored events, however old', async () => {
      const { user, reference } = await paidCheckout(35);
      await sim.deliver(webhookUrl, sim.chargeSuccess(reference));
      const processedKey = `charge.success:${reference}`;
      const processed = await settledEvent(t, processedKey);
      expect(processed.status).toBe('processed');
      await sim.deliver(webhookUrl, { event: 'charge.success', data: { reference: `${reference}-x` } });
      const ignoredKey = `charge.success:${reference}-x`;
      const ignored = await settledEvent(t, ignoredKey);
      expect(ignored.status).toBe('ignored');
      await age(processedKey);
      await age(ignoredKey);

      await processor().retryUnfinished(60_000);
      for (const [key, before] of [
        [processedKey, processed],
        [ignoredKey, ignored],
      ] as const) {
        const after = await eventRow(key);
        expect(after).toMatchObject({ status: before.status, attempts: 0, error: before.error });
        expect(after.processedAt).toEqual(before.processedAt);
      }
      expect((await walletOf(t, user.businessId)).balance).toBe('35.0000');
      expect(await paymentNotifications(t, user.businessId)).toHaveLength(1);
    });
  });

  describe('transfer events', () => {
    /** An affiliate with 1000 NGN earnings who has just withdrawn `amount`. */
    async function pendingWithdrawal(amount = 400) {
      const user = await createUser(t, { affiliate: {} });
      await grantEarnings(t, user.businessId, '1000');
      const bank = await saveBankAccount(t, sim, user.accessToken);
      const res = await withdraw(t, user.accessToken, bank.id, amount);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { user, reference: res.body.data.reference as string };
    }

    const refundsOf = (withdrawalId: string) =>
      t.db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.kind, 'withdrawal_refund'),
            eq(transactions.relatedTransactionId, withdrawalId),
          ),
        );

    it('transfer.success makes the withdrawal successful; the earnings stay debited', async () => {
      const { user, reference } = await pendingWithdrawal(400);
      await sim.deliver(webhookUrl, sim.transferEvent('transfer.success', reference));
      await settledEvent(t, `transfer.success:${reference}`);
      const w = await transactionByReference(t, reference);
      expect(w.status).toBe('successful');
      expect(await refundsOf(w.id)).toHaveLength(0);
      expect((await walletOf(t, user.businessId)).earnings).toBe('600.00');
    });

    it('transfer.failed marks it failed and refunds once, even delivered twice and then reversed', async () => {
      const { user, reference } = await pendingWithdrawal(400);
      await sim.deliver(webhookUrl, sim.transferEvent('transfer.failed', reference));
      await settledEvent(t, `transfer.failed:${reference}`);
      await sim.deliver(webhookUrl, sim.transferEvent('transfer.failed', reference));
      await sim.deliver(webhookUrl, sim.transferEvent('transfer.reversed', reference));
      await settledEvent(t, `transfer.reversed:${reference}`);

      const w = await transactionByReference(t, reference);
      expect(w.status).toBe('failed');
      const refunds = await refundsOf(w.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ status: 'successful', earningsDelta: '400.00', amount: '400.0000' });
      expect((await walletOf(t, user.businessId)).earnings).toBe('1000.00');
    });

    it('transfer.failed after transfer.success refunds nothing and flags the withdrawal', async () => {
      const { user, reference } = await pendingWithdrawal(250);
      await sim.deliver(webhookUrl, sim.transferEvent('transfer.success', reference));
      await settledEvent(t, `transfer.success:${reference}`);
      await sim.deliver(webhookUrl, sim.transferEvent('transfer.failed', reference));
      await settledEvent(t, `transfer.failed:${reference}`);
      const w = await transactionByReference(t, reference);
      expect(w).toMatchObject({ status: 'successful', flagged: true });
      expect(await refundsOf(w.id)).toHaveLength(0);
      expect((await walletOf(t, user.businessId)).earnings).toBe('750.00');
    });

    it('transfer.reversed after transfer.success refunds once and marks it reversed', async () => {
      const { user, reference } = await pendingWithdrawal(250);
      await sim.deliver(webhookUrl, sim.transferEvent('transfer.success', reference));
      await settledEvent(t, `transfer.success:${reference}`);
      await sim.deliver(webhookUrl, sim.transferEvent('transfer.reversed', reference));
      await settledEvent(t, `transfer.reversed:${reference}`);
      const w = await transactionByReference(t, reference);
      expect(w.status).toBe('reversed');
      expect(await refundsOf(w.id)).toHaveLength(1);
      expect((await walletOf(t, user.businessId)).earnings).toBe('1000.00');
    });

    it('transfer.success after a refund moves nothing and flags the withdrawal', async () => {
      const { user, reference } = await pendingWithdrawal(300);
      await sim.deliver(webhookUrl, sim.transferEvent('transfer.failed', reference));
      await settledEvent(t, `transfer.failed:${reference}`);
      await sim.deliver(webhookUrl, sim.transferEvent('transfer.success', reference));
      await settledEvent(t, `transfer.success:${reference}`);
      const w = await transactionByReference(t, reference);
      expect(w).toMatchObject({ status: 'failed', flagged: true });
      expect(await refundsOf(w.id)).toHaveLength(1);
      expect((await walletOf(t, user.businessId)).earnings).toBe('1000.00');
    });

    const withdrawalNotices = (businessId: string) =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.receiverId, businessId), eq(notifications.type, 'withdrawal.updated')))
        .orderBy(notifications.createdAt);

    it('tells the business when its withdrawal is paid, and again when the bank sends it back', async () => {
      const { user, reference } = await pendingWithdrawal(400);
      expect(await withdrawalNotices(user.businessId)).toHaveLength(0);
      await sim.deliver(webhookUrl, sim.transferEvent('transfer.success', reference));
      await settledEvent(t, `transfer.success:${reference}`);
      const paid = await withdrawalNotices(user.businessId);
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({
        receiverType: 'business',
        title: 'Withdrawal paid',
        message: 'Your withdrawal of NGN 400.00 has been paid to your bank account.',
      });
      expect(t.realtime.events).toContainEqual(
        expect.objectContaining({
          room: `business:${user.businessId}`,
          payload: expect.objectContaining({ type: 'withdrawal.updated', title: 'Withdrawal paid' }),
        }),
      );

      await sim.deliver(webhookUrl, sim.transferEvent('transfer.reversed', reference));
      await settledEvent(t, `transfer.reversed:${reference}`);
      const all = await withdrawalNotices(user.businessId);
      expect(all).toHaveLength(2);
      expect(all.map((n) => n.title)).toContain('Withdrawal refunded');
      expect(all.map((n) => n.message)).toContain(
        'Your withdrawal of NGN 400.00 was reversed by the bank; the amount is back in your earnings.',
      );
    });

    it('tells the business once when its withdrawal fails, however often the failure is reported', async () => {
      const { user, reference } = await pendingWithdrawal(150);
      const failed = sim.transferEvent('transfer.failed', reference);
      await sim.deliver(webhookUrl, failed);
      await settledEvent(t, `transfer.failed:${reference}`);
      await sim.deliver(webhookUrl, failed);
      await applyTransferOutcome(t.deps, reference, 'failed', 'again');
      const notices = await withdrawalNotices(user.businessId);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        title: 'Withdrawal refunded',
        message: 'Your withdrawal of NGN 150.00 was not completed; the amount is back in your earnings.',
      });
    });

    it('transfer.reversed on a pending withdrawal marks it reversed and refunds it once', async () => {
      const { user, reference } = await pendingWithdrawal(350);
      const reversed = sim.transferEvent('transfer.reversed', reference);
      await sim.deliver(webhookUrl, reversed);
      await settledEvent(t, `transfer.reversed:${reference}`);
      await sim.deliver(webhookUrl, reversed);
      const w = await transactionByReference(t, reference);
      expect(w).toMatchObject({ status: 'reversed', flagged: false });
      const refunds = await refundsOf(w.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ status: 'successful', earningsDelta: '350.00' });
      expect((await walletOf(t, user.businessId)).earnings).toBe('1000.00');
      expect(await withdrawalNotices(user.businessId)).toHaveLength(1);
    });

    it('tells every administrator once about a withdrawal with contradictory transfer events', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const { reference } = await pendingWithdrawal(200);
      await sim.deliver(webhookUrl, sim.transferEvent('transfer.failed', reference));
      await settledEvent(t, `transfer.failed:${reference}`);
      await sim.deliver(webhookUrl, sim.transferEvent('transfer.success', reference));
      await settledEvent(t, `transfer.success:${reference}`);
      // A second contradiction (not through the inbox, which would drop a replay) adds no second alert.
      expect((await applyTransferOutcome(t.deps, reference, 'successful', 'again')).result).toBe('flagged');

      const alerts = await flagAlerts(admin.accountId, reference);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.message).toContain('Transfer reported successful after it was failed and refunded');
      const list = await t.request({
        url: '/admin/transactions?flagged=true&kind=withdrawal&pageSize=100',
        token: admin.accessToken,
      });
      expect(list.body.data.items.map((i: { reference: string }) => i.reference)).toContain(reference);
    });

    it('applies 10 concurrent failure verdicts cleanly: one refund, the rest see it done', async () => {
      const { user, reference } = await pendingWithdrawal(450);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          applyTransferOutcome(t.deps, reference, i % 2 ? 'failed' : 'reversed', 'race'),
        ),
      );
      // Every call resolves: the row lock queues them, so the unique refund index is never what stops one.
      expect(results.filter((r) => r.result === 'refunded')).toHaveLength(1);
      expect(results.filter((r) => r.result === 'unchanged')).toHaveLength(9);
      const w = await transactionByReference(t, reference);
      expect(await refundsOf(w.id)).toHaveLength(1);
      expect((await walletOf(t, user.businessId)).earnings).toBe('1000.00');
    });

    it('refunds once when failures and reversals of one transfer race', async () => {
      const { user, reference } = await pendingWithdrawal(500);
      const failed = sim.transferEvent('transfer.failed', reference);
      const reversed = sim.transferEvent('transfer.reversed', reference);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => sim.deliver(webhookUrl, i % 2 ? failed : reversed)),
      );
      for (const a of answers) expect(a.status).toBe(200);
      await settledEvent(t, `transfer.failed:${reference}`);
      await settledEvent(t, `transfer.reversed:${reference}`);
      const w = await transactionByReference(t, reference);
      expect(['failed', 'reversed']).toContain(w.status);
      expect(await refundsOf(w.id)).toHaveLength(1);
      expect((await walletOf(t, user.businessId)).earnings).toBe('1000.00');
    });
  });
});
