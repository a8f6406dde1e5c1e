import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, templates } from '../../src/platform/db/schema/index.js';
import { cloudSignature } from '../../src/providers/messaging/cloud-signature.js';
import { useTestApp } from '../harness.js';
import { cloudWebhookBody, signedHeaders } from '../simulators/graph-api.js';
import { APP_SECRET, cloudBusiness, templateInput, useGraph, VERIFY_TOKEN } from './cloud-support.js';

describe('the Cloud webhook', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);

  describe('the subscription handshake', () => {
    it('answers hub.challenge as plain text for the right verify token', async () => {
      const res = await t.request({
        url: `/webhooks/whatsapp-cloud?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.text).toBe('1158201444');
    });

    it.each([
      ['a wrong token', `hub.mode=subscribe&hub.verify_token=nope-nope-nope&hub.challenge=1`],
      ['no token', 'hub.mode=subscribe&hub.challenge=1'],
      ['another mode', `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`],
      ['no challenge', `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}`],
    ])('answers 403 to %s', async (_what, query) => {
      const res = await t.request({ url: `/webhooks/whatsapp-cloud?${query}` });
      expect(res.status).toBe(403);
      expect(res.text).not.toBe('1');
    });
  });

  /** A Cloud business with one template the provider holds, PENDING here. */
  async function pendingTemplate() {
    const biz = await cloudBusiness(t, graph.sim);
    const res = await t.request({
      url: '/templates',
      token: biz.user.accessToken,
      body: templateInput(`t_${Date.now()}`),
    });
    const [row] = await t.db.select().from(templates).where(eq(templates.id, res.body.data.id));
    return { ...biz, template: row! };
  }

  function statusEvent(
    wabaId: string,
    template: { providerTemplateId: string | null; name: string; language: string },
    event: string,
    reason = 'NONE',
    time?: number,
  ) {
    return cloudWebhookBody(
      wabaId,
      'message_template_status_update',
      {
        event,
        message_template_id: Number(template.providerTemplateId),
        message_template_name: template.name,
        message_template_language: template.language,
        reason,
      },
      time,
    );
  }

  const post = (body: string, headers: Record<string, string>) =>
    t.request({ url: '/webhooks/whatsapp-cloud', headers, payload: body });

  const notesOf = (businessId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.receiverId, businessId), eq(notifications.type, 'template.status_changed')),
      );

  it('APPROVED moves the template, notifies the business and pushes a live update, once', async () => {
    const { user, account, template } = await pendingTemplate();
    const body = statusEvent(account.wabaId, template, 'APPROVED');
    expect((await post(body, signedHeaders(APP_SECRET, body))).status).toBe(200);
    const [row] = await t.db.select().from(templates).where(eq(templates.id, template.id));
    expect(row!.status).toBe('APPROVED');
    expect(await notesOf(user.businessId)).toHaveLength(1);
    const live = t.realtime.events.filter(
      (e) => e.event === 'templateStatus' && e.room === `business:${user.businessId}`,
    );
    expect(live.at(-1)?.payload).toEqual({
      id: template.id,
      name: template.name,
      language: 'en_US',
      status: 'APPROVED',
      category: 'MARKETING',
      rejectedReason: null,
    });
    // Meta delivers at least once: the same event again changes nothing and says nothing.
    expect((await post(body, signedHeaders(APP_SECRET, body))).status).toBe(200);
    expect(await notesOf(user.businessId)).toHaveLength(1);
  });

  it('REJECTED keeps the reason; PAUSED and DISABLED follow; a category update is applied', async () => {
    const { user, account, template } = await pendingTemplate();
    const rejected = statusEvent(account.wabaId, template, 'REJECTED', 'INVALID_FORMAT');
    await post(rejected, signedHeaders(APP_SECRET, rejected));
    let [row] = await t.db.select().from(templates).where(eq(templates.id, template.id));
    expect(row).toMatchObject({ status: 'REJECTED', rejectedReason: 'INVALID_FORMAT' });
    const read = await t.request({ url: `/templates/${template.id}`, token: user.accessToken });
    expect(read.body.data).toMatchObject({ status: 'REJECTED', rejectedReason: 'INVALID_FORMAT' });
    for (const status of ['APPROVED', 'PAUSED', 'DISABLED']) {
      const body = statusEvent(account.wabaId, template, status);
      await post(body, signedHeaders(APP_SECRET, body));
      [row] = await t.db.select().from(templates).where(eq(templates.id, template.id));
      expect(row).toMatchObject({ status, rejectedReason: null });
    }
    const category = cloudWebhookBody(account.wabaId, 'template_category_update', {
      message_template_id: Number(template.providerTemplateId),
      message_template_name: template.name,
      message_template_language: 'en_US',
      previous_category: 'MARKETING',
      new_category: 'UTILITY',
    });
    await post(category, signedHeaders(APP_SECRET, category));
    [row] = await t.db.select().from(templates).where(eq(templates.id, template.id));
    expect(row!.category).toBe('UTILITY');
    expect(await notesOf(user.businessId)).toHaveLength(5);
  });

  it('PAUSED, APPROVED, PAUSED again: each applies in its turn, ending PAUSED', async () => {
    const { user, account, template } = await pendingTemplate();
    const t0 = Math.floor(Date.now() / 1000) - 3600;
    const steps: [string, number][] = [
      ['APPROVED', t0],
      ['PAUSED', t0 + 60],
      ['APPROVED', t0 + 120],
      ['PAUSED', t0 + 180],
    ];
    for (const [status, time] of steps) {
      // The same content as an earlier event, sent at another time: a new event, applied.
      const body = statusEvent(account.wabaId, template, status, 'NONE', time);
      expect((await post(body, signedHeaders(APP_SECRET, body))).status).toBe(200);
      const [row] = await t.db.select().from(templates).where(eq(templates.id, template.id));
      expect(row!.status).toBe(status);
    }
    expect(await notesOf(user.businessId)).toHaveLength(4);
    // Meta delivering the last one again (same content, same time) changes nothing and says nothing.
    const again = statusEvent(account.wabaId, template, 'PAUSED', 'NONE', t0 + 180);
    expect((await post(again, signedHeaders(APP_SECRET, again))).status).toBe(200);
    expect(await notesOf(user.businessId)).toHaveLength(4);
  });

  it('an event older than the one applied arrives late: ignored; a category is timed on its own', async () => {
    const { user, account, template } = await pendingTemplate();
    const t0 = Math.floor(Date.now() / 1000) - 3600;
    const approved = statusEvent(account.wabaId, template, 'APPROVED', 'NONE', t0 + 60);
    await post(approved, signedHeaders(APP_SECRET, approved));
    const late = statusEvent(account.wabaId, template, 'REJECTED', 'INVALID_FORMAT', t0);
    expect((await post(late, signedHeaders(APP_SECRET, late))).status).toBe(200);
    let [row] = await t.db.select().from(templates).where(eq(templates.id, template.id));
    expect(row).toMatchObject({ status: 'APPROVED', rejectedReason: null });
    expect(await notesOf(user.businessId)).toHaveLength(1);
    // A category change older than the status event is still the newest word on the category.
    const category = cloudWebhookBody(
      account.wabaId,
      'template_category_update',
      {
        message_template_id: Number(template.providerTemplateId),
        message_template_name: template.name,
        message_template_language: 'en_US',
        previous_category: 'MARKETING',
        new_category: 'UTILITY',
      },
      t0 + 30,
    );
    await post(category, signedHeaders(APP_SECRET, category));
    [row] = await t.db.select().from(templates).where(eq(templates.id, template.id));
    expect(row).toMatchObject({ status: 'APPROVED', category: 'UTILITY' });
  });

  it("an event for another account's template changes nothing", async () => {
    const { template } = await pendingTemplate();
    const other = await cloudBusiness(t, graph.sim);
    const body = statusEvent(other.account.wabaId, template, 'APPROVED');
    expect((await post(body, signedHeaders(APP_SECRET, body))).status).toBe(200);
    const [row] = await t.db.select().from(templates).where(eq(templates.id, template.id));
    expect(row!.status).toBe('PENDING');
  });

  it.each([
    ['missing', () => ({ 'content-type': 'application/json' })],
    ['signed with another secret', (body: string) => signedHeaders('not-the-app-secret', body)],
    ['signed over other bytes', (body: string) => signedHeaders(APP_SECRET, `${body} `)],
    [
      'not sha256=',
      (body: string) => ({
        'content-type': 'application/json',
        'x-hub-signature-256': cloudSignature(APP_SECRET, body).replace('sha256=', 'sha1='),
      }),
    ],
  ])('a signature %s is a 401 on every field, and nothing changes', async (_what, headersOf) => {
    const { user, account, template } = await pendingTemplate();
    const bodies = [
      statusEvent(account.wabaId, template, 'APPROVED'),
      cloudWebhookBody(account.wabaId, 'template_category_update', {
        message_template_id: Number(template.providerTemplateId),
        new_category: 'UTILITY',
      }),
      cloudWebhookBody(account.wabaId, 'messages', {
        metadata: { phone_number_id: account.phoneNumberId },
        statuses: [],
      }),
      cloudWebhookBody(account.wabaId, 'account_update', { event: 'VERIFIED_ACCOUNT' }),
      'not even json',
    ];
    for (const body of bodies) {
      const res = await post(body, headersOf(body) as Record<string, string>);
      expect(res.status).toBe(401);
      expect(res.body.status).toBe('failure');
    }
    const [row] = await t.db.select().from(templates).where(eq(templates.id, template.id));
    expect(row).toMatchObject({ status: 'PENDING', category: 'MARKETING' });
    expect(await notesOf(user.businessId)).toEqual([]);
  });

  it('unknown fields are acknowledged and ignored', async () => {
    const body = cloudWebhookBody('123', 'phone_number_quality_update', { current_limit: 'TIER_1K' });
    const res = await post(body, signedHeaders(APP_SECRET, body));
    expect(res.status).toBe(200);
  });
});
