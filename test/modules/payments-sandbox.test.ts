import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SandboxPaymentAdapter } from '../../src/providers/payment/sandbox.adapter.js';
import { createPlan, createUser, grantEarnings, setExchangeRate, walletOf } from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import {
  eventsWithKey,
  openCreditCheckout,
  openPlanCheckout,
  paymentNotifications,
  settledEvent,
  transactionByReference,
} from './payments.support.js';

/** `npm start` with no provider account: the built-in checkout, its signed webhook, its transfers. */
describe('sandbox payment provider', () => {
  const t = useTestApp();
  beforeAll(() => setExchangeRate(t, 'NG', '1500'));
  afterEach(() => expectLedgerBalanced(t));

  const checkoutPath = (url: string) => new URL(url).pathname;
  const submit = (path: string, action: string) =>
    t.request({
      method: 'POST',
      url: path,
      payload: `action=${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('is what the service uses without a secret key', () => {
    expect(t.deps.payment).toBeInstanceOf(SandboxPaymentAdapter);
  });

  it('buys credits end to end: checkout page, Pay, signed webhook, wallet credited', async () => {
    const user = await createUser(t);
    const link = await t.request({
      url: '/payments/credit-link',
      token: user.accessToken,
      body: { totalCredit: 100 },
    });
    expect(link.status).toBe(200);
    const { authorization_url: url, reference } = link.body.data;
    expect(url).toBe(`http://127.0.0.1:4000/sandbox/payment/checkout/${reference}`);

    const page = await t.request({ url: checkoutPath(url) });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('NGN 3000.00');
    expect(page.text).toContain(reference);
    expect(page.text).toContain(user.email);

    const paid = await submit(checkoutPath(url), 'pay');
    expect(paid.status).toBe(200);
    expect(paid.text).toContain('Payment of NGN 3000.00 successful.');

    // The event went through the real webhook route: signature checked, stored, processed.
    const event = await settledEvent(t, `charge.success:${reference}`);
    expect(event.status).toBe('processed');
    expect((await walletOf(t, user.businessId)).balance).toBe('100.0000');
    expect(await transactionByReference(t, reference)).toMatchObject({ status: 'successful' });
    expect(await paymentNotifications(t, user.businessId)).toHaveLength(1);

    // Paying twice, or verifying afterwards, changes nothing.
    expect((await submit(checkoutPath(url), 'pay')).text).toContain('successful');
    const verify = await t.request({ url: '/payments/verify', token: user.accessToken, body: { reference } });
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe('Transaction already processed');
    expect(await eventsWithKey(t, `charge.success:${reference}`)).toHaveLength(1);
    expect((await walletOf(t, user.businessId)).balance).toBe('100.0000');
  });

  it('settles through verify too, when the webhook is not what arrives first', async () => {
    const user = await createUser(t);
    const reference = await openCreditCheckout(t, user.accessToken, 20);
    const sandbox = t.deps.payment as SandboxPaymentAdapter;
    sandbox.settle(reference, 'success'); // paid, but no event sent
    const verify = await t.request({ url: '/payments/verify', token: user.accessToken, body: { reference } });
    expect(verify.status).toBe(200);
    expect(verify.body.data.wallet.balance).toBe(20);
  });

  it('buys a plan end to end', async () => {
    const user = await createUser(t);
    const plan = await createPlan(t, { freeCredit: 300, price: 10 });
    const reference = await openPlanCheckout(t, user.accessToken, plan.id);
    await submit(`/sandbox/payment/checkout/${reference}`, 'pay');
    await settledEvent(t, `charge.success:${reference}`);
    const mine = await t.request({ url: '/payments/transactions', token: user.accessToken });
    expect(mine.body.data.items[0]).toMatchObject({
      kind: 'plan_purchase',
      status: 'successful',
      planId: plan.id,
    });
  });

  it('cancels: nothing is credited and verify says the payment did not succeed', async () => {
    const user = await createUser(t);
    const reference = await openCreditCheckout(t, user.accessToken, 100);
    const res = await submit(`/sandbox/payment/checkout/${reference}`, 'cancel');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Payment cancelled');
    const verify = await t.request({ url: '/payments/verify', token: user.accessToken, body: { reference } });
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe('Transaction not successful');
    expect((await walletOf(t, user.businessId)).balance).toBe('0.0000');
    // The closed checkout cannot be paid any more.
    expect((await submit(`/sandbox/payment/checkout/${reference}`, 'pay')).text).toContain('cancelled');
    expect((await walletOf(t, user.businessId)).balance).toBe('0.0000');
  });

  it('answers 404 for an unknown checkout and 400 without a choice, escaping what it echoes', async () => {
    const missing = await t.request({ url: '/sandbox/payment/checkout/<script>' });
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<script>');
    const user = await createUser(t);
    const reference = await openCreditCheckout(t, user.accessToken, 1);
    expect((await submit(`/sandbox/payment/checkout/${reference}`, 'steal')).status).toBe(400);
  });

  it('completes withdrawals with a signed transfer.success', async () => {
    const user = await createUser(t, { affiliate: {} });
    await grantEarnings(t, user.businessId, '500');
    const verify = await t.request({
      url: '/affiliate/bank-accounts/verify?accountNumber=0123456789&bankCode=001',
      token: user.accessToken,
    });
    expect(verify.body.data).toMatchObject({
      accountName: 'SANDBOX ACCOUNT HOLDER',
      bankName: 'Sandbox Bank',
    });
    const bank = await t.request({
      url: '/affiliate/bank-accounts',
      token: user.accessToken,
      body: { bankName: 'Sandbox Bank', accountName: 'Me', accountNumber: '0123456789', code: '001' },
    });
    expect(bank.status).toBe(201);
    const res = await t.request({
      url: '/affiliate/withdraw',
      token: user.accessToken,
      body: { bankAccountId: bank.body.data.id, amount: 200 },
    });
    expect(res.status).toBe(200);
    const { reference } = res.body.data;
    await vi.waitFor(
      async () => {
        expect((await transactionByReference(t, reference)).status).toBe('successful');
      },
      { timeout: 10_000, interval: 25 },
    );
    expect((await walletOf(t, user.businessId)).earnings).toBe('300.00');
  });
});
