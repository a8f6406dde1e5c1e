import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessagingWebhookService } from '../../src/modules/webhooks/messaging.service.js';
import { campaignMessages, campaigns, contacts, webhookEvents } from '../../src/platform/db/schema/index.js';
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
import { MessagingGatewaySimulator } from '../simulators/messaging-gateway.js';

async function eventually<T>(
  read: () => Promise<T> | T,
  ok: (v: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

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

    await eventually(
      () => gateway.sendsTo(from),
      (n) => n > 0,
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
    await eventually(
      () => gateway.sendsTo(to),
      (n) => n > 0,
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

  it('answers 200 to unknown numbers, other messages and malformed payloads, changing nothing', async () => {
    const { user, number } = await business('50');
    const before = (await t.db.select().from(contacts).where(eq(contacts.businessId, user.businessId)))
      .length;
    const bodies: Parameters<typeof t.request>[0][] = [
      {
        url: '/webhooks/messaging-provider',
        body: { waNumber: '19999999999', mobile: mobile(), text: 'START' },
      },
      {
        url: '/webhooks/messaging-provider',
        body: { waNumber: number, mobile: mobile(), text: 'hello there' },
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
      // Text PostgreSQL cannot store (other routes answer it with a 400 before any work).
      {
        url: '/webhooks/messaging-provider',
        body: { waNumber: number, mobile: mobile(), text: 'ST\u0000ART' },
      },
      {
        url: '/webhooks/messaging-provider',
        payload: `waNumber=${number}&mobile=${mobile()}&text=%00`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    ];
    for (const req of bodies) {
      const res = await t.request(req);
      expect(res.status, JSON.stringify(req)).toBe(200);
    }
    const after = (await t.db.select().from(contacts).where(eq(contacts.businessId, user.businessId))).length;
    expect(after).toBe(before);
    const ignored = await t.db.select().from(webhookEvents).where(eq(webhookEvents.status, 'ignored'));
    expect(ignored.length).toBeGreaterThanOrEqual(2);
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
    const [event] = await t.db
      .insert(webhookEvents)
      .values({
        provider: 'messaging-provider',
        eventKey: `crashed-${from}`,
        eventType: 'opt_in',
        payload,
        receivedAt: new Date(Date.now() - 120_000),
      })
      .returning();
    const service = new MessagingWebhookService({ ...t.deps, messaging });
    expect(await service.retryUnfinished()).toBeGreaterThanOrEqual(1);
    expect((await contactOf(user.businessId, `+${from}`))!.optIn).toBe(true);
    expect(await messagesTo(campaign.id, `+${from}`)).toHaveLength(1);
    const [stored] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.id, event!.id));
    expect(stored!.status).toBe('processed');
    expect(await service.retryUnfinished()).toBe(0);
  });
});
