import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { NAME_MAX } from '../../src/modules/contacts/contact-fields.js';
import { OPTED_OUT_REASON } from '../../src/modules/messages/index.js';
import { MAX_EVENT_ATTEMPTS } from '../../src/modules/webhooks/inbox.js';
import { MessagingWebhookService } from '../../src/modules/webhooks/messaging.service.js';
import {
  campaignMessages,
  campaigns,
  contacts,
  conversationMessages,
  webhookEvents,
} from '../../src/platform/db/schema/index.js';
import { GatewayMessagingAdapter } from '../../src/providers/messaging/gateway.adapter.js';
import type { MessagingPort } from '../../src/providers/messaging/messaging.port.js';
import {
  createCampaign,
  createContacts,
  createUser,
  setMessagingCredentials,
  walletOf,
} from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { MessagingGatewaySimulator } from '../simulators/messaging-gateway.js';

describe('messaging webhook: opt-in and opt-out', () => {
  const gateway = new MessagingGatewaySimulator();
  let adapter: GatewayMessagingAdapter;
  const messaging: MessagingPort = { requiresCredentials: true, send: (c, m) => adapter.send(c, m) };
  const t = useTestApp({ ports: { messaging } });

  beforeAll(async () => {
    await gateway.start();
    adapter = new GatewayMessagingAdapter({ baseUrl: gateway.url, timeoutMs: 5_000, connections: 4 });
  });
  afterAll(async () => {
    await adapter.close();
    await gateway.stop();
  });

  let seq = 0;
  const waNumber = () => `23490${String(10_000_000 + ++seq).slice(-8)}`;
  const mobile = () => `23481${String(20_000_000 + ++seq).slice(-8)}`;

  /** A verified business with credentials, a number, credits and one sent campaign. */
  async function business(credits = '50') {
    const user = await createUser(t, { businessVerified: 'accepted', credits, name: 'Acme' });
    const number = waNumber();
    await setMessagingCredentials(t, user.businessId, {
      wabaNumber: number,
      userId: `u-${number}`,
      password: 'pw',
    });
    const campaign = await createCampaign(t, user.businessId, {
      isPublished: true,
      isSentOut: true,
      sentOutAt: new Date(),
      paymentMethod: 'credit',
      rate: '1',
      cost: '0',
      completedAt: new Date(),
    });
    return { user, number, campaign };
  }

  const post = (body: unknown) => t.request({ url: '/webhooks/messaging-provider', body });
  const contactOf = async (businessId: string, phone: string) =>
    (
      await t.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.businessId, businessId), eq(contacts.phoneNumber, phone)))
    )[0];
  const messagesTo = (campaignId: string, phone: string) =>
    t.db
      .select()
      .from(campaignMessages)
      .where(and(eq(campaignMessages.campaignId, campaignId), eq(campaignMessages.phoneNumber, phone)));
  /** An event in the inbox as a sweep finds it: stored two minutes ago (unless told) and not finished. */
  const storedEvent = async (
    event: Pick<typeof webhookEvents.$inferInsert, 'eventKey' | 'payload'> &
      Partial<typeof webhookEvents.$inferInsert>,
  ) =>
    (
      await t.db
        .insert(webhookEvents)
        .values({
          provider: 'messaging-provider',
          eventType: 'opt_in',
          receivedAt: new Date(Date.now() - 120_000),
          ...event,
        })
        .returning()
    )[0]!;
  const eventById = async (id: string) =>
    (await t.db.select().from(webhookEvents).where(eq(webhookEvents.id, id)))[0]!;

  it('opts a new number in: contact created, latest campaign queued and billed once, confirmed, notified', async () => {
    const { user, number, campaign } = await business('50');
    const from = mobile();
    const payload = {
      waNumber: number,
      mobile: from,
      name: 'Ada Lovelace',
      type: 'text',
      text: ' start ',
      timestamp: '1700000000',
    };
    const res = await post(payload);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const contact = await contactOf(user.businessId, `+${from}`);
    expect(contact).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', optIn: true });
    const queued = await messagesTo(campaign.id, `+${from}`);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: 'queued', contactId: contact!.id, firstName: 'Ada' });
    expect((await walletOf(t, user.businessId)).balance).toBe('49.0000');
    const [updated] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(updated!.recipientCount).toBe(1);

    await vi.waitFor(
      () => {
        const value = gateway.sendsTo(from);
        expect(value).toSatisfy((n) => n > 0);
        return value;
      },
      { timeout: 5_000, interval: 25 },
    );
    const confirmation = gateway.accepted.find((m) => m.form.send_to === from)!;
    expect(confirmation.form).toMatchObject({
      method: 'SendMessage',
      userid: `u-${number}`,
      password: 'pw',
      isHSM: 'false',
    });
    expect(confirmation.form.msg).toMatch(/subscribed to messages from Acme Ltd/);
    const pushed = t.realtime.events.filter((e) => e.room === `business:${user.businessId}`);
    expect(pushed.map((e) => (e.payload as { type: string }).type)).toContain('contact.opted_in');

    // The same callback delivered again changes nothing.
    expect((await post(payload)).status).toBe(200);
    expect(await messagesTo(campaign.id, `+${from}`)).toHaveLength(1);
    expect((await walletOf(t, user.businessId)).balance).toBe('49.0000');
    const events = await t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.provider, 'messaging-provider'));
    expect(events.filter((e) => (e.payload as { mobile: string }).mobile === from)).toHaveLength(1);
  });

  it('does not send or bill the campaign again to a contact who already received it', async () => {
    const { user, number, campaign } = await business('50');
    const [existing] = await createContacts(t, user.businessId, 1);
    await t.db.insert(campaignMessages).values({
      campaignId: campaign.id,
      businessId: user.businessId,
      contactId: existing!.id,
      phoneNumber: existing!.phoneNumber,
      status: 'sent',
    });
    const res = await post({
      waNumber: number,
      mobile: existing!.phoneNumber.slice(1),
      type: 'text',
      text: 'YES',
      timestamp: '1',
    });
    expect(res.status).toBe(200);
    expect(await messagesTo(campaign.id, existing!.phoneNumber)).toHaveLength(1);
    expect((await messagesTo(campaign.id, existing!.phoneNumber))[0]!.status).toBe('sent');
    expect((await walletOf(t, user.businessId)).balance).toBe('50.0000');
  });

  it('opts out (form body, button): optIn false, unsent messages cancelled, confirmed; opting in again re-queues unpaid', async () => {
    const { user, number, campaign } = await business('50');
    const [contact] = await createContacts(t, user.businessId, 1);
    await t.db.insert(campaignMessages).values({
      campaignId: campaign.id,
      businessId: user.businessId,
      contactId: contact!.id,
      phoneNumber: contact!.phoneNumber,
      status: 'queued',
    });
    const form = new URLSearchParams({
      waNumber: `+${number.slice(0, 3)} ${number.slice(3)}`,
      mobile: contact!.phoneNumber.slice(1),
      type: 'button',
      button: JSON.stringify({ text: 'Unsubscribe me', payload: 'UNSUBSCRIBE' }),
      timestamp: '1700000100',
    });
    const res = await t.request({
      url: '/webhooks/messaging-provider',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect((await contactOf(user.businessId, contact!.phoneNumber))!.optIn).toBe(false);
    const [cancelled] = await messagesTo(campaign.id, contact!.phoneNumber);
    expect(cancelled).toMatchObject({ status: 'failed', error: expect.stringMatching(/opted out/) });
    const to = contact!.phoneNumber.slice(1);
    await vi.waitFor(
      () => {
        const value = gateway.sendsTo(to);
        expect(value).toSatisfy((n) => n > 0);
        return value;
      },
      { timeout: 5_000, interval: 25 },
    );
    expect(gateway.accepted.find((m) => m.form.send_to === to)!.form.msg).toMatch(/unsubscribed/);
    const types = t.realtime.events
      .filter((e) => e.room === `business:${user.businessId}`)
      .map((e) => (e.payload as { type: string }).type);
    expect(types).toContain('contact.opted_out');

    const again = await post({
      waNumber: number,
      mobile: to,
      type: 'text',
      text: 'subscribe',
      timestamp: '1700000200',
    });
    expect(again.status).toBe(200);
    const [requeued] = await messagesTo(campaign.id, contact!.phoneNumber);
    expect(requeued).toMatchObject({ status: 'queued', error: null });
    expect((await walletOf(t, user.businessId)).balance).toBe('50.0000');
  });

  it('opts in without delivering when the campaign cannot be paid for', async () => {
    const { user, number, campaign } = await business('0');
    const from = mobile();
    const res = await post({ waNumber: number, mobile: from, type: 'text', text: 'OPT IN', timestamp: '5' });
    expect(res.status).toBe(200);
    expect((await contactOf(user.businessId, `+${from}`))!.optIn).toBe(true);
    expect(await messagesTo(campaign.id, `+${from}`)).toHaveLength(0);
  });

  // Other messages are kept in their conversation, with a new contact (test/modules/conversations.test.ts).
  it('answers 200 to unknown numbers and malformed payloads, changing nothing', async () => {
    const { user, number } = await business('50');
    const before = (await t.db.select().from(contacts).where(eq(contacts.businessId, user.businessId)))
      .length;
    const bodies: Parameters<typeof t.request>[0][] = [
      {
        url: '/webhooks/messaging-provider',
        body: { waNumber: '19999999999', mobile: mobile(), text: 'START' },
      },
      { url: '/webhooks/messaging-provider', body: { waNumber: number } },
      { url: '/webhooks/messaging-provider', body: [1, 2, 3] },
      {
        url: '/webhooks/messaging-provider',
        payload: '{"waNumber": ',
        headers: { 'content-type': 'application/json' },
      },
      { url: '/webhooks/messaging-provider', payload: 'START', headers: { 'content-type': 'text/plain' } },
      { url: '/webhooks/messaging-provider', method: 'POST' },
      { url: '/webhooks/messaging-provider', body: { waNumber: number, mobile: 'abc', text: 'START' } },
    ];
    for (const req of bodies) {
      const res = await t.request(req);
      expect(res.status, JSON.stringify(req)).toBe(200);
    }
    const after = (await t.db.select().from(contacts).where(eq(contacts.businessId, user.businessId))).length;
    expect(after).toBe(before);
    const ignored = await t.db.select().from(webhookEvents).where(eq(webhookEvents.status, 'ignored'));
    expect(ignored.length).toBeGreaterThanOrEqual(1);
  });

  it('keeps a message with a NUL character (which PostgreSQL cannot store) as U+FFFD, never as a keyword', async () => {
    const { user, number } = await business('5');
    const writer = mobile();
    const sent = [
      { body: { waNumber: number, mobile: writer, text: 'ST\u0000ART' } },
      {
        payload: `waNumber=${number}&mobile=${writer}&text=%00`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    ];
    for (const req of sent) {
      const res = await t.request({ url: '/webhooks/messaging-provider', ...req });
      expect(res.status).toBe(200);
    }
    const [contact] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, user.businessId), eq(contacts.phoneNumber, `+${writer}`)));
    expect(contact).toMatchObject({ optIn: false });
    const kept = await t.db
      .select({ text: conversationMessages.text })
      .from(conversationMessages)
      .where(eq(conversationMessages.businessId, user.businessId))
      .orderBy(conversationMessages.seq);
    expect(kept.map((m) => m.text)).toEqual(['ST\uFFFDART', '\uFFFD']);
  });

  it('handles again an event stored by a process that died before handling it', async () => {
    const { user, number, campaign } = await business('50');
    const from = mobile();
    const payload = {
      waNumber: number,
      mobile: from,
      name: 'Late',
      type: 'text',
      text: 'START',
      timestamp: '9',
      button: null,
    };
    const event = await storedEvent({ eventKey: `crashed-${from}`, payload });
    const service = new MessagingWebhookService({ ...t.deps, messaging });
    expect(await service.retryUnfinished()).toBeGreaterThanOrEqual(1);
    expect((await contactOf(user.businessId, `+${from}`))!.optIn).toBe(true);
    expect(await messagesTo(campaign.id, `+${from}`)).toHaveLength(1);
    expect((await eventById(event.id)).status).toBe('processed');
    expect(await service.retryUnfinished()).toBe(0);
  });

  it('handles again an event whose handling failed, and gives up after MAX_EVENT_ATTEMPTS sweeps', async () => {
    const { user, number, campaign } = await business('50');
    const from = mobile();
    const failed = await storedEvent({
      eventKey: `failed-${from}`,
      payload: { waNumber: number, mobile: from, name: 'Again', type: 'text', text: 'START', timestamp: '3' },
      status: 'failed',
      error: 'Connection terminated unexpectedly',
    });
    const service = new MessagingWebhookService({ ...t.deps, messaging });
    expect(await service.retryUnfinished()).toBeGreaterThanOrEqual(1);
    expect(await contactOf(user.businessId, `+${from}`)).toMatchObject({ firstName: 'Again', optIn: true });
    expect(await messagesTo(campaign.id, `+${from}`)).toHaveLength(1);
    expect(await eventById(failed.id)).toMatchObject({ status: 'processed', error: null, attempts: 1 });

    // An event whose handling fails every time (here: a stored payload without the business's number).
    const broken = await storedEvent({
      eventKey: `broken-${from}`,
      payload: { mobile: from, text: 'START' },
      status: 'failed',
    });
    for (let sweep = 0; sweep < MAX_EVENT_ATTEMPTS + 2; sweep++) await service.retryUnfinished(0);
    const gaveUp = await eventById(broken.id);
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: MAX_EVENT_ATTEMPTS });
    expect(gaveUp.error).toBeTruthy();
    // The successful event was not handled again by those sweeps.
    expect((await eventById(failed.id)).attempts).toBe(1);
  });

  it('never lets a retried opt-in override a later opt-out, and leaves decisions over an hour old alone', async () => {
    const { user, number, campaign } = await business('50');
    const from = mobile();
    const failedStart = (key: string, receivedAgoMs: number) =>
      storedEvent({
        eventKey: `${key}-${from}`,
        payload: {
          waNumber: number,
          mobile: from,
          name: 'Changed Mind',
          type: 'text',
          text: 'START',
          timestamp: key,
        },
        status: 'failed',
        error: 'Connection terminated unexpectedly',
        receivedAt: new Date(Date.now() - receivedAgoMs),
      });
    // Two hours ago a START failed; two minutes ago another START failed; then the person sent STOP.
    const ancient = await failedStart('ancient', 2 * 60 * 60_000);
    const start = await failedStart('start', 120_000);
    const res = await post({ waNumber: number, mobile: from, text: 'STOP', timestamp: 'stop' });
    expect(res.status).toBe(200);
    const optedOut = await contactOf(user.businessId, `+${from}`);
    expect(optedOut?.optIn ?? false).toBe(false);

    const service = new MessagingWebhookService({ ...t.deps, messaging });
    await service.retryUnfinished();
    const retried = await eventById(start.id);
    expect(retried).toMatchObject({ status: 'ignored', attempts: 1 });
    expect(retried.error).toContain('superseded');
    expect(await eventById(ancient.id)).toMatchObject({ status: 'failed', attempts: 0 });
    expect((await contactOf(user.businessId, `+${from}`))?.optIn ?? false).toBe(false);
    expect(await messagesTo(campaign.id, `+${from}`)).toHaveLength(0);
    const welcomes = gateway.accepted.filter(
      (m) => m.form.send_to === from && /(?<!un)subscribed to messages/.test(String(m.form.msg)),
    );
    expect(welcomes).toHaveLength(0);
  });

  it('holds again, unbilled, the message of a scheduled campaign for a contact who opted out and back in', async () => {
    const { user, number, campaign } = await business('50');
    const [contact] = await createContacts(t, user.businessId, 1);
    const phone = contact!.phoneNumber;
    // The contact already has the latest sent campaign, so opting in delivers nothing else.
    await t.db.insert(campaignMessages).values({
      campaignId: campaign.id,
      businessId: user.businessId,
      contactId: contact!.id,
      phoneNumber: phone,
      status: 'sent',
    });
    const scheduled = await createCampaign(t, user.businessId, {
      isScheduled: true,
      scheduledAt: new Date(Date.now() + 3_600_000),
    });
    const publish = await t.request({
      url: `/campaigns/${scheduled.id}/publish`,
      token: user.accessToken,
      body: { paymentMethod: 'credit' },
    });
    expect(publish.status).toBe(200);
    expect((await walletOf(t, user.businessId)).balance).toBe('49.0000');

    expect(
      (await post({ waNumber: number, mobile: phone.slice(1), text: 'STOP', timestamp: 'h1' })).status,
    ).toBe(200);
    expect((await messagesTo(scheduled.id, phone))[0]).toMatchObject({
      status: 'failed',
      error: OPTED_OUT_REASON,
    });
    expect(
      (await post({ waNumber: number, mobile: phone.slice(1), text: 'START', timestamp: 'h2' })).status,
    ).toBe(200);
    expect((await messagesTo(scheduled.id, phone))[0]).toMatchObject({
      status: 'held',
      error: null,
      attempts: 0,
    });
    // Paid at publish, refunded by nobody: held again without a second charge.
    expect((await walletOf(t, user.businessId)).balance).toBe('49.0000');
    await expectLedgerBalanced(t);

    await t.db
      .update(campaigns)
      .set({ scheduledAt: new Date(Date.now() - 1_000) })
      .where(eq(campaigns.id, scheduled.id));
    await new Scheduler(t.deps, 60_000).tick();
    expect((await messagesTo(scheduled.id, phone))[0]).toMatchObject({ status: 'queued' });
  });

  it('clamps a display name to the contacts limit, never splitting a character', async () => {
    const { user, number } = await business('50');
    const long = mobile();
    expect(
      (await post({ waNumber: number, mobile: long, name: 'N'.repeat(500_000), text: 'START' })).status,
    ).toBe(200);
    expect(await contactOf(user.businessId, `+${long}`)).toMatchObject({
      firstName: 'N'.repeat(NAME_MAX),
      lastName: '',
    });
    const emoji = mobile();
    const name = `a${'😀'.repeat(60)}`;
    expect((await post({ waNumber: number, mobile: emoji, name, text: 'START' })).status).toBe(200);
    expect((await contactOf(user.businessId, `+${emoji}`))!.firstName).toBe(`a${'😀'.repeat(49)}`);
    const [event] = (await t.db.select().from(webhookEvents)).filter(
      (e) => (e.payload as { mobile: string }).mobile === long,
    );
    expect((event!.payload as { name: string }).name).toHaveLength(NAME_MAX);
  });

  it('answers 413 in the error envelope to a body over the limit, storing nothing', async () => {
    const before = (await t.db.select({ id: webhookEvents.id }).from(webhookEvents)).length;
    const res = await t.request({
      url: '/webhooks/messaging-provider',
      payload: JSON.stringify({
        waNumber: '2349000000000',
        mobile: mobile(),
        text: 'START',
        pad: 'x'.repeat(t.deps.config.BODY_LIMIT_BYTES),
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 'failure', code: 413 });
    expect((await t.db.select({ id: webhookEvents.id }).from(webhookEvents)).length).toBe(before);
  });
});

describe('messaging webhook with MESSAGING_WEBHOOK_SECRET', () => {
  const secret = 'gateway-callback-secret-0123456789';
  const t = useTestApp({
    env: { MESSAGING_WEBHOOK_SECRET: secret },
    ports: { messaging: { requiresCredentials: false, send: async () => ({ providerMessageId: 'x' }) } },
  });

  it('refuses a callback without the right token (401, nothing stored) and handles one with it', async () => {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '50' });
    const number = '2349011122233';
    await setMessagingCredentials(t, user.businessId, { wabaNumber: number });
    await createCampaign(t, user.businessId, {
      isPublished: true,
      isSentOut: true,
      sentOutAt: new Date(),
      paymentMethod: 'credit',
      rate: '1',
      cost: '0',
    });
    const body = (from: string) => ({ waNumber: number, mobile: from, text: 'START', timestamp: from });
    const stored = async () => ({
      events: (await t.db.select({ id: webhookEvents.id }).from(webhookEvents)).length,
      contacts: (await t.db.select({ id: contacts.id }).from(contacts)).length,
    });
    const before = await stored();
    const refused = [
      await t.request({ url: '/webhooks/messaging-provider', body: body('2348120000001') }),
      await t.request({ url: '/webhooks/messaging-provider?token=wrong', body: body('2348120000002') }),
      await t.request({
        url: '/webhooks/messaging-provider',
        body: body('2348120000003'),
        headers: { 'x-webhook-token': `${secret}x` },
      }),
      await t.request({ url: '/webhooks/messaging-provider?token=', body: body('2348120000004') }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ apiObject: 'webhook', code: 401, status: 'failure' });
    }
    expect(await stored()).toEqual(before);
    expect((await walletOf(t, user.businessId)).balance).toBe('50.0000');

    const byQuery = await t.request({
      url: `/webhooks/messaging-provider?token=${encodeURIComponent(secret)}`,
      body: body('2348120000005'),
    });
    expect(byQuery.status).toBe(200);
    const byHeader = await t.request({
      url: '/webhooks/messaging-provider',
      payload: new URLSearchParams(body('2348120000006')).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-webhook-token': secret },
    });
    expect(byHeader.status).toBe(200);
    const after = await stored();
    expect(after).toEqual({ events: before.events + 2, contacts: before.contacts + 2 });
    expect((await walletOf(t, user.businessId)).balance).toBe('48.0000');
  });
});
