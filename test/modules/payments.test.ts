import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deleteExchangeRate } from '../../src/modules/exchange-rates/exchange-rates.repository.js';
import { saveAppSettings } from '../../src/modules/settings/app-settings.repository.js';
import { userPlans } from '../../src/platform/db/schema/index.js';
import { createPlan, createUser, grantCredits, setExchangeRate, walletOf } from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { PaymentProviderSimulator } from '../simulators/payment-provider.js';
import {
  openCreditCheckout,
  openPlanCheckout,
  paymentNotifications,
  transactionByReference,
  transactionsOf,
} from './payments.support.js';

const sim = await new PaymentProviderSimulator().start();
afterAll(() => sim.stop());

describe('payments', () => {
  const t = useTestApp({
    env: { PAYMENT_PROVIDER_SECRET_KEY: sim.secretKey, PAYMENT_PROVIDER_BASE_URL: sim.url },
  });
  beforeAll(() => setExchangeRate(t, 'NG', '1500'));
  afterEach(() => expectLedgerBalanced(t));

  /** Runs `fn` with no NG rate configured, then puts the rate back. */
  async function withoutNgRate(fn: () => Promise<void>) {
    await deleteExchangeRate(t.db, 'NG');
    try {
      await fn();
    } finally {
      await setExchangeRate(t, 'NG', '1500');
    }
  }

  describe('GET /payments/credit-pricing', () => {
    it('prices credits in USD and in NGN, with the rates used', async () => {
      const user = await createUser(t);
      const res = await t.request({
        url: '/payments/credit-pricing?totalCredit=100',
        token: user.accessToken,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ apiObject: 'payment', status: 'success' });
      expect(res.body.data).toEqual({
        totalCredit: 100,
        priceUSD: 2,
        priceNGN: 3000,
        currency: 'NGN',
        rates: { pricePerCredit: 0.02, usdToNgn: 1500 },
      });
    });

    it('computes in decimals and rounds to the kobo, half up, from the exact product', async () => {
      const user = await createUser(t);
      await setExchangeRate(t, 'NG', '1499.99');
      await saveAppSettings(t.db, { pricePerCredit: '0.015' });
      try {
        // 7 x 0.015 = 0.105 USD; x 1499.99 = 157.49895 NGN -> 157.50
        const res = await t.request({
          url: '/payments/credit-pricing?totalCredit=7',
          token: user.accessToken,
        });
        expect(res.body.data).toMatchObject({ priceUSD: 0.105, priceNGN: 157.5 });
        expect(res.body.data.rates).toEqual({ pricePerCredit: 0.015, usdToNgn: 1499.99 });
      } finally {
        await saveAppSettings(t.db, { pricePerCredit: '0.02' });
        await setExchangeRate(t, 'NG', '1500');
      }
    });

    it('still prices in USD when no NG rate is configured, with the NGN price null', async () => {
      const user = await createUser(t);
      await withoutNgRate(async () => {
        const res = await t.request({
          url: '/payments/credit-pricing?totalCredit=50',
          token: user.accessToken,
        });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ priceUSD: 1, priceNGN: null, rates: { usdToNgn: null } });
      });
    });

    it.each([
      '',
      '?totalCredit=',
      '?totalCredit=0',
      '?totalCredit=-3',
      '?totalCredit=1.5',
      '?totalCredit=abc',
    ])('answers 400 naming totalCredit for %j', async (query) => {
      const user = await createUser(t);
      const res = await t.request({ url: `/payments/credit-pricing${query}`, token: user.accessToken });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain('totalCredit');
    });

    it('needs a token', async () => {
      expect((await t.request({ url: '/payments/credit-pricing?totalCredit=1' })).status).toBe(401);
    });
  });

  describe('POST /payments/credit-link', () => {
    it('creates a pending transaction in kobo and opens the checkout with the provider', async () => {
      const user = await createUser(t);
      const res = await t.request({
        url: '/payments/credit-link',
        token: user.accessToken,
        body: { totalCredit: 100 },
      });
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data).toMatchObject({ totalCredit: 100, amount: 3000, currency: 'NGN', priceUSD: 2 });
      expect(data.authorization_url).toMatch(/^https:\/\/checkout\.sim\.test\//);
      expect(data.reference).toMatch(/^credit-[0-9a-f]{32}$/);

      const row = await transactionByReference(t, data.reference);
      expect(row).toMatchObject({
        id: data.transactionId,
        businessId: user.businessId,
        kind: 'credit_purchase',
        status: 'pending',
        amount: '3000.0000',
        currency: 'NGN',
        providerAmount: 300000,
        credits: '100.0000',
        balanceDelta: '0.0000',
      });
      expect(row.metadata).toMatchObject({ purpose: 'credit_purchase', totalCredit: 100, usdToNgn: '1500' });

      const sent = sim.requests.at(-1)!;
      expect(sent.path).toBe('/transaction/initialize');
      expect(sent.body).toMatchObject({
        email: user.email,
        amount: '300000',
        currency: 'NGN',
        reference: data.reference,
        // The provider sends the buyer back to the web console's page that verifies the payment.
        callback_url: 'http://127.0.0.1:4000/wallet/return',
      });
      expect(JSON.parse(sent.body!.metadata as string)).toMatchObject({
        purpose: 'credit_purchase',
        transactionId: row.id,
        businessId: user.businessId,
      });
      expect((await walletOf(t, user.businessId)).balance).toBe('0.0000');
    });

    it('gives every checkout its own reference', async () => {
      const user = await createUser(t);
      const refs = await Promise.all([1, 2, 3].map(() => openCreditCheckout(t, user.accessToken, 10)));
      expect(new Set(refs).size).toBe(3);
    });

    it('answers 403 before the e-mail is verified, and stores nothing', async () => {
      const user = await createUser(t, { verified: false });
      const res = await t.request({
        url: '/payments/credit-link',
        token: user.accessToken,
        body: { totalCredit: 10 },
      });
      expect(res.status).toBe(403);
      expect(await transactionsOf(t, user.businessId)).toHaveLength(0);
    });

    it.each([{}, { totalCredit: '100' }, { totalCredit: 0 }, { totalCredit: 2.5 }, { totalCredit: null }])(
      'answers 400 for %j and stores nothing',
      async (body) => {
        const user = await createUser(t);
        const res = await t.request({ url: '/payments/credit-link', token: user.accessToken, body });
        expect(res.status).toBe(400);
        expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain('totalCredit');
        expect(await transactionsOf(t, user.businessId)).toHaveLength(0);
      },
    );

    it('answers 400 for malformed JSON', async () => {
      const user = await createUser(t);
      const res = await t.request({
        url: '/payments/credit-link',
        token: user.accessToken,
        payload: '{"totalCredit": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Malformed JSON body');
    });

    it('refuses with a clear 400 when no NG rate is configured, and stores nothing', async () => {
      const user = await createUser(t);
      await withoutNgRate(async () => {
        const res = await t.request({
          url: '/payments/credit-link',
          token: user.accessToken,
          body: { totalCredit: 10 },
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toContain('no NGN exchange rate');
      });
      expect(await transactionsOf(t, user.businessId)).toHaveLength(0);
    });

    it('refuses an amount beyond one payment', async () => {
      const user = await createUser(t);
      const res = await t.request({
        url: '/payments/credit-link',
        token: user.accessToken,
        body: { totalCredit: 10_000_000 },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Amount too large for a single payment');
      expect(await transactionsOf(t, user.businessId)).toHaveLength(0);
    });

    it('closes the pending row as failed when the provider refuses to open the checkout', async () => {
      const user = await createUser(t);
      sim.failNext('POST', '/transaction/initialize', {
        kind: 'error',
        status: 400,
        message: 'Invalid email',
      });
      const res = await t.request({
        url: '/payments/credit-link',
        token: user.accessToken,
        body: { totalCredit: 10 },
      });
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('Could not open the checkout: Payment provider: Invalid email');
      const rows = await transactionsOf(t, user.businessId);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('failed');
    });
  });

  describe('POST /payments/plan-link', () => {
    it('creates a pending plan purchase priced in NGN, with the plan in the answer', async () => {
      const user = await createUser(t);
      const plan = await createPlan(t, { price: 50, freeCredit: 1000, duration: 30 });
      const res = await t.request({
        url: '/payments/plan-link',
        token: user.accessToken,
        body: { planId: plan.id },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ amount: 75000, currency: 'NGN', priceUSD: 50 });
      expect(res.body.data.plan).toMatchObject({
        id: plan.id,
        name: plan.name,
        freeCredit: 1000,
        duration: 30,
        price: 50,
      });
      expect(res.body.data.reference).toMatch(/^plan-[0-9a-f]{32}$/);
      const row = await transactionByReference(t, res.body.data.reference);
      expect(row).toMatchObject({
        kind: 'plan_purchase',
        status: 'pending',
        planId: plan.id,
        providerAmount: 7_500_000,
        amount: '75000.0000',
      });
      expect(row.metadata).toMatchObject({
        purpose: 'plan_purchase',
        planId: plan.id,
        duration: 30,
        freeCredit: 1000,
      });
    });

    it('answers 400 for a missing, malformed, unknown or inactive plan, and stores nothing', async () => {
      const user = await createUser(t);
      const inactive = await createPlan(t, { isActive: false });
      for (const body of [{}, { planId: 'not-a-uuid' }]) {
        const res = await t.request({ url: '/payments/plan-link', token: user.accessToken, body });
        expect(res.status).toBe(400);
        expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain('planId');
      }
      for (const planId of ['00000000-0000-4000-8000-000000000000', inactive.id]) {
        const res = await t.request({
          url: '/payments/plan-link',
          token: user.accessToken,
          body: { planId },
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Plan not found');
      }
      expect(await transactionsOf(t, user.businessId)).toHaveLength(0);
    });

    it('answers 403 before the e-mail is verified', async () => {
      const user = await createUser(t, { verified: false });
      const plan = await createPlan(t);
      const res = await t.request({
        url: '/payments/plan-link',
        token: user.accessToken,
        body: { planId: plan.id },
      });
      expect(res.status).toBe(403);
    });
  });

  describe('POST /payments/verify', () => {
    it('credits the wallet once the provider confirms, notifies the business, then refuses a second time', async () => {
      const user = await createUser(t);
      const reference = await openCreditCheckout(t, user.accessToken, 250);
      sim.pay(reference);
      const res = await t.request({ url: '/payments/verify', token: user.accessToken, body: { reference } });
      expect(res.status).toBe(200);
      expect(res.body.data.transaction).toMatchObject({
        reference,
        status: 'successful',
        balanceDelta: 250,
        credits: 250,
      });
      expect(res.body.data.wallet.balance).toBe(250);
      expect(res.body.data.userPlan).toBeNull();
      expect((await walletOf(t, user.businessId)).balance).toBe('250.0000');

      const notes = await paymentNotifications(t, user.businessId);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.message).toContain('250 credits');
      expect(t.realtime.events).toContainEqual(
        expect.objectContaining({ room: `business:${user.businessId}`, event: 'notification' }),
      );

      const again = await t.request({
        url: '/payments/verify',
        token: user.accessToken,
        body: { reference },
      });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('Transaction already processed');
      expect((await walletOf(t, user.businessId)).balance).toBe('250.0000');
      expect(await paymentNotifications(t, user.businessId)).toHaveLength(1);
    });

    it('answers 400 while the payment is not successful, and keeps it pending', async () => {
      const user = await createUser(t);
      const reference = await openCreditCheckout(t, user.accessToken);
      const res = await t.request({ url: '/payments/verify', token: user.accessToken, body: { reference } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Transaction not successful');
      expect(res.body.errorMessage.providerStatus).toBe('abandoned');
      expect((await transactionByReference(t, reference)).status).toBe('pending');
    });

    it('flags a payment whose amount differs and credits nothing', async () => {
      const user = await createUser(t);
      const reference = await openCreditCheckout(t, user.accessToken, 100);
      sim.pay(reference, { amount: 100 }); // one naira instead of three thousand
      const res = await t.request({ url: '/payments/verify', token: user.accessToken, body: { reference } });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('does not match');
      const row = await transactionByReference(t, reference);
      expect(row).toMatchObject({ status: 'failed', flagged: true, balanceDelta: '0.0000' });
      expect(row.flagReason).toBe('Amount mismatch: paid 100 kobo, expected 300000 kobo');
      expect((await walletOf(t, user.businessId)).balance).toBe('0.0000');
      expect(await paymentNotifications(t, user.businessId)).toHaveLength(0);
    });

    it("answers 404 for an unknown reference and for another business's, leaving it untouched", async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      const reference = await openCreditCheckout(t, owner.accessToken);
      sim.pay(reference);
      for (const ref of [reference, 'credit-00000000000000000000000000000000']) {
        const res = await t.request({
          url: '/payments/verify',
          token: other.accessToken,
          body: { reference: ref },
        });
        expect(res.status).toBe(404);
      }
      expect((await transactionByReference(t, reference)).status).toBe('pending');
      expect((await walletOf(t, owner.businessId)).balance).toBe('0.0000');
      expect((await walletOf(t, other.businessId)).balance).toBe('0.0000');
    });

    it('answers 500 with the reason when the provider is down, and keeps the payment pending', async () => {
      const user = await createUser(t);
      const reference = await openCreditCheckout(t, user.accessToken);
      sim.pay(reference);
      sim.failNext('GET', '/transaction/verify', {
        kind: 'error',
        status: 503,
        message: 'Service unavailable',
      });
      const res = await t.request({ url: '/payments/verify', token: user.accessToken, body: { reference } });
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('Could not verify the payment: Payment provider: Service unavailable');
      expect((await transactionByReference(t, reference)).status).toBe('pending');
      // Once the provider is back, the same reference settles.
      const later = await t.request({
        url: '/payments/verify',
        token: user.accessToken,
        body: { reference },
      });
      expect(later.status).toBe(200);
    });

    it('answers 400 without a reference', async () => {
      const user = await createUser(t);
      const res = await t.request({ url: '/payments/verify', token: user.accessToken, body: {} });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields[0].path).toBe('reference');
    });

    it('assigns a plan: balance = freeCredit, expiry = now + duration; a new plan replaces it', async () => {
      const user = await createUser(t);
      const first = await createPlan(t, { freeCredit: 1000, duration: 30, price: 20 });
      const second = await createPlan(t, { freeCredit: 400, duration: 7, price: 5 });

      const ref1 = await openPlanCheckout(t, user.accessToken, first.id);
      sim.pay(ref1);
      const before = Date.now();
      const res = await t.request({
        url: '/payments/verify',
        token: user.accessToken,
        body: { reference: ref1 },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.userPlan).toMatchObject({ planId: first.id, freeCredit: 1000, balance: 1000 });
      expect(res.body.data.userPlan.plan).toMatchObject({ id: first.id, name: first.name });
      let [plan] = await t.db.select().from(userPlans).where(eq(userPlans.businessId, user.businessId));
      const days = (plan!.expiredDate.getTime() - before) / 86_400_000;
      expect(days).toBeGreaterThan(29.99);
      expect(days).toBeLessThan(30.01);
      // A plan purchase moves no credits.
      expect((await walletOf(t, user.businessId)).balance).toBe('0.0000');

      const ref2 = await openPlanCheckout(t, user.accessToken, second.id);
      sim.pay(ref2);
      expect(
        (await t.request({ url: '/payments/verify', token: user.accessToken, body: { reference: ref2 } }))
          .status,
      ).toBe(200);
      const rows = await t.db.select().from(userPlans).where(eq(userPlans.businessId, user.businessId));
      expect(rows).toHaveLength(1);
      [plan] = rows;
      expect(plan).toMatchObject({ planId: second.id, freeCredit: 400, balance: '400.0000' });
      expect((plan!.expiredDate.getTime() - Date.now()) / 86_400_000).toBeCloseTo(7, 1);
    });

    it('gives what was paid for even if the plan changed after the checkout opened', async () => {
      const user = await createUser(t);
      const plan = await createPlan(t, { freeCredit: 500, duration: 10 });
      const reference = await openPlanCheckout(t, user.accessToken, plan.id);
      const { plans } = await import('../../src/platform/db/schema/index.js');
      await t.db.update(plans).set({ freeCredit: 1, isActive: false }).where(eq(plans.id, plan.id));
      sim.pay(reference);
      const res = await t.request({ url: '/payments/verify', token: user.accessToken, body: { reference } });
      expect(res.status).toBe(200);
      expect(res.body.data.userPlan).toMatchObject({ freeCredit: 500, balance: 500 });
    });
  });

  describe('GET /payments/wallet and /payments/transactions', () => {
    it('shows the wallet balance', async () => {
      const user = await createUser(t, { credits: '42.5' });
      const res = await t.request({ url: '/payments/wallet', token: user.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.apiObject).toBe('wallet');
      expect(res.body.data).toMatchObject({ businessId: user.businessId, balance: 42.5, earnings: 0 });
      expect((await t.request({ url: '/payments/wallet' })).status).toBe(401);
    });

    it("lists the business's own transactions newest first, paginated", async () => {
      const user = await createUser(t);
      const other = await createUser(t, { credits: '5' });
      for (const n of ['1', '2', '3']) await grantCredits(t, user.businessId, n);
      await openCreditCheckout(t, user.accessToken, 10);

      const page1 = await t.request({ url: '/payments/transactions?pageSize=3', token: user.accessToken });
      expect(page1.status).toBe(200);
      expect(page1.body.data).toMatchObject({ page: 1, pageSize: 3, total: 4, totalPages: 2 });
      expect(page1.body.data.items.map((i: { kind: string }) => i.kind)).toEqual([
        'credit_purchase',
        'admin_adjustment',
        'admin_adjustment',
      ]);
      expect(page1.body.data.items[0]).toMatchObject({
        status: 'pending',
        currency: 'NGN',
        amount: 300,
        credits: 10,
      });
      const page2 = await t.request({
        url: '/payments/transactions?pageSize=3&page=2',
        token: user.accessToken,
      });
      expect(page2.body.data.items).toHaveLength(1);
      expect(page2.body.data.items[0]).toMatchObject({
        kind: 'admin_adjustment',
        balanceDelta: 1,
        currency: 'CREDIT',
      });

      const others = await t.request({ url: '/payments/transactions', token: other.accessToken });
      expect(others.body.data.total).toBe(1);
      const clamped = await t.request({
        url: '/payments/transactions?pageSize=500',
        token: user.accessToken,
      });
      expect(clamped.body.data.pageSize).toBe(100);
      expect(
        (await t.request({ url: '/payments/transactions?page=0', token: user.accessToken })).status,
      ).toBe(400);
      expect((await t.request({ url: '/payments/transactions' })).status).toBe(401);
    });
  });

  it('serves no sandbox checkout when a real provider is configured', async () => {
    const res = await t.request({ url: '/sandbox/payment/checkout/credit-abc' });
    expect(res.status).toBe(404);
  });
});
