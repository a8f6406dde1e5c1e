import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sendPendingAutomation } from '../../src/modules/automation/index.js';
import { claimReplies, replyOutboundOf } from '../../src/modules/conversations/index.js';
import { auditLog, conversationMessages, conversations } from '../../src/platform/db/schema/index.js';
import { createUser, setMessagingCredentials, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

const SECRET = 'gateway-callback-token-0123456789';

/**
 * Automated answers (issue 37): rules and their routes, and what the engine does to what contacts write
 * through the gateway's callback (replies are queued as a member's are; no dispatcher runs here).
 */
describe('automation', () => {
  const t = useTestApp({ env: { MESSAGING_WEBHOOK_SECRET: SECRET } });

  let seq = 0;
  const waNumber = () => `23490${String(50_000_000 + ++seq).slice(-8)}`;
  const mobile = () => `23481${String(60_000_000 + ++seq).slice(-8)}`;

  async function business() {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '100' });
    const number = waNumber();
    await setMessagingCredentials(t, user.businessId, {
      wabaNumber: number,
      userId: 'hsm-user',
      password: 'hsm-password',
    });
    return { user, number };
  }

  let clock = Math.floor(Date.now() / 1000) - 3000;
  /** The contact writes (each message a second later than the one before, all in the past). */
  async function writes(number: string, from: string, text: string, extra: Record<string, unknown> = {}) {
    const res = await t.request({
      url: '/webhooks/messaging-provider',
      body: {
        waNumber: number,
        mobile: from,
        name: 'Ada Obi',
        type: 'text',
        text,
        timestamp: String(++clock),
        ...extra,
      },
      headers: { 'x-webhook-token': SECRET },
    });
    expect(res.status).toBe(200);
    // What the worker's automation job does after the webhook answered.
    await sendPendingAutomation(t.deps);
  }

  const rule = (user: TestUser, body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/automation/rules', token: user.accessToken, body });

  async function conversationOf(user: TestUser, from: string) {
    const [row] = await t.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.businessId, user.businessId), eq(conversations.phoneNumber, `+${from}`)));
    return row!;
  }

  async function automated(user: TestUser, from: string) {
    const conversation = await conversationOf(user, from);
    return t.db
      .select()
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.conversationId, conversation.id),
          isNotNull(conversationMessages.automationRuleId),
        ),
      )
      .orderBy(conversationMessages.seq);
  }

  const price = {
    name: 'Prices',
    trigger: 'keyword',
    matchMode: 'contains',
    pattern: 'precio',
    reply: { text: 'Our prices: ...' },
  };

  describe('rules', () => {
    it('creates, lists with uses, changes, switches and deletes a rule, each audited', async () => {
      const { user } = await business();
      const created = await rule(user, price);
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ name: 'Prices', enabled: true, usesCount: 0, priority: 0 });
      const id = created.body.data.id;
      const patched = await t.request({
        method: 'PATCH',
        url: `/automation/rules/${id}`,
        token: user.accessToken,
        body: { priority: 5 },
      });
      expect(patched.body.data).toMatchObject({ priority: 5, pattern: 'precio' });
      const off = await t.request({
        method: 'POST',
        url: `/automation/rules/${id}/disable`,
        token: user.accessToken,
      });
      expect(off.body.data.enabled).toBe(false);
      const on = await t.request({
        method: 'POST',
        url: `/automation/rules/${id}/enable`,
        token: user.accessToken,
      });
      expect(on.body.data.enabled).toBe(true);
      const list = await t.request({ url: '/automation/rules', token: user.accessToken });
      expect(list.body.data.items).toEqual([expect.objectContaining({ id, usesCount: 0 })]);
      const gone = await t.request({
        method: 'DELETE',
        url: `/automation/rules/${id}`,
        token: user.accessToken,
      });
      expect(gone.status).toBe(200);
      expect((await t.request({ url: `/automation/rules/${id}`, token: user.accessToken })).status).toBe(404);
      const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, id))).map(
        (e) => e.action,
      );
      expect(actions.sort()).toEqual([
        'automation_rule.created',
        'automation_rule.deleted',
        'automation_rule.disabled',
        'automation_rule.enabled',
        'automation_rule.updated',
      ]);
    });

    it('business hours and settings are saved, read back and audited; bad input is refused by field', async () => {
      const { user } = await business();
      const empty = await t.request({ url: '/automation/business-hours', token: user.accessToken });
      expect(empty.body.data).toBeNull();
      const defaults = await t.request({ url: '/automation/settings', token: user.accessToken });
      expect(defaults.body.data).toEqual({
        optOutWords: ['STOP', 'UNSUBSCRIBE', 'OPT OUT'],
        cooldownSeconds: 3600,
        dailyCap: 10,
        configured: false,
      });
      const week = {
        mon: [{ open: '09:00', close: '17:00' }],
        tue: [],
        wed: [],
        thu: [],
        fri: [],
        sat: [],
        sun: [],
      };
      for (const [body, path] of [
        [{ timeZone: 'Mars/Olympus', week }, 'timeZone'],
        [
          { timeZone: 'Africa/Lagos', week: { ...week, mon: [{ open: '17:00', close: '09:00' }] } },
          'week.mon.0.close',
        ],
        [
          { timeZone: 'Africa/Lagos', week: { ...week, mon: [{ open: '9:00', close: '17:00' }] } },
          'week.mon.0.open',
        ],
      ] as const) {
        const res = await t.request({
          method: 'PUT',
          url: '/automation/business-hours',
          token: user.accessToken,
          body,
        });
        expect(res.status, path).toBe(400);
        expect(res.body.errorMessage.fields[0].path).toBe(path);
      }
      const saved = await t.request({
        method: 'PUT',
        url: '/automation/business-hours',
        token: user.accessToken,
        body: { timeZone: 'Africa/Lagos', week },
      });
      expect(saved.status).toBe(200);
      const settings = await t.request({
        method: 'PUT',
        url: '/automation/settings',
        token: user.accessToken,
        body: { dailyCap: 3 },
      });
      expect(settings.body.data).toMatchObject({ dailyCap: 3, cooldownSeconds: 3600, configured: true });
      // First saved without words: today's words and their usual translations.
      expect(settings.body.data.optOutWords).toEqual(
        expect.arrayContaining(['STOP', 'UNSUBSCRIBE', 'BAJA', 'ARRET']),
      );
      const refused = await t.request({
        method: 'PUT',
        url: '/automation/settings',
        token: user.accessToken,
        body: { dailyCap: 0 },
      });
      expect(refused.body.errorMessage.fields[0].path).toBe('dailyCap');
      const actions = (
        await t.db.select().from(auditLog).where(eq(auditLog.businessId, user.businessId))
      ).map((e) => e.action);
      expect(actions.sort()).toEqual(['automation_settings.updated', 'business_hours.updated']);
    });

    it("another tenant's rule id is a 404 on every route, and changes nothing", async () => {
      const { user } = await business();
      const { user: other } = await business();
      const id = (await rule(user, price)).body.data.id;
      for (const [method, url, body] of [
        ['GET', `/automation/rules/${id}`, undefined],
        ['PATCH', `/automation/rules/${id}`, { name: 'Mine' }],
        ['POST', `/automation/rules/${id}/disable`, undefined],
        ['POST', `/automation/rules/${id}/enable`, undefined],
        ['DELETE', `/automation/rules/${id}`, undefined],
      ] as const) {
        const res = await t.request({ method, url, token: other.accessToken, body });
        expect(res.status, `${method} ${url}`).toBe(404);
      }
      const still = await t.request({ url: `/automation/rules/${id}`, token: user.accessToken });
      expect(still.body.data).toMatchObject({ name: 'Prices', enabled: true });
    });

    it('refuses a rule missing what its trigger needs, or with a broken expression, naming the field', async () => {
      const { user } = await business();
      for (const [body, path] of [
        [{ ...price, matchMode: undefined }, 'matchMode'],
        [{ ...price, pattern: undefined }, 'pattern'],
        [{ ...price, matchMode: 'regex', pattern: '(unclosed' }, 'pattern'],
        [{ name: 'Menu', trigger: 'choice', reply: { text: 'x' } }, 'choiceId'],
        [{ ...price, reply: { mediaKey: 'uploads/none.png' } }, 'reply.mediaKey'],
        [
          { ...price, activeFrom: '2030-01-02T00:00:00Z', activeUntil: '2030-01-01T00:00:00Z' },
          'activeUntil',
        ],
      ] as const) {
        const res = await rule(user, body);
        expect(res.status, path).toBe(400);
        expect(res.body.errorMessage.fields[0].path).toBe(path);
      }
      expect((await t.request({ url: '/automation/rules', token: user.accessToken })).body.data.total).toBe(
        0,
      );
    });
  });

  describe("Meta's limits on buttons and lists", () => {
    const button = (n: number, title = `Option ${n}`) => ({ id: `opt-${n}`, title });
    const buttons = (over: Record<string, unknown> = {}) => ({
      type: 'buttons',
      body: 'Choose one',
      buttons: [button(1), button(2)],
      ...over,
    });
    const row = (n: number, over: Record<string, unknown> = {}) => ({
      id: `row-${n}`,
      title: `Row ${n}`,
      ...over,
    });
    const list = (over: Record<string, unknown> = {}) => ({
      type: 'list',
      body: 'Our menu',
      button: 'See menu',
      sections: [{ title: 'Food', rows: [row(1), row(2)] }],
      ...over,
    });
    const cases: [string, Record<string, unknown>, string][] = [
      ['no button', buttons({ buttons: [] }), 'reply.interactive.buttons'],
      ['four buttons', buttons({ buttons: [1, 2, 3, 4].map((n) => button(n)) }), 'reply.interactive.buttons'],
      [
        'a button title over 20',
        buttons({ buttons: [button(1, 'x'.repeat(21))] }),
        'reply.interactive.buttons.0.title',
      ],
      [
        'a button id over 256',
        buttons({ buttons: [{ id: 'i'.repeat(257), title: 'A' }] }),
        'reply.interactive.buttons.0.id',
      ],
      [
        'two buttons with one id',
        buttons({
          buttons: [
            { id: 'a', title: 'A' },
            { id: 'a', title: 'B' },
          ],
        }),
        'reply.interactive.buttons.1.id',
      ],
      [
        'two buttons with one title',
        buttons({
          buttons: [
            { id: 'a', title: 'A' },
            { id: 'b', title: 'A' },
          ],
        }),
        'reply.interactive.buttons.1.title',
      ],
      ['a buttons body over 1024', buttons({ body: 'b'.repeat(1025) }), 'reply.interactive.body'],
      ['a list button label over 20', list({ button: 'l'.repeat(21) }), 'reply.interactive.button'],
      [
        'a list with no row',
        list({ sections: [{ title: 'Food', rows: [] }] }),
        'reply.interactive.sections.0.rows',
      ],
      [
        'eleven rows across sections',
        list({
          sections: [
            { title: 'A', rows: [1, 2, 3, 4, 5, 6].map((n) => row(n)) },
            { title: 'B', rows: [7, 8, 9, 10, 11].map((n) => row(n)) },
          ],
        }),
        'reply.interactive.sections',
      ],
      [
        'a row title over 24',
        list({ sections: [{ title: 'A', rows: [row(1, { title: 't'.repeat(25) })] }] }),
        'reply.interactive.sections.0.rows.0.title',
      ],
      [
        'a row description over 72',
        list({ sections: [{ title: 'A', rows: [row(1, { description: 'd'.repeat(73) })] }] }),
        'reply.interactive.sections.0.rows.0.description',
      ],
      [
        'a section title over 24',
        list({ sections: [{ title: 's'.repeat(25), rows: [row(1)] }] }),
        'reply.interactive.sections.0.title',
      ],
      [
        'a row id over 200',
        list({ sections: [{ title: 'A', rows: [row(1, { id: 'r'.repeat(201) })] }] }),
        'reply.interactive.sections.0.rows.0.id',
      ],
      [
        'two rows with one id',
        list({ sections: [{ title: 'A', rows: [row(1), row(1, { title: 'Other' })] }] }),
        'reply.interactive.sections.0.rows.1.id',
      ],
    ];
    it.each(cases)(
      'refuses %s with a 400 naming the field, storing nothing',
      async (_name, interactive, path) => {
        const { user } = await business();
        const res = await rule(user, { name: 'Menu', trigger: 'welcome', reply: { interactive } });
        expect(res.status).toBe(400);
        expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(path);
        expect((await t.request({ url: '/automation/rules', token: user.accessToken })).body.data.total).toBe(
          0,
        );
      },
    );

    it('takes buttons and a list at the limits', async () => {
      const { user } = await business();
      const atLimits = [
        buttons({
          body: 'b'.repeat(1024),
          buttons: [1, 2, 3].map((n) => ({ id: `${n}`.padEnd(256, 'i'), title: `${n}`.padEnd(20, 't') })),
        }),
        list({
          button: 'l'.repeat(20),
          sections: [
            {
              title: 's'.repeat(24),
              rows: [1, 2, 3, 4, 5].map((n) =>
                row(n, {
                  id: `${n}`.padEnd(200, 'r'),
                  title: `${n}`.padEnd(24, 't'),
                  description: 'd'.repeat(72),
                }),
              ),
            },
            { title: 'Second', rows: [6, 7, 8, 9, 10].map((n) => row(n)) },
          ],
        }),
      ];
      for (const interactive of atLimits)
        expect((await rule(user, { name: 'Menu', trigger: 'welcome', reply: { interactive } })).status).toBe(
          201,
        );
    });
  });

  describe('the engine', () => {
    it('answers a keyword, case and accents ignored, through the reply queue, marked with its rule', async () => {
      const { user, number } = await business();
      const id = (await rule(user, price)).body.data.id;
      const from = mobile();
      await writes(number, from, 'Quel est le PRÉCIO ?');
      const [reply] = await automated(user, from);
      expect(reply).toMatchObject({
        direction: 'out',
        type: 'text',
        text: 'Our prices: ...',
        status: 'queued',
        automationRuleId: id,
        automationRuleName: 'Prices',
      });
      // Billed like a member's reply, and shown in the thread as automated.
      expect(reply!.transactionId).not.toBeNull();
      const conversation = await conversationOf(user, from);
      const thread = await t.request({
        url: `/conversations/${conversation.id}/messages`,
        token: user.accessToken,
      });
      expect(thread.body.data.items[0]).toMatchObject({ automation: { ruleId: id, ruleName: 'Prices' } });
      const listed = await t.request({ url: `/automation/rules/${id}`, token: user.accessToken });
      expect(listed.body.data.usesCount).toBe(1);
    });

    it('picks the highest priority between matching keywords', async () => {
      const { user, number } = await business();
      await rule(user, { ...price, name: 'Low', priority: 1, reply: { text: 'low' } });
      await rule(user, { ...price, name: 'High', priority: 9, reply: { text: 'high' } });
      const from = mobile();
      await writes(number, from, 'precio');
      expect((await automated(user, from)).map((m) => m.text)).toEqual(['high']);
    });

    it('a backtracking expression is stopped by its time limit: no reply, the message kept', async () => {
      const { user, number } = await business();
      await rule(user, { ...price, name: 'Evil', matchMode: 'regex', pattern: '^(a+)+$' });
      const from = mobile();
      const started = performance.now();
      await writes(number, from, `${'a'.repeat(40)}!`);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(await automated(user, from)).toHaveLength(0);
      const conversation = await conversationOf(user, from);
      expect(conversation.lastMessageText).toBe(`${'a'.repeat(40)}!`);
    });

    it('the cooldown stops a loop with an auto-responder answering every message', async () => {
      const { user, number } = await business();
      await rule(user, {
        name: 'Thanks',
        trigger: 'keyword',
        matchMode: 'contains',
        pattern: 'thank',
        reply: { text: 'Thank you for writing!' },
      });
      const from = mobile();
      // The contact's own auto-responder answers each of our messages with the same words.
      for (let i = 0; i < 6; i++)
        await writes(number, from, 'Thank you for your message, we will answer soon');
      expect(await automated(user, from)).toHaveLength(1);
    });

    it('the daily cap limits a contact across rules and cooldowns', async () => {
      const { user, number } = await business();
      await t.request({
        method: 'PUT',
        url: '/automation/settings',
        token: user.accessToken,
        body: { dailyCap: 2, cooldownSeconds: 0 },
      });
      await rule(user, price);
      const from = mobile();
      for (let i = 0; i < 5; i++) await writes(number, from, `precio ${i}`);
      expect(await automated(user, from)).toHaveLength(2);
    });

    it('welcomes only the first message a contact ever sends', async () => {
      const { user, number } = await business();
      await rule(user, {
        name: 'Hello',
        trigger: 'welcome',
        cooldownSeconds: 0,
        reply: { text: 'Welcome!' },
      });
      const from = mobile();
      await writes(number, from, 'hi');
      await writes(number, from, 'hi again');
      expect((await automated(user, from)).map((m) => m.text)).toEqual(['Welcome!']);
    });

    it('sends the away message outside business hours only', async () => {
      const { user, number } = await business();
      await rule(user, { name: 'Away', trigger: 'away', reply: { text: 'We are closed' } });
      const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
      const always = Object.fromEntries(
        Object.keys(closed).map((d) => [d, [{ open: '00:00', close: '24:00' }]]),
      );
      const hours = (week: unknown) =>
        t.request({
          method: 'PUT',
          url: '/automation/business-hours',
          token: user.accessToken,
          body: { timeZone: 'Africa/Lagos', week },
        });
      expect((await hours(always)).status).toBe(200);
      const open = mobile();
      await writes(number, open, 'anyone there?');
      expect(await automated(user, open)).toHaveLength(0);
      await hours(closed);
      const late = mobile();
      await writes(number, late, 'anyone there?');
      expect((await automated(user, late)).map((m) => m.text)).toEqual(['We are closed']);
      const got = await t.request({ url: '/automation/business-hours', token: user.accessToken });
      expect(got.body.data).toEqual({ timeZone: 'Africa/Lagos', week: closed });
    });

    it("a member's answer stops automation until the contact writes after the conversation was closed", async () => {
      const { user, number } = await business();
      await rule(user, { ...price, cooldownSeconds: 0 });
      const from = mobile();
      await writes(number, from, 'precio?');
      expect(await automated(user, from)).toHaveLength(1);
      const conversation = await conversationOf(user, from);
      const answered = await t.request({
        method: 'POST',
        url: `/conversations/${conversation.id}/messages`,
        token: user.accessToken,
        body: { text: 'I can help' },
      });
      expect(answered.status).toBe(201);
      await writes(number, from, 'precio please');
      expect(await automated(user, from)).toHaveLength(1);
      await t.request({
        method: 'PATCH',
        url: `/conversations/${conversation.id}`,
        token: user.accessToken,
        body: { status: 'closed' },
      });
      await writes(number, from, 'precio now?');
      expect(await automated(user, from)).toHaveLength(2);
    });

    it('a rule switched off answers nothing, and its queued replies are not sent', async () => {
      const { user, number } = await business();
      const id = (await rule(user, { ...price, cooldownSeconds: 0 })).body.data.id;
      const from = mobile();
      await writes(number, from, 'precio');
      expect(await automated(user, from)).toHaveLength(1);
      await t.request({ method: 'POST', url: `/automation/rules/${id}/disable`, token: user.accessToken });
      await writes(number, from, 'precio again');
      expect(await automated(user, from)).toHaveLength(1);
      // The reply queued before is re-read when sent: refused, not sent.
      const claimed = await claimReplies(t.db, { limit: 100, workerId: 'test', leaseMs: 60_000 });
      const mine = claimed.find((c) => c.automationRuleId === id)!;
      const out = await replyOutboundOf(t.deps, mine);
      expect(out).toMatchObject({ message: null, refusal: 'Not sent: its automation rule was switched off' });
    });

    it('an opted-out contact gets the confirmation only; its own opt-out words once a business sets them', async () => {
      const { user, number } = await business();
      await rule(user, {
        name: 'Any',
        trigger: 'keyword',
        matchMode: 'regex',
        pattern: '.',
        cooldownSeconds: 0,
        reply: { text: 'auto' },
      });
      const from = mobile();
      await writes(number, from, 'STOP');
      await writes(number, from, 'precio');
      expect(await automated(user, from)).toHaveLength(0);
      await writes(number, from, 'START');
      await writes(number, from, 'hello');
      expect(await automated(user, from)).toHaveLength(1);
      // Not configured, BAJA is a plain message as before; configured, it opts out (accents ignored).
      const other = mobile();
      await writes(number, other, 'baja');
      expect(await automated(user, other)).toHaveLength(1);
      const saved = await t.request({
        method: 'PUT',
        url: '/automation/settings',
        token: user.accessToken,
        body: { optOutWords: ['Bája', 'STOP'] },
      });
      expect(saved.body.data).toMatchObject({
        optOutWords: ['BÁJA', 'STOP'],
        configured: true,
        cooldownSeconds: 3600,
      });
      const third = mobile();
      await writes(number, third, 'BAJA');
      await writes(number, third, 'hello');
      expect(await automated(user, third)).toHaveLength(0);
    });

    it('a button choice triggers the rule of its id', async () => {
      const { user, number } = await business();
      await rule(user, {
        name: 'Sizes',
        trigger: 'choice',
        choiceId: 'menu-sizes',
        reply: { text: 'S, M, L' },
      });
      const from = mobile();
      await writes(number, from, 'Sizes', {
        type: 'button',
        button: { text: 'Sizes', payload: 'menu-sizes' },
      });
      expect((await automated(user, from)).map((m) => m.text)).toEqual(['S, M, L']);
    });

    it('buttons outside the window are refused naming interactive, nothing queued or billed', async () => {
      const { user, number } = await business();
      const from = mobile();
      await writes(number, from, 'hi');
      const conversation = await conversationOf(user, from);
      await t.db
        .update(conversations)
        .set({ lastInboundAt: new Date(Date.now() - 25 * 3600_000) })
        .where(eq(conversations.id, conversation.id));
      const res = await t.request({
        method: 'POST',
        url: `/conversations/${conversation.id}/messages`,
        token: user.accessToken,
        body: { interactive: { type: 'buttons', body: 'Pick one', buttons: [{ id: 'a', title: 'Yes' }] } },
      });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields[0].path).toBe('interactive');
      const out = await t.db
        .select()
        .from(conversationMessages)
        .where(
          and(
            eq(conversationMessages.conversationId, conversation.id),
            eq(conversationMessages.direction, 'out'),
          ),
        );
      expect(out).toHaveLength(0);
    });

    it('a member can send reply buttons inside the window; the thread shows them', async () => {
      const { user, number } = await business();
      const from = mobile();
      await writes(number, from, 'hi');
      const conversation = await conversationOf(user, from);
      const res = await t.request({
        method: 'POST',
        url: `/conversations/${conversation.id}/messages`,
        token: user.accessToken,
        body: {
          interactive: {
            type: 'buttons',
            body: 'Pick one',
            buttons: [
              { id: 'a', title: 'Yes' },
              { id: 'b', title: 'No' },
            ],
          },
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        type: 'interactive',
        text: 'Pick one',
        interactive: {
          type: 'button',
          body: { text: 'Pick one' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'a', title: 'Yes' } },
              { type: 'reply', reply: { id: 'b', title: 'No' } },
            ],
          },
        },
        automation: null,
      });
    });
  });
});
