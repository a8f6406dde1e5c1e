import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyTransferOutcome } from '../../src/modules/affiliate/withdrawals.js';
import { settlePayment } from '../../src/modules/payments/settlement.js';
import { PaymentEventProcessor, startPaymentEventSweep } from '../../src/modules/webhooks/payment.events.js';
import { queryRows } from '../../src/platform/db/client.js';
import { transactions, userPlans, webhookEvents } from '../../src/platform/db/schema/index.js';
import { createPlan, createUser, grantEarnings, setExchangeRate, walletOf } from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { PaymentProviderSimulator } from '../simulators/payment-provider.js';
import {
  eventsWithKey,
  eventually,
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
      await eventually(async () => {
        const [row] = await eventsWithKey(t, `charge.success:${reference}`);
        expect(row!.status).toBe('processed');
      });
      expect((await walletOf(t, user.businessId)).balance).toBe('60.0000');
      expect(await eventsWithKey(t, `charge.success:${reference}`)).toHaveLength(1);
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
