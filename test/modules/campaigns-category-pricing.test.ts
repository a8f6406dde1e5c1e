/**
 * The category of what is sent decides a campaign's price and its pause rule, not the declared
 * `messageType`: at publish (its template and every variant's), in the estimate, in a retry after the
 * provider moved the template to another category, and when the number's quality drops.
 */
import { Decimal } from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import { campaigns, transactions } from '../../src/platform/db/schema/index.js';
import { walletOf } from '../factories.js';
import { useTestApp } from '../harness.js';
import { statusCounts } from '../jobs/helpers.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { categoryUpdate, qualityEvent, storeTemplate, templateCampaign } from './category-support.js';
import { cloudDispatcher, useGraph } from './cloud-support.js';
import { cloudSender } from './deliverability-support.js';

describe('a campaign is priced and paused by the category of its templates', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);
  let dispatcher: Dispatcher | undefined;
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
    graph.sim.clearFailures();
  });

  const debitsOf = (campaignId: string) =>
    t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.campaignId, campaignId), eq(transactions.kind, 'campaign_credit_debit')));
  const rowOf = async (id: string) => (await t.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;

  async function publish(token: string, body: Record<string, unknown>) {
    return t.request({ url: '/campaigns', token, body: { ...body, paymentMethod: 'credit' } });
  }

  it('"utility" declared with a MARKETING template: one debit at the marketing rate; the campaign says marketing', async () => {
    const s = await cloudSender(t, graph.sim, 3, '100');
    const res = await publish(
      s.user.accessToken,
      templateCampaign(s.template.id, { messageType: 'utility' }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ messageType: 'marketing', rate: 1, cost: 3 });
    const debits = await debitsOf(res.body.data.id);
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ credits: '3.0000' });
    expect(debits[0]!.metadata).toMatchObject({ rate: '1', messageType: 'marketing' });
    expect(await rowOf(res.body.data.id)).toMatchObject({ messageType: 'marketing', rate: '1.0000' });
    const page = await t.request({ url: `/campaigns/${res.body.data.id}`, token: s.user.accessToken });
    expect(page.body.data).toMatchObject({ messageType: 'marketing', rate: 1, cost: 3 });
    expect((await walletOf(t, s.user.businessId))!.balance).toBe('97.0000');

    // The other way: declared marketing with a UTILITY template is a utility message, at its rate.
    const receipt = await storeTemplate(t, s, { category: 'UTILITY' });
    const utility = await publish(
      s.user.accessToken,
      templateCampaign(receipt.id, { messageType: 'marketing' }),
    );
    expect(utility.status, utility.text).toBe(201);
    expect(utility.body.data).toMatchObject({ messageType: 'utility', rate: 0.5, cost: 1.5 });
    expect((await debitsOf(utility.body.data.id)).map((d) => d.credits)).toEqual(['1.5000']);
    await expectLedgerBalanced(t);
  });

  it("the estimate prices by the template's category and says which", async () => {
    const s = await cloudSender(t, graph.sim, 4, '100');
    const res = await t.request({
      url: '/campaigns/estimate',
      token: s.user.accessToken,
      body: { sendToAllContact: true, messageType: 'utility', templateId: s.template.id },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ recipients: 4, messageType: 'marketing', rate: 1, credits: 4 });
    const plain = await t.request({
      url: '/campaigns/estimate',
      token: s.user.accessToken,
      body: { sendToAllContact: true, messageType: 'utility' },
    });
    expect(plain.body.data).toMatchObject({ messageType: 'utility', rate: 0.5, credits: 2 });
    const other = await cloudSender(t, graph.sim, 1);
    const foreign = await t.request({
      url: '/campaigns/estimate',
      token: s.user.accessToken,
      body: { sendToAllContact: true, templateId: other.template.id },
    });
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).toContain('"templateId"');
  });

  it("A/B: the variants' templates price it; variants of different categories are refused, naming the variant", async () => {
    const s = await cloudSender(t, graph.sim, 4, '100');
    const promo = await storeTemplate(t, s, { category: 'MARKETING' });
    const receipt = await storeTemplate(t, s, { category: 'UTILITY' });
    const variant = (name: string, templateId: string) => ({
      name,
      templateId,
      templateParameters: { body: [{ field: 'firstName' }] },
    });
    const abTest = { testShare: 0.5, metric: 'readRate', decideAfterMinutes: 60 };
    const before = (await walletOf(t, s.user.businessId))!.balance;
    const mixed = await publish(
      s.user.accessToken,
      templateCampaign(receipt.id, {
        messageType: 'utility',
        variants: [variant('A', receipt.id), variant('B', promo.id)],
        abTest,
      }),
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.errorMessage.fields[0].path).toBe('variants.1.templateId');
    expect(mixed.body.message).toContain('MARKETING');
    expect((await walletOf(t, s.user.businessId))!.balance).toBe(before);
    expect(await t.db.select().from(campaigns).where(eq(campaigns.businessId, s.user.businessId))).toEqual(
      [],
    );

    const marketing = await publish(
      s.user.accessToken,
      templateCampaign(s.template.id, {
        messageType: 'utility',
        variants: [variant('A', s.template.id), variant('B', promo.id)],
        abTest,
      }),
    );
    expect(marketing.status, marketing.text).toBe(201);
    expect(marketing.body.data).toMatchObject({ messageType: 'marketing', rate: 1, cost: 4 });
    expect((await debitsOf(marketing.body.data.id)).map((d) => d.credits)).toEqual(['4.0000']);
    await expectLedgerBalanced(t);
  });

  it('a quality drop pauses a "utility" campaign sending a MARKETING template, and one whose template became MARKETING', async () => {
    const s = await cloudSender(t, graph.sim, 2, '100');
    const declared = await publish(
      s.user.accessToken,
      templateCampaign(s.template.id, { messageType: 'utility', name: 'Declared utility' }),
    );
    const receipt = await storeTemplate(t, s, { category: 'UTILITY' });
    const moved = await publish(s.user.accessToken, templateCampaign(receipt.id, { name: 'Moved' }));
    const stays = await publish(
      s.user.accessToken,
      templateCampaign((await storeTemplate(t, s, { category: 'UTILITY' })).id, { name: 'Receipts' }),
    );
    for (const r of [declared, moved, stays]) expect(r.status, r.text).toBe(201);
    expect(moved.body.data.messageType).toBe('utility');
    await categoryUpdate(t, s.account.wabaId, receipt, 'UTILITY', 'MARKETING');
    await qualityEvent(t, s.account.wabaId, s.wabaNumber, 'RED');

    expect((await rowOf(declared.body.data.id)).pausedAt).not.toBeNull();
    expect((await rowOf(moved.body.data.id)).pausedAt).not.toBeNull();
    expect((await rowOf(stays.body.data.id)).pausedAt).toBeNull();
    expect(await statusCounts(t, declared.body.data.id)).toEqual({ held: 2 });
    expect(await statusCounts(t, moved.body.data.id)).toEqual({ held: 2 });
  });

  it('a template moved to MARKETING: a later retry is charged at the marketing rate, once, and refunded at it', async () => {
    const s = await cloudSender(t, graph.sim, 3, '100');
    const receipt = await storeTemplate(t, s, { category: 'UTILITY', sim: graph.sim });
    const victim = s.people[0]!;
    graph.sim.failSends({
      status: 500,
      code: 131000,
      title: 'Error',
      to: victim.phoneNumber.replace(/\D/g, ''),
    });
    const res = await publish(s.user.accessToken, templateCampaign(receipt.id, { messageType: 'utility' }));
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id as string;
    expect(res.body.data).toMatchObject({ messageType: 'utility', rate: 0.5, cost: 1.5 });
    dispatcher = cloudDispatcher(t, { maxAttempts: 2 }).start();
    await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ sent: 2, failed: 1 }), {
      timeout: 10_000,
    });
    const refunds = () =>
      t.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.campaignId, id), eq(transactions.kind, 'campaign_refund')));
    await vi.waitFor(async () => expect(await refunds()).toHaveLength(1), { timeout: 10_000 });
    expect((await refunds())[0]!.credits).toBe('0.5000');

    await categoryUpdate(t, s.account.wabaId, receipt, 'UTILITY', 'MARKETING');
    const estimate = await t.request({ url: `/campaigns/${id}/retry`, token: s.user.accessToken });
    expect(estimate.body.data).toMatchObject({ messages: 1, rate: 1, credits: 1, messageType: 'marketing' });
    const wallet = (await walletOf(t, s.user.businessId))!.balance;
    const retried = await t.request({ url: `/campaigns/${id}/retry`, token: s.user.accessToken, body: {} });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.data).toMatchObject({ messages: 1, credits: 1 });
    const debits = await debitsOf(id);
    expect(debits.map((d) => d.credits)).toEqual(['1.5000', '1.0000']);
    expect(debits[1]!.metadata).toMatchObject({ rate: '1', messageType: 'marketing' });
    expect(new Decimal(wallet).minus((await walletOf(t, s.user.businessId))!.balance).toFixed(4)).toBe(
      '1.0000',
    );

    // It fails again: the refund gives back what the retry charged, at the marketing rate. Its 500s opened the
    // circuit, so its later sends are probes: the second one in a row spends its attempt, and it gives up.
    await vi.waitFor(async () => expect(await refunds()).toHaveLength(2), { timeout: 10_000 });
    expect((await refunds()).map((r) => r.credits).sort()).toEqual(['0.5000', '1.0000']);
    expect((await walletOf(t, s.user.businessId))!.balance).toBe('99.0000');
    await expectLedgerBalanced(t);
  });
});
