import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import {
  campaigns,
  conversationMessages,
  conversations,
  templates,
} from '../../src/platform/db/schema/index.js';
import { createContacts, createUser, setMessagingCredentials, uniquePhone } from '../factories.js';
import { useTestApp } from '../harness.js';
import { messagesOf, statusCounts } from '../jobs/helpers.js';
import {
  cloudWebhookBody,
  type GraphAccount,
  type SimTemplate,
  signedHeaders,
} from '../simulators/graph-api.js';
import { APP_SECRET, cloudBusiness, cloudDispatcher, useGraph } from './cloud-support.js';

/**
 * Templates beyond `{{1}}` text: named parameters, copy-code (coupon) buttons and authentication templates,
 * created as the Cloud API takes them, synced as it lists them, and sent in exactly its shape (the simulator
 * refuses a named variable without `parameter_name`, a missing button component, a header on an
 * authentication template). A template the service cannot send is marked so, and refused at publish.
 */
describe('named, copy-code and authentication templates', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);
  let dispatcher: Dispatcher | undefined;
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
  });

  const named = {
    name: 'order_ready',
    language: 'en_US',
    category: 'UTILITY',
    parameter_format: 'NAMED',
    components: [
      {
        type: 'HEADER',
        format: 'TEXT',
        text: 'Order {{order_id}}',
        example: { header_text_named_params: [{ param_name: 'order_id', example: '4521' }] },
      },
      {
        type: 'BODY',
        text: 'Hi {{first_name}}, order {{order_id}} is ready at {{shop}}.',
        example: {
          body_text_named_params: [
            { param_name: 'first_name', example: 'Ada' },
            { param_name: 'order_id', example: '4521' },
            { param_name: 'shop', example: 'Lekki' },
          ],
        },
      },
    ],
  };
  const coupon = {
    name: 'fall_sale',
    language: 'en_US',
    category: 'MARKETING',
    components: [
      { type: 'BODY', text: 'Use code {{1}} for 25% off', example: { body_text: [['FALL25']] } },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Stop offers' },
          { type: 'COPY_CODE', example: 'FALL25' },
        ],
      },
    ],
  };
  const otp = {
    name: 'login_code',
    language: 'en_US',
    category: 'AUTHENTICATION',
    components: [
      { type: 'BODY', add_security_recommendation: true },
      { type: 'FOOTER', code_expiration_minutes: 10 },
      { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
    ],
  };

  const providerCalls = () => graph.sim.requests.length;
  const rowsOf = (businessId: string) =>
    t.db.select().from(templates).where(eq(templates.businessId, businessId));

  describe('creating', () => {
    it('a named template is submitted with parameter_format NAMED and its named examples', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      const res = await t.request({ url: '/templates', token: user.accessToken, body: named });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        parameterFormat: 'NAMED',
        sendable: true,
        unsendableReason: null,
      });
      const submitted = graph.sim.requests.filter(
        (r) => r.path === `/v23.0/${account.wabaId}/message_templates`,
      );
      expect(submitted.at(-1)!.body).toEqual({
        name: 'order_ready',
        language: 'en_US',
        category: 'UTILITY',
        parameter_format: 'NAMED',
        components: named.components,
      });
      expect((await rowsOf(user.businessId))[0]!.parameterFormat).toBe('NAMED');
    });

    it('a coupon template and an authentication template are submitted as Meta takes them', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      for (const body of [coupon, otp]) {
        const res = await t.request({ url: '/templates', token: user.accessToken, body });
        expect(res.status).toBe(201);
        expect(res.body.data).toMatchObject({ status: 'PENDING', sendable: true, category: body.category });
        const submitted = graph.sim.requests.filter(
          (r) => r.path === `/v23.0/${account.wabaId}/message_templates`,
        );
        expect(submitted.at(-1)!.body).toMatchObject({ name: body.name, components: body.components });
      }
    });

    const withButtons = (buttons: Record<string, unknown>[], category = 'MARKETING') => ({
      ...coupon,
      name: 'bad_buttons',
      category,
      components: [coupon.components[0], { type: 'BUTTONS', buttons }],
    });
    const auth = (components: Record<string, unknown>[]) => ({ ...otp, name: 'bad_auth', components });
    it.each([
      [
        'a named template with a number',
        { ...named, components: [{ type: 'BODY', text: 'Hi {{1}}', example: { body_text: [['Ada']] } }] },
        'components[0].text',
      ],
      [
        'a named template without its named examples',
        { ...named, components: [{ type: 'BODY', text: 'Hi {{first_name}}' }] },
        'components[0].example.body_text_named_params',
      ],
      [
        'a named example for a name the text lacks',
        {
          ...named,
          components: [
            {
              type: 'BODY',
              text: 'Hi {{first_name}}',
              example: {
                body_text_named_params: [
                  { param_name: 'first_name', example: 'Ada' },
                  { param_name: 'surname', example: 'Obi' },
                ],
              },
            },
          ],
        },
        'components[0].example.body_text_named_params[1].param_name',
      ],
      [
        'a header named variable without its example',
        { ...named, components: [{ ...named.components[0], example: {} }, named.components[1]] },
        'components[0].example.header_text_named_params',
      ],
      [
        'a name in a positional template',
        { ...coupon, name: 'pos', components: [{ type: 'BODY', text: 'Hi {{first_name}}' }] },
        'components[0].text',
      ],
      [
        'a copy-code button without its example',
        withButtons([{ type: 'COPY_CODE' }]),
        'components[1].buttons[0].example',
      ],
      [
        'a copy-code example over 15 characters',
        withButtons([{ type: 'COPY_CODE', example: 'X'.repeat(16) }]),
        'components[1].buttons[0].example',
      ],
      [
        'two copy-code buttons',
        withButtons([
          { type: 'COPY_CODE', example: 'A' },
          { type: 'COPY_CODE', example: 'B' },
        ]),
        'components[1].buttons',
      ],
      [
        'a copy-code button on a UTILITY template',
        withButtons([{ type: 'COPY_CODE', example: 'A' }], 'UTILITY'),
        'components[1].buttons[0].type',
      ],
      [
        'an OTP button outside AUTHENTICATION',
        withButtons([{ type: 'OTP', otp_type: 'COPY_CODE' }]),
        'components[1].buttons[0].type',
      ],
      [
        'an authentication template with a media header',
        auth([{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['h'] } }, ...otp.components]),
        'components[0].type',
      ],
      [
        'an authentication template with body text of its own',
        auth([{ type: 'BODY', text: 'Your code is {{1}}' }, otp.components[2]!]),
        'components[0].text',
      ],
      [
        'an authentication template with a URL button',
        auth([
          otp.components[0]!,
          { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Open', url: 'https://a.example/x' }] },
        ]),
        'components[1].buttons[0].type',
      ],
      ['an authentication template without its OTP button', auth([otp.components[0]!]), 'components'],
      [
        'a ONE_TAP button without its Android app',
        auth([otp.components[0]!, { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'ONE_TAP' }] }]),
        'components[1].buttons[0].supported_apps',
      ],
      [
        'a ZERO_TAP button without the zero-tap terms',
        auth([
          otp.components[0]!,
          {
            type: 'BUTTONS',
            buttons: [
              {
                type: 'OTP',
                otp_type: 'ZERO_TAP',
                supported_apps: [{ package_name: 'com.example.app', signature_hash: 'K8a/AINcGX7' }],
              },
            ],
          },
        ]),
        'components[1].buttons[0].zero_tap_terms_accepted',
      ],
      [
        'a code expiring after 90 minutes',
        auth([otp.components[0]!, { type: 'FOOTER', code_expiration_minutes: 91 }, otp.components[2]!]),
        'components[1].code_expiration_minutes',
      ],
    ])('refuses %s with a 400 naming the field, asking the provider nothing', async (_what, body, path) => {
      const { user } = await cloudBusiness(t, graph.sim);
      const before = providerCalls();
      const res = await t.request({ url: '/templates', token: user.accessToken, body });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(path);
      expect(providerCalls()).toBe(before);
      expect(await rowsOf(user.businessId)).toEqual([]);
    });

    it('a gateway business may declare a named template, not a copy-code or authentication one', async () => {
      const user = await createUser(t, { businessVerified: 'accepted' });
      await setMessagingCredentials(t, user.businessId);
      const ok = await t.request({ url: '/templates', token: user.accessToken, body: named });
      expect(ok.status).toBe(201);
      expect(ok.body.data).toMatchObject({
        status: 'APPROVED',
        parameterFormat: 'NAMED',
        provider: 'gateway',
      });
      const copy = await t.request({ url: '/templates', token: user.accessToken, body: coupon });
      expect(copy.status).toBe(400);
      expect(copy.body.errorMessage.fields[0].path).toBe('components[1].buttons[1].type');
      const code = await t.request({ url: '/templates', token: user.accessToken, body: otp });
      expect(code.status).toBe(400);
      expect(code.body.errorMessage.fields[0].path).toBe('category');
      expect(await rowsOf(user.businessId)).toHaveLength(1);
    });
  });

  /** A template as made in Meta's manager, APPROVED, copied here by sync. */
  async function synced(
    token: string,
    account: GraphAccount,
    t0: Omit<SimTemplate, 'id' | 'wabaId' | 'status'>,
  ) {
    graph.sim.addTemplate({ ...t0, wabaId: account.wabaId, status: 'APPROVED' });
    const res = await t.request({ method: 'POST', url: '/templates/sync', token });
    expect(res.status).toBe(200);
    const list = await t.request({ url: '/templates?pageSize=100', token });
    return list.body.data.items.find((x: { name: string }) => x.name === t0.name);
  }

  const flowTemplate = {
    name: 'book_visit',
    language: 'en_US',
    category: 'MARKETING',
    components: [
      { type: 'BODY', text: 'Book your visit' },
      { type: 'BUTTONS', buttons: [{ type: 'FLOW', text: 'Book now', flow_id: 123, navigate_screen: 'A' }] },
    ],
  };
  /** An authentication template as Meta lists it once created: its OTP button is a URL button. */
  const listedOtp = {
    name: 'verify_code',
    language: 'en_US',
    category: 'AUTHENTICATION',
    components: [
      { type: 'BODY', text: '*{{1}}* is your verification code. For your security, do not share this code.' },
      { type: 'FOOTER', text: 'This code expires in 5 minutes.' },
      {
        type: 'BUTTONS',
        buttons: [
          {
            type: 'URL',
            text: 'Copy code',
            url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code=otp{{1}}',
          },
        ],
      },
    ],
  };

  describe('syncing', () => {
    it('imports named variables by name and marks what the service cannot send, with why', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      const a = await synced(user.accessToken, account, { ...named, name: 'named_synced' });
      expect(a).toMatchObject({ parameterFormat: 'NAMED', status: 'APPROVED', sendable: true });
      const flow = await synced(user.accessToken, account, flowTemplate);
      expect(flow).toMatchObject({ status: 'APPROVED', sendable: false });
      expect(flow.unsendableReason).toContain('FLOW button');
      const catalog = await synced(user.accessToken, account, {
        ...flowTemplate,
        name: 'catalog_promo',
        components: [
          { type: 'BODY', text: 'See our catalog' },
          { type: 'BUTTONS', buttons: [{ type: 'CATALOG', text: 'View catalog' }] },
        ],
      });
      expect(catalog.unsendableReason).toContain('CATALOG button');
      const legacy = await synced(user.accessToken, account, {
        ...listedOtp,
        name: 'legacy_otp',
        components: [{ type: 'BODY', text: 'Your code is {{1}}' }],
      });
      expect(legacy).toMatchObject({ sendable: false });
      expect(legacy.unsendableReason).toContain('one-time-password button');
      expect(await synced(user.accessToken, account, listedOtp)).toMatchObject({ sendable: true });
      const one = await t.request({ url: `/templates/${flow.id}`, token: user.accessToken });
      expect(one.body.data).toMatchObject({ sendable: false, unsendableReason: flow.unsendableReason });
    });
  });

  async function publish(token: string, body: Record<string, unknown>) {
    return t.request({
      url: '/campaigns',
      token,
      body: {
        name: 'Kinds',
        message: 'Hello',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
        ...body,
      },
    });
  }

  /** Publishes, sends through the simulator, and answers each recipient's send body. */
  async function sent(token: string, account: GraphAccount, count: number, body: Record<string, unknown>) {
    const res = await publish(token, body);
    expect(res.status).toBe(201);
    dispatcher = cloudDispatcher(t).start();
    await vi.waitFor(async () => expect(await statusCounts(t, res.body.data.id)).toEqual({ sent: count }), {
      timeout: 15_000,
    });
    const ids = new Set((await messagesOf(t, res.body.data.id)).map((m) => m.id));
    return graph.sim.sent
      .filter(
        (s) => s.phoneNumberId === account.phoneNumberId && ids.has(String(s.body.biz_opaque_callback_data)),
      )
      .map((s) => s.body);
  }

  describe('campaigns', () => {
    it('an unsendable template is refused at publish, saying why; nothing is published', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim, { credits: '100' });
      await createContacts(t, user.businessId, 1);
      const flow = await synced(user.accessToken, account, flowTemplate);
      const res = await publish(user.accessToken, { templateId: flow.id });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields[0].path).toBe('templateId');
      expect(res.body.message).toContain('cannot be sent');
      expect(res.body.message).toContain('FLOW button');
      expect(await t.db.select().from(campaigns).where(eq(campaigns.businessId, user.businessId))).toEqual(
        [],
      );
    });

    it('a named template maps each name and sends each parameter with its parameter_name', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim, { credits: '100' });
      const people = await createContacts(t, user.businessId, 2);
      const tpl = await synced(user.accessToken, account, named);
      const missing = await publish(user.accessToken, {
        templateId: tpl.id,
        templateParameters: {
          header: { order_id: { text: '77' } },
          body: { first_name: { field: 'firstName' } },
        },
      });
      expect(missing.status).toBe(400);
      expect(missing.body.errorMessage.fields.map((f: { path: string }) => f.path)).toEqual([
        'templateParameters.body.order_id',
        'templateParameters.body.shop',
      ]);
      const list = await publish(user.accessToken, {
        templateId: tpl.id,
        templateParameters: { header: [{ text: '77' }], body: [{ field: 'firstName' }] },
      });
      expect(list.status).toBe(400);
      expect(list.body.errorMessage.fields[0].path).toBe('templateParameters.header');
      const bodies = await sent(user.accessToken, account, 2, {
        templateId: tpl.id,
        templateParameters: {
          header: { order_id: { text: '77' } },
          body: { first_name: { field: 'firstName' }, order_id: { text: '77' }, shop: { text: 'Lekki' } },
        },
      });
      for (const person of people) {
        const body = bodies.find((b) => b.to === person.phoneNumber.replace(/\D/g, ''))!;
        expect(body.template).toEqual({
          name: 'order_ready',
          language: { code: 'en_US' },
          components: [
            { type: 'header', parameters: [{ type: 'text', parameter_name: 'order_id', text: '77' }] },
            {
              type: 'body',
              parameters: [
                { type: 'text', parameter_name: 'first_name', text: person.firstName },
                { type: 'text', parameter_name: 'order_id', text: '77' },
                { type: 'text', parameter_name: 'shop', text: 'Lekki' },
              ],
            },
          ],
        });
      }
    });

    it('a coupon template sends its code in a copy_code button component', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim, { credits: '100' });
      await createContacts(t, user.businessId, 1);
      const tpl = await synced(user.accessToken, account, coupon);
      const none = await publish(user.accessToken, {
        templateId: tpl.id,
        templateParameters: { body: [{ text: 'FALL25' }] },
      });
      expect(none.status).toBe(400);
      expect(none.body.errorMessage.fields[0].path).toBe('templateParameters.code');
      const long = await publish(user.accessToken, {
        templateId: tpl.id,
        templateParameters: { body: [{ text: 'FALL25' }], code: { text: 'X'.repeat(16) } },
      });
      expect(long.status).toBe(400);
      expect(long.body.errorMessage.fields[0].path).toBe('templateParameters.code');
      const [body] = await sent(user.accessToken, account, 1, {
        templateId: tpl.id,
        templateParameters: { body: [{ text: 'FALL25' }], code: { text: 'FALL25' } },
      });
      expect(body!.template).toEqual({
        name: 'fall_sale',
        language: { code: 'en_US' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: 'FALL25' }] },
          {
            type: 'button',
            sub_type: 'copy_code',
            index: '1',
            parameters: [{ type: 'coupon_code', coupon_code: 'FALL25' }],
          },
        ],
      });
    });

    it('an authentication template sends its code in the body and the button, made here or synced', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim, { credits: '100' });
      const [person] = await createContacts(t, user.businessId, 1);
      const made = await t.request({ url: '/templates', token: user.accessToken, body: otp });
      const [row] = await t.db.select().from(templates).where(eq(templates.id, made.body.data.id));
      graph.sim.setTemplateStatus(row!.providerTemplateId!, 'APPROVED');
      await t.db.update(templates).set({ status: 'APPROVED' }).where(eq(templates.id, row!.id));
      const code = { type: 'text', text: person!.phoneNumber };
      const expected = (name: string) => ({
        name,
        language: { code: 'en_US' },
        components: [
          { type: 'body', parameters: [code] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [code] },
        ],
      });
      // As made here (an OTP button, no body text), then as Meta lists it (a URL button, its preset text).
      const [first] = await sent(user.accessToken, account, 1, {
        templateId: row!.id,
        templateParameters: { code: { field: 'phoneNumber' } },
      });
      expect(first!.template).toEqual(expected('login_code'));
      await dispatcher?.stop();
      dispatcher = undefined;
      const listed = await synced(user.accessToken, account, listedOtp);
      const withBody = await publish(user.accessToken, {
        templateId: listed.id,
        templateParameters: { body: [{ text: '123456' }] },
      });
      expect(withBody.status).toBe(400);
      expect(withBody.body.errorMessage.fields.map((f: { path: string }) => f.path)).toEqual([
        'templateParameters.body',
        'templateParameters.code',
      ]);
      const [second] = await sent(user.accessToken, account, 1, {
        templateId: listed.id,
        templateParameters: { code: { field: 'phoneNumber' } },
      });
      expect(second!.template).toEqual(expected('verify_code'));
    });
  });

  describe('the simulator refuses what Meta refuses', () => {
    const send = (account: GraphAccount, template: Record<string, unknown>) =>
      graph.adapter.send(
        { userId: account.phoneNumberId, password: account.token, provider: 'whatsapp-cloud' },
        { to: '+2348030000001', text: '', template: template as never },
      );

    it('a named variable without parameter_name, a copy-code button left out, a header on an OTP', async () => {
      const { account } = await cloudBusiness(t, graph.sim);
      for (const tpl of [named, coupon, listedOtp])
        graph.sim.addTemplate({
          ...tpl,
          name: `sim_${tpl.name}`,
          wabaId: account.wabaId,
          status: 'APPROVED',
        });
      await expect(
        send(account, {
          name: 'sim_order_ready',
          language: 'en_US',
          components: [
            { type: 'header', parameters: [{ type: 'text', text: '77' }] },
            { type: 'body', parameters: ['Ada', '77', 'Lekki'].map((text) => ({ type: 'text', text })) },
          ],
        }),
      ).rejects.toMatchObject({ code: '132000' });
      await expect(
        send(account, {
          name: 'sim_fall_sale',
          language: 'en_US',
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'FALL25' }] }],
        }),
      ).rejects.toMatchObject({ code: '131008' });
      await expect(
        send(account, {
          name: 'sim_verify_code',
          language: 'en_US',
          components: [
            { type: 'header', parameters: [{ type: 'image', image: { link: 'https://a.example/x.png' } }] },
            { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '123456' }] },
          ],
        }),
      ).rejects.toMatchObject({ code: '132000' });
    });
  });

  describe('replies', () => {
    it('a reply with a named template is sent with parameter_name; an unsendable one is a 400', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      const from = uniquePhone().replace(/\D/g, '');
      const inbound = cloudWebhookBody(account.wabaId, 'messages', {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: '15550001234', phone_number_id: account.phoneNumberId },
        contacts: [{ wa_id: from, profile: { name: 'Tunde Bello' } }],
        messages: [
          {
            from,
            id: `wamid.in.kinds.${from}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: 'Hi' },
          },
        ],
      });
      expect(
        (
          await t.request({
            url: '/webhooks/whatsapp-cloud',
            headers: signedHeaders(APP_SECRET, inbound),
            payload: inbound,
          })
        ).status,
      ).toBe(200);
      const conversation = await vi.waitFor(async () => {
        const [row] = await t.db
          .select()
          .from(conversations)
          .where(eq(conversations.businessId, user.businessId));
        expect(row).toBeDefined();
        return row!;
      });
      const tpl = await synced(user.accessToken, account, { ...named, name: 'reply_named' });
      const flow = await synced(user.accessToken, account, flowTemplate);
      const refused = await t.request({
        url: `/conversations/${conversation.id}/messages`,
        token: user.accessToken,
        body: { templateId: flow.id },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errorMessage.fields[0].path).toBe('templateId');
      dispatcher = cloudDispatcher(t).start();
      const res = await t.request({
        url: `/conversations/${conversation.id}/messages`,
        token: user.accessToken,
        body: {
          templateId: tpl.id,
          templateParameters: {
            header: { order_id: { text: '9' } },
            body: { first_name: { field: 'firstName' }, order_id: { text: '9' }, shop: { text: 'Ikeja' } },
          },
        },
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
        { timeout: 10_000, interval: 50 },
      );
      const body = graph.sim.sent.find((s) => s.body.biz_opaque_callback_data === res.body.data.id)!.body;
      expect((body.template as { components: unknown[] }).components[1]).toEqual({
        type: 'body',
        parameters: [
          { type: 'text', parameter_name: 'first_name', text: 'Tunde' },
          { type: 'text', parameter_name: 'order_id', text: '9' },
          { type: 'text', parameter_name: 'shop', text: 'Ikeja' },
        ],
      });
    });
  });
});
