import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import { WINDOW_MS } from '../../src/modules/conversations/index.js';
import { queryRows } from '../../src/platform/db/client.js';
import { conversationMessages } from '../../src/platform/db/schema/index.js';
import { createUser, uniquePhone } from '../factories.js';
import { useTestApp } from '../harness.js';
import { statusCounts } from '../jobs/helpers.js';
import { cloudWebhookBody, signedHeaders } from '../simulators/graph-api.js';
import { APP_SECRET, cloudDispatcher, useGraph } from './cloud-support.js';
import { cloudSender, fakeClock, publishCloud, setLimit } from './deliverability-support.js';

const DAY = 24 * 3600_000;

describe('messaging limits in the dispatcher', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);
  let dispatcher: Dispatcher | undefined;
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
  });

  const distinctSentTo = async (businessId: string) => {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(DISTINCT phone_number)::int AS n FROM campaign_messages
          WHERE business_id = ${businessId} AND status <> 'queued' AND status <> 'held'`,
    );
    return Number(row?.n ?? 0);
  };

  it('a 300-person campaign against a limit of 250 sends 250, waits visibly, and sends the rest after the window', async () => {
    const sender = await cloudSender(t, graph.sim, 300);
    await setLimit(t, sender.user.businessId, { dailyRecipients: 250 });
    const estimate = await t.request({
      url: '/campaigns/estimate',
      token: sender.user.accessToken,
      body: { sendToAllContact: true, paymentMethod: 'credit', messageType: 'marketing' },
    });
    expect(estimate.body.data.messagingLimit).toMatchObject({
      dailyRecipients: 250,
      remaining: 250,
      sendsNow: 250,
      later: 50,
    });
    expect(estimate.body.data.messagingLimit.resumesAt).toEqual(expect.any(String));

    const id = await publishCloud(t, sender);
    const clock = fakeClock();
    dispatcher = cloudDispatcher(t, { now: clock.now, batchSize: 100, concurrency: 16 }).start();
    await vi.waitFor(async () => expect((await statusCounts(t, id)).sent).toBe(250), { timeout: 20_000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await statusCounts(t, id)).toEqual({ sent: 250, queued: 50 });
    expect(graph.sim.sent.filter((s) => s.phoneNumberId === sender.account.phoneNumberId)).toHaveLength(250);

    const page = await t.request({ url: `/campaigns/${id}`, token: sender.user.accessToken });
    expect(page.body.data.waitingForLimit).toMatchObject({ waiting: 50 });
    const resumesAt = new Date(page.body.data.waitingForLimit.resumesAt).getTime();
    expect(Math.abs(resumesAt - (clock.now().getTime() + DAY))).toBeLessThan(60_000);
    const business = await t.request({ url: '/business', token: sender.user.accessToken });
    expect(business.body.data.messagingLimit).toMatchObject({
      dailyRecipients: 250,
      used: 250,
      remaining: 0,
    });
    expect(business.body.data.messagingLimit.freesAt).toBe(page.body.data.waitingForLimit.resumesAt);

    clock.advance(DAY + 60_000);
    await vi.waitFor(async () => expect((await statusCounts(t, id)).sent).toBe(300), { timeout: 20_000 });
  });

  it('two campaigns share one limit, and a person in both counts once', async () => {
    const sender = await cloudSender(t, graph.sim, 8);
    await setLimit(t, sender.user.businessId, { dailyRecipients: 5 });
    const ids = sender.people.map((p) => p.id);
    const first = await publishCloud(t, sender, { selected: ids.slice(0, 4), name: 'A' });
    const second = await publishCloud(t, sender, { selected: ids.slice(3, 8), name: 'B' });
    dispatcher = cloudDispatcher(t, { now: fakeClock().now }).start();
    await vi.waitFor(
      async () => {
        const a = await statusCounts(t, first);
        const b = await statusCounts(t, second);
        expect((a.sent ?? 0) + (b.sent ?? 0)).toBeGreaterThanOrEqual(5);
      },
      { timeout: 10_000 },
    );
    await new Promise((r) => setTimeout(r, 400));
    expect(await distinctSentTo(sender.user.businessId)).toBe(5);
    const a = await statusCounts(t, first);
    const b = await statusCounts(t, second);
    expect((a.queued ?? 0) + (b.queued ?? 0)).toBeGreaterThan(0);
  });

  it('without a limit nothing waits; clearing a limit lets the waiting messages go', async () => {
    const sender = await cloudSender(t, graph.sim, 4);
    await setLimit(t, sender.user.businessId, { dailyRecipients: 1 });
    const id = await publishCloud(t, sender);
    dispatcher = cloudDispatcher(t, { now: fakeClock().now }).start();
    await vi.waitFor(async () => expect((await statusCounts(t, id)).sent).toBe(1), { timeout: 10_000 });
    const cleared = await setLimit(t, sender.user.businessId, { dailyRecipients: null });
    expect(cleared).toMatchObject({ dailyRecipients: null, remaining: null });
    await vi.waitFor(async () => expect((await statusCounts(t, id)).sent).toBe(4), { timeout: 10_000 });
  });

  it('a template reply outside the window takes a place as a campaign message does, and waits when none is left', async () => {
    const sender = await cloudSender(t, graph.sim, 1);
    await setLimit(t, sender.user.businessId, { dailyRecipients: 1 });
    const clock = fakeClock();
    dispatcher = cloudDispatcher(t, { now: clock.now }).start();
    // Two people who opted in by writing START more than a day ago: the window is closed for both.
    const old = String(Math.floor((Date.now() - WINDOW_MS - 60_000) / 1000));
    const conversationOf = async (from: string) => {
      const body = cloudWebhookBody(sender.account.wabaId, 'messages', {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: '15550001234', phone_number_id: sender.account.phoneNumberId },
        contacts: [{ wa_id: from, profile: { name: 'Ngozi Eze' } }],
        messages: [{ from, id: `wamid.in.${from}`, timestamp: old, type: 'text', text: { body: 'START' } }],
      });
      const res = await t.request({
        url: '/webhooks/whatsapp-cloud',
        headers: signedHeaders(APP_SECRET, body),
        payload: body,
      });
      expect(res.status).toBe(200);
      const list = await t.request({ url: `/conversations?search=${from}`, token: sender.user.accessToken });
      return list.body.data.items[0].id as string;
    };
    const reply = async (conversationId: string) => {
      const res = await t.request({
        url: `/conversations/${conversationId}/messages`,
        token: sender.user.accessToken,
        body: { templateId: sender.template.id, templateParameters: { body: [{ field: 'firstName' }] } },
      });
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    const statusOf = async (id: string) =>
      (await t.db.select().from(conversationMessages).where(eq(conversationMessages.id, id)))[0]!.status;
    const first = await conversationOf(uniquePhone().replace(/\D/g, ''));
    const second = await conversationOf(uniquePhone().replace(/\D/g, ''));

    const a = await reply(first);
    await vi.waitFor(async () => expect(await statusOf(a)).toBe('sent'), { timeout: 10_000 });
    const b = await reply(second);
    // Someone already in the window costs no place: a second template to the first person goes at once.
    const again = await reply(first);
    await vi.waitFor(async () => expect(await statusOf(again)).toBe('sent'), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await statusOf(b)).toBe('queued');
    const business = await t.request({ url: '/business', token: sender.user.accessToken });
    expect(business.body.data.messagingLimit).toMatchObject({ dailyRecipients: 1, used: 1, remaining: 0 });
    // The place frees a day after the first person entered the window.
    expect(Date.parse(business.body.data.messagingLimit.freesAt) - clock.now().getTime()).toBeGreaterThan(
      DAY - 60_000,
    );

    clock.advance(DAY + 60_000);
    await vi.waitFor(async () => expect(await statusOf(b)).toBe('sent'), { timeout: 15_000, interval: 100 });
    const [row] = await t.db.select().from(conversationMessages).where(eq(conversationMessages.id, b));
    // Waiting for a place used none of its attempts.
    expect(row!.attempts).toBe(1);
  });

  describe('PATCH /admin/businesses/{id}/messaging-limit', () => {
    it('sets and clears the limit and throughput; GET /business shows them', async () => {
      const owner = await createUser(t, { businessVerified: 'accepted' });
      const set = await setLimit(t, owner.businessId, { dailyRecipients: 2000, messagesPerSecond: 80 });
      expect(set).toMatchObject({ dailyRecipients: 2000, messagesPerSecond: 80, used: 0, remaining: 2000 });
      const kept = await setLimit(t, owner.businessId, { messagesPerSecond: null });
      expect(kept).toMatchObject({ dailyRecipients: 2000, messagesPerSecond: null });
      const res = await t.request({ url: '/business', token: owner.accessToken });
      expect(res.body.data.messagingLimit).toMatchObject({
        dailyRecipients: 2000,
        remaining: 2000,
        freesAt: null,
      });
    });

    it('bad input is a 400 naming the field; an unknown business a 404; a business account a 403', async () => {
      const owner = await createUser(t, { businessVerified: 'accepted' });
      const admin = await createUser(t, { role: 'admin' });
      const url = `/admin/businesses/${owner.businessId}/messaging-limit`;
      for (const body of [{ dailyRecipients: 0 }, { dailyRecipients: 'many' }, { messagesPerSecond: 5000 }]) {
        const res = await t.request({ method: 'PATCH', url, token: admin.accessToken, body });
        expect(res.status).toBe(400);
        expect(res.body.errorMessage.fields[0].path).toBe(Object.keys(body)[0]);
      }
      const missing = await t.request({
        method: 'PATCH',
        url: '/admin/businesses/00000000-0000-4000-8000-000000000000/messaging-limit',
        token: admin.accessToken,
        body: { dailyRecipients: 250 },
      });
      expect(missing.status).toBe(404);
      const forbidden = await t.request({
        method: 'PATCH',
        url,
        token: owner.accessToken,
        body: { dailyRecipients: 250 },
      });
      expect(forbidden.status).toBe(403);
      const res = await t.request({ url: '/business', token: owner.accessToken });
      expect(res.body.data.messagingLimit).toMatchObject({ dailyRecipients: null, remaining: null });
    });
  });
});
