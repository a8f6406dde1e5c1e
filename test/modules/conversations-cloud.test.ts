import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import { fetchDueMedia, WINDOW_MS } from '../../src/modules/conversations/index.js';
import { conversationMessages, conversations, templates } from '../../src/platform/db/schema/index.js';
import { uniquePhone } from '../factories.js';
import { useTestApp } from '../harness.js';
import type { GraphAccount } from '../simulators/graph-api.js';
import { cloudWebhookBody, signedHeaders, statusValue } from '../simulators/graph-api.js';
import { APP_SECRET, cloudBusiness, cloudDispatcher, useGraph } from './cloud-support.js';

const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

/**
 * The inbox through the Cloud API: the signed webhook's `messages` of every kind are kept (media fetched
 * with the business's token into our storage), and replies go out as normal messages inside the window,
 * templates outside it; statuses move them.
 */
describe('conversations through the Cloud API', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);
  let dispatcher: Dispatcher;
  beforeAll(() => {
    dispatcher = cloudDispatcher(t).start();
  });
  afterAll(() => dispatcher.stop());

  const post = (body: string, headers = signedHeaders(APP_SECRET, body)) =>
    t.request({ url: '/webhooks/whatsapp-cloud', headers, payload: body });

  let seq = 0;
  /** A `messages` change carrying what `from` wrote, as Meta sends it. */
  function messagesBody(account: GraphAccount, from: string, messages: Record<string, unknown>[]) {
    return cloudWebhookBody(account.wabaId, 'messages', {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '15550001234', phone_number_id: account.phoneNumberId },
      contacts: [{ wa_id: from, profile: { name: 'Tunde Bello' } }],
      messages: messages.map((m) => ({
        from,
        id: `wamid.in.${++seq}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        ...m,
      })),
    });
  }

  const conversationOf = async (businessId: string) =>
    (await t.db.select().from(conversations).where(eq(conversations.businessId, businessId)))[0]!;
  const rowsOf = (conversationId: string) =>
    t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId))
      .orderBy(conversationMessages.seq);

  it('keeps every kind of message, each medium fetched into storage', async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    const media = (kind: string, mime: string, extra: Record<string, unknown> = {}) => ({
      type: kind,
      [kind]: { id: graph.sim.addMedia(account, JPEG, mime), mime_type: mime, ...extra },
    });
    const body = messagesBody(account, from, [
      { type: 'text', text: { body: 'Hi, is the blue one in stock?' } },
      media('image', 'image/jpeg', { caption: 'This one' }),
      media('video', 'video/mp4'),
      media('audio', 'audio/ogg'),
      media('document', 'application/pdf', { filename: 'invoice.pdf' }),
      media('sticker', 'image/webp'),
      { type: 'button', button: { text: 'Yes please', payload: 'CONFIRM' } },
      {
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'SIZE_M', title: 'Medium' } },
      },
      { type: 'reaction', reaction: { message_id: 'wamid.out.1', emoji: '👍' } },
      { type: 'location', location: { latitude: 6.45, longitude: 3.39, name: 'Shop', address: 'Lagos' } },
      {
        type: 'contacts',
        contacts: [{ name: { formatted_name: 'Ngozi' }, phones: [{ phone: '+2348030000000' }] }],
      },
      { type: 'unsupported', errors: [{ code: 131051 }] },
    ]);
    expect((await post(body)).status).toBe(200);
    // The media are fetched by the worker's media job, after the webhook answered.
    expect(await fetchDueMedia(t.deps)).toBe(5);
    const conversation = await conversationOf(user.businessId);
    expect(conversation).toMatchObject({ phoneNumber: `+${from}`, unreadCount: 12, status: 'open' });
    const rows = await rowsOf(conversation.id);
    expect(rows.map((r) => r.type)).toEqual([
      'text',
      'image',
      'video',
      'audio',
      'document',
      'sticker',
      'button',
      'button',
      'reaction',
      'location',
      'contacts',
      'unsupported',
    ]);
    expect(rows[1]).toMatchObject({ text: 'This one', mediaType: 'image/jpeg' });
    for (const row of rows.slice(1, 6)) {
      expect(row.mediaKey, row.type).toMatch(new RegExp(`^conversations/${user.businessId}/`));
      const stream = await t.deps.storage.read(row.mediaKey!);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(JPEG)).toBe(true);
    }
    // Fetched with the business's own token, from the URL the media id named.
    const downloads = graph.sim.requests.filter((r) => r.path.startsWith('/media-download/'));
    expect(downloads.length).toBeGreaterThanOrEqual(5);
    expect(downloads.every((r) => r.authorization === `Bearer ${account.token}`)).toBe(true);
    expect(rows[4]!.details).toMatchObject({ filename: 'invoice.pdf' });
    expect(rows[6]).toMatchObject({ text: 'Yes please', details: { payload: 'CONFIRM' } });
    expect(rows[7]).toMatchObject({ text: 'Medium', details: { payload: 'SIZE_M' } });
    expect(rows[8]!.details).toEqual({ messageId: 'wamid.out.1', emoji: '👍' });
    expect(rows[9]!.details).toEqual({ latitude: 6.45, longitude: 3.39, name: 'Shop', address: 'Lagos' });
    expect(rows[10]!.details).toEqual({ contacts: [{ name: 'Ngozi', phones: ['+2348030000000'] }] });
    expect(conversation.lastMessageText).toBe('Message');
    // Meta delivers at least once: the same body again adds nothing.
    expect((await post(body)).status).toBe(200);
    expect(await rowsOf(conversation.id)).toHaveLength(12);
  });

  it('refuses an unsigned or wrongly signed body: nothing is stored', async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const body = messagesBody(account, uniquePhone().replace(/\D/g, ''), [
      { type: 'text', text: { body: 'Hi' } },
    ]);
    for (const headers of [{ 'content-type': 'application/json' }, signedHeaders('another-secret', body)]) {
      expect((await post(body, headers)).status).toBe(401);
    }
    expect(
      await t.db.select().from(conversations).where(eq(conversations.businessId, user.businessId)),
    ).toHaveLength(0);
  });

  it('keeps the message when its medium cannot be fetched, saying why', async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const body = messagesBody(account, uniquePhone().replace(/\D/g, ''), [
      { type: 'image', image: { id: '999999', mime_type: 'image/jpeg' } },
    ]);
    expect((await post(body)).status).toBe(200);
    await fetchDueMedia(t.deps);
    const [row] = await rowsOf((await conversationOf(user.businessId)).id);
    expect(row).toMatchObject({ type: 'image', mediaKey: null, mediaStatus: 'failed' });
    expect(row!.error).toContain('could not be kept');
  });

  it('replies in the window as a normal message; statuses bring delivered and read', async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    graph.sim.openWindow(account, from);
    await post(messagesBody(account, from, [{ type: 'text', text: { body: 'When do you open?' } }]));
    const conversation = await conversationOf(user.businessId);
    const res = await t.request({
      url: `/conversations/${conversation.id}/messages`,
      token: user.accessToken,
      body: { text: 'At 9 tomorrow' },
    });
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    let wamid = '';
    await vi.waitFor(
      async () => {
        const [row] = await t.db.select().from(conversationMessages).where(eq(conversationMessages.id, id));
        expect(row!.status).toBe('sent');
        wamid = row!.providerMessageId!.split(':')[1]!;
      },
      { timeout: 5_000, interval: 20 },
    );
    const sent = graph.sim.sent.find((s) => s.wamid === wamid);
    expect(sent?.body).toMatchObject({ type: 'text', text: { body: 'At 9 tomorrow' }, to: from });
    for (const status of ['delivered', 'read'] as const) {
      const body = cloudWebhookBody(
        account.wabaId,
        'messages',
        statusValue(account.phoneNumberId, { id: wamid, status, recipient: from }),
      );
      expect((await post(body)).status).toBe(200);
    }
    const page = await t.request({
      url: `/conversations/${conversation.id}/messages`,
      token: user.accessToken,
    });
    expect(page.body.data.items[0]).toMatchObject({ id, direction: 'out', status: 'read' });
    expect(page.body.data.items[1]).toMatchObject({ direction: 'in', text: 'When do you open?' });
  });

  it('waits out throttles without using up its attempts, as campaign messages do', async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    graph.sim.openWindow(account, from);
    await post(messagesBody(account, from, [{ type: 'text', text: { body: 'Still there?' } }]));
    const conversation = await conversationOf(user.businessId);
    // More throttles in a row than a reply has attempts.
    const throttles = t.deps.config.DISPATCH_MAX_ATTEMPTS + 2;
    graph.sim.failSends({ status: 429, code: 130429, title: 'Rate limit hit', to: from, times: throttles });
    try {
      const res = await t.request({
        url: `/conversations/${conversation.id}/messages`,
        token: user.accessToken,
        body: { text: 'Yes, we are' },
      });
      expect(res.status).toBe(201);
      await vi.waitFor(
        async () => {
          const [row] = await t.db
            .select()
            .from(conversationMessages)
            .where(eq(conversationMessages.id, res.body.data.id));
          expect(row).toMatchObject({ status: 'sent', attempts: 1 });
        },
        { timeout: 15_000, interval: 50 },
      );
    } finally {
      graph.sim.clearFailures();
    }
  });

  it("applies a status that arrived before the reply's send was recorded", async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    graph.sim.openWindow(account, from);
    await post(messagesBody(account, from, [{ type: 'text', text: { body: 'Hello' } }]));
    const conversation = await conversationOf(user.businessId);
    graph.sim.holdSends = true;
    try {
      const res = await t.request({
        url: `/conversations/${conversation.id}/messages`,
        token: user.accessToken,
        body: { text: 'Hi there' },
      });
      await vi.waitFor(() => expect(graph.sim.heldCount).toBe(1), { timeout: 5_000, interval: 20 });
      const wamid = graph.sim.sent.at(-1)!.wamid;
      const early = cloudWebhookBody(
        account.wabaId,
        'messages',
        statusValue(account.phoneNumberId, { id: wamid, status: 'delivered', recipient: from }),
      );
      expect((await post(early)).status).toBe(200);
      graph.sim.releaseSends();
      await vi.waitFor(
        async () => {
          const [row] = await t.db
            .select()
            .from(conversationMessages)
            .where(eq(conversationMessages.id, res.body.data.id));
          expect(row!.status).toBe('delivered');
        },
        { timeout: 5_000, interval: 20 },
      );
    } finally {
      graph.sim.holdSends = false;
      graph.sim.releaseSends();
    }
  });

  it('outside the window refuses free text and sends an approved template', async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    const old = String(Math.floor((Date.now() - WINDOW_MS - 60_000) / 1000));
    await post(messagesBody(account, from, [{ type: 'text', text: { body: 'START' }, timestamp: old }]));
    const conversation = await conversationOf(user.businessId);
    const refused = await t.request({
      url: `/conversations/${conversation.id}/messages`,
      token: user.accessToken,
      body: { text: 'Are you still interested?' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage.fields[0].path).toBe('text');
    const simTemplate = graph.sim.addTemplate({
      wabaId: account.wabaId,
      name: 'follow_up',
      language: 'en_US',
      category: 'MARKETING',
      status: 'APPROVED',
      components: [{ type: 'BODY', text: 'Hi {{1}}, still interested?' }],
    });
    const [template] = await t.db
      .insert(templates)
      .values({
        businessId: user.businessId,
        name: 'follow_up',
        language: 'en_US',
        category: 'MARKETING',
        status: 'APPROVED',
        provider: 'whatsapp-cloud',
        providerTemplateId: simTemplate.id,
        wabaId: account.wabaId,
        components: simTemplate.components,
      })
      .returning();
    const res = await t.request({
      url: `/conversations/${conversation.id}/messages`,
      token: user.accessToken,
      body: { templateId: template!.id, templateParameters: { body: [{ field: 'firstName' }] } },
    });
    expect(res.status).toBe(201);
    await vi.waitFor(
      async () => {
        const [row] = await t.db
          .select()
          .from(conversationMessages)
          .where(eq(conversationMessages.id, res.body.data.id));
        expect(row!.status).toBe('sent');
      },
      { timeout: 5_000, interval: 20 },
    );
    const sent = graph.sim.sent.at(-1)!;
    expect(sent.body).toMatchObject({
      type: 'template',
      template: { name: 'follow_up', components: [{ type: 'body', parameters: [{ text: 'Tunde' }] }] },
    });
  });

  it('fails a free reply the provider refuses as outside its window, with its reason', async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    // Our clock says the window is open; Meta's (no openWindow here) says it is not.
    await post(messagesBody(account, from, [{ type: 'text', text: { body: 'Hi' } }]));
    const conversation = await conversationOf(user.businessId);
    const res = await t.request({
      url: `/conversations/${conversation.id}/messages`,
      token: user.accessToken,
      body: { text: 'Hello!' },
    });
    await vi.waitFor(
      async () => {
        const [row] = await t.db
          .select()
          .from(conversationMessages)
          .where(eq(conversationMessages.id, res.body.data.id));
        expect(row!.status).toBe('failed');
        expect(row!.error).toBeTruthy();
      },
      { timeout: 5_000, interval: 20 },
    );
  });
});
