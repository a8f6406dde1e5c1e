import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import {
  conversationMessages,
  conversations,
  transactions,
  wallets,
} from '../../src/platform/db/schema/index.js';
import { uniquePhone } from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import type { GraphAccount } from '../simulators/graph-api.js';
import { cloudWebhookBody, signedHeaders } from '../simulators/graph-api.js';
import { APP_SECRET, cloudBusiness, cloudDispatcher, useGraph } from './cloud-support.js';

/**
 * A member's reply buttons and lists from the inbox (issue 37), through the Cloud API: sent in Meta's wire
 * format, each of Meta's limits refused naming the field before anything is billed, another tenant's
 * conversation a 404; the contact's choice kept as a choice linked to the message it answers.
 */
describe('interactive replies of a member, and the choices that answer them', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);
  let dispatcher: Dispatcher;
  beforeAll(() => {
    dispatcher = cloudDispatcher(t).start();
  });
  afterAll(() => dispatcher.stop());

  let seq = 0;
  const write = async (account: GraphAccount, from: string, message: Record<string, unknown>) => {
    const body = cloudWebhookBody(account.wabaId, 'messages', {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '15550001234', phone_number_id: account.phoneNumberId },
      contacts: [{ wa_id: from, profile: { name: 'Tola Ade' } }],
      messages: [
        { from, id: `wamid.ix.${++seq}`, timestamp: String(Math.floor(Date.now() / 1000)), ...message },
      ],
    });
    const res = await t.request({
      url: '/webhooks/whatsapp-cloud',
      headers: signedHeaders(APP_SECRET, body),
      payload: body,
    });
    expect(res.status).toBe(200);
  };

  /** A Cloud business whose contact just wrote (the window open). */
  async function threadWithContact() {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    graph.sim.openWindow(account, from);
    await write(account, from, { type: 'text', text: { body: 'Which fabrics do you have?' } });
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.businessId, user.businessId));
    return { user, account, from, conversation: conversation! };
  }

  const send = (token: string, conversationId: string, interactive: unknown) =>
    t.request({
      method: 'POST',
      url: `/conversations/${conversationId}/messages`,
      token,
      body: { interactive },
    });
  const thread = async (token: string, conversationId: string) =>
    (await t.request({ url: `/conversations/${conversationId}/messages`, token })).body.data.items as {
      id: string;
      direction: string;
      type: string;
      text: string | null;
      details: Record<string, unknown> | null;
      replyTo: Record<string, unknown> | null;
    }[];
  const outOf = (conversationId: string) =>
    t.db
      .select()
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.conversationId, conversationId),
          eq(conversationMessages.direction, 'out'),
        ),
      );
  const debits = async (businessId: string) =>
    (await t.db.select().from(transactions).where(eq(transactions.businessId, businessId))).filter(
      (tr) => tr.kind === 'reply_credit_debit',
    ).length;

  const fabrics = {
    type: 'list',
    body: 'Our fabrics this week:',
    button: 'See fabrics',
    sections: [
      {
        rows: [
          { id: 'ankara', title: 'Ankara', description: '8,000 a yard' },
          { id: 'lace', title: 'Lace', description: '15,000 a yard' },
        ],
      },
    ],
  };

  it("sends a member's list as Meta takes it; the contact's row is kept as a choice linked to the list", async () => {
    const { user, account, from, conversation } = await threadWithContact();
    const res = await send(user.accessToken, conversation.id, fabrics);
    expect(res.status, res.text).toBe(201);
    const listId = res.body.data.id as string;
    expect(res.body.data).toMatchObject({
      type: 'interactive',
      text: 'Our fabrics this week:',
      automation: null,
    });
    expect(await debits(user.businessId)).toBe(1);

    // Out through the dispatcher, in the Cloud API's format.
    await vi.waitFor(
      () =>
        expect(
          graph.sim.sent.filter((s) => s.body.to === from && s.body.type === 'interactive'),
        ).toHaveLength(1),
      { timeout: 10_000 },
    );
    const sent = graph.sim.sent.find((s) => s.body.to === from && s.body.type === 'interactive')!;
    expect(sent.body.interactive).toEqual({
      type: 'list',
      body: { text: 'Our fabrics this week:' },
      action: {
        button: 'See fabrics',
        sections: [
          {
            rows: [
              { id: 'ankara', title: 'Ankara', description: '8,000 a yard' },
              { id: 'lace', title: 'Lace', description: '15,000 a yard' },
            ],
          },
        ],
      },
    });
    await vi.waitFor(async () => expect((await outOf(conversation.id))[0]?.providerMessageId).toBeTruthy(), {
      timeout: 10_000,
    });

    // WhatsApp's `list_reply` names the list by its wamid (`context.id`). Meta's timestamps are in whole
    // seconds: the choice is made a second after the list, as a person makes it, so it is the thread's last.
    await write(account, from, {
      timestamp: String(Math.floor(Date.now() / 1000) + 1),
      type: 'interactive',
      interactive: {
        type: 'list_reply',
        list_reply: { id: 'lace', title: 'Lace', description: '15,000 a yard' },
      },
      context: { from: '15550001234', id: sent.wamid },
    });
    const choice = (await thread(user.accessToken, conversation.id)).find(
      (m) => m.direction === 'in' && m.type === 'button',
    );
    expect(choice).toMatchObject({
      text: 'Lace',
      details: { payload: 'lace', description: '15,000 a yard', context: { id: sent.wamid } },
      replyTo: { messageId: listId, campaignId: null, campaignName: null, text: 'Our fabrics this week:' },
    });
    const [listed] = (
      await t.request({ url: `/conversations?search=${encodeURIComponent(from)}`, token: user.accessToken })
    ).body.data.items as { lastMessageText: string }[];
    expect(listed?.lastMessageText).toBe('Lace');
    await expectLedgerBalanced(t);
  });

  it('a button choice naming a wamid this business never sent is kept, linked to nothing', async () => {
    const { user, account, from, conversation } = await threadWithContact();
    await write(account, from, {
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } },
      context: { from: '15550001234', id: 'wamid.someone-elses' },
    });
    const choice = (await thread(user.accessToken, conversation.id)).find((m) => m.type === 'button');
    expect(choice).toMatchObject({ text: 'Yes', details: { payload: 'yes' }, replyTo: null });
  });

  const long = (n: number) => 'x'.repeat(n);
  const row = (id: string, title = 'Row') => ({ id, title });
  it.each([
    [
      'a row title over 24',
      { ...fabrics, sections: [{ rows: [row('a', long(25))] }] },
      'interactive.sections.0.rows.0.title',
    ],
    [
      'a row description over 72',
      { ...fabrics, sections: [{ rows: [{ ...row('a'), description: long(73) }] }] },
      'interactive.sections.0.rows.0.description',
    ],
    [
      'two rows with one id',
      { ...fabrics, sections: [{ rows: [row('a'), row('a', 'Other')] }] },
      'interactive.sections.0.rows.1.id',
    ],
    [
      'eleven rows',
      { ...fabrics, sections: [{ rows: Array.from({ length: 11 }, (_, n) => row(`r${n}`, `Row ${n}`)) }] },
      'interactive.sections',
    ],
    ['a list label over 20', { ...fabrics, button: long(21) }, 'interactive.button'],
    ['a list without rows', { ...fabrics, sections: [{ rows: [] }] }, 'interactive.sections.0.rows'],
    [
      'four buttons',
      { type: 'buttons', body: 'Pick', buttons: [1, 2, 3, 4].map((n) => row(`b${n}`, `B${n}`)) },
      'interactive.buttons',
    ],
    [
      'a button title over 20',
      { type: 'buttons', body: 'Pick', buttons: [row('b', long(21))] },
      'interactive.buttons.0.title',
    ],
    ['a header over 60', { ...fabrics, header: long(61) }, 'interactive.header'],
  ])('refuses %s naming the field; nothing queued or billed', async (_name, interactive, path) => {
    const { user, conversation } = await threadWithContact();
    const res = await send(user.accessToken, conversation.id, interactive);
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(path);
    expect(await outOf(conversation.id)).toHaveLength(0);
    expect(await debits(user.businessId)).toBe(0);
  });

  it("another tenant's conversation id is a 404 for buttons and lists; nothing queued or billed there", async () => {
    const mine = await threadWithContact();
    const other = await threadWithContact();
    const [walletBefore] = await t.db
      .select()
      .from(wallets)
      .where(eq(wallets.businessId, other.user.businessId));
    for (const interactive of [fabrics, { type: 'buttons', body: 'Pick', buttons: [row('y', 'Yes')] }]) {
      const res = await send(mine.user.accessToken, other.conversation.id, interactive);
      expect(res.status).toBe(404);
    }
    expect(await outOf(other.conversation.id)).toHaveLength(0);
    expect(await debits(mine.user.businessId)).toBe(0);
    const [walletAfter] = await t.db
      .select()
      .from(wallets)
      .where(eq(wallets.businessId, other.user.businessId));
    expect(walletAfter!.balance).toBe(walletBefore!.balance);
  });
});
