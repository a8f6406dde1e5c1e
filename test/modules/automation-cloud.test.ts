import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import { sendPendingAutomation } from '../../src/modules/automation/index.js';
import { conversationMessages, conversations } from '../../src/platform/db/schema/index.js';
import { MessagingError } from '../../src/providers/messaging/messaging.port.js';
import { uniquePhone } from '../factories.js';
import { useTestApp } from '../harness.js';
import type { GraphAccount } from '../simulators/graph-api.js';
import { cloudWebhookBody, signedHeaders } from '../simulators/graph-api.js';
import { APP_SECRET, cloudBusiness, cloudDispatcher, useGraph } from './cloud-support.js';

/**
 * A menu tree through the Cloud API: a welcome with three reply buttons goes out in the Cloud API's wire
 * format through the dispatcher, the contact's tap (`interactive.button_reply`) triggers the next rule, and
 * the simulator refuses what Meta refuses.
 */
describe('automation through the Cloud API', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);
  let dispatcher: Dispatcher;
  beforeAll(() => {
    dispatcher = cloudDispatcher(t).start();
  });
  afterAll(() => dispatcher.stop());

  /** The webhook, then the worker's automation job. */
  const post = async (body: string) => {
    const res = await t.request({
      url: '/webhooks/whatsapp-cloud',
      headers: signedHeaders(APP_SECRET, body),
      payload: body,
    });
    await sendPendingAutomation(t.deps);
    return res;
  };
  let seq = 0;
  const messagesBody = (account: GraphAccount, from: string, message: Record<string, unknown>) =>
    cloudWebhookBody(account.wabaId, 'messages', {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '15550001234', phone_number_id: account.phoneNumberId },
      contacts: [{ wa_id: from, profile: { name: 'Tunde Bello' } }],
      messages: [
        { from, id: `wamid.auto.${++seq}`, timestamp: String(Math.floor(Date.now() / 1000)), ...message },
      ],
    });

  it('welcomes with three buttons, and a tap on one triggers the next rule', async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const create = (body: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/automation/rules', token: user.accessToken, body });
    const welcome = {
      type: 'buttons',
      body: 'Welcome! What do you need?',
      footer: 'Tap a button',
      buttons: [
        { id: 'menu-prices', title: 'Prices' },
        { id: 'menu-hours', title: 'Opening hours' },
        { id: 'menu-human', title: 'A person' },
      ],
    };
    expect(
      (await create({ name: 'Welcome', trigger: 'welcome', reply: { interactive: welcome } })).status,
    ).toBe(201);
    expect(
      (
        await create({
          name: 'Hours',
          trigger: 'choice',
          choiceId: 'menu-hours',
          reply: { text: 'Open 9 to 5' },
        })
      ).status,
    ).toBe(201);
    const from = uniquePhone().replace(/\D/g, '');
    graph.sim.openWindow(account, from);
    expect((await post(messagesBody(account, from, { type: 'text', text: { body: 'hello' } }))).status).toBe(
      200,
    );

    const sentTo = () => graph.sim.sent.filter((s) => s.body.to === from);
    await vi.waitFor(() => expect(sentTo()).toHaveLength(1), { timeout: 5_000, interval: 20 });
    expect(sentTo()[0]!.body).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Welcome! What do you need?' },
        footer: { text: 'Tap a button' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'menu-prices', title: 'Prices' } },
            { type: 'reply', reply: { id: 'menu-hours', title: 'Opening hours' } },
            { type: 'reply', reply: { id: 'menu-human', title: 'A person' } },
          ],
        },
      },
    });
    const welcomeWamid = sentTo()[0]!.wamid;

    // The contact taps "Opening hours": the choice arrives by its id, linked to the message it answers.
    await post(
      messagesBody(account, from, {
        type: 'interactive',
        context: { from: '15550001234', id: welcomeWamid },
        interactive: { type: 'button_reply', button_reply: { id: 'menu-hours', title: 'Opening hours' } },
      }),
    );
    await vi.waitFor(() => expect(sentTo()).toHaveLength(2), { timeout: 5_000, interval: 20 });
    expect(sentTo()[1]!.body).toMatchObject({ type: 'text', text: { body: 'Open 9 to 5' } });

    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.businessId, user.businessId));
    const thread = await t.request({
      url: `/conversations/${conversation!.id}/messages`,
      token: user.accessToken,
    });
    const tap = thread.body.data.items.find(
      (m: { direction: string; type: string }) => m.direction === 'in' && m.type === 'button',
    );
    expect(tap).toMatchObject({ text: 'Opening hours', details: { payload: 'menu-hours' } });
    expect(tap.replyTo).toMatchObject({ text: 'Welcome! What do you need?' });
    const autos = () =>
      t.db
        .select()
        .from(conversationMessages)
        .where(
          and(
            eq(conversationMessages.conversationId, conversation!.id),
            isNotNull(conversationMessages.automationRuleId),
          ),
        )
        .orderBy(conversationMessages.seq);
    // The simulator has the second reply; its outcome is written by the sender's next flush.
    await vi.waitFor(
      async () =>
        expect((await autos()).map((m) => [m.automationRuleName, m.status])).toEqual([
          ['Welcome', expect.stringMatching(/sent|delivered|read/)],
          ['Hours', expect.stringMatching(/sent|delivered|read/)],
        ]),
      { timeout: 5_000, interval: 20 },
    );
  });

  it('the simulator refuses an invalid interactive message as Meta does (131009, the parameter named)', async () => {
    const { account } = await cloudBusiness(t, graph.sim);
    const to = uniquePhone();
    graph.sim.openWindow(account, to);
    const err = await graph.adapter
      .send(
        { userId: account.phoneNumberId, password: account.token, provider: 'whatsapp-cloud' },
        {
          to,
          text: 'x',
          session: { mediaKind: null },
          interactive: {
            type: 'button',
            body: { text: 'Pick' },
            action: { buttons: [{ type: 'reply', reply: { id: 'a', title: 'A title far over twenty' } }] },
          },
        },
      )
      .catch((e) => e);
    expect(err).toBeInstanceOf(MessagingError);
    expect(err.code).toBe('131009');
    expect(err.transient).toBe(false);
  });
});
