import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dispatcher, dispatcherOptions } from '../../src/jobs/dispatcher.js';
import { TWOWAY_CREDENTIALS_MISSING } from '../../src/jobs/reply-sender.js';
import { MARKETING_NOT_OPTED_IN } from '../../src/modules/conversations/conversations.service.js';
import { fetchDueMedia, refundFailedReply, WINDOW_MS } from '../../src/modules/conversations/index.js';
import {
  businesses,
  contacts,
  conversationMessages,
  conversations,
  templates,
  transactions,
  uploadFiles,
  wallets,
  webhookDeliveries,
} from '../../src/platform/db/schema/index.js';
import { GatewayMessagingAdapter } from '../../src/providers/messaging/gateway.adapter.js';
import type { MessagingPort } from '../../src/providers/messaging/messaging.port.js';
import { createUser, setMessagingCredentials, type TestUser, walletOf } from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { MessagingGatewaySimulator } from '../simulators/messaging-gateway.js';

const SECRET = 'gateway-callback-token-0123456789';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The inbox through the gateway: its inbound callback (token-checked) stores every message in a
 * conversation, the API lists and answers them, and replies go out through the dispatcher with the
 * business's two-way credentials, billed once and moved by delivery reports.
 */
describe('conversations through the gateway', () => {
  const gateway = new MessagingGatewaySimulator({
    accounts: { 'hsm-user': 'hsm-password', 'twoway-user': 'twoway-password' },
  });
  let adapter: GatewayMessagingAdapter;
  const messaging: MessagingPort = { requiresCredentials: true, send: (c, m) => adapter.send(c, m) };
  // The test's file server is on loopback: allowed by name, as an operator allows the gateway's media host.
  const t = useTestApp({
    ports: { messaging },
    env: {
      MESSAGING_WEBHOOK_SECRET: SECRET,
      MEDIA_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    },
  });
  let dispatcher: Dispatcher;
  let files: Server;
  let filesUrl = '';

  beforeAll(async () => {
    await gateway.start();
    adapter = new GatewayMessagingAdapter({ baseUrl: gateway.url, timeoutMs: 5_000, connections: 4 });
    dispatcher = new Dispatcher(
      t.deps,
      dispatcherOptions(t.deps.config, { pollMs: 30, leaseMs: 5_000, retryBaseMs: 30, retryMaxMs: 100 }),
    ).start();
    // Where the gateway's media links point.
    files = createServer((req, res) => {
      if (req.url === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await dispatcher.stop();
    await adapter.close();
    await gateway.stop();
    await new Promise((resolve) => files.close(resolve));
  });

  let seq = 0;
  const waNumber = () => `23490${String(30_000_000 + ++seq).slice(-8)}`;
  const mobile = () => `23481${String(40_000_000 + ++seq).slice(-8)}`;

  /** A verified business on the gateway with HSM and two-way credentials and 10 credits. */
  async function business(opts: { twoway?: boolean } = {}) {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '10' });
    const number = waNumber();
    await setMessagingCredentials(t, user.businessId, {
      wabaNumber: number,
      userId: 'hsm-user',
      password: 'hsm-password',
    });
    if (opts.twoway !== false)
      await t.db
        .update(businesses)
        .set({
          providerTwowayLogin: 'twoway-user',
          providerTwowayPasswordEnc: t.deps.secretBox.seal('twoway-password', user.businessId),
        })
        .where(eq(businesses.id, user.businessId));
    return { user, number };
  }

  const inbound = (body: Record<string, unknown>, token: string | null = SECRET) =>
    t.request({
      url: '/webhooks/messaging-provider',
      body,
      headers: token ? { 'x-webhook-token': token } : {},
    });

  /** The contact writes; answers the conversation as the API shows it. */
  async function contactWrites(
    user: TestUser,
    number: string,
    from: string,
    extra: Record<string, unknown> = {},
  ) {
    const res = await inbound({
      waNumber: number,
      mobile: from,
      name: 'Ada Obi',
      type: 'text',
      text: 'Do you deliver to Lekki?',
      timestamp: String(Math.floor(Date.now() / 1000)),
      ...extra,
    });
    expect(res.status).toBe(200);
    const list = await t.request({ url: `/conversations?search=${from}`, token: user.accessToken });
    return list.body.data.items[0];
  }

  const rowsOf = (conversationId: string) =>
    t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId))
      .orderBy(conversationMessages.seq);

  it("keeps a new number's message in a new conversation with a new contact, not opted in", async () => {
    const { user, number } = await business();
    const from = mobile();
    const conversation = await contactWrites(user, number, from);
    expect(conversation).toMatchObject({
      phoneNumber: `+${from}`,
      name: 'Ada Obi',
      status: 'open',
      unreadCount: 1,
      lastMessageText: 'Do you deliver to Lekki?',
    });
    const [contact] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, user.businessId), eq(contacts.phoneNumber, `+${from}`)));
    expect(contact).toMatchObject({ firstName: 'Ada', lastName: 'Obi', optIn: false });
    expect(conversation.contactId).toBe(contact!.id);
    const messages = await t.request({
      url: `/conversations/${conversation.id}/messages`,
      token: user.accessToken,
    });
    expect(messages.body.data.items).toEqual([
      expect.objectContaining({
        direction: 'in',
        type: 'text',
        text: 'Do you deliver to Lekki?',
        status: 'received',
      }),
    ]);
    const live = t.realtime.events.filter(
      (e) => e.event === 'conversationMessage' && e.room === `business:${user.businessId}`,
    );
    // The live event carries the conversation as stored, with the contact just made for the number.
    expect(live.at(-1)?.payload).toMatchObject({
      conversation: { id: conversation.id, unreadCount: 1, contactId: contact!.id, name: 'Ada Obi' },
      message: { direction: 'in', text: 'Do you deliver to Lekki?' },
    });
  });

  it('links a conversation left without its contact when the contact writes again', async () => {
    const { user, number } = await business();
    const from = mobile();
    const first = await contactWrites(user, number, from);
    // As if the process stopped between keeping the message and making the contact.
    await t.db.update(conversations).set({ contactId: null }).where(eq(conversations.id, first.id));
    await t.db
      .delete(contacts)
      .where(and(eq(contacts.businessId, user.businessId), eq(contacts.phoneNumber, `+${from}`)));
    const again = await contactWrites(user, number, from, { text: 'Hello again' });
    const [contact] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, user.businessId), eq(contacts.phoneNumber, `+${from}`)));
    expect(contact).toMatchObject({ firstName: 'Ada', lastName: 'Obi', optIn: false });
    expect(again).toMatchObject({ id: first.id, contactId: contact!.id, unreadCount: 2, name: 'Ada Obi' });
  });

  it('refuses a callback without the token: nothing is stored', async () => {
    const { user, number } = await business();
    const from = mobile();
    for (const token of [null, 'wrong-token-wrong-token']) {
      const res = await inbound({ waNumber: number, mobile: from, text: 'Hello' }, token);
      expect(res.status).toBe(401);
    }
    const rows = await t.db.select().from(conversations).where(eq(conversations.businessId, user.businessId));
    expect(rows).toHaveLength(0);
  });

  it('keeps media (fetched into storage), locations and button replies; a replay adds nothing', async () => {
    const { user, number } = await business();
    const from = mobile();
    const conversation = await contactWrites(user, number, from, {
      type: 'image',
      text: null,
      mediaUrl: `${filesUrl}/photo.png`,
      caption: 'This one',
      timestamp: '1',
    });
    await contactWrites(user, number, from, {
      type: 'location',
      text: null,
      latitude: '6.45',
      longitude: '3.47',
      timestamp: '2',
    });
    const button = {
      type: 'button',
      text: null,
      button: { text: 'Track my order', payload: 'TRACK' },
      timestamp: '3',
    };
    await contactWrites(user, number, from, button);
    await contactWrites(user, number, from, button); // the gateway retries
    // The medium is fetched by the worker's media job, after the webhook answered.
    expect(await fetchDueMedia(t.deps)).toBe(1);
    const rows = await rowsOf(conversation.id);
    expect(rows.map((r) => r.type)).toEqual(['image', 'location', 'button']);
    expect(rows[0]).toMatchObject({ text: 'This one', mediaType: 'image/png', mediaStatus: 'fetched' });
    expect(rows.slice(1).map((r) => r.mediaStatus)).toEqual([null, null]);
    expect(rows[1]!.details).toEqual({ latitude: '6.45', longitude: '3.47' });
    expect(rows[2]).toMatchObject({ text: 'Track my order', details: { payload: 'TRACK' } });
    // The copy is ours: read back from storage, not the gateway's link.
    const stored = await t.deps.storage.read(rows[0]!.mediaKey!);
    const chunks: Buffer[] = [];
    for await (const c of stored) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(PNG)).toBe(true);
    const page = await t.request({
      url: `/conversations/${conversation.id}/messages`,
      token: user.accessToken,
    });
    expect(page.body.data.items[2].mediaUrl).toBe(t.deps.storage.urlOf(rows[0]!.mediaKey!));
    const [after] = await t.db.select().from(conversations).where(eq(conversations.id, conversation.id));
    expect(after!.unreadCount).toBe(3);
  });

  it('refuses a media link on a private address the operator did not allow, keeping the message with why', async () => {
    // 127.0.0.2 is loopback too, but only 127.0.0.1 is allowed: the link is never fetched.
    const requests: string[] = [];
    const internal = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.2', resolve));
    try {
      const { user, number } = await business();
      const conversation = await contactWrites(user, number, mobile(), {
        type: 'image',
        text: null,
        mediaUrl: `http://127.0.0.2:${(internal.address() as AddressInfo).port}/metadata.png`,
        caption: 'Look',
        timestamp: '1',
      });
      await fetchDueMedia(t.deps);
      const [row] = await rowsOf(conversation.id);
      expect(row).toMatchObject({ type: 'image', text: 'Look', mediaKey: null, mediaStatus: 'failed' });
      expect(row!.error).toMatch(/^The medium could not be kept: .*private/);
      expect(requests).toEqual([]);
    } finally {
      await new Promise((resolve) => internal.close(resolve));
    }
  });

  it('still applies START and STOP, and keeps them in the conversation', async () => {
    const { user, number } = await business();
    const from = mobile();
    const conversation = await contactWrites(user, number, from, { text: 'START' });
    const [contact] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, user.businessId), eq(contacts.phoneNumber, `+${from}`)));
    expect(contact!.optIn).toBe(true);
    expect((await rowsOf(conversation.id)).map((r) => r.text)).toEqual(['START']);
  });

  it('answers in the window through the two-way account; billed once; receipts move it', async () => {
    const { user, number } = await business();
    const from = mobile();
    const conversation = await contactWrites(user, number, from);
    const before = await walletOf(t, user.businessId);
    const res = await t.request({
      url: `/conversations/${conversation.id}/messages`,
      token: user.accessToken,
      body: { text: 'Yes, tomorrow before noon' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ direction: 'out', type: 'text', status: 'queued' });
    const id = res.body.data.id as string;
    await vi.waitFor(
      async () => {
        const [row] = await t.db.select().from(conversationMessages).where(eq(conversationMessages.id, id));
        expect(row!.status).toBe('sent');
      },
      { timeout: 5_000, interval: 20 },
    );
    const sent = gateway.accepted.filter((a) => a.form.send_to === from);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form).toMatchObject({
      userid: 'twoway-user',
      isHSM: 'false',
      msg: 'Yes, tomorrow before noon',
      msg_id: id,
    });
    const charges = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.businessId, user.businessId), eq(transactions.kind, 'reply_credit_debit')));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ credits: '0.3000', status: 'successful' });
    expect(Number((await walletOf(t, user.businessId)).balance)).toBeCloseTo(Number(before.balance) - 0.3);
    await expectLedgerBalanced(t);

    const [row] = await t.db.select().from(conversationMessages).where(eq(conversationMessages.id, id));
    for (const status of ['DELIVERED', 'READ']) {
      const report = await t.request({
        url: `/webhooks/messaging-provider/delivery-reports?token=${SECRET}`,
        body: [
          { externalId: row!.providerMessageId, eventType: status, eventTs: Date.now(), destAddr: from },
        ],
      });
      expect(report.status).toBe(200);
    }
    const [read] = await t.db.select().from(conversationMessages).where(eq(conversationMessages.id, id));
    expect(read).toMatchObject({ status: 'read' });
    expect(read!.deliveredAt).not.toBeNull();
    // One event when it was queued and one per move, each carrying the reply as read when it was sent; they are
    // sent after the callback's answer, and the console reads the thread again on each, so only the count, the
    // queued one and the last state matter.
    const statuses = () =>
      t.realtime.events
        .filter((e) => e.event === 'conversationMessage' && JSON.stringify(e.payload).includes(id))
        .map((e) => (e.payload as { message: { status: string } }).message.status);
    await vi.waitFor(() => expect(statuses()).toHaveLength(4), { timeout: 5_000, interval: 20 });
    expect(statuses()).toContain('queued');
    expect(statuses().at(-1)).toBe('read');
    const after = await t.request({ url: `/conversations/${conversation.id}`, token: user.accessToken });
    expect(after.body.data).toMatchObject({ unreadCount: 0, lastMessageText: 'Yes, tomorrow before noon' });
  });

  it('answers with one of its uploads as a medium with its caption', async () => {
    const { user, number } = await business();
    const from = mobile();
    const conversation = await contactWrites(user, number, from);
    const key = `uploads/${user.businessId}/catalogue.pdf`;
    await t.db.insert(uploadFiles).values({
      businessId: user.businessId,
      url: t.deps.storage.urlOf(key),
      key,
      fileName: 'catalogue.pdf',
      type: 'application/pdf',
    });
    const res = await t.request({
      url: `/conversations/${conversation.id}/messages`,
      token: user.accessToken,
      body: { mediaKey: key, caption: 'Our catalogue' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'document',
      text: 'Our catalogue',
      mediaUrl: t.deps.storage.urlOf(key),
      mediaType: 'application/pdf',
    });
    await vi.waitFor(
      () => {
        const sent = gateway.accepted.find((a) => a.form.send_to === from);
        expect(sent?.form).toMatchObject({
          userid: 'twoway-user',
          method: 'SendMediaMessage',
          media_url: t.deps.storage.urlOf(key),
          caption: 'Our catalogue',
        });
      },
      { timeout: 5_000, interval: 20 },
    );
  });

  it('fails a reply of a business without two-way credentials, saying why', async () => {
    const { user, number } = await business({ twoway: false });
    const conversation = await contactWrites(user, number, mobile());
    const res = await t.request({
      url: `/conversations/${conversation.id}/messages`,
      token: user.accessToken,
      body: { text: 'Hello?' },
    });
    expect(res.status).toBe(201);
    await vi.waitFor(
      async () => {
        const [row] = await t.db
          .select()
          .from(conversationMessages)
          .where(eq(conversationMessages.id, res.body.data.id));
        expect(row).toMatchObject({ status: 'failed', error: TWOWAY_CREDENTIALS_MISSING });
        expect(row!.refundId).not.toBeNull();
      },
      { timeout: 5_000, interval: 20 },
    );
    // The dispatcher's maintenance gave its charge back: one refund answering its one debit.
    const [row] = await t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.id, res.body.data.id));
    const entries = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.businessId, user.businessId))
      .orderBy(transactions.createdAt);
    const debit = entries.find((e) => e.kind === 'reply_credit_debit')!;
    const refunds = entries.filter((e) => e.kind === 'reply_refund');
    expect(debit.id).toBe(row!.transactionId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      id: row!.refundId,
      relatedTransactionId: debit.id,
      credits: debit.credits,
      balanceDelta: debit.credits,
    });
    expect((await walletOf(t, user.businessId)).balance).toBe('10.0000');
    // Asked again, at once, it refunds nothing more.
    const again = await Promise.all(
      [1, 2, 3].map(() => t.db.transaction((tx) => refundFailedReply(tx, row!.id))),
    );
    expect(again).toEqual([null, null, null]);
    await expectLedgerBalanced(t);
  });

  /** A text reply in the window, sent by the dispatcher; answers its row. */
  async function sentReply(user: TestUser, conversationId: string) {
    const res = await t.request({
      url: `/conversations/${conversationId}/messages`,
      token: user.accessToken,
      body: { text: 'Your parcel left the warehouse' },
    });
    expect(res.status).toBe(201);
    let row: typeof conversationMessages.$inferSelect | undefined;
    await vi.waitFor(
      async () => {
        [row] = await t.db
          .select()
          .from(conversationMessages)
          .where(eq(conversationMessages.id, res.body.data.id));
        expect(row!.status).toBe('sent');
      },
      { timeout: 5_000, interval: 20 },
    );
    return row!;
  }

  const report = (events: Record<string, unknown>[]) =>
    t.request({ url: `/webhooks/messaging-provider/delivery-reports?token=${SECRET}`, body: events });

  it("a reply's states reach the business's webhook endpoints as message events", async () => {
    const { user, number } = await business();
    const endpoint = await t.request({
      url: '/webhook-endpoints',
      token: user.accessToken,
      body: {
        url: 'http://127.0.0.1:9/hook',
        eventTypes: ['message.sent', 'message.delivered', 'message.read'],
      },
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    const from = mobile();
    const conversation = await contactWrites(user, number, from);
    const reply = await sentReply(user, conversation.id);
    await report([
      { externalId: reply.providerMessageId, eventType: 'DELIVERED', eventTs: Date.now(), destAddr: from },
    ]);
    // A report that moves nothing (delivered again) is no event.
    await report([
      { externalId: reply.providerMessageId, eventType: 'DELIVERED', eventTs: Date.now(), destAddr: from },
    ]);
    const rows = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.businessId, user.businessId))
      .orderBy(webhookDeliveries.createdAt);
    const events = rows.map((r) => r.payload as { type: string; data: Record<string, unknown> });
    expect(events.map((e) => e.type)).toEqual(['message.sent', 'message.delivered']);
    expect(events[1]!.data).toMatchObject({
      messageId: reply.id,
      conversationId: conversation.id,
      campaignId: null,
      status: 'delivered',
      providerMessageId: reply.providerMessageId,
    });
  });

  it('applies a report without a recipient only when its id names one reply', async () => {
    const a = await business();
    const b = await business();
    const fromA = mobile();
    const replyA = await sentReply(a.user, (await contactWrites(a.user, a.number, fromA)).id);
    const replyB = await sentReply(b.user, (await contactWrites(b.user, b.number, mobile())).id);
    // Each business has its own gateway account: their ids may be the same.
    await t.db
      .update(conversationMessages)
      .set({ providerMessageId: 'shared-reply-id' })
      .where(inArray(conversationMessages.id, [replyA.id, replyB.id]));
    const statusOf = async (id: string) =>
      (await t.db.select().from(conversationMessages).where(eq(conversationMessages.id, id)))[0]!.status;
    expect(
      (await report([{ externalId: 'shared-reply-id', eventType: 'READ', eventTs: Date.now() }])).status,
    ).toBe(200);
    expect([await statusOf(replyA.id), await statusOf(replyB.id)]).toEqual(['sent', 'sent']);
    // With the recipient it names one of them.
    await report([
      { externalId: 'shared-reply-id', eventType: 'READ', eventTs: Date.now(), destAddr: fromA },
    ]);
    expect([await statusOf(replyA.id), await statusOf(replyB.id)]).toEqual(['read', 'sent']);
    // An id that names one reply needs no recipient.
    await t.db
      .update(conversationMessages)
      .set({ providerMessageId: 'own-reply-id' })
      .where(eq(conversationMessages.id, replyB.id));
    await report([{ externalId: 'own-reply-id', eventType: 'DELIVERED', eventTs: Date.now() }]);
    expect(await statusOf(replyB.id)).toBe('delivered');
  });

  it('charges a refunded reply again, once, when a later report says it was delivered', async () => {
    const { user, number } = await business();
    const from = mobile();
    const reply = await sentReply(user, (await contactWrites(user, number, from)).id);
    const pid = reply.providerMessageId!;
    await report([{ externalId: pid, eventType: 'FAILED', eventTs: Date.now(), destAddr: from }]);
    // The dispatcher's maintenance refunds it.
    await vi.waitFor(
      async () => {
        const [row] = await t.db
          .select()
          .from(conversationMessages)
          .where(eq(conversationMessages.id, reply.id));
        expect(row).toMatchObject({ status: 'failed' });
        expect(row!.refundId).not.toBeNull();
      },
      { timeout: 5_000, interval: 20 },
    );
    expect((await walletOf(t, user.businessId)).balance).toBe('10.0000');
    // The handset got it after all: the same report, many times at once.
    const delivered = { externalId: pid, eventType: 'DELIVERED', eventTs: Date.now(), destAddr: from };
    const answers = await Promise.all(Array.from({ length: 6 }, () => report([delivered])));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    const [row] = await t.db.select().from(conversationMessages).where(eq(conversationMessages.id, reply.id));
    expect(row).toMatchObject({ status: 'delivered' });
    const recharges = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.businessId, user.businessId), eq(transactions.kind, 'reply_recharge')));
    expect(recharges).toHaveLength(1);
    expect(recharges[0]).toMatchObject({
      id: row!.rechargeId,
      relatedTransactionId: row!.refundId,
      credits: '0.3000',
      balanceDelta: '-0.3000',
    });
    expect((await walletOf(t, user.businessId)).balance).toBe('9.7000');
    // A read after that charges nothing more.
    await report([{ ...delivered, eventType: 'READ' }]);
    expect((await walletOf(t, user.businessId)).balance).toBe('9.7000');
    await expectLedgerBalanced(t);
  });

  it('refunds a failed reply once when refunds race (row lock and one refund per debit)', async () => {
    const { user, number } = await business();
    const conversation = await contactWrites(user, number, mobile());
    // A reply billed and failed, as the dispatcher leaves it, before any refund ran.
    await dispatcher.stop();
    try {
      const res = await t.request({
        url: `/conversations/${conversation.id}/messages`,
        token: user.accessToken,
        body: { text: 'Your order is on its way' },
      });
      expect(res.status).toBe(201);
      await t.db
        .update(conversationMessages)
        .set({ status: 'failed', error: 'Refused by the provider', failedAt: new Date() })
        .where(eq(conversationMessages.id, res.body.data.id));
      const results = await Promise.all(
        Array.from({ length: 6 }, () => t.db.transaction((tx) => refundFailedReply(tx, res.body.data.id))),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const refunds = await t.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.businessId, user.businessId), eq(transactions.kind, 'reply_refund')));
      expect(refunds).toHaveLength(1);
      expect((await walletOf(t, user.businessId)).balance).toBe('10.0000');
      await expectLedgerBalanced(t);
    } finally {
      dispatcher = new Dispatcher(
        t.deps,
        dispatcherOptions(t.deps.config, { pollMs: 30, leaseMs: 5_000, retryBaseMs: 30, retryMaxMs: 100 }),
      ).start();
    }
  });

  /** A gateway template of the business (declared, so approved), with one body variable. */
  async function approvedTemplate(user: TestUser, category: 'UTILITY' | 'MARKETING' = 'UTILITY') {
    const [row] = await t.db
      .insert(templates)
      .values({
        businessId: user.businessId,
        name: `order_update_${++seq}`,
        language: 'en_US',
        category,
        status: 'APPROVED',
        provider: 'gateway',
        components: [{ type: 'BODY', text: 'Hello {{1}}, your order is on its way' }],
      })
      .returning();
    return row!;
  }

  it("keeps the window open 24 hours after the contact's last message, then closes it (fake clock)", async () => {
    const { user, number } = await business();
    const wrote = Date.now();
    const conversation = await contactWrites(user, number, mobile(), {
      timestamp: String(Math.floor(wrote / 1000)),
    });
    const endsAt = new Date(conversation.windowEndsAt).getTime();
    expect(endsAt).toBe(Math.floor(wrote / 1000) * 1000 + WINDOW_MS);
    const url = `/conversations/${conversation.id}`;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(endsAt - 60_000);
      const late = await t.request({ url, token: user.accessToken });
      expect(late.body.data.windowEndsAt).toBe(new Date(endsAt).toISOString());
      vi.setSystemTime(endsAt + 1);
      const closed = await t.request({ url, token: user.accessToken });
      expect(closed.body.data.windowEndsAt).toBeNull();
      const refused = await t.request({
        url: `${url}/messages`,
        token: user.accessToken,
        body: { text: 'Sorry for the delay' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errorMessage.fields[0].path).toBe('text');
    } finally {
      vi.useRealTimers();
    }
  });

  describe('outside the customer-service window', () => {
    const longAgo = () => String(Math.floor((Date.now() - WINDOW_MS - 60_000) / 1000));

    it('has no window and refuses free text and media, naming the field; nothing is billed', async () => {
      const { user, number } = await business();
      const conversation = await contactWrites(user, number, mobile(), { timestamp: longAgo() });
      expect(conversation.windowEndsAt).toBeNull();
      const before = await walletOf(t, user.businessId);
      const [upload] = await t.db
        .insert(uploadFiles)
        .values({
          businessId: user.businessId,
          url: 'http://x/y.png',
          key: `uploads/${user.businessId}/y.png`,
          fileName: 'y.png',
          type: 'image/png',
        })
        .returning();
      for (const [body, field] of [
        [{ text: 'Still there?' }, 'text'],
        [{ mediaKey: upload!.key, caption: 'Look' }, 'mediaKey'],
      ] as const) {
        const res = await t.request({
          url: `/conversations/${conversation.id}/messages`,
          token: user.accessToken,
          body,
        });
        expect(res.status).toBe(400);
        expect(res.body.errorMessage.fields[0].path).toBe(field);
        expect(res.body.message).toContain('window is closed');
      }
      expect((await rowsOf(conversation.id)).filter((r) => r.direction === 'out')).toHaveLength(0);
      expect((await walletOf(t, user.businessId)).balance).toBe(before.balance);
    });

    it('sends an approved template to an opted-in contact, billed at its category rate', async () => {
      const { user, number } = await business();
      const from = mobile();
      await contactWrites(user, number, from, { text: 'START', timestamp: longAgo() });
      const list = await t.request({ url: `/conversations?search=${from}`, token: user.accessToken });
      const conversation = list.body.data.items[0];
      const template = await approvedTemplate(user);
      const res = await t.request({
        url: `/conversations/${conversation.id}/messages`,
        token: user.accessToken,
        body: { templateId: template.id, templateParameters: { body: [{ field: 'firstName' }] } },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        type: 'template',
        text: 'Hello {{1}}, your order is on its way',
      });
      const [charge] = await t.db
        .select()
        .from(transactions)
        .where(
          and(eq(transactions.businessId, user.businessId), eq(transactions.kind, 'reply_credit_debit')),
        );
      expect(charge).toMatchObject({
        credits: '0.5000',
        metadata: expect.objectContaining({ category: 'utility' }),
      });
      await vi.waitFor(
        () => {
          const sent = gateway.accepted.find((a) => a.form.send_to === from && a.form.isHSM === 'true');
          expect(sent?.form).toMatchObject({
            userid: 'hsm-user',
            msg: 'Hello Ada, your order is on its way',
          });
        },
        { timeout: 5_000, interval: 20 },
      );
    });

    it('refuses a template to a contact that is not opted in', async () => {
      const { user, number } = await business();
      const conversation = await contactWrites(user, number, mobile(), { timestamp: longAgo() });
      const template = await approvedTemplate(user);
      const res = await t.request({
        url: `/conversations/${conversation.id}/messages`,
        token: user.accessToken,
        body: { templateId: template.id, templateParameters: { body: [{ text: 'there' }] } },
      });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields[0].path).toBe('templateId');
    });
  });

  describe('a template reply inside the window', () => {
    const replyCharges = (businessId: string) =>
      t.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.businessId, businessId), eq(transactions.kind, 'reply_credit_debit')));

    it('refuses a marketing template to a contact that sent STOP or never opted in, naming why; nothing billed', async () => {
      const { user, number } = await business();
      const template = await approvedTemplate(user, 'MARKETING');
      const stopped = await contactWrites(user, number, mobile(), { text: 'STOP' });
      const unknown = await contactWrites(user, number, mobile());
      for (const conversation of [stopped, unknown]) {
        expect(conversation.windowEndsAt).not.toBeNull();
        const res = await t.request({
          url: `/conversations/${conversation.id}/messages`,
          token: user.accessToken,
          body: { templateId: template.id, templateParameters: { body: [{ field: 'firstName' }] } },
        });
        expect(res.status).toBe(400);
        expect(res.body.errorMessage.fields[0]).toMatchObject({
          path: 'templateId',
          message: MARKETING_NOT_OPTED_IN,
        });
        expect((await rowsOf(conversation.id)).filter((r) => r.direction === 'out')).toHaveLength(0);
      }
      expect(await replyCharges(user.businessId)).toEqual([]);
      expect((await walletOf(t, user.businessId)).balance).toBe('10.0000');
    });

    it('sends a marketing template to an opted-in contact and a utility one to anyone, each at its category rate', async () => {
      const { user, number } = await business();
      const optedIn = await contactWrites(user, number, mobile(), { text: 'START' });
      const stranger = await contactWrites(user, number, mobile());
      const marketing = await approvedTemplate(user, 'MARKETING');
      const utility = await approvedTemplate(user, 'UTILITY');
      for (const [conversation, template] of [
        [optedIn, marketing],
        [stranger, utility],
      ] as const) {
        const res = await t.request({
          url: `/conversations/${conversation.id}/messages`,
          token: user.accessToken,
          body: { templateId: template.id, templateParameters: { body: [{ field: 'firstName' }] } },
        });
        expect(res.status).toBe(201);
      }
      // The default rates: marketing 1, utility 0.5 (a service message, 0.3, is free text or media only).
      const charges = await replyCharges(user.businessId);
      expect(charges.map((c) => [c.credits, (c.metadata as { category: string }).category]).sort()).toEqual([
        ['0.5000', 'utility'],
        ['1.0000', 'marketing'],
      ]);
      expect((await walletOf(t, user.businessId)).balance).toBe('8.5000');
      await expectLedgerBalanced(t);
    });
  });

  it('answers an opted-out contact within the window', async () => {
    const { user, number } = await business();
    const from = mobile();
    const conversation = await contactWrites(user, number, from, { text: 'STOP' });
    const res = await t.request({
      url: `/conversations/${conversation.id}/messages`,
      token: user.accessToken,
      body: { text: 'You will hear no more from us' },
    });
    expect(res.status).toBe(201);
  });

  it('refuses malformed replies with a 400 naming the field, before any work', async () => {
    const { user, number } = await business();
    const conversation = await contactWrites(user, number, mobile());
    const url = `/conversations/${conversation.id}/messages`;
    const cases: [unknown, string][] = [
      [{}, 'text'],
      [{ text: '   ' }, 'text'],
      [{ text: 'a', mediaKey: 'b' }, 'text'],
      [{ text: 'a', caption: 'b' }, 'caption'],
      [{ text: 'a', templateParameters: { body: [] } }, 'templateParameters'],
      [{ templateId: 'not-a-uuid' }, 'templateId'],
      [{ mediaKey: 'uploads/nobody/x.png' }, 'mediaKey'],
      [{ templateId: '00000000-0000-4000-8000-000000000000' }, 'templateId'],
      [{ text: 'a', extra: 1 }, ''],
    ];
    const before = await walletOf(t, user.businessId);
    for (const [body, field] of cases) {
      const res = await t.request({ url, token: user.accessToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(JSON.stringify(res.body.errorMessage), JSON.stringify(body)).toContain(field);
    }
    expect((await rowsOf(conversation.id)).filter((r) => r.direction === 'out')).toHaveLength(0);
    expect((await walletOf(t, user.businessId)).balance).toBe(before.balance);
  });

  it('refuses a reply the wallet cannot pay, storing nothing', async () => {
    const { user, number } = await business();
    const conversation = await contactWrites(user, number, mobile());
    await t.db
      .update(wallets)
      .set({ balance: '0', paidValue: '0' })
      .where(eq(wallets.businessId, user.businessId));
    const res = await t.request({
      url: `/conversations/${conversation.id}/messages`,
      token: user.accessToken,
      body: { text: 'Hi' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Insufficient credits');
    expect((await rowsOf(conversation.id)).filter((r) => r.direction === 'out')).toHaveLength(0);
  });

  it('marks read, closes, and opens again when the contact writes', async () => {
    const { user, number } = await business();
    const from = mobile();
    const conversation = await contactWrites(user, number, from);
    const read = await t.request({
      url: `/conversations/${conversation.id}/read`,
      method: 'POST',
      token: user.accessToken,
    });
    expect(read.body.data.unreadCount).toBe(0);
    const closed = await t.request({
      url: `/conversations/${conversation.id}`,
      method: 'PATCH',
      token: user.accessToken,
      body: { status: 'closed' },
    });
    expect(closed.body.data.status).toBe('closed');
    const bad = await t.request({
      url: `/conversations/${conversation.id}`,
      method: 'PATCH',
      token: user.accessToken,
      body: { status: 'archived' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errorMessage)).toContain('status');
    const again = await contactWrites(user, number, from, { text: 'Hello again' });
    expect(again).toMatchObject({ status: 'open', unreadCount: 1 });
  });

  it('lists by last activity with the unread, status, tag and search filters', async () => {
    const { user, number } = await business();
    const [a, b, c] = [mobile(), mobile(), mobile()];
    const ago = (s: number) => String(Math.floor(Date.now() / 1000) - s);
    await contactWrites(user, number, a, { name: 'Chioma Eze', text: 'Price of rice?', timestamp: ago(30) });
    await contactWrites(user, number, b, { name: 'Bola Ade', text: 'Where is my order', timestamp: ago(20) });
    const third = await contactWrites(user, number, c, {
      name: 'Kemi Ojo',
      text: 'Thanks!',
      timestamp: ago(10),
    });
    await t.db
      .update(contacts)
      .set({ tags: ['vip'] })
      .where(and(eq(contacts.businessId, user.businessId), eq(contacts.phoneNumber, `+${b}`)));
    await t.request({ url: `/conversations/${third.id}/read`, method: 'POST', token: user.accessToken });
    await t.request({
      url: `/conversations/${third.id}`,
      method: 'PATCH',
      token: user.accessToken,
      body: { status: 'closed' },
    });
    const numbers = async (query: string) => {
      const res = await t.request({ url: `/conversations?${query}`, token: user.accessToken });
      expect(res.status, query).toBe(200);
      return res.body.data.items.map((i: { phoneNumber: string }) => i.phoneNumber);
    };
    expect(await numbers('')).toEqual([`+${c}`, `+${b}`, `+${a}`]);
    expect(await numbers('unread=true')).toEqual([`+${b}`, `+${a}`]);
    expect(await numbers('status=closed')).toEqual([`+${c}`]);
    expect(await numbers('status=open')).toEqual([`+${b}`, `+${a}`]);
    expect(await numbers('tag=vip')).toEqual([`+${b}`]);
    expect(await numbers('search=chioma')).toEqual([`+${a}`]);
    expect(await numbers(`search=${b.slice(-6)}`)).toEqual([`+${b}`]);
    expect(await numbers('search=my%20order')).toEqual([`+${b}`]);
    expect(await numbers('search=100%25')).toEqual([]);
    const unread = await t.request({ url: '/conversations/unread', token: user.accessToken });
    expect(unread.body.data).toEqual({ conversations: 2 });
    for (const query of ['unread=yes', 'status=archived', 'page=0', 'tag=']) {
      const res = await t.request({ url: `/conversations?${query}`, token: user.accessToken });
      expect(res.status, query).toBe(400);
    }
  });

  it('answers 400 to an id that is not a UUID and 404 to one that finds nothing', async () => {
    const { user } = await business();
    const bad = await t.request({ url: '/conversations/abc/messages', token: user.accessToken });
    expect(bad.status).toBe(400);
    const missing = await t.request({
      url: '/conversations/00000000-0000-4000-8000-000000000000',
      token: user.accessToken,
    });
    expect(missing.status).toBe(404);
  });
});
