import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/platform/db/client.js';
import { businesses, templates } from '../../src/platform/db/schema/index.js';
import { createUser, setMessagingCredentials, uniquePhone } from '../factories.js';
import { useTestApp } from '../harness.js';
import { cloudBusiness, templateInput, useGraph } from './cloud-support.js';

describe('templates and the Cloud API connection', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);

  describe('connecting a business with provider "whatsapp-cloud"', () => {
    it('checks the token with GET {base}/{phone-number-id} before storing, and masks it', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      const check = graph.sim.requests.find(
        (r) => r.method === 'GET' && r.path.endsWith(`/${account.phoneNumberId}`),
      );
      expect(check?.authorization).toBe(`Bearer ${account.token}`);
      expect(check?.path).toBe(`/v23.0/${account.phoneNumberId}`);
      const res = await t.request({ url: '/business', token: user.accessToken });
      expect(res.body.data).toMatchObject({
        provider: 'whatsapp-cloud',
        wabaProviderId: account.wabaId,
        providerHSMID: account.phoneNumberId,
        providerHSMPassword: 'true',
      });
      expect(res.text).not.toContain(account.token);
      const [row] = await t.db.select().from(businesses).where(eq(businesses.id, user.businessId));
      expect(row!.providerHSMPasswordEnc).not.toContain(account.token);
    });

    it('a refused token is a 400 quoting the provider, and nothing is stored', async () => {
      const user = await createUser(t, { businessVerified: 'accepted' });
      const res = await t.request({
        url: '/business/provider',
        token: user.accessToken,
        body: {
          provider: 'whatsapp-cloud',
          wabaNumber: uniquePhone(),
          wabaProviderId: '123456',
          providerHSMID: '654321',
          providerHSMPassword: 'not-a-token',
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('Invalid OAuth access token');
      const [row] = await t.db.select().from(businesses).where(eq(businesses.id, user.businessId));
      expect(row).toMatchObject({
        provider: null,
        providerHSMID: null,
        providerHSMPasswordEnc: null,
        wabaNumber: null,
      });
    });

    it('a token that does not reach the phone-number id is refused with the provider words', async () => {
      const { account } = await cloudBusiness(t, graph.sim);
      const other = await createUser(t, { businessVerified: 'accepted' });
      const res = await t.request({
        url: '/business/provider',
        token: other.accessToken,
        body: {
          provider: 'whatsapp-cloud',
          wabaNumber: uniquePhone(),
          wabaProviderId: account.wabaId,
          providerHSMID: '999000999',
          providerHSMPassword: account.token,
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("Object with ID '999000999' does not exist");
    });

    it('the WhatsApp Business Account id is required, as digits (400 naming it)', async () => {
      const user = await createUser(t, { businessVerified: 'accepted' });
      const before = graph.sim.requests.length;
      const res = await t.request({
        url: '/business/provider',
        token: user.accessToken,
        body: {
          provider: 'whatsapp-cloud',
          wabaNumber: uniquePhone(),
          providerHSMID: '1',
          providerHSMPassword: 'x',
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields[0].path).toBe('wabaProviderId');
      expect(graph.sim.requests.length).toBe(before);
    });

    it('POST /business/provider/check answers what the provider shows, storing nothing', async () => {
      const user = await createUser(t, { businessVerified: 'accepted' });
      const account = graph.sim.addAccount({
        token: 'check-token',
        wabaId: '7001',
        phoneNumberId: '7002',
        displayPhoneNumber: '+234 803 555 7002',
        verifiedName: 'Check Ltd',
      });
      const res = await t.request({
        url: '/business/provider/check',
        token: user.accessToken,
        body: {
          provider: 'whatsapp-cloud',
          wabaNumber: '+2348035557002',
          wabaProviderId: account.wabaId,
          providerHSMID: account.phoneNumberId,
          providerHSMPassword: account.token,
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        provider: 'whatsapp-cloud',
        checked: true,
        displayPhoneNumber: '+234 803 555 7002',
        verifiedName: 'Check Ltd',
        qualityRating: 'GREEN',
      });
      const [row] = await t.db.select().from(businesses).where(eq(businesses.id, user.businessId));
      expect(row!.provider).toBeNull();
    });
  });

  describe('creating templates', () => {
    it('a Cloud business submits it in the provider format and stores its id as PENDING', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      const input = templateInput('order_update', 2, [
        { type: 'FOOTER', text: 'Reply STOP to opt out' },
        {
          type: 'BUTTONS',
          buttons: [
            {
              type: 'URL',
              text: 'Track',
              url: 'https://shop.example/track/{{1}}',
              example: ['https://shop.example/track/42'],
            },
            { type: 'QUICK_REPLY', text: 'Stop' },
          ],
        },
      ]);
      const res = await t.request({ url: '/templates', token: user.accessToken, body: input });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        name: 'order_update',
        language: 'en_US',
        category: 'MARKETING',
        status: 'PENDING',
        rejectedReason: null,
        provider: 'whatsapp-cloud',
      });
      const submitted = graph.sim.requests.filter(
        (r) => r.method === 'POST' && r.path.endsWith('/message_templates'),
      );
      expect(submitted.at(-1)).toMatchObject({
        path: `/v23.0/${account.wabaId}/message_templates`,
        authorization: `Bearer ${account.token}`,
        contentType: 'application/json',
        body: {
          name: 'order_update',
          language: 'en_US',
          category: 'MARKETING',
          components: input.components,
        },
      });
      const [row] = await t.db.select().from(templates).where(eq(templates.id, res.body.data.id));
      expect(row!.providerTemplateId).toBe([...graph.sim.templates.values()].at(-1)!.id);
      expect(row!.wabaId).toBe(account.wabaId);
    });

    it.each([
      ['name', { ...templateInput('Bad Name') }, 'name'],
      [
        'a gap in the variables',
        {
          ...templateInput('gap'),
          components: [{ type: 'BODY', text: 'Hi {{1}} and {{3}}', example: { body_text: [['a', 'b']] } }],
        },
        'components[0].text',
      ],
      [
        'a missing example',
        { ...templateInput('no_example'), components: [{ type: 'BODY', text: 'Hi {{1}}' }] },
        'components[0].example.body_text',
      ],
      [
        'too many URL buttons',
        {
          ...templateInput('buttons'),
          components: [
            { type: 'BODY', text: 'Hi' },
            {
              type: 'BUTTONS',
              buttons: [1, 2, 3].map((i) => ({
                type: 'URL',
                text: `Link ${i}`,
                url: `https://a.example/${i}`,
              })),
            },
          ],
        },
        'components[1].buttons',
      ],
      [
        'a body too long',
        { ...templateInput('long'), components: [{ type: 'BODY', text: 'x'.repeat(1025) }] },
        'components[0].text',
      ],
      [
        'a footer with a variable',
        {
          ...templateInput('footer'),
          components: [
            { type: 'BODY', text: 'Hi' },
            { type: 'FOOTER', text: 'Bye {{1}}' },
          ],
        },
        'components[1].text',
      ],
      [
        'no body',
        { ...templateInput('nobody'), components: [{ type: 'FOOTER', text: 'Bye' }] },
        'components',
      ],
      [
        'a text header with two variables',
        {
          ...templateInput('header'),
          components: [
            { type: 'HEADER', format: 'TEXT', text: '{{1}} {{2}}', example: { header_text: ['a', 'b'] } },
            { type: 'BODY', text: 'Hi' },
          ],
        },
        'components[0].text',
      ],
    ])('refuses %s with a 400 naming the field, asking the provider nothing', async (_what, body, path) => {
      const { user } = await cloudBusiness(t, graph.sim);
      const before = graph.sim.requests.length;
      const res = await t.request({ url: '/templates', token: user.accessToken, body });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(path);
      expect(graph.sim.requests.length).toBe(before);
      expect(await t.db.select().from(templates).where(eq(templates.businessId, user.businessId))).toEqual(
        [],
      );
    });

    it('a duplicate name and language is a 400 and the provider is not asked twice', async () => {
      const { user } = await cloudBusiness(t, graph.sim);
      expect(
        (await t.request({ url: '/templates', token: user.accessToken, body: templateInput('twice') }))
          .status,
      ).toBe(201);
      const before = graph.sim.requests.length;
      const res = await t.request({
        url: '/templates',
        token: user.accessToken,
        body: templateInput('twice'),
      });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage).toMatchObject({ reason: 'conflict', field: 'name' });
      expect(graph.sim.requests.length).toBe(before);
    });

    it('a gateway business declares its approved text: APPROVED at once, no Cloud call', async () => {
      const user = await createUser(t, { businessVerified: 'accepted' });
      await setMessagingCredentials(t, user.businessId);
      const before = graph.sim.requests.length;
      const res = await t.request({
        url: '/templates',
        token: user.accessToken,
        body: templateInput('gateway_text'),
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ status: 'APPROVED', provider: 'gateway' });
      expect(graph.sim.requests.length).toBe(before);
    });

    it('an unverified business may not use templates (403), and changes nothing', async () => {
      const user = await createUser(t, { businessVerified: 'pending' });
      const res = await t.request({
        url: '/templates',
        token: user.accessToken,
        body: templateInput('nope'),
      });
      expect(res.status).toBe(403);
      expect((await t.request({ url: '/templates', token: user.accessToken })).status).toBe(403);
      expect(await t.db.select().from(templates).where(eq(templates.businessId, user.businessId))).toEqual(
        [],
      );
    });
  });

  describe('reading, deleting and syncing', () => {
    it('lists with filters, reads one, and never shows another tenant', async () => {
      const { user } = await cloudBusiness(t, graph.sim);
      const a = await t.request({
        url: '/templates',
        token: user.accessToken,
        body: templateInput('list_a'),
      });
      await t.request({
        url: '/templates',
        token: user.accessToken,
        body: { ...templateInput('list_b'), category: 'UTILITY', language: 'fr' },
      });
      const all = await t.request({ url: '/templates?pageSize=10', token: user.accessToken });
      expect(all.body.data).toMatchObject({ total: 2, page: 1, pageSize: 10, totalPages: 1 });
      const utility = await t.request({ url: '/templates?category=UTILITY', token: user.accessToken });
      expect(utility.body.data.items.map((x: { name: string }) => x.name)).toEqual(['list_b']);
      const fr = await t.request({ url: '/templates?language=fr&status=PENDING', token: user.accessToken });
      expect(fr.body.data.total).toBe(1);
      expect((await t.request({ url: '/templates?status=NOPE', token: user.accessToken })).status).toBe(400);
      const one = await t.request({ url: `/templates/${a.body.data.id}`, token: user.accessToken });
      expect(one.body.data).toMatchObject({ id: a.body.data.id, name: 'list_a' });

      const other = await cloudBusiness(t, graph.sim);
      expect(
        (await t.request({ url: `/templates/${a.body.data.id}`, token: other.user.accessToken })).status,
      ).toBe(404);
      const del = await t.request({
        method: 'DELETE',
        url: `/templates/${a.body.data.id}`,
        token: other.user.accessToken,
      });
      expect(del.status).toBe(404);
      expect((await t.request({ url: '/templates', token: other.user.accessToken })).body.data.total).toBe(0);
      expect((await t.request({ url: '/templates/not-a-uuid', token: user.accessToken })).status).toBe(400);
      const [still] = await t.db.select().from(templates).where(eq(templates.id, a.body.data.id));
      expect(still).toBeDefined();
    });

    it('delete removes it at the provider too', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      const created = await t.request({
        url: '/templates',
        token: user.accessToken,
        body: templateInput('to_delete'),
      });
      const [row] = await t.db.select().from(templates).where(eq(templates.id, created.body.data.id));
      const res = await t.request({
        method: 'DELETE',
        url: `/templates/${row!.id}`,
        token: user.accessToken,
      });
      expect(res.status).toBe(200);
      const call = graph.sim.requests.find(
        (r) => r.method === 'DELETE' && r.query.hsm_id === row!.providerTemplateId,
      );
      expect(call).toMatchObject({
        path: `/v23.0/${account.wabaId}/message_templates`,
        query: { name: 'to_delete', hsm_id: row!.providerTemplateId },
      });
      expect(graph.sim.templates.has(row!.providerTemplateId!)).toBe(false);
      expect(await t.db.select().from(templates).where(eq(templates.id, row!.id))).toEqual([]);
    });

    it('sync reads every page and upserts by name and language', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      const created = await t.request({
        url: '/templates',
        token: user.accessToken,
        body: templateInput('known'),
      });
      const [known] = await t.db.select().from(templates).where(eq(templates.id, created.body.data.id));
      graph.sim.setTemplateStatus(known!.providerTemplateId!, 'APPROVED');
      for (let i = 0; i < 130; i++)
        graph.sim.addTemplate({
          wabaId: account.wabaId,
          name: `manager_${i}`,
          language: 'en_US',
          category: i % 2 ? 'UTILITY' : 'MARKETING',
          status: i % 3 ? 'APPROVED' : 'REJECTED',
          rejected_reason: i % 3 ? undefined : 'INVALID_FORMAT',
          components: [{ type: 'BODY', text: `Manager ${i}` }],
        });
      const res = await t.request({ method: 'POST', url: '/templates/sync', token: user.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ created: 130, updated: 1, total: 131 });
      const pages = graph.sim.requests.filter(
        (r) => r.method === 'GET' && r.path.endsWith('/message_templates'),
      );
      expect(pages.length).toBeGreaterThanOrEqual(2);
      const rows = await t.db.select().from(templates).where(eq(templates.businessId, user.businessId));
      expect(rows).toHaveLength(131);
      expect(rows.find((r) => r.name === 'known')!.status).toBe('APPROVED');
      expect(rows.find((r) => r.name === 'manager_0')).toMatchObject({
        status: 'REJECTED',
        rejectedReason: 'INVALID_FORMAT',
      });
      const again = await t.request({ method: 'POST', url: '/templates/sync', token: user.accessToken });
      expect(again.body.data).toEqual({ created: 0, updated: 131, total: 131 });
    });

    it('sync tells of each known template whose status changed, once: template.status_changed', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      const created = await t.request({
        url: '/templates',
        token: user.accessToken,
        body: templateInput('moves'),
      });
      expect(created.status, created.text).toBe(201);
      const same = await t.request({
        url: '/templates',
        token: user.accessToken,
        body: templateInput('stays'),
      });
      const [moves] = await t.db.select().from(templates).where(eq(templates.id, created.body.data.id));
      await t.db.execute(sql`
        INSERT INTO webhook_endpoints (business_id, url, event_types, secret)
        VALUES (${user.businessId}, 'https://hooks.example.com/in', ARRAY['template.status_changed'], 'sealed')`);
      graph.sim.setTemplateStatus(moves!.providerTemplateId!, 'REJECTED', 'INVALID_FORMAT');
      graph.sim.addTemplate({
        wabaId: account.wabaId,
        name: 'made_in_manager',
        language: 'en_US',
        category: 'UTILITY',
        status: 'APPROVED',
        components: [{ type: 'BODY', text: 'Hello' }],
      });
      const outbox = () =>
        queryRows<{ payload: unknown }>(
          t.db,
          sql`SELECT payload FROM webhook_deliveries WHERE business_id = ${user.businessId}`,
        );
      for (let i = 0; i < 2; i++) {
        const res = await t.request({ method: 'POST', url: '/templates/sync', token: user.accessToken });
        expect(res.status, res.text).toBe(200);
      }
      const payloads = (await outbox()).map((r) =>
        typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
      );
      expect(payloads).toMatchObject([
        {
          type: 'template.status_changed',
          data: {
            templateId: moves!.id,
            name: 'moves',
            status: 'REJECTED',
            rejectedReason: 'INVALID_FORMAT',
          },
        },
      ]);
      expect(same.status).toBe(201);
    });

    it('sync is for Cloud businesses only (400)', async () => {
      const user = await createUser(t, { businessVerified: 'accepted' });
      await setMessagingCredentials(t, user.businessId);
      const res = await t.request({ method: 'POST', url: '/templates/sync', token: user.accessToken });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('WhatsApp Cloud API');
    });
  });
});
