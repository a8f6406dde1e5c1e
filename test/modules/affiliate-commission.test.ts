import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refundFailedMessages, releaseDueCampaigns } from '../../src/modules/campaigns/index.js';
import { deleteExchangeRate } from '../../src/modules/exchange-rates/exchange-rates.repository.js';
import { campaignMessages, campaigns, transactions, userPlans } from '../../src/platform/db/schema/index.js';
import {
  createContacts,
  createPlan,
  createUser,
  grantCredits,
  setExchangeRate,
  setMessagingCredentials,
  type TestUser,
  walletOf,
} from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { PaymentProviderSimulator } from '../simulators/payment-provider.js';
import { openCreditCheckout, openPlanCheckout, saveBankAccount, withdraw } from './payments.support.js';

const sim = await new PaymentProviderSimulator().start();
afterAll(() => sim.stop());

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('affiliate commission: on the money actually paid, taken back when it is refunded', () => {
  const t = useTestApp({
    env: { PAYMENT_PROVIDER_SECRET_KEY: sim.secretKey, PAYMENT_PROVIDER_BASE_URL: sim.url },
  });
  beforeEach(() => setExchangeRate(t, 'NG', '1500'));
  afterEach(() => expectLedgerBalanced(t));

  /** An affiliate at 20% and an accepted business it referred, with `contacts` opted-in contacts. */
  async function referral(contacts = 50): Promise<{ affiliate: TestUser; user: TestUser }> {
    const affiliate = await createUser(t, { affiliate: { percentage: 20 } });
    const user = await createUser(t, { businessVerified: 'accepted', referredBy: affiliate.businessId });
    await setMessagingCredentials(t, user.businessId);
    await createContacts(t, user.businessId, contacts);
    return { affiliate, user };
  }

  /** Buys credits through the provider's checkout: 100 credits at 0.02 USD x 1500 = NGN 3,000. */
  async function buyCredits(user: TestUser, totalCredit = 100) {
    const reference = await openCreditCheckout(t, user.accessToken, totalCredit);
    sim.pay(reference);
    const res = await t.request({ url: '/payments/verify', token: user.accessToken, body: { reference } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  async function buyPlan(user: TestUser, planId: string) {
    const reference = await openPlanCheckout(t, user.accessToken, planId);
    sim.pay(reference);
    const res = await t.request({ url: '/payments/verify', token: user.accessToken, body: { reference } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  async function publish(user: TestUser, paymentMethod: 'credit' | 'plan', scheduled = false) {
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'Referred',
        message: 'x',
        sendToAllContact: true,
        isScheduled: scheduled,
        ...(scheduled ? { scheduledAt: inAnHour() } : {}),
        paymentMethod,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string };
  }

  const ledgerOf = (businessId: string, kind: (typeof transactions.$inferSelect)['kind']) =>
    t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.businessId, businessId), eq(transactions.kind, kind)));

  describe('valued at what the business paid', () => {
    it('credit-paid: the NGN paid for the credits used, whatever the exchange rate is today', async () => {
      const { affiliate, user } = await referral(50);
      await buyCredits(user, 100); // NGN 3,000 for 100 credits
      // The rate moves after the purchase, then disappears: neither changes what was paid.
      await setExchangeRate(t, 'NG', '2000');
      await deleteExchangeRate(t.db, 'NG');
      await publish(user, 'credit');
      // 50 of the 100 bought credits: NGN 1,500 paid; 20% of it.
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('300.00');
      const [commission] = await ledgerOf(affiliate.businessId, 'affiliate_commission');
      expect(commission).toMatchObject({ status: 'successful', currency: 'NGN', earningsDelta: '300.00' });
    });

    it('credit-paid with granted credits in the wallet: only the bought share earns', async () => {
      const { affiliate, user } = await referral(50);
      await buyCredits(user, 100); // NGN 3,000
      await grantCredits(t, user.businessId, '100'); // given, not paid
      await publish(user, 'credit');
      // 50 of 200 credits, half of them paid: NGN 750 paid; 20% of it.
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('150.00');
      expect((await walletOf(t, user.businessId)).paidValue).toBe('2250.0000');
    });

    it('credits that were granted, never bought, earn nothing', async () => {
      const { affiliate, user } = await referral(50);
      await grantCredits(t, user.businessId, '100');
      await publish(user, 'credit');
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('0.00');
      expect(await ledgerOf(affiliate.businessId, 'affiliate_commission')).toEqual([]);
    });

    it("plan-paid: the plan's price, pro rata to the plan units the campaign used", async () => {
      const { affiliate, user } = await referral(50);
      const plan = await createPlan(t); // USD 50 for 1,000 units, marketing 0.8 a message
      await buyPlan(user, plan.id); // NGN 75,000
      await publish(user, 'plan');
      // 50 x 0.8 = 40 units of 1,000: NGN 3,000 paid; 20% of it.
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('600.00');
    });

    it('a plan given without a payment earns nothing', async () => {
      const { affiliate, user } = await referral(50);
      const plan = await createPlan(t);
      await t.db.insert(userPlans).values({
        businessId: user.businessId,
        planId: plan.id,
        freeCredit: 1000,
        balance: '1000',
        expiredDate: new Date(Date.now() + 86_400_000),
      });
      await publish(user, 'plan');
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('0.00');
      expect(await ledgerOf(affiliate.businessId, 'affiliate_commission')).toEqual([]);
    });
  });

  describe('failed messages refunded, retried and failed again', () => {
    it("takes a message's commission back once, however often it is retried and fails", async () => {
      const { affiliate, user } = await referral(10);
      await buyCredits(user, 100);
      const { id } = await publish(user, 'credit');
      await t.db
        .update(campaigns)
        .set({ isSentOut: true, sentOutAt: new Date(), state: 'sending' })
        .where(eq(campaigns.id, id));
      const [commission] = await ledgerOf(affiliate.businessId, 'affiliate_commission');
      const [victim] = await t.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, id));
      // Given up after its attempts, as the dispatcher leaves a message whose failures were temporary.
      const giveUp = () =>
        t.db
          .update(campaignMessages)
          .set({ status: 'failed', failureOutcome: 'retry', failedAt: new Date(), error: 'gave up' })
          .where(eq(campaignMessages.id, victim!.id));
      const refund = () => t.db.transaction((tx) => refundFailedMessages(tx, id));

      await giveUp();
      expect(await refund()).toMatchObject({ messages: 1 });
      const retried = await t.request({ url: `/campaigns/${id}/retry`, token: user.accessToken, body: {} });
      expect(retried.body.data).toMatchObject({ messages: 1 });
      await giveUp();
      expect(await refund()).toMatchObject({ messages: 1 });

      // Both charges of the message came back; the commission on it (paid once, at publish) went back once.
      expect(await ledgerOf(user.businessId, 'campaign_refund')).toHaveLength(2);
      const reversals = await ledgerOf(affiliate.businessId, 'affiliate_commission_reversal');
      expect(reversals).toHaveLength(1);
      const share = (Number(commission!.earningsDelta) / 10).toFixed(2);
      expect(reversals[0]).toMatchObject({ earningsDelta: `-${share}` });
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe(
        (Number(commission!.earningsDelta) - Number(share)).toFixed(2),
      );
    });
  });

  describe('POST /campaigns/{id}/cancel', () => {
    it('refunds a scheduled credit-paid campaign and takes a paid commission back, below zero once withdrawn', async () => {
      const { affiliate, user } = await referral(50);
      await buyCredits(user, 100);
      const campaign = await publish(user, 'credit', true);
      // A commission paid at publish, as scheduled campaigns' were before commissions were held.
      const { postLedgerEntry, settleLedgerEntry } = await import('../../src/modules/wallet/ledger.js');
      const [held] = await ledgerOf(affiliate.businessId, 'affiliate_commission');
      await t.db.transaction((tx) =>
        settleLedgerEntry(tx, held!, { status: 'successful', earningsDelta: held!.amount }),
      );
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('300.00');
      // The affiliate has already withdrawn those earnings.
      await t.db.transaction((tx) =>
        postLedgerEntry(tx, {
          businessId: affiliate.businessId,
          kind: 'withdrawal',
          status: 'successful',
          amount: '300.00',
          currency: 'NGN',
          earningsDelta: '-300.00',
        }),
      );

      const res = await t.request({
        method: 'POST',
        url: `/campaigns/${campaign.id}/cancel`,
        token: user.accessToken,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ id: campaign.id, isPublished: false, status: 'draft' });
      expect(
        await t.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, campaign.id)),
      ).toEqual([]);
      const wallet = await walletOf(t, user.businessId);
      expect(wallet).toMatchObject({ balance: '100.0000', paidValue: '3000.0000' });
      const [refund] = await ledgerOf(user.businessId, 'campaign_refund');
      expect(refund).toMatchObject({ balanceDelta: '50.0000', campaignId: campaign.id });

      const [reversal] = await ledgerOf(affiliate.businessId, 'affiliate_commission_reversal');
      expect(reversal).toMatchObject({ earningsDelta: '-300.00', currency: 'NGN', campaignId: campaign.id });
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('-300.00');
      const earnings = await t.request({ url: '/affiliate/earnings', token: affiliate.accessToken });
      expect(earnings.body.data).toMatchObject({ balance: -300, totalEarned: 0 });
      const listed = await t.request({ url: '/affiliate/transactions', token: affiliate.accessToken });
      expect(listed.body.data.items.map((i: { kind: string }) => i.kind)).toContain(
        'affiliate_commission_reversal',
      );

      // A second cancel finds a draft: nothing refunded or taken back twice.
      const again = await t.request({
        method: 'POST',
        url: `/campaigns/${campaign.id}/cancel`,
        token: user.accessToken,
      });
      expect(again.status).toBe(400);
      expect(await ledgerOf(user.businessId, 'campaign_refund')).toHaveLength(1);
      expect(await ledgerOf(affiliate.businessId, 'affiliate_commission_reversal')).toHaveLength(1);

      // Publishing again earns again, which first pays back what is owed.
      const republished = await t.request({
        url: `/campaigns/${campaign.id}/publish`,
        token: user.accessToken,
        body: { paymentMethod: 'credit' },
      });
      expect(republished.status).toBe(200);
      // Held until the campaign is sent out; then it pays back what is owed.
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('-300.00');
      await t.db.execute(
        sql`UPDATE campaigns SET scheduled_at = now() - interval '1 second' WHERE id = ${campaign.id}`,
      );
      await releaseDueCampaigns(t.db, 10, t.deps.notifier);
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('0.00');
    });

    it('gives plan units back to the plan they came from and voids the held commission', async () => {
      const { affiliate, user } = await referral(50);
      const plan = await createPlan(t);
      await buyPlan(user, plan.id);
      const campaign = await publish(user, 'plan', true);
      const [held] = await ledgerOf(affiliate.businessId, 'affiliate_commission');
      expect(Number(held!.amount)).toBe(600);
      expect(held!.status).toBe('pending');
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('0.00');
      const res = await t.request({
        method: 'POST',
        url: `/campaigns/${campaign.id}/cancel`,
        token: user.accessToken,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [active] = await t.db.select().from(userPlans).where(eq(userPlans.businessId, user.businessId));
      expect(active!.balance).toBe('1000.0000');
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('0.00');
      const [voided] = await ledgerOf(affiliate.businessId, 'affiliate_commission');
      expect(voided).toMatchObject({ status: 'failed', earningsDelta: '0.00' });
    });

    it('refuses a campaign already sent out, a draft and another business’s campaign, changing nothing', async () => {
      const { affiliate, user } = await referral(5);
      await buyCredits(user, 100);
      const sent = await publish(user, 'credit');
      const before = await walletOf(t, user.businessId);
      const res = await t.request({
        method: 'POST',
        url: `/campaigns/${sent.id}/cancel`,
        token: user.accessToken,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/already been sent out/);
      const other = await createUser(t, { businessVerified: 'accepted' });
      const foreign = await t.request({
        method: 'POST',
        url: `/campaigns/${sent.id}/cancel`,
        token: other.accessToken,
      });
      expect(foreign.status).toBe(404);
      expect(await walletOf(t, user.businessId)).toEqual(before);
      expect(await ledgerOf(affiliate.businessId, 'affiliate_commission_reversal')).toEqual([]);
      const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, sent.id));
      expect(row!.isPublished).toBe(true);
    });

    it('two cancels of one campaign at once refund it once and void the commission once', async () => {
      const { affiliate, user } = await referral(20);
      await buyCredits(user, 100);
      const campaign = await publish(user, 'credit', true);
      const results = await Promise.all(
        Array.from({ length: 2 }, () =>
          t.request({ method: 'POST', url: `/campaigns/${campaign.id}/cancel`, token: user.accessToken }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(await ledgerOf(user.businessId, 'campaign_refund')).toHaveLength(1);
      expect(await ledgerOf(affiliate.businessId, 'affiliate_commission_reversal')).toEqual([]);
      const commissions = await ledgerOf(affiliate.businessId, 'affiliate_commission');
      expect(commissions.map((c) => c.status)).toEqual(['failed']);
      expect((await walletOf(t, user.businessId)).balance).toBe('100.0000');
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('0.00');
    });
  });

  describe('held as pending while the campaign can be cancelled', () => {
    const makeDue = (campaignId: string) =>
      t.db.execute(
        sql`UPDATE campaigns SET scheduled_at = now() - interval '1 second' WHERE id = ${campaignId}`,
      );

    it('an affiliate cannot withdraw a scheduled campaign’s commission; its release makes it available', async () => {
      const { affiliate, user } = await referral(50);
      await buyCredits(user, 100);
      const campaign = await publish(user, 'credit', true);
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('0.00');
      const [held] = await ledgerOf(affiliate.businessId, 'affiliate_commission');
      expect(held).toMatchObject({ status: 'pending', earningsDelta: '0.00' });
      expect(Number(held!.amount)).toBe(300);
      const bank = await saveBankAccount(t, sim, affiliate.accessToken);
      const refused = await withdraw(t, affiliate.accessToken, bank.id, 300);
      expect(refused.status).toBe(400);

      await makeDue(campaign.id);
      const released = await releaseDueCampaigns(t.db, 10, t.deps.notifier);
      expect(released.map((c) => c.id)).toContain(campaign.id);
      const rows = await ledgerOf(affiliate.businessId, 'affiliate_commission');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: held!.id, status: 'successful', earningsDelta: '300.00' });
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('300.00');
      expect((await withdraw(t, affiliate.accessToken, bank.id, 300)).status).toBe(200);
    });

    it('a cancel before the release voids the pending commission: nothing moved, nothing to take back', async () => {
      const { affiliate, user } = await referral(50);
      await buyCredits(user, 100);
      const campaign = await publish(user, 'credit', true);
      const res = await t.request({
        method: 'POST',
        url: `/campaigns/${campaign.id}/cancel`,
        token: user.accessToken,
      });
      expect(res.status).toBe(200);
      const [held] = await ledgerOf(affiliate.businessId, 'affiliate_commission');
      expect(held).toMatchObject({ status: 'failed', earningsDelta: '0.00' });
      expect(await ledgerOf(affiliate.businessId, 'affiliate_commission_reversal')).toEqual([]);
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('0.00');
      // Released later (published again), only the new commission is paid.
      await t.request({
        url: `/campaigns/${campaign.id}/publish`,
        token: user.accessToken,
        body: { paymentMethod: 'credit' },
      });
      await makeDue(campaign.id);
      await releaseDueCampaigns(t.db, 10, t.deps.notifier);
      expect((await walletOf(t, affiliate.businessId)).earnings).toBe('300.00');
    });

    it('a cancel racing the release: the commission is paid once or voided, never both', async () => {
      for (let round = 0; round < 3; round++) {
        const { affiliate, user } = await referral(20);
        await buyCredits(user, 100);
        const campaign = await publish(user, 'credit', true);
        await makeDue(campaign.id);
        const [cancel] = await Promise.all([
          t.request({ method: 'POST', url: `/campaigns/${campaign.id}/cancel`, token: user.accessToken }),
          releaseDueCampaigns(t.db, 10, t.deps.notifier),
        ]);
        const rows = await ledgerOf(affiliate.businessId, 'affiliate_commission');
        expect(rows).toHaveLength(1);
        const earnings = (await walletOf(t, affiliate.businessId)).earnings;
        if (cancel.status === 200) {
          expect(rows[0]!.status).toBe('failed');
          expect(earnings).toBe('0.00');
        } else {
          expect(cancel.status).toBe(400);
          expect(rows[0]!.status).toBe('successful');
          expect(Number(earnings)).toBe(Number(rows[0]!.amount));
        }
        expect(await ledgerOf(affiliate.businessId, 'affiliate_commission_reversal')).toEqual([]);
      }
    });
  });
});
