/**
 * The events that reach the outbox from where they happen: message states (the dispatcher's outcome
 * write and delivery reports, set-based), inbound messages, campaign state changes. Each is written in the
 * statement or transaction of its change; a business without an endpoint gets nothing written.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordReplyOutcome } from '../../src/modules/conversations/index.js';
import {
  cancelForOptOut,
  claimMessages,
  failUnsentMessagesOfCampaign,
  markMessagesClicked,
  recordOutcomes,
} from '../../src/modules/messages/index.js';
import { applyTemplateEvent } from '../../src/modules/templates/index.js';
import { queryRows } from '../../src/platform/db/client.js';
import { conversationMessages, conversations, templates } from '../../src/platform/db/schema/index.js';
import {
  createCampaign,
  createContacts,
  createUser,
  setMessagingCredentials,
  type TestUser,
} from '../factories.js';
import { type TestApp, useTestApp } from '../harness.js';
import { queuedCampaign } from '../jobs/helpers.js';

const SECRET = 'gateway-callback-token-0123456789';
const WORKER = 'webhook-events-test';

async function endpointFor(t: TestApp, user: TestUser, eventTypes: string[]) {
  const res = await t.request({
    url: '/webhook-endpoints',
    token: user.accessToken,
    body: { url: 'http://127.0.0.1:9/hook', eventTypes },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

type Delivered = {
  event_type: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
};
function outbox(t: TestApp, businessId: string) {
  return queryRows<Delivered>(
    t.db,
    sql`SELECT event_type, payload FROM webhook_deliveries WHERE business_id = ${businessId} ORDER BY created_at, id`,
  ).then((rows) =>
    rows.map((r) => ({ ...r, payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload })),
  );
}

describe('webhook events from their sources', () => {
  const t = useTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', MESSAGING_WEBHOOK_SECRET: SECRET } });
  const reports = (body: unknown) =>
    t.request({ url: `/webhooks/messaging-provider/delivery-reports?token=${SECRET}`, body });

  it('message states: sent and failed from the dispatcher, delivered and read from reports, once each', async () => {
    const setup = await queuedCampaign(t, 2);
    const quiet = await queuedCampaign(t, 1); // no endpoint: nothing is written for it
    await endpointFor(t, setup.user, ['message.sent', 'message.delivered', 'message.read', 'message.failed']);
    const claimed = await claimMessages(t.db, {
      businessId: setup.campaign.businessId,
      limit: 2,
      workerId: WORKER,
      leaseMs: 60_000,
    });
    const [a, b] = claimed;
    await recordOutcomes(t.db, WORKER, [
      { id: a!.id, kind: 'sent', providerMessageId: 'hook-pid-a', at: new Date() },
      { id: b!.id, kind: 'failed', error: 'Number not on WhatsApp', outcome: 'stop' },
    ] as Parameters<typeof recordOutcomes>[2]);
    const [q] = await claimMessages(t.db, {
      businessId: quiet.campaign.businessId,
      limit: 1,
      workerId: WORKER,
      leaseMs: 60_000,
    });
    await recordOutcomes(t.db, WORKER, [
      { id: q!.id, kind: 'sent', providerMessageId: 'hook-pid-q', at: new Date() },
    ]);

    const digits = a!.phoneNumber.replace(/\D/g, '');
    for (const eventType of ['DELIVERED', 'READ', 'READ']) {
      const res = await reports([
        { externalId: 'hook-pid-a', eventType, eventTs: Date.now(), destAddr: digits },
      ]);
      expect(res.status).toBe(200);
    }
    await reports([{ externalId: 'hook-pid-q', eventType: 'DELIVERED', eventTs: Date.now() }]);

    const got = await outbox(t, setup.user.businessId);
    expect(got.map((d) => d.event_type).sort()).toEqual(
      ['message.delivered', 'message.failed', 'message.read', 'message.sent'].sort(),
    );
    const failed = got.find((d) => d.event_type === 'message.failed')!.payload;
    expect(failed.data).toMatchObject({
      messageId: b!.id,
      campaignId: setup.campaign.id,
      status: 'failed',
      error: { reason: 'Number not on WhatsApp', outcome: 'stop' },
    });
    const read = got.find((d) => d.event_type === 'message.read')!.payload;
    expect(read).toMatchObject({
      type: 'message.read',
      data: { messageId: a!.id, providerMessageId: 'hook-pid-a' },
    });
    expect(read.timestamp).toMatch(/Z$/);
    expect(await outbox(t, quiet.user.businessId)).toEqual([]);
  });

  it('a failure reported later is one message.failed event with its code and outcome', async () => {
    const setup = await queuedCampaign(t, 2);
    await endpointFor(t, setup.user, ['message.failed']);
    const [a, b] = await claimMessages(t.db, {
      businessId: setup.campaign.businessId,
      limit: 2,
      workerId: WORKER,
      leaseMs: 60_000,
    });
    await recordOutcomes(t.db, WORKER, [
      { id: a!.id, kind: 'sent', providerMessageId: 'hook-fail-a', at: new Date() },
      { id: b!.id, kind: 'sent', providerMessageId: 'hook-fail-b', at: new Date() },
    ]);
    const failures = [
      { externalId: 'hook-fail-a', eventType: 'FAILED', eventTs: Date.now(), errorCode: '131026' },
      { externalId: 'hook-fail-b', eventType: 'FAILED', eventTs: Date.now(), errorCode: '131049' },
    ];
    // The gateway sends the same reports twice: still one event each.
    for (let i = 0; i < 2; i++) expect((await reports(failures)).status).toBe(200);
    const got = await outbox(t, setup.user.businessId);
    expect(got.map((d) => d.event_type)).toEqual(['message.failed', 'message.failed']);
    const byId = new Map(got.map((d) => [d.payload.data.messageId, d.payload.data]));
    expect(byId.get(a!.id)).toMatchObject({
      status: 'failed',
      providerMessageId: 'hook-fail-a',
      error: { code: '131026', outcome: 'fail' },
    });
    // A deferral goes back to the queue for a day; its event says so.
    expect(byId.get(b!.id)).toMatchObject({ status: 'failed', error: { code: '131049', outcome: 'defer' } });
  });

  it("an inbox reply's failure carries the provider's code and its outcome", async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    await endpointFor(t, user, ['message.failed']);
    const [conversation] = await t.db
      .insert(conversations)
      .values({ businessId: user.businessId, phoneNumber: '+2348155566600' })
      .returning();
    const reply = (values: Partial<typeof conversationMessages.$inferInsert>) =>
      t.db
        .insert(conversationMessages)
        .values({
          conversationId: conversation!.id,
          businessId: user.businessId,
          direction: 'out',
          type: 'text',
          text: 'Hello',
          ...values,
          status: values.status!,
        })
        .returning()
        .then((rows) => rows[0]!);
    const reported = await reply({ status: 'sent', providerMessageId: 'hook-reply-a' });
    const refused = await reply({ status: 'sending', lockedBy: WORKER });
    expect(
      (
        await reports([
          { externalId: 'hook-reply-a', eventType: 'FAILED', eventTs: Date.now(), errorCode: '131026' },
        ])
      ).status,
    ).toBe(200);
    expect(
      await recordReplyOutcome(t.db, WORKER, refused.id, {
        kind: 'failed',
        error: 'Refused by the Cloud API',
        code: '131047',
        outcome: 'fail',
      }),
    ).toBe(true);
    const got = await outbox(t, user.businessId);
    const byId = new Map(got.map((d) => [d.payload.data.messageId, d.payload.data]));
    expect(got.map((d) => d.event_type)).toEqual(['message.failed', 'message.failed']);
    expect(byId.get(reported.id)).toMatchObject({
      conversationId: conversation!.id,
      error: { code: '131026', outcome: 'fail' },
    });
    expect(byId.get(refused.id)).toMatchObject({
      error: { reason: 'Refused by the Cloud API', code: '131047', outcome: 'fail' },
    });
  });

  it('an endpoint gets only the types it subscribes to', async () => {
    const setup = await queuedCampaign(t, 1);
    await endpointFor(t, setup.user, ['message.delivered']);
    const [m] = await claimMessages(t.db, {
      businessId: setup.campaign.businessId,
      limit: 1,
      workerId: WORKER,
      leaseMs: 60_000,
    });
    await recordOutcomes(t.db, WORKER, [
      { id: m!.id, kind: 'sent', providerMessageId: 'hook-pid-s', at: new Date() },
    ]);
    await reports([{ externalId: 'hook-pid-s', eventType: 'DELIVERED', eventTs: Date.now() }]);
    expect((await outbox(t, setup.user.businessId)).map((d) => d.event_type)).toEqual(['message.delivered']);
  });

  it('an inbound message is a message.received event', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const number = '2349011122233';
    await setMessagingCredentials(t, user.businessId, {
      wabaNumber: number,
      userId: 'hsm-user',
      password: 'x',
    });
    await endpointFor(t, user, ['message.received']);
    const body = {
      waNumber: number,
      mobile: '2348155566677',
      name: 'Ada Obi',
      type: 'text',
      text: 'Do you deliver to Lekki?',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    for (let i = 0; i < 2; i++) {
      const res = await t.request({
        url: '/webhooks/messaging-provider',
        body,
        headers: { 'x-webhook-token': SECRET },
      });
      expect(res.status).toBe(200);
    }
    const got = await outbox(t, user.businessId);
    // The gateway's retry of the same message is stored once, and so is its event.
    expect(got).toHaveLength(1);
    expect(got[0]!.payload).toMatchObject({
      type: 'message.received',
      data: { type: 'text', text: 'Do you deliver to Lekki?', phoneNumber: '+2348155566677' },
    });
  });

  it('campaign state changes: sending at publish, paused, resumed', async () => {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '20' });
    await setMessagingCredentials(t, user.businessId, { userId: 'hsm-user', password: 'hsm-password' });
    await endpointFor(t, user, ['campaign.status_changed']);
    await createContacts(t, user.businessId, 2);
    const draft = await createCampaign(t, user.businessId);
    const pub = await t.request({
      url: `/campaigns/${draft.id}/publish`,
      token: user.accessToken,
      body: { paymentMethod: 'credit' },
    });
    expect(pub.status, pub.text).toBe(200);
    const pause = await t.request({
      method: 'POST',
      url: `/campaigns/${draft.id}/pause`,
      token: user.accessToken,
    });
    expect(pause.status, pause.text).toBe(200);
    const resume = await t.request({
      method: 'POST',
      url: `/campaigns/${draft.id}/resume`,
      token: user.accessToken,
    });
    expect(resume.status, resume.text).toBe(200);
    const got = await outbox(t, user.businessId);
    expect(got.map((d) => d.payload.data.change)).toEqual(['sending', 'paused', 'resumed']);
    expect(got[0]!.payload.data).toMatchObject({ campaignId: draft.id, name: draft.name, recipients: 2 });
    // A refused change writes nothing.
    const again = await t.request({
      method: 'POST',
      url: `/campaigns/${draft.id}/resume`,
      token: user.accessToken,
    });
    expect(again.status).toBe(400);
    expect(await outbox(t, user.businessId)).toHaveLength(3);
  });

  it("a message's first click is a message.clicked event; later clicks are not", async () => {
    const setup = await queuedCampaign(t, 1);
    await endpointFor(t, setup.user, ['message.clicked']);
    const [m] = await claimMessages(t.db, {
      businessId: setup.campaign.businessId,
      limit: 1,
      workerId: WORKER,
      leaseMs: 60_000,
    });
    const at = new Date().toISOString();
    await markMessagesClicked(t.db, [{ messageId: m!.id, at }]);
    await markMessagesClicked(t.db, [{ messageId: m!.id, at: new Date().toISOString() }]);
    const got = await outbox(t, setup.user.businessId);
    expect(got.map((d) => d.event_type)).toEqual(['message.clicked']);
    expect(got[0]!.payload.data).toMatchObject({ messageId: m!.id, campaignId: setup.campaign.id });
  });

  it('contacts: created through the API or by a new number writing, opted out by STOP', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const number = '2349011122244';
    await setMessagingCredentials(t, user.businessId, {
      wabaNumber: number,
      userId: 'hsm-user',
      password: 'x',
    });
    await endpointFor(t, user, ['contact.created', 'contact.opted_out']);
    const created = await t.request({
      url: '/contacts',
      token: user.accessToken,
      body: { firstName: 'Ada', lastName: 'Obi', phoneNumber: '+2348031112233', optIn: true },
    });
    expect(created.status, created.text).toBe(201);
    const inbound = (mobile: string, text: string) =>
      t.request({
        url: '/webhooks/messaging-provider',
        body: {
          waNumber: number,
          mobile,
          name: 'Bayo Ade',
          type: 'text',
          text,
          timestamp: String(Math.floor(Date.now() / 1000)),
        },
        headers: { 'x-webhook-token': SECRET },
      });
    expect((await inbound('2348155500011', 'Hello')).status).toBe(200);
    expect((await inbound('2348031112233', 'STOP')).status).toBe(200);
    // A new number whose first word is START is one contact made, opted in.
    expect((await inbound('2348155500077', 'START')).status).toBe(200);
    const got = await outbox(t, user.businessId);
    expect(got.map((d) => [d.event_type, d.payload.data.source ?? null]).slice(0, 3)).toEqual([
      ['contact.created', 'api'],
      ['contact.created', 'inbound'],
      ['contact.opted_out', null],
    ]);
    const started = got.slice(3);
    expect(started.map((d) => d.event_type)).toEqual(['contact.created']);
    expect(started[0]!.payload.data).toMatchObject({ phoneNumber: '+2348155500077' });
    expect(got[0]!.payload.data).toMatchObject({ contactId: created.body.data.id, optIn: true });
    expect(got[1]!.payload.data).toMatchObject({ phoneNumber: '+2348155500011', firstName: 'Bayo' });
    expect(got[2]!.payload.data).toMatchObject({
      contactId: created.body.data.id,
      phoneNumber: '+2348031112233',
    });
  });

  it('a PATCH that opts a contact out is a contact.opted_out event; one that leaves it out is none', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    await endpointFor(t, user, ['contact.opted_out']);
    const make = async (phoneNumber: string, optIn: boolean) => {
      const res = await t.request({
        url: '/contacts',
        token: user.accessToken,
        body: { firstName: 'Ada', lastName: 'Obi', phoneNumber, optIn },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as string;
    };
    const patch = async (id: string, body: Record<string, unknown>) => {
      const res = await t.request({ method: 'PATCH', url: `/contacts/${id}`, token: user.accessToken, body });
      expect(res.status, res.text).toBe(200);
    };
    const optedIn = await make('+2348031112200', true);
    const neverIn = await make('+2348031112201', false);
    await patch(optedIn, { optIn: false });
    await patch(optedIn, { optIn: false, firstName: 'Adaeze' });
    await patch(neverIn, { optIn: false });
    const got = await outbox(t, user.businessId);
    expect(got.map((d) => d.payload)).toMatchObject([
      {
        type: 'contact.opted_out',
        data: { contactId: optedIn, phoneNumber: '+2348031112200', firstName: 'Ada', reason: null },
      },
    ]);
  });

  it("a template's status change from the provider is a template.status_changed event", async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    await endpointFor(t, user, ['template.status_changed']);
    const [row] = await t.db
      .insert(templates)
      .values({
        businessId: user.businessId,
        name: 'order_ready',
        language: 'en',
        category: 'UTILITY',
        components: [],
        provider: 'whatsapp-cloud',
        providerTemplateId: '778899',
        wabaId: 'waba-hooks',
      })
      .returning();
    const changed = await applyTemplateEvent(t.deps, {
      field: 'message_template_status_update',
      wabaId: 'waba-hooks',
      value: { event: 'REJECTED', reason: 'INVALID_FORMAT', message_template_id: '778899' },
    });
    expect(changed).toBe(1);
    const got = await outbox(t, user.businessId);
    expect(got.map((d) => d.payload)).toMatchObject([
      {
        type: 'template.status_changed',
        data: {
          templateId: row!.id,
          name: 'order_ready',
          status: 'REJECTED',
          rejectedReason: 'INVALID_FORMAT',
        },
      },
    ]);
  });

  it('assigning a conversation is a conversation.assigned event', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const number = '2349011122255';
    await setMessagingCredentials(t, user.businessId, {
      wabaNumber: number,
      userId: 'hsm-user',
      password: 'x',
    });
    await t.request({
      url: '/webhooks/messaging-provider',
      body: {
        waNumber: number,
        mobile: '2348155500022',
        type: 'text',
        text: 'Hi',
        timestamp: String(Math.floor(Date.now() / 1000)),
      },
      headers: { 'x-webhook-token': SECRET },
    });
    await endpointFor(t, user, ['conversation.assigned']);
    const list = await t.request({ url: '/conversations', token: user.accessToken });
    const conversationId = list.body.data.items[0].id as string;
    const res = await t.request({
      method: 'PUT',
      url: `/conversations/${conversationId}/assignee`,
      token: user.accessToken,
      body: { assigneeId: user.accountId },
    });
    expect(res.status, res.text).toBe(200);
    const got = await outbox(t, user.businessId);
    expect(got.map((d) => d.payload)).toMatchObject([
      {
        type: 'conversation.assigned',
        data: { conversationId, assigneeId: user.accountId, previousAssigneeId: null },
      },
    ]);
  });

  it('automatic assignment is a conversation.assigned event too', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const number = '2349011122266';
    await setMessagingCredentials(t, user.businessId, {
      wabaNumber: number,
      userId: 'hsm-user',
      password: 'x',
    });
    await endpointFor(t, user, ['conversation.assigned']);
    const on = await t.request({
      method: 'PUT',
      url: '/inbox/assignment',
      token: user.accessToken,
      body: { mode: 'round_robin', capacity: null },
    });
    expect(on.status, on.text).toBe(200);
    await t.request({
      url: '/webhooks/messaging-provider',
      body: {
        waNumber: number,
        mobile: '2348155500033',
        type: 'text',
        text: 'Hello there',
        timestamp: String(Math.floor(Date.now() / 1000)),
      },
      headers: { 'x-webhook-token': SECRET },
    });
    const list = await t.request({ url: '/conversations', token: user.accessToken });
    const conversation = list.body.data.items[0];
    expect(conversation.assigneeId).toBe(user.accountId);
    const got = await outbox(t, user.businessId);
    expect(got.map((d) => d.payload)).toMatchObject([
      {
        type: 'conversation.assigned',
        data: {
          conversationId: conversation.id,
          assigneeId: user.accountId,
          previousAssigneeId: null,
          how: 'auto',
        },
      },
    ]);
  });

  it('messages failed without being sent (a stop, an opt-out) are message.failed events with their reason', async () => {
    const setup = await queuedCampaign(t, 3);
    await endpointFor(t, setup.user, ['message.failed']);
    const { businessId } = setup.campaign;
    await cancelForOptOut(t.db, businessId, setup.phones[0]!);
    expect(await failUnsentMessagesOfCampaign(t.db, businessId, setup.campaign.id, 'Template paused')).toBe(
      2,
    );
    const got = await outbox(t, businessId);
    expect(got.map((d) => d.event_type)).toEqual(['message.failed', 'message.failed', 'message.failed']);
    const byPhone = new Map(got.map((d) => [d.payload.data.phoneNumber, d.payload.data]));
    expect(byPhone.get(setup.phones[0]!)).toMatchObject({
      campaignId: setup.campaign.id,
      status: 'failed',
      error: { reason: expect.stringMatching(/opted out/i) },
    });
    expect(byPhone.get(setup.phones[1]!)).toMatchObject({
      status: 'failed',
      error: { reason: 'Template paused', outcome: 'stop' },
    });
  });

  it('an import is one contact.created per contact it made, none for numbers already kept', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const kept = await t.request({
      url: '/contacts',
      token: user.accessToken,
      body: { firstName: 'Old', lastName: 'One', phoneNumber: '+2348031119000', optIn: true },
    });
    expect(kept.status, kept.text).toBe(201);
    await endpointFor(t, user, ['contact.created']);
    // Another business's import in between: its contacts are never announced here.
    const other = await createUser(t, { businessVerified: 'accepted' });
    const row = (phoneNumber: string, firstName: string) => ({
      firstName,
      lastName: 'Imp',
      phoneNumber,
      optIn: true,
    });
    await t.request({
      url: '/contacts/import',
      token: other.accessToken,
      body: { contacts: [row('+2348031119009', 'X')] },
    });
    const res = await t.request({
      url: '/contacts/import',
      token: user.accessToken,
      body: {
        contacts: [
          row('+2348031119000', 'Old'),
          row('+2348031119001', 'New'),
          row('+2348031119002', 'Newer'),
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    const got = await outbox(t, user.businessId);
    expect(got.map((d) => [d.payload.data.phoneNumber, d.payload.data.source]).sort()).toEqual([
      ['+2348031119001', 'import'],
      ['+2348031119002', 'import'],
    ]);
    expect(await outbox(t, other.businessId)).toEqual([]);
  });
});
