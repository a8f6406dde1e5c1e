import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import { refundDueCampaigns } from '../../src/modules/campaigns/index.js';
import { queryRows } from '../../src/platform/db/client.js';
import { transactions, wallets } from '../../src/platform/db/schema/index.js';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { messagesOf, statusCounts } from '../jobs/helpers.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { cloudWebhookBody, signedHeaders, statusValue } from '../simulators/graph-api.js';
import type { StatusPricing } from '../simulators/graph-status-poster.js';
import { APP_SECRET, cloudDispatcher, useGraph } from './cloud-support.js';
import { cloudSender, publishCloud } from './deliverability-support.js';

const BILLED: StatusPricing = {
  billable: true,
  pricing_model: 'PMP',
  category: 'marketing',
  type: 'regular',
};
const FREE: StatusPricing = {
  billable: false,
  pricing_model: 'PMP',
  category: 'marketing',
  type: 'free_entry_point',
};

/**
 * What Meta says a message cost: every Cloud status carries `pricing { billable, pricing_model, category,
 * type }`. It is kept per message; a message Meta did not bill gives its charge back once (the
 * administrator's setting, on by default), and the campaign report counts billed and free messages.
 */
describe('Cloud pricing of campaign messages', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);
  let dispatcher: Dispatcher | undefined;
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
  });

  /** A Cloud campaign of `count` messages at 1 credit each, sent. */
  async function sentCampaign(count: number) {
    const biz = await cloudSender(t, graph.sim, count, '100');
    const campaignId = await publishCloud(t, biz, { name: 'Priced' });
    dispatcher = cloudDispatcher(t).start();
    await vi.waitFor(async () => expect((await statusCounts(t, campaignId)).sent).toBe(count), {
      timeout: 15_000,
    });
    await dispatcher.stop();
    dispatcher = undefined;
    const sends = graph.sim.sent.filter((s) => s.phoneNumberId === biz.account.phoneNumberId);
    return { ...biz, campaignId, sends };
  }

  const post = (body: string) =>
    t.request({ url: '/webhooks/whatsapp-cloud', headers: signedHeaders(APP_SECRET, body), payload: body });

  const status = (
    account: { wabaId: string; phoneNumberId: string },
    send: { wamid: string; body: Record<string, unknown> },
    state: 'sent' | 'delivered' | 'read',
    pricing: StatusPricing,
  ) =>
    cloudWebhookBody(
      account.wabaId,
      'messages',
      statusValue(account.phoneNumberId, {
        id: send.wamid,
        status: state,
        recipient: String(send.body.to),
        reference: String(send.body.biz_opaque_callback_data),
        pricing,
      }),
    );

  const balanceOf = async (businessId: string) =>
    (await t.db.select().from(wallets).where(eq(wallets.businessId, businessId)))[0]!.balance;

  const refundsOf = (campaignId: string) =>
    t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.campaignId, campaignId), eq(transactions.kind, 'campaign_refund')));

  it('keeps each message its pricing, as its first status with one said', async () => {
    const { account, campaignId, sends } = await sentCampaign(2);
    const [a, b] = sends;
    expect((await post(status(account, a!, 'sent', BILLED))).status).toBe(200);
    await post(status(account, a!, 'delivered', { ...BILLED, category: 'utility' }));
    await post(status(account, b!, 'read', FREE));
    const rows = await messagesOf(t, campaignId);
    const byRef = (s: typeof a) => rows.find((m) => m.id === s!.body.biz_opaque_callback_data)!;
    expect(byRef(a)).toMatchObject({ status: 'delivered', pricing: BILLED });
    expect(byRef(b)).toMatchObject({ status: 'read', pricing: FREE });
  });

  it('a message Meta did not bill gives its charge back once, with a ledger entry saying why', async () => {
    const { user, account, campaignId, sends } = await sentCampaign(3);
    const before = await balanceOf(user.businessId);
    // Meta's statuses repeat: sent, delivered and read each carry the same pricing, and a webhook is retried.
    for (const state of ['sent', 'delivered', 'read', 'read'] as const)
      expect((await post(status(account, sends[0]!, state, FREE))).status).toBe(200);
    await post(status(account, sends[1]!, 'sent', BILLED));
    await refundDueCampaigns(t.deps);
    await refundDueCampaigns(t.deps);
    const refunds = await refundsOf(campaignId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'successful', credits: '1.0000', balanceDelta: '1.0000' });
    expect(refunds[0]!.metadata).toMatchObject({ reason: 'not_billed', messages: 1 });
    expect(refunds[0]!.description).toContain('did not bill');
    expect(Number(await balanceOf(user.businessId))).toBe(Number(before) + 1);
    const [refunded] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM campaign_messages WHERE refund_id = ${refunds[0]!.id}`,
    );
    expect(Number(refunded!.n)).toBe(1);
    await expectLedgerBalanced(t);
  });

  it('a message given back as unbilled, then reported failed and delivered, is not charged again', async () => {
    const { user, account, campaignId, sends } = await sentCampaign(1);
    await post(status(account, sends[0]!, 'sent', FREE));
    await refundDueCampaigns(t.deps);
    const before = await balanceOf(user.businessId);
    const failed = cloudWebhookBody(
      account.wabaId,
      'messages',
      statusValue(account.phoneNumberId, {
        id: sends[0]!.wamid,
        status: 'failed',
        recipient: String(sends[0]!.body.to),
        errors: [{ code: 131026, title: 'Message undeliverable' }],
      }),
    );
    expect((await post(failed)).status).toBe(200);
    await refundDueCampaigns(t.deps);
    expect((await post(status(account, sends[0]!, 'delivered', FREE))).status).toBe(200);
    expect((await messagesOf(t, campaignId))[0]).toMatchObject({ status: 'delivered' });
    const recharges = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.campaignId, campaignId), eq(transactions.kind, 'campaign_recharge')));
    expect(recharges).toEqual([]);
    expect(await refundsOf(campaignId)).toHaveLength(1);
    expect(await balanceOf(user.businessId)).toBe(before);
    await expectLedgerBalanced(t);
  });

  it('the campaign report counts billed and free messages', async () => {
    const { user, account, campaignId, sends } = await sentCampaign(3);
    await post(status(account, sends[0]!, 'sent', BILLED));
    await post(status(account, sends[1]!, 'sent', FREE));
    const res = await t.request({ url: `/campaigns/${campaignId}/report`, token: user.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.pricing).toEqual({ billed: 1, free: 1 });
  });

  it("the administrator's setting (on by default) decides whether unbilled messages are given back", async () => {
    const admin = await createUser(t, { role: 'superadmin' });
    const read = await t.request({ url: '/admin/settings', token: admin.accessToken });
    expect(read.body.data.refundUnbilledMessages).toBe(true);
    const off = await t.request({
      url: '/admin/settings',
      token: admin.accessToken,
      body: { refundUnbilledMessages: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.refundUnbilledMessages).toBe(false);
    const bad = await t.request({
      url: '/admin/settings',
      token: admin.accessToken,
      body: { refundUnbilledMessages: 'no' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage.fields[0].path).toBe('refundUnbilledMessages');
    try {
      const { account, campaignId, sends } = await sentCampaign(1);
      await post(status(account, sends[0]!, 'sent', FREE));
      await refundDueCampaigns(t.deps);
      expect(await refundsOf(campaignId)).toEqual([]);
    } finally {
      await t.request({
        url: '/admin/settings',
        token: admin.accessToken,
        body: { refundUnbilledMessages: true },
      });
    }
    await expectLedgerBalanced(t);
  });

  it('concurrent duplicate statuses and sweeps give one refund (a race on PostgreSQL)', async () => {
    const { account, campaignId, sends } = await sentCampaign(2);
    const body = status(account, sends[0]!, 'sent', FREE);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await Promise.all([refundDueCampaigns(t.deps), refundDueCampaigns(t.deps), refundDueCampaigns(t.deps)]);
    const refunds = await refundsOf(campaignId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.metadata).toMatchObject({ reason: 'not_billed', messages: 1 });
    await expectLedgerBalanced(t);
  });
});
