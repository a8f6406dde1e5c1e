import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { bankAccounts, transactions } from '../../src/platform/db/schema/index.js';
import { createUser, grantCredits, grantEarnings, walletOf } from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { PaymentProviderSimulator, SIM_BANKS } from '../simulators/payment-provider.js';
import {
  postSignedEvent,
  randomAccountNumber,
  refundsOf,
  saveBankAccount,
  settledEvent,
  transactionByReference,
  transactionsOf,
  withdraw,
} from './payments.support.js';

const sim = await new PaymentProviderSimulator().start();
afterAll(() => sim.stop());

describe('affiliate', () => {
  const t = useTestApp({
    env: {
      PAYMENT_PROVIDER_SECRET_KEY: sim.secretKey,
      PAYMENT_PROVIDER_BASE_URL: sim.url,
      // Short enough for the lost-answer test, long enough for loopback calls on a loaded machine.
      PROVIDER_TIMEOUT_MS: '3000',
    },
    poolSize: 25,
  });
  afterEach(() => expectLedgerBalanced(t));

  const uuid = '00000000-0000-4000-8000-000000000000';
  const routes: { method: 'GET' | 'POST'; url: string; body?: unknown }[] = [
    { method: 'GET', url: '/affiliate/referrals' },
    { method: 'GET', url: '/affiliate/earnings' },
    { method: 'GET', url: '/affiliate/transactions' },
    { method: 'GET', url: '/affiliate/banks' },
    { method: 'GET', url: '/affiliate/bank-accounts' },
    { method: 'GET', url: '/affiliate/bank-accounts/verify?accountNumber=0123456789&bankCode=058' },
    {
      method: 'POST',
      url: '/affiliate/bank-accounts',
      body: { bankName: 'B', accountName: 'A', accountNumber: '0123456789', code: '058' },
    },
    { method: 'POST', url: '/affiliate/withdraw', body: { bankAccountId: uuid, amount: 10 } },
  ];

  it.each(routes)(
    '$method $url: 401 without a token, 403 for a business that is not an affiliate',
    async (r) => {
      const business = await createUser(t, { credits: '10' });
      expect((await t.request({ method: r.method, url: r.url, body: r.body })).status).toBe(401);
      const res = await t.request({
        method: r.method,
        url: r.url,
        body: r.body,
        token: business.accessToken,
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only affiliate businesses can do this');
      expect(await transactionsOf(t, business.businessId)).toHaveLength(1);
    },
  );

  describe('referrals and earnings', () => {
    it('lists the businesses this affiliate referred, newest first, and no others', async () => {
      const affiliate = await createUser(t, { affiliate: {} });
      const other = await createUser(t, { affiliate: {} });
      const referred = [];
      for (const name of ['First', 'Second', 'Third'])
        referred.push(await createUser(t, { name, referredBy: affiliate.businessId, countryCode: 'NG' }));
      await createUser(t, { referredBy: other.businessId });

      const res = await t.request({ url: '/affiliate/referrals?pageSize=2', token: affiliate.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ total: 3, totalPages: 2, pageSize: 2 });
      expect(res.body.data.items[0]).toEqual({
        id: referred[2]!.businessId,
        companyName: 'Third Ltd',
        name: 'Third',
        countryCode: 'NG',
        businessVerified: 'pending',
        createdAt: expect.any(String),
      });
      expect(res.body.data.items[0]).not.toHaveProperty('email');
      const page2 = await t.request({
        url: '/affiliate/referrals?pageSize=2&page=2',
        token: affiliate.accessToken,
      });
      expect(page2.body.data.items.map((i: { id: string }) => i.id)).toEqual([referred[0]!.businessId]);
    });

    it('derives earnings: balance from the wallet, totals from the ledger', async () => {
      const affiliate = await createUser(t, { affiliate: {} });
      const fresh = await t.request({ url: '/affiliate/earnings', token: affiliate.accessToken });
      expect(fresh.body.data).toEqual({ balance: 0, totalEarned: 0, totalWithdrawn: 0 });

      await grantEarnings(t, affiliate.businessId, '1200.50');
      await grantEarnings(t, affiliate.businessId, '300');
      const bank = await saveBankAccount(t, sim, affiliate.accessToken);
      const ok = await withdraw(t, affiliate.accessToken, bank.id, 500);
      expect(ok.status).toBe(200);
      sim.failNext('POST', '/transfer', { kind: 'error', status: 400, message: 'Insufficient balance' });
      expect((await withdraw(t, affiliate.accessToken, bank.id, 100)).status).toBe(500);

      const res = await t.request({ url: '/affiliate/earnings', token: affiliate.accessToken });
      expect(res.status).toBe(200);
      // The refused withdrawal was refunded: it counts neither as withdrawn nor against the balance.
      expect(res.body.data).toEqual({ balance: 1000.5, totalEarned: 1500.5, totalWithdrawn: 500 });
    });

    it('lists only commissions, withdrawals and refunds as affiliate transactions', async () => {
      const affiliate = await createUser(t, { affiliate: {} });
      await grantCredits(t, affiliate.businessId, '50');
      await grantEarnings(t, affiliate.businessId, '80');
      const res = await t.request({ url: '/affiliate/transactions', token: affiliate.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(1);
      expect(res.body.data.items[0]).toMatchObject({
        kind: 'affiliate_commission',
        amount: 80,
        currency: 'NGN',
        earningsDelta: 80,
        balanceDelta: 0,
      });
    });
  });

  describe('bank accounts', () => {
    it("lists the provider's banks with their codes", async () => {
      const affiliate = await createUser(t, { affiliate: {} });
      const res = await t.request({ url: '/affiliate/banks', token: affiliate.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(SIM_BANKS);
    });

    it('resolves the holder name through the provider', async () => {
      const affiliate = await createUser(t, { affiliate: {} });
      const number = randomAccountNumber();
      sim.addAccount('057', number, 'GRACE HOPPER');
      const res = await t.request({
        url: `/affiliate/bank-accounts/verify?accountNumber=${number}&bankCode=057`,
        token: affiliate.accessToken,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        accountNumber: number,
        accountName: 'GRACE HOPPER',
        bankCode: '057',
        bankName: 'Zenith Bank',
      });
    });

    it('answers 400 for missing or malformed parameters and for an account the provider cannot resolve', async () => {
      const affiliate = await createUser(t, { affiliate: {} });
      for (const q of [
        '',
        '?accountNumber=0123456789',
        '?bankCode=058',
        '?accountNumber=12ab&bankCode=058',
      ]) {
        const res = await t.request({
          url: `/affiliate/bank-accounts/verify${q}`,
          token: affiliate.accessToken,
        });
        expect(res.status).toBe(400);
      }
      const res = await t.request({
        url: '/affiliate/bank-accounts/verify?accountNumber=9999999999&bankCode=058',
        token: affiliate.accessToken,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'Could not verify the bank account: Payment provider: Could not resolve account name. Check parameters or try again.',
      );
    });

    it("saves an account under the provider's holder name, and lists it masked to its last 4 digits", async () => {
      const affiliate = await createUser(t, { affiliate: {} });
      const other = await createUser(t, { affiliate: {} });
      const saved = await saveBankAccount(t, sim, affiliate.accessToken, { holder: 'ADA KING LOVELACE' });
      expect(saved).toMatchObject({
        accountName: 'ADA KING LOVELACE',
        bankName: 'Guaranty Trust Bank',
        code: '058',
      });

      const list = await t.request({ url: '/affiliate/bank-accounts', token: affiliate.accessToken });
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0].accountNumber).toBe(`******${saved.accountNumber.slice(-4)}`);
      expect(list.body.data[0]).not.toHaveProperty('recipientCode');
      const theirs = await t.request({ url: '/affiliate/bank-accounts', token: other.accessToken });
      expect(theirs.body.data).toEqual([]);
    });

    it('answers 400 for a duplicate, an unresolvable account or a missing field, saving nothing', async () => {
      const affiliate = await createUser(t, { affiliate: {} });
      const saved = await saveBankAccount(t, sim, affiliate.accessToken);
      const dup = await t.request({
        url: '/affiliate/bank-accounts',
        token: affiliate.accessToken,
        body: { bankName: 'GTB', accountName: 'Ada', accountNumber: saved.accountNumber, code: '058' },
      });
      expect(dup.status).toBe(400);
      expect(dup.body.message).toBe('This bank account is already saved');

      const unknown = await t.request({
        url: '/affiliate/bank-accounts',
        token: affiliate.accessToken,
        body: { bankName: 'GTB', accountName: 'Nobody', accountNumber: '1111111111', code: '058' },
      });
      expect(unknown.status).toBe(400);
      for (const missing of ['bankName', 'accountName', 'accountNumber', 'code']) {
        const body: Record<string, string> = {
          bankName: 'GTB',
          accountName: 'Ada',
          accountNumber: randomAccountNumber(),
          code: '058',
        };
        delete body[missing];
        const res = await t.request({ url: '/affiliate/bank-accounts', token: affiliate.accessToken, body });
        expect(res.status).toBe(400);
        expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(missing);
      }
      const rows = await t.db
        .select()
        .from(bankAccounts)
        .where(eq(bankAccounts.businessId, affiliate.businessId));
      expect(rows).toHaveLength(1);
    });
  });

  describe('POST /affiliate/withdraw', () => {
    const withdrawalsOf = (businessId: string) =>
      t.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.businessId, businessId), eq(transactions.kind, 'withdrawal')));

    async function affiliateWithEarnings(earnings = '1000') {
      const user = await createUser(t, { affiliate: {} });
      await grantEarnings(t, user.businessId, earnings);
      const bank = await saveBankAccount(t, sim, user.accessToken);
      return { user, bank };
    }

    it('debits the earnings at once, answers the pending transaction and starts the transfer', async () => {
      const { user, bank } = await affiliateWithEarnings('1000');
      const res = await withdraw(t, user.accessToken, bank.id, 250.75);
      expect(res.status).toBe(200);
      expect(res.body.apiObject).toBe('withdrawal');
      expect(res.body.data).toMatchObject({
        kind: 'withdrawal',
        status: 'pending',
        amount: 250.75,
        currency: 'NGN',
        earningsDelta: -250.75,
        bankAccountId: bank.id,
      });
      expect((await walletOf(t, user.businessId)).earnings).toBe('749.25');

      const transfer = sim.transfers.get(res.body.data.reference)!;
      expect(transfer).toMatchObject({ amount: 25075, currency: 'NGN', status: 'pending' });
      const [account] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.id, bank.id));
      expect(transfer.recipient).toBe(account!.recipientCode);
      expect(sim.recipients.get(account!.recipientCode!)).toMatchObject({
        accountNumber: bank.accountNumber,
        bankCode: '058',
        name: 'ADA LOVELACE',
      });
      const row = await transactionByReference(t, res.body.data.reference);
      expect(row.providerReference).toBe(transfer.transferCode);
    });

    it('creates the transfer recipient once and reuses it', async () => {
      const { user, bank } = await affiliateWithEarnings('1000');
      const before = sim.requests.filter((r) => r.path === '/transferrecipient').length;
      expect((await withdraw(t, user.accessToken, bank.id, 10)).status).toBe(200);
      expect((await withdraw(t, user.accessToken, bank.id, 20)).status).toBe(200);
      expect(sim.requests.filter((r) => r.path === '/transferrecipient').length).toBe(before + 1);
    });

    it.each([
      [{ amount: 10 }, 'bankAccountId'],
      [{ bankAccountId: uuid }, 'amount'],
      [{ bankAccountId: uuid, amount: 0 }, 'amount'],
      [{ bankAccountId: uuid, amount: -5 }, 'amount'],
      [{ bankAccountId: uuid, amount: 1.234 }, 'amount'],
      [{ bankAccountId: uuid, amount: '10' }, 'amount'],
      [{ bankAccountId: 'nope', amount: 10 }, 'bankAccountId'],
    ])('answers 400 for %j naming %s, debiting nothing', async (body, field) => {
      const { user } = await affiliateWithEarnings('100');
      const res = await t.request({ url: '/affiliate/withdraw', token: user.accessToken, body });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
      expect((await walletOf(t, user.businessId)).earnings).toBe('100.00');
    });

    it('answers 400 for more than the earnings balance, calling no one', async () => {
      const { user, bank } = await affiliateWithEarnings('100');
      const transfersBefore = sim.transfers.size;
      const res = await withdraw(t, user.accessToken, bank.id, 100.01);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Insufficient earnings balance');
      expect(sim.transfers.size).toBe(transfersBefore);
      expect((await walletOf(t, user.businessId)).earnings).toBe('100.00');
      // Spendable credits are not earnings.
      await grantCredits(t, user.businessId, '5000');
      expect((await withdraw(t, user.accessToken, bank.id, 200)).status).toBe(400);
    });

    it("answers 404 for another affiliate's bank account, debiting nothing", async () => {
      const { user } = await affiliateWithEarnings('100');
      const { bank: theirs } = await affiliateWithEarnings('100');
      const res = await withdraw(t, user.accessToken, theirs.id, 10);
      expect(res.status).toBe(404);
      expect((await walletOf(t, user.businessId)).earnings).toBe('100.00');
    });

    it('answers 403 before the e-mail is verified', async () => {
      const user = await createUser(t, { affiliate: {}, verified: false });
      await grantEarnings(t, user.businessId, '100');
      const bank = await saveBankAccount(t, sim, user.accessToken);
      const res = await withdraw(t, user.accessToken, bank.id, 10);
      expect(res.status).toBe(403);
      expect((await walletOf(t, user.businessId)).earnings).toBe('100.00');
    });

    it('refunds at once when the provider refuses the transfer', async () => {
      const { user, bank } = await affiliateWithEarnings('300');
      sim.failNext('POST', '/transfer', {
        kind: 'error',
        status: 400,
        message: 'Your balance is not enough',
      });
      const res = await withdraw(t, user.accessToken, bank.id, 120);
      expect(res.status).toBe(500);
      expect(res.body.message).toBe(
        'The transfer could not be initiated (Payment provider: Your balance is not enough); the amount was returned to your earnings',
      );
      expect((await walletOf(t, user.businessId)).earnings).toBe('300.00');
      const [w] = await t.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.businessId, user.businessId), eq(transactions.kind, 'withdrawal')));
      expect(w!.status).toBe('failed');
      const refunds = await t.db
        .select()
        .from(transactions)
        .where(eq(transactions.relatedTransactionId, w!.id));
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ kind: 'withdrawal_refund', earningsDelta: '120.00' });
    });

    it('answers 400 and debits nothing when the provider refuses to create the recipient', async () => {
      const { user, bank } = await affiliateWithEarnings('300');
      sim.failNext('POST', '/transferrecipient', {
        kind: 'error',
        status: 400,
        message: 'Account is invalid',
      });
      const res = await withdraw(t, user.accessToken, bank.id, 50);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'Could not set up the transfer to this bank account: Payment provider: Account is invalid',
      );
      expect((await walletOf(t, user.businessId)).earnings).toBe('300.00');
      expect(await withdrawalsOf(user.businessId)).toHaveLength(0);

      // The provider failing (not refusing) is still a 500, and still debits nothing.
      sim.failNext('POST', '/transferrecipient', { kind: 'error', status: 503, message: 'Down' });
      const down = await withdraw(t, user.accessToken, bank.id, 50);
      expect(down.status).toBe(500);
      expect((await walletOf(t, user.businessId)).earnings).toBe('300.00');
      expect(await withdrawalsOf(user.businessId)).toHaveLength(0);
    });

    it('keeps the withdrawal pending when the transfer answer is lost (the provider may have acted)', async () => {
      const { user, bank } = await affiliateWithEarnings('300');
      sim.failNext('POST', '/transfer', { kind: 'hang' });
      const res = await withdraw(t, user.accessToken, bank.id, 80);
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('pending');
      expect((await walletOf(t, user.businessId)).earnings).toBe('220.00');
      const row = await transactionByReference(t, res.body.data.reference);
      expect(row.metadata).toMatchObject({ initiation: 'unconfirmed' });
    });

    it('keeps it pending on a 504 from a gateway; a later transfer.success completes it with no refund', async () => {
      const { user, bank } = await affiliateWithEarnings('1000');
      // The gateway gave up, but the provider behind it queued the transfer.
      sim.failNext('POST', '/transfer', { kind: 'gateway', status: 504 });
      const res = await withdraw(t, user.accessToken, bank.id, 400);
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('pending');
      const reference = res.body.data.reference as string;
      expect(sim.transfers.has(reference)).toBe(true);
      expect((await walletOf(t, user.businessId)).earnings).toBe('600.00');
      const row = await transactionByReference(t, reference);
      expect(row.metadata).toMatchObject({ initiation: 'unconfirmed' });
      expect(await refundsOf(t, row.id)).toHaveLength(0);

      await postSignedEvent(t, sim, sim.transferEvent('transfer.success', reference));
      await settledEvent(t, `transfer.success:${reference}`);
      expect(await transactionByReference(t, reference)).toMatchObject({
        status: 'successful',
        flagged: false,
      });
      expect(await refundsOf(t, row.id)).toHaveLength(0);
      expect((await walletOf(t, user.businessId)).earnings).toBe('600.00');
    });

    it.each([
      ['a 502', { kind: 'error', status: 502, message: 'Bad Gateway' }],
      ['a 503', { kind: 'gateway', status: 503 }],
      ['an unreadable 200', { kind: 'garbage' }],
    ] as const)('keeps it pending on %s; a later transfer.failed refunds it once', async (_label, fault) => {
      const { user, bank } = await affiliateWithEarnings('1000');
      sim.failNext('POST', '/transfer', fault);
      const res = await withdraw(t, user.accessToken, bank.id, 300);
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('pending');
      const reference = res.body.data.reference as string;
      expect((await walletOf(t, user.businessId)).earnings).toBe('700.00');

      // The provider reports it failed (a real one knows it; the simulator is told what it would say).
      sim.transfers.set(reference, {
        ...(sim.transfers.get(reference) ?? {
          id: 1,
          reference,
          transferCode: 'TRF_lost',
          amount: 30000,
          recipient: 'RCP_lost',
          reason: 'x',
          currency: 'NGN',
        }),
        status: 'pending',
      });
      const failed = sim.transferEvent('transfer.failed', reference);
      await postSignedEvent(t, sim, failed);
      await settledEvent(t, `transfer.failed:${reference}`);
      await postSignedEvent(t, sim, failed);
      const w = await transactionByReference(t, reference);
      expect(w.status).toBe('failed');
      expect(await refundsOf(t, w.id)).toHaveLength(1);
      expect((await walletOf(t, user.businessId)).earnings).toBe('1000.00');
    });

    it('completes at once when the provider answers the transfer as already successful', async () => {
      const { user, bank } = await affiliateWithEarnings('300');
      sim.transferStatus = 'success';
      try {
        const res = await withdraw(t, user.accessToken, bank.id, 30);
        expect(res.status).toBe(200);
        expect(res.body.data.status).toBe('successful');
      } finally {
        sim.transferStatus = 'pending';
      }
      expect((await walletOf(t, user.businessId)).earnings).toBe('270.00');
    });

    it('never overdraws under 10 concurrent withdrawals that together exceed the earnings', async () => {
      const { user, bank } = await affiliateWithEarnings('100');
      const results = await Promise.all(
        Array.from({ length: 10 }, () => withdraw(t, user.accessToken, bank.id, 15)),
      );
      const accepted = results.filter((r) => r.status === 200);
      const refused = results.filter((r) => r.status !== 200);
      expect(accepted).toHaveLength(6);
      for (const r of refused) {
        expect(r.status).toBe(400);
        expect(r.body.message).toBe('Insufficient earnings balance');
      }
      const wallet = await walletOf(t, user.businessId);
      expect(wallet.earnings).toBe('10.00');
      const debits = await t.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.businessId, user.businessId), eq(transactions.kind, 'withdrawal')));
      expect(debits).toHaveLength(6);
      const left = debits.reduce((sum, d) => sum - Number(d.earningsDelta) * 100, 0);
      expect(left).toBe(9000); // kobo: what left the balance is exactly the sum of accepted debits
      expect(new Set(debits.map((d) => d.reference)).size).toBe(6);
      await vi.waitFor(
        () => {
          for (const d of debits) expect(sim.transfers.get(d.reference)?.amount).toBe(1500);
        },
        { timeout: 10_000, interval: 25 },
      );
    });
  });
});
