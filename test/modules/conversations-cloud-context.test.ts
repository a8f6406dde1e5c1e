import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import {
  campaignMessages,
  conversationMessages,
  conversations,
  templates,
} from '../../src/platform/db/schema/index.js';
import { uniquePhone } from '../factories.js';
import { useTestApp } from '../harness.js';
import { statusCounts } from '../jobs/helpers.js';
import type { GraphAccount } from '../simulators/graph-api.js';
import { cloudWebhookBody, signedHeaders } from '../simulators/graph-api.js';
import { APP_SECRET, cloudBusiness, cloudDispatcher, useGraph } from './cloud-support.js';
import { cloudSender } from './deliverability-support.js';

/**
 * What Meta sends with an inbound message beyond its text, kept: the context of a reply (the message it
 * answers, linked to the campaign message and so to the campaign and its variant, counted `replied` once per
 * message), an unsupported message's reason and original type, a voice note's flag, a location's url, a list
 * row's description; and a template rejection's explanation.
 */
describe('what Meta sends with an inbound message, kept', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);
  let dispatcher: Dispatcher;
  beforeAll(() => {
    dispatcher = cloudDispatcher(t).start();
  });
  afterAll(() => dispatcher.stop());

  const post = async (body: string) => {
    const res = await t.request({
      url: '/webhooks/whatsapp-cloud',
      headers: signedHeaders(APP_SECRET, body),
      payload: body,
    });
    expect(res.status).toBe(200);
  };

  let seq = 0;
  /** A `messages` change carrying what `from` wrote, as Meta sends it. */
  function messagesBody(account: GraphAccount, from: string, messages: Record<string, unknown>[]) {
    return cloudWebhookBody(account.wabaId, 'messages', {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '15550001234', phone_number_id: account.phoneNumberId },
      contacts: [{ wa_id: from, profile: { name: 'Amaka Obi' } }],
      messages: messages.map((m) => ({
        from,
        id: `wamid.ctx.${++seq}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        ...m,
      })),
    });
  }
  const context = (wamid: string) => ({ context: { from: '15550001234', id: wamid } });
  const wamidOf = (providerMessageId: string | null) => providerMessageId!.split(':').pop()!;
  const digits = (phone: string) => phone.replace(/\D/g, '');
  const conversationWith = async (businessId: string, phone: string) =>
    (
      await t.db
        .select()
        .from(conversations)
        .where(and(eq(conversations.businessId, businessId), eq(conversations.phoneNumber, phone)))
    )[0]!;
  const thread = async (token: string, conversationId: string) =>
    (await t.request({ url: `/conversations/${conversationId}/messages`, token })).body.data.items as {
      id: string;
      direction: string;
      type: string;
      text: string | null;
      details: Record<string, unknown> | null;
      replyTo: Record<string, unknown> | null;
      campaignId: string | null;
    }[];

  /** An A/B campaign of the sender's template to all of its people (half per variant), sent. */
  async function sentAbCampaign(sender: Awaited<ReturnType<typeof cloudSender>>, name: string) {
    const variant = (v: string) => ({
      name: v,
      templateId: sender.template.id,
      templateParameters: { body: [{ field: 'firstName' }] },
    });
    const res = await t.request({
      url: '/campaigns',
      token: sender.user.accessToken,
      body: {
        name,
        message: 'Hello {{1}}',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
        messageType: 'marketing',
        templateId: sender.template.id,
        templateParameters: { body: [{ field: 'firstName' }] },
        variants: [variant('A'), variant('B')],
        abTest: { testShare: 1, metric: 'readRate', decideAfterMinutes: 240 },
      },
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id as string;
    await vi.waitFor(async () => expect(await statusCounts(t, id)).toEqual({ sent: sender.people.length }), {
      timeout: 10_000,
    });
    const rows = await t.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, id));
    return { id, rows };
  }

  it('links a reply to the campaign message it answers; replied counted once per message, per campaign and variant', async () => {
    const sender = await cloudSender(t, graph.sim, 4);
    const { id, rows } = await sentAbCampaign(sender, 'Spring sale');
    const [a, b] = [rows.find((r) => r.variant === 0)!, rows.find((r) => r.variant === 1)!];
    // Three replies to A's message (text, quick-reply button, interactive button), one list reply to B's.
    await post(
      messagesBody(sender.account, digits(a.phoneNumber), [
        { type: 'text', text: { body: 'Is it still on?' }, ...context(wamidOf(a.providerMessageId)) },
        {
          type: 'button',
          button: { text: 'Stop promotions', payload: 'STOP_PROMO_LATER' },
          ...context(wamidOf(a.providerMessageId)),
        },
        {
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'YES', title: 'Yes' } },
          ...context(wamidOf(a.providerMessageId)),
        },
      ]),
    );
    await post(
      messagesBody(sender.account, digits(b.phoneNumber), [
        {
          type: 'interactive',
          interactive: {
            type: 'list_reply',
            list_reply: { id: 'SIZE_L', title: 'Large', description: 'Fits 42-44' },
          },
          ...context(wamidOf(b.providerMessageId)),
        },
      ]),
    );

    const conversation = await conversationWith(sender.user.businessId, a.phoneNumber);
    const stored = await t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversation.id))
      .orderBy(conversationMessages.seq);
    expect(stored).toHaveLength(3);
    for (const row of stored)
      expect(row.details).toMatchObject({
        context: { from: '15550001234', id: wamidOf(a.providerMessageId) },
      });

    const items = await thread(sender.user.accessToken, conversation.id);
    const inbound = items.filter((m) => m.direction === 'in');
    expect(inbound).toHaveLength(3);
    for (const m of inbound)
      expect(m.replyTo).toEqual({ messageId: a.id, campaignId: id, campaignName: 'Spring sale', text: null });
    // The campaign message it answers is in the same thread.
    expect(items.find((m) => m.id === a.id)).toMatchObject({ type: 'campaign', campaignId: id });

    const listThread = await thread(
      sender.user.accessToken,
      (await conversationWith(sender.user.businessId, b.phoneNumber)).id,
    );
    const listReply = listThread.find((m) => m.direction === 'in')!;
    expect(listReply).toMatchObject({ text: 'Large', type: 'button' });
    expect(listReply.details).toMatchObject({ payload: 'SIZE_L', description: 'Fits 42-44' });
    expect(listReply.replyTo).toMatchObject({ messageId: b.id, campaignId: id });

    // Counted once per message, however many replies it got.
    const report = await t.request({ url: `/campaigns/${id}/report`, token: sender.user.accessToken });
    expect(report.body.data.reached).toMatchObject({ sent: 4, replied: 2 });
    const variants = await t.request({ url: `/campaigns/${id}/variants`, token: sender.user.accessToken });
    expect(variants.body.data.variants.map((v: { replied: number }) => v.replied)).toEqual([1, 1]);
    const [marked] = await t.db.select().from(campaignMessages).where(eq(campaignMessages.id, a.id));
    expect(marked!.repliedAt).not.toBeNull();

    // Meta delivers at least once: the same replies again count nothing more.
    await post(
      messagesBody(sender.account, digits(a.phoneNumber), [
        { type: 'text', text: { body: 'Hello?' }, ...context(wamidOf(a.providerMessageId)) },
      ]),
    );
    const again = await t.request({ url: `/campaigns/${id}/report`, token: sender.user.accessToken });
    expect(again.body.data.reached.replied).toBe(2);
  });

  it('a reply naming another business’s message is not linked, and counts nothing there', async () => {
    const owner = await cloudSender(t, graph.sim, 2);
    const { id, rows } = await sentAbCampaign(owner, 'Owner sale');
    const other = await cloudBusiness(t, graph.sim);
    const from = digits(rows[0]!.phoneNumber);
    const wamid = wamidOf(rows[0]!.providerMessageId);
    // The number moved: the owner's message was sent from the phone-number id the other business has now,
    // so its key is the very key the other business's reply resolves to.
    await t.db
      .update(campaignMessages)
      .set({ providerMessageId: `${other.account.phoneNumberId}:${wamid}` })
      .where(eq(campaignMessages.id, rows[0]!.id));
    await post(
      messagesBody(other.account, from, [
        { type: 'text', text: { body: 'Which shop is this?' }, ...context(wamid) },
      ]),
    );
    const conversation = await conversationWith(other.user.businessId, rows[0]!.phoneNumber);
    const [reply] = await thread(other.user.accessToken, conversation.id);
    expect(reply).toMatchObject({ direction: 'in', text: 'Which shop is this?', replyTo: null });
    expect(reply!.details).toMatchObject({ context: { id: wamid } });
    const [stored] = await t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversation.id));
    expect(stored!.campaignMessageId).toBeNull();
    const report = await t.request({ url: `/campaigns/${id}/report`, token: owner.user.accessToken });
    expect(report.body.data.reached.replied).toBe(0);
    const [untouched] = await t.db
      .select()
      .from(campaignMessages)
      .where(eq(campaignMessages.id, rows[0]!.id));
    expect(untouched!.repliedAt).toBeNull();
  });

  it('a reply to one of our replies quotes its text', async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    graph.sim.openWindow(account, from);
    await post(messagesBody(account, from, [{ type: 'text', text: { body: 'Do you deliver?' } }]));
    const conversation = await conversationWith(user.businessId, `+${from}`);
    const res = await t.request({
      url: `/conversations/${conversation.id}/messages`,
      token: user.accessToken,
      body: { text: 'Yes, within Lagos' },
    });
    expect(res.status).toBe(201);
    const replyId = res.body.data.id as string;
    let wamid = '';
    await vi.waitFor(
      async () => {
        const [row] = await t.db
          .select()
          .from(conversationMessages)
          .where(eq(conversationMessages.id, replyId));
        expect(row!.status).toBe('sent');
        wamid = wamidOf(row!.providerMessageId);
      },
      { timeout: 5_000, interval: 20 },
    );
    await post(
      messagesBody(account, from, [{ type: 'text', text: { body: 'To Ikeja?' }, ...context(wamid) }]),
    );
    // Meta dates a message to the second, so the contact's answer may sort before our reply of the same second.
    const answer = (await thread(user.accessToken, conversation.id)).find((m) => m.text === 'To Ikeja?');
    expect(answer).toMatchObject({
      text: 'To Ikeja?',
      replyTo: { messageId: replyId, campaignId: null, campaignName: null, text: 'Yes, within Lagos' },
    });
  });

  it('keeps an unsupported message’s reason and type, a voice note, a location’s url', async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    await post(
      messagesBody(account, from, [
        {
          type: 'unsupported',
          errors: [
            {
              code: 131051,
              title: 'Message type unknown',
              message: 'Message type unknown',
              error_data: { details: 'Message type is currently not supported.' },
            },
          ],
          unsupported: { type: 'edit' },
        },
        { type: 'audio', audio: { id: '987654321', mime_type: 'audio/ogg; codecs=opus', voice: true } },
        {
          type: 'location',
          location: {
            latitude: 6.45,
            longitude: 3.39,
            name: 'Shop',
            address: 'Lagos',
            url: 'https://shop.example.com',
          },
        },
      ]),
    );
    const conversation = await conversationWith(user.businessId, `+${from}`);
    const items = (await thread(user.accessToken, conversation.id)).reverse();
    expect(items[0]).toMatchObject({ type: 'unsupported', text: null });
    expect(items[0]!.details).toEqual({
      unsupportedType: 'edit',
      errorCode: 131051,
      reason: 'Message type unknown: Message type is currently not supported.',
    });
    expect(items[1]).toMatchObject({ type: 'audio' });
    expect(items[1]!.details).toMatchObject({ voice: true });
    expect(items[2]!.details).toEqual({
      latitude: 6.45,
      longitude: 3.39,
      name: 'Shop',
      address: 'Lagos',
      url: 'https://shop.example.com',
    });
  });

  it('keeps a template rejection’s explanation (rejection_info) and shows it with the template', async () => {
    const sender = await cloudSender(t, graph.sim, 1);
    await t.db.update(templates).set({ status: 'PENDING' }).where(eq(templates.id, sender.template.id));
    await post(
      cloudWebhookBody(sender.account.wabaId, 'message_template_status_update', {
        event: 'REJECTED',
        message_template_id: Number(sender.template.providerTemplateId),
        message_template_name: sender.template.name,
        message_template_language: 'en_US',
        reason: 'INVALID_FORMAT',
        rejection_info: {
          reason: 'The template has too many variables for its length.',
          recommendation: 'Add more text between the variables.',
        },
      }),
    );
    const res = await t.request({ url: `/templates/${sender.template.id}`, token: sender.user.accessToken });
    expect(res.body.data).toMatchObject({
      status: 'REJECTED',
      rejection: {
        reason: 'The template has too many variables for its length.',
        recommendation: 'Add more text between the variables.',
      },
    });
  });
});
