import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import { refundDueReplies } from '../../src/modules/conversations/index.js';
import {
  conversationMessages,
  conversations,
  templates,
  transactions,
  wallets,
} from '../../src/platform/db/schema/index.js';
import { createUser, uniquePhone } from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { cloudWebhookBody, signedHeaders, statusValue } from '../simulators/graph-api.js';
import type { StatusPricing } from '../simulators/graph-status-poster.js';
import { APP_SECRET, cloudBusiness, cloudDispatcher, useGraph } from './cloud-support.js';

const FREE: StatusPricing = {
  billable: false,
  pricing_model: 'PMP',
  category: 'marketing',
  type: 'free_customer_service',
};
const BILLED: StatusPricing = { ...FREE, billable: true, type: 'regular' };

/**
 * What Meta says a reply cost: a reply keeps its status's `pricing`, and a reply Meta did not bill gives its
 * charge back once (the administrator's `refundUnbilledMessages`), never also as failed, nor charged again.
 */
describe('Cloud pricing of conversation replies', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);
  let dispatcher: Dispatcher | undefined;
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
  });

  const post = (body: string) =>
    t.request({ url: '/webhooks/whatsapp-cloud', headers: signedHeaders(APP_SECRET, body), payload: body });

  /** A marketing template reply outside the window (charged at the marketing rate), sent. */
  async function sentTemplateReply() {
    const biz = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    const old = String(Math.floor((Date.now() - 25 * 3600_000) / 1000));
    await post(
      cloudWebhookBody(biz.account.wabaId, 'messages', {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: '15550001234', phone_number_id: biz.account.phoneNumberId },
        contacts: [{ wa_id: from, profile: { name: 'Tunde Bello' } }],
        messages: [
          {
            from,
            id: `wamid.in.${Date.now()}.${from}`,
            timestamp: old,
            type: 'text',
            text: { body: 'START' },
          },
        ],
      }),
    );
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.businessId, biz.user.businessId));
    const simTemplate = graph.sim.addTemplate({
      wabaId: biz.account.wabaId,
      name: 'follow_up',
      language: 'en_US',
      category: 'MARKETING',
      status: 'APPROVED',
      components: [{ type: 'BODY', text: 'Hi, still interested?' }],
    });
    const [template] = await t.db
      .insert(templates)
      .values({
        businessId: biz.user.businessId,
        name: 'follow_up',
        language: 'en_US',
        category: 'MARKETING',
        status: 'APPROVED',
        provider: 'whatsapp-cloud',
        providerTemplateId: simTemplate.id,
        wabaId: biz.account.wabaId,
        components: simTemplate.components,
      })
      .returning();
    const res = await t.request({
      url: `/conversations/${conversation!.id}/messages`,
      token: biz.user.accessToken,
      body: { templateId: template!.id },
    });
    expect(res.status).toBe(201);
    const replyId = res.body.data.id as string;
    dispatcher = cloudDispatcher(t).start();
    let wamid = '';
    await vi.waitFor(
      async () => {
        const [row] = await t.db
          .select()
          .from(conversationMessages)
          .where(eq(conversationMessages.id, replyId));
        expect(row!.status).toBe('sent');
        wamid = row!.providerMessageId!.split(':')[1]!;
      },
      { timeout: 10_000, interval: 20 },
    );
    await dispatcher.stop();
    dispatcher = undefined;
    return { ...biz, from, replyId, wamid, conversationId: conversation!.id };
  }

  type Sent = Awaited<ReturnType<typeof sentTemplateReply>>;
  const status = (s: Sent, state: 'sent' | 'delivered' | 'read' | 'failed', pricing?: StatusPricing) =>
    cloudWebhookBody(
      s.account.wabaId,
      'messages',
      statusValue(s.account.phoneNumberId, {
        id: s.wamid,
        status: state,
        recipient: s.from,
        ...(pricing ? { pricing } : {}),
        ...(state === 'failed'
          ? { errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }] }
          : {}),
      }),
    );

  const balanceOf = async (businessId: string) =>
    (await t.db.select().from(wallets).where(eq(wallets.businessId, businessId)))[0]!.balance;
  const entriesOf = (businessId: string, kind: 'reply_refund' | 'reply_recharge') =>
    t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.businessId, businessId), eq(transactions.kind, kind)));
  const replyOf = async (id: string) =>
    (await t.db.select().from(conversationMessages).where(eq(conversationMessages.id, id)))[0]!;

  it('keeps the first pricing a status gives, and shows it on the message', async () => {
    const s = await sentTemplateReply();
    expect((await post(status(s, 'sent', BILLED))).status).toBe(200);
    await post(status(s, 'delivered', { ...BILLED, category: 'utility' }));
    expect(await replyOf(s.replyId)).toMatchObject({ status: 'delivered', pricing: BILLED });
    const page = await t.request({
      url: `/conversations/${s.conversationId}/messages`,
      token: s.user.accessToken,
    });
    expect(page.body.data.items[0]).toMatchObject({ id: s.replyId, pricing: BILLED });
  });

  it('a template reply Meta did not bill gives its charge back once, saying why', async () => {
    const s = await sentTemplateReply();
    const before = await balanceOf(s.user.businessId);
    for (const state of ['sent', 'delivered', 'read', 'read'] as const)
      expect((await post(status(s, state, FREE))).status).toBe(200);
    await refundDueReplies(t.deps);
    await refundDueReplies(t.deps);
    const refunds = await entriesOf(s.user.businessId, 'reply_refund');
    expect(refunds).toHaveLength(1);
    const reply = await replyOf(s.replyId);
    const [debit] = await t.db.select().from(transactions).where(eq(transactions.id, reply.transactionId!));
    expect(Number(debit!.credits)).toBeGreaterThan(0);
    expect(refunds[0]).toMatchObject({
      status: 'successful',
      credits: debit!.credits,
      balanceDelta: debit!.credits,
    });
    expect(refunds[0]!.metadata).toMatchObject({ reason: 'not_billed', messageId: s.replyId });
    expect(refunds[0]!.relatedTransactionId).toBe(debit!.id);
    expect(reply).toMatchObject({ refundId: refunds[0]!.id, pricing: FREE });
    expect(Number(await balanceOf(s.user.businessId))).toBe(Number(before) + Number(debit!.credits));
    await expectLedgerBalanced(t);
  });

  it('a status that arrived before the send was recorded still brings its pricing', async () => {
    const s = await sentTemplateReply();
    // As if the status had come first: kept pending, then taken by the outcome write.
    await t.db
      .update(conversationMessages)
      .set({ status: 'sending', providerMessageId: null })
      .where(eq(conversationMessages.id, s.replyId));
    await post(status(s, 'delivered', FREE));
    expect((await replyOf(s.replyId)).pricing).toBeNull();
    const { replyDelivered } = await import('../../src/modules/conversations/reply-sending.js');
    await t.db
      .update(conversationMessages)
      .set({ lockedBy: 'w-test' })
      .where(eq(conversationMessages.id, s.replyId));
    await replyDelivered(
      t.deps,
      'w-test',
      { id: s.replyId, businessId: s.user.businessId, conversationId: s.conversationId } as never,
      { kind: 'sent', providerMessageId: `${s.account.phoneNumberId}:${s.wamid}` },
      t.deps.logger,
    );
    expect(await replyOf(s.replyId)).toMatchObject({ status: 'delivered', pricing: FREE });
  });

  it('a reply refunded as failed is not refunded again as unbilled, nor the other way round', async () => {
    const failed = await sentTemplateReply();
    await post(status(failed, 'failed'));
    await refundDueReplies(t.deps);
    await post(status(failed, 'sent', FREE));
    await refundDueReplies(t.deps);
    const refunds = await entriesOf(failed.user.businessId, 'reply_refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.metadata).not.toMatchObject({ reason: 'not_billed' });

    const free = await sentTemplateReply();
    const before = await balanceOf(free.user.businessId);
    await post(status(free, 'sent', FREE));
    await refundDueReplies(t.deps);
    // A failure reported after it was given back as unbilled, then a delivery: no second refund, no recharge.
    await post(status(free, 'failed'));
    await refundDueReplies(t.deps);
    await post(status(free, 'delivered', FREE));
    expect(await entriesOf(free.user.businessId, 'reply_refund')).toHaveLength(1);
    expect(await entriesOf(free.user.businessId, 'reply_recharge')).toEqual([]);
    const [refund] = await entriesOf(free.user.businessId, 'reply_refund');
    expect(refund!.metadata).toMatchObject({ reason: 'not_billed' });
    expect(Number(await balanceOf(free.user.businessId))).toBe(Number(before) + Number(refund!.credits));
    await expectLedgerBalanced(t);
  });

  it("with the administrator's setting off nothing is given back", async () => {
    const admin = await createUser(t, { role: 'superadmin' });
    const off = await t.request({
      url: '/admin/settings',
      token: admin.accessToken,
      body: { refundUnbilledMessages: false },
    });
    expect(off.status).toBe(200);
    try {
      const s = await sentTemplateReply();
      await post(status(s, 'sent', FREE));
      await refundDueReplies(t.deps);
      expect(await entriesOf(s.user.businessId, 'reply_refund')).toEqual([]);
      expect((await replyOf(s.replyId)).refundId).toBeNull();
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
    const s = await sentTemplateReply();
    const body = status(s, 'sent', FREE);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await Promise.all([refundDueReplies(t.deps), refundDueReplies(t.deps), refundDueReplies(t.deps)]);
    const refunds = await entriesOf(s.user.businessId, 'reply_refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.metadata).toMatchObject({ reason: 'not_billed' });
    await expectLedgerBalanced(t);
  });
});
