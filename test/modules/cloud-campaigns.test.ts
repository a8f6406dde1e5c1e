import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import {
  type campaignMessages,
  campaigns,
  contacts,
  notifications,
  pendingReceipts,
  templates,
} from '../../src/platform/db/schema/index.js';
import { createContacts } from '../factories.js';
import { useTestApp } from '../harness.js';
import { campaignRow, messagesOf, statusCounts } from '../jobs/helpers.js';
import { cloudWebhookBody, signedHeaders, statusValue } from '../simulators/graph-api.js';
import { APP_SECRET, cloudBusiness, cloudDispatcher, templateInput, useGraph } from './cloud-support.js';

describe('campaigns from templates through the Cloud API', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);
  let dispatcher: Dispatcher | undefined;
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
    graph.sim.holdSends = false;
    graph.sim.releaseSends();
    graph.sim.clearFailures();
  });

  /** A Cloud business with an approved two-variable template and `count` contacts. */
  async function setup(count = 3, opts: { approve?: boolean; vars?: number } = {}) {
    const biz = await cloudBusiness(t, graph.sim, { credits: '1000' });
    const created = await t.request({
      url: '/templates',
      token: biz.user.accessToken,
      body: templateInput(`promo_${Date.now()}`, opts.vars ?? 2),
    });
    const [template] = await t.db.select().from(templates).where(eq(templates.id, created.body.data.id));
    if (opts.approve !== false) {
      graph.sim.setTemplateStatus(template!.providerTemplateId!, 'APPROVED');
      await t.db.update(templates).set({ status: 'APPROVED' }).where(eq(templates.id, template!.id));
    }
    const people = await createContacts(t, biz.user.businessId, count);
    return { ...biz, template: template!, people };
  }

  async function publish(token: string, body: Record<string, unknown>) {
    return t.request({
      url: '/campaigns',
      token,
      body: {
        name: 'Promo',
        message: 'Hello {{1}} and {{2}}',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
        ...body,
      },
    });
  }

  const params = { body: [{ field: 'firstName' }, { text: 'friends' }] };

  describe('publishing rules', () => {
    it('a Cloud business without a template is refused: templates are required there', async () => {
      const { user } = await setup(1);
      const res = await publish(user.accessToken, {});
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('Templates are required');
      expect(res.body.errorMessage.fields[0].path).toBe('templateId');
      expect(await t.db.select().from(campaigns).where(eq(campaigns.businessId, user.businessId))).toEqual(
        [],
      );
    });

    it('a template not yet approved is refused, naming it', async () => {
      const { user, template } = await setup(1, { approve: false });
      const res = await publish(user.accessToken, { templateId: template.id, templateParameters: params });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('PENDING');
    });

    it('every variable must be mapped (400 naming what is missing)', async () => {
      const { user, template } = await setup(1);
      const res = await publish(user.accessToken, {
        templateId: template.id,
        templateParameters: { body: [{ field: 'firstName' }] },
      });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields[0]).toMatchObject({ path: 'templateParameters.body' });
      expect(res.body.errorMessage.fields[0].message).toContain('{{2}}');
      const bad = await publish(user.accessToken, {
        templateId: template.id,
        templateParameters: { body: [{ field: 'nickname' }, { text: 'x' }] },
      });
      expect(bad.status).toBe(400);
    });

    it("another business's template is unknown here (400 naming templateId)", async () => {
      const { template } = await setup(1);
      const other = await setup(1);
      const res = await publish(other.user.accessToken, {
        templateId: template.id,
        templateParameters: params,
      });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields[0].path).toBe('templateId');
      expect(
        await t.db.select().from(campaigns).where(eq(campaigns.businessId, other.user.businessId)),
      ).toEqual([]);
    });
  });

  it('sends each recipient its own parameters, with the message id as callback data', async () => {
    const { user, account, template, people } = await setup(3);
    const res = await publish(user.accessToken, { templateId: template.id, templateParameters: params });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ templateId: template.id, templateParameters: params });
    dispatcher = cloudDispatcher(t).start();
    await vi.waitFor(async () => expect((await statusCounts(t, res.body.data.id)).sent).toBe(3), {
      timeout: 10_000,
    });
    const messages = await messagesOf(t, res.body.data.id);
    const sends = graph.sim.sent.filter((s) => s.phoneNumberId === account.phoneNumberId);
    expect(sends).toHaveLength(3);
    for (const person of people) {
      const message = messages.find((m) => m.phoneNumber === person.phoneNumber)!;
      const send = sends.find((s) => s.body.to === person.phoneNumber.replace(/\D/g, ''))!;
      expect(send.body).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: person.phoneNumber.replace(/\D/g, ''),
        type: 'template',
        template: {
          name: template.name,
          language: { code: 'en_US' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: person.firstName },
                { type: 'text', text: 'friends' },
              ],
            },
          ],
        },
        biz_opaque_callback_data: message.id,
      });
      expect(message.providerMessageId).toBe(`${account.phoneNumberId}:${send.wamid}`);
    }
    const call = graph.sim.requests.find((r) => r.path === `/v23.0/${account.phoneNumberId}/messages`);
    expect(call?.authorization).toBe(`Bearer ${account.token}`);
  });

  describe('statuses through the webhook', () => {
    async function sentCampaign(count = 2) {
      const biz = await setup(count);
      const res = await publish(biz.user.accessToken, {
        templateId: biz.template.id,
        templateParameters: params,
      });
      dispatcher = cloudDispatcher(t).start();
      await vi.waitFor(async () => expect((await statusCounts(t, res.body.data.id)).sent).toBe(count), {
        timeout: 10_000,
      });
      await dispatcher.stop();
      dispatcher = undefined;
      const sends = graph.sim.sent.filter((s) => s.phoneNumberId === biz.account.phoneNumberId);
      return { ...biz, campaignId: res.body.data.id as string, sends };
    }

    async function post(body: string, secret = APP_SECRET) {
      return t.request({
        url: '/webhooks/whatsapp-cloud',
        headers: signedHeaders(secret, body),
        payload: body,
      });
    }

    it('move messages forward only, may skip delivered, and keep failures with their code', async () => {
      const { account, campaignId, sends } = await sentCampaign(2);
      const [first, second] = sends;
      const to = (s: typeof first) => String(s!.body.to);
      // Read straight after sent (no delivered), then a late "sent" that changes nothing.
      expect(
        (
          await post(
            cloudWebhookBody(
              account.wabaId,
              'messages',
              statusValue(account.phoneNumberId, { id: first!.wamid, status: 'read', recipient: to(first) }),
            ),
          )
        ).status,
      ).toBe(200);
      await post(
        cloudWebhookBody(
          account.wabaId,
          'messages',
          statusValue(account.phoneNumberId, { id: first!.wamid, status: 'sent', recipient: to(first) }),
        ),
      );
      await post(
        cloudWebhookBody(
          account.wabaId,
          'messages',
          statusValue(account.phoneNumberId, {
            id: second!.wamid,
            status: 'failed',
            recipient: to(second),
            errors: [
              {
                code: 131026,
                title: 'Message undeliverable',
                error_data: { details: 'Receiver is incapable of receiving this message' },
              },
            ],
          }),
        ),
      );
      const rows = await messagesOf(t, campaignId);
      const a = rows.find((m) => m.providerMessageId === `${account.phoneNumberId}:${first!.wamid}`)!;
      const b = rows.find((m) => m.providerMessageId === `${account.phoneNumberId}:${second!.wamid}`)!;
      expect(a.status).toBe('read');
      expect(a.readAt).not.toBeNull();
      expect(a.deliveredAt).not.toBeNull();
      expect(b).toMatchObject({ status: 'failed', errorCode: '131026' });
      expect(b.error).toContain('Message undeliverable');
    });

    it("a status naming another business's number changes nothing", async () => {
      const { campaignId, sends } = await sentCampaign(1);
      const other = await cloudBusiness(t, graph.sim);
      const before = await messagesOf(t, campaignId);
      const res = await post(
        cloudWebhookBody(
          other.account.wabaId,
          'messages',
          statusValue(other.account.phoneNumberId, {
            id: sends[0]!.wamid,
            status: 'read',
            recipient: String(sends[0]!.body.to),
          }),
        ),
      );
      expect(res.status).toBe(200);
      const after = await messagesOf(t, campaignId);
      expect(after[0]).toMatchObject({ status: 'sent', readAt: null, deliveredAt: null });
      expect(after[0]!.updatedAt).toEqual(before[0]!.updatedAt);
    });

    it('a bad or missing signature is a 401 and changes nothing', async () => {
      const { account, campaignId, sends } = await sentCampaign(1);
      const pendingBefore = (await t.db.select().from(pendingReceipts)).length;
      const body = cloudWebhookBody(
        account.wabaId,
        'messages',
        statusValue(account.phoneNumberId, {
          id: sends[0]!.wamid,
          status: 'delivered',
          recipient: String(sends[0]!.body.to),
        }),
      );
      expect((await post(body, 'another-secret-entirely')).status).toBe(401);
      const missing = await t.request({
        url: '/webhooks/whatsapp-cloud',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(missing.status).toBe(401);
      expect((await messagesOf(t, campaignId))[0]!.status).toBe('sent');
      expect(await t.db.select().from(pendingReceipts)).toHaveLength(pendingBefore);
    });

    it('a status that arrives before the send is answered is applied once the answer is recorded', async () => {
      const { user, account, template } = await setup(1);
      graph.sim.holdSends = true;
      const res = await publish(user.accessToken, { templateId: template.id, templateParameters: params });
      dispatcher = cloudDispatcher(t).start();
      await vi.waitFor(() => expect(graph.sim.heldCount).toBe(1), { timeout: 10_000 });
      const send = graph.sim.sent.find((s) => s.phoneNumberId === account.phoneNumberId)!;
      const early = await post(
        cloudWebhookBody(
          account.wabaId,
          'messages',
          statusValue(account.phoneNumberId, {
            id: send.wamid,
            status: 'delivered',
            recipient: String(send.body.to),
          }),
        ),
      );
      expect(early.status).toBe(200);
      expect((await messagesOf(t, res.body.data.id))[0]!.status).toBe('sending');
      graph.sim.releaseSends();
      await vi.waitFor(
        async () => expect((await messagesOf(t, res.body.data.id))[0]!.status).toBe('delivered'),
        {
          timeout: 10_000,
        },
      );
    });

    it('inbound STOP through the Cloud webhook opts the contact out, as the gateway keyword does', async () => {
      const { account, people, wabaNumber } = await setup(1);
      const person = people[0]!;
      const from = person.phoneNumber.replace(/\D/g, '');
      const value = {
        messaging_product: 'whatsapp',
        metadata: {
          display_phone_number: wabaNumber.replace(/\D/g, ''),
          phone_number_id: account.phoneNumberId,
        },
        contacts: [{ profile: { name: 'Ada' }, wa_id: from }],
        messages: [
          {
            from,
            id: `wamid.in.${Date.now()}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: 'STOP' },
          },
        ],
      };
      const body = cloudWebhookBody(account.wabaId, 'messages', value);
      expect((await post(body, 'wrong-secret-value')).status).toBe(401);
      expect((await t.db.select().from(contacts).where(eq(contacts.id, person.id)))[0]!.optIn).toBe(true);
      expect((await post(body)).status).toBe(200);
      await vi.waitFor(async () =>
        expect((await t.db.select().from(contacts).where(eq(contacts.id, person.id)))[0]!.optIn).toBe(false),
      );
    });
  });

  describe('error classes', () => {
    async function run(plan: Parameters<typeof graph.sim.failSends>[0] | null, count = 2) {
      const biz = await setup(count);
      if (plan) graph.sim.failSends({ ...plan, to: plan.to });
      const res = await publish(biz.user.accessToken, {
        templateId: biz.template.id,
        templateParameters: params,
      });
      dispatcher = cloudDispatcher(t, { concurrency: 1, batchSize: 1, maxAttempts: 4 }).start();
      return { ...biz, campaignId: res.body.data.id as string };
    }

    it('HTTP 429, 5xx, 130429 and 131056 are tried again later', async () => {
      for (const plan of [
        { status: 400, code: 130429, title: 'Rate limit hit' },
        { status: 400, code: 131056, title: 'Pair rate limit hit' },
        { status: 500, code: 1, title: 'Unknown error' },
        { status: 429, code: 4, title: 'Too many calls' },
      ]) {
        const { campaignId } = await run({ ...plan, times: 2 }, 1);
        await vi.waitFor(async () => expect((await statusCounts(t, campaignId)).sent).toBe(1), {
          timeout: 15_000,
        });
        const [message] = await messagesOf(t, campaignId);
        // A provider error uses an attempt; a throttle gives it back (it can never fail the message).
        expect(message!.attempts).toBe(plan.status === 500 ? 3 : 1);
        await dispatcher!.stop();
        dispatcher = undefined;
      }
    });

    it('another code fails that message with the code and the provider title; the rest go', async () => {
      const biz = await setup(2);
      const victim = biz.people[0]!.phoneNumber.replace(/\D/g, '');
      graph.sim.failSends({ status: 400, code: 131026, title: 'Message undeliverable', to: victim });
      const res = await publish(biz.user.accessToken, {
        templateId: biz.template.id,
        templateParameters: params,
      });
      dispatcher = cloudDispatcher(t).start();
      await vi.waitFor(
        async () => expect(await statusCounts(t, res.body.data.id)).toEqual({ sent: 1, failed: 1 }),
        {
          timeout: 10_000,
        },
      );
      const failed = (await messagesOf(t, res.body.data.id)).find((m) => m.status === 'failed')!;
      expect(failed.error).toContain('code 131026');
      expect(failed.error).toContain('Message undeliverable');
      expect((await campaignRow(t, res.body.data.id)).stoppedAt).toBeNull();
    });

    it.each([
      [132001, 'Template name does not exist in the translation'],
      [132015, 'Template is paused'],
      [190, 'Error validating access token'],
      [10, 'Permission denied'],
    ])('code %i stops the campaign with the reason and tells the business', async (code, title) => {
      const { user, campaignId } = await run({ status: 400, code, title }, 4);
      await vi.waitFor(async () => expect((await campaignRow(t, campaignId)).stoppedAt).not.toBeNull(), {
        timeout: 10_000,
      });
      await vi.waitFor(async () => expect(await statusCounts(t, campaignId)).toEqual({ failed: 4 }), {
        timeout: 10_000,
      });
      const campaign = await campaignRow(t, campaignId);
      expect(campaign.stopReason).toContain(`code ${code}`);
      const messages = await messagesOf(t, campaignId);
      expect(messages.every((m) => m.error?.includes(`code ${code}`))).toBe(true);
      expect(graph.sim.totalSends).toBeGreaterThanOrEqual(0);
      const notes = await t.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.receiverId, user.businessId), eq(notifications.type, 'campaign.stopped')),
        );
      expect(notes).toHaveLength(1);
      expect(notes[0]!.message).toContain(`code ${code}`);
      const api = await t.request({ url: `/campaigns/${campaignId}`, token: user.accessToken });
      expect(api.body.data.stopReason).toContain(`code ${code}`);
      // Fewer than the four recipients were attempted at the provider.
      const attempted = graph.sim.requests.filter(
        (r) =>
          r.path.endsWith('/messages') &&
          campaignMessagesIds(messages).has(
            String((r.body as { biz_opaque_callback_data?: string })?.biz_opaque_callback_data),
          ),
      );
      expect(attempted.length).toBeLessThan(4);
    });
  });
});

function campaignMessagesIds(rows: (typeof campaignMessages.$inferSelect)[]): Set<string> {
  return new Set(rows.map((r) => r.id));
}
