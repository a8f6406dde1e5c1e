import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MessagingWebhookService } from '../../src/modules/webhooks/messaging.service.js';
import { conversationMessages, conversations, webhookEvents } from '../../src/platform/db/schema/index.js';
import { uniquePhone } from '../factories.js';
import { useTestApp } from '../harness.js';
import type { GraphAccount } from '../simulators/graph-api.js';
import { cloudWebhookBody, signedHeaders } from '../simulators/graph-api.js';
import { APP_SECRET, cloudBusiness, useGraph } from './cloud-support.js';

/**
 * How a Cloud delivery's messages are kept: in their conversations (their own inbox, by event key); in the
 * webhook inbox as failed, for the retry sweep, only when they could not be kept; a 503 (Meta sends them
 * again) when they could be neither kept nor recorded. Failures are the database's own: a trigger
 * refuses the rows of the business under test.
 */
describe('the Cloud webhook inbox for messages', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);

  const post = (body: string) =>
    t.request({ url: '/webhooks/whatsapp-cloud', headers: signedHeaders(APP_SECRET, body), payload: body });

  let seq = 0;
  function messagesBody(account: GraphAccount, from: string, texts: string[]) {
    const ids = texts.map(() => `wamid.inbox.${++seq}`);
    const body = cloudWebhookBody(account.wabaId, 'messages', {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '15550001234', phone_number_id: account.phoneNumberId },
      contacts: [{ wa_id: from, profile: { name: 'Tunde Bello' } }],
      messages: texts.map((text, i) => ({
        from,
        id: ids[i],
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: text },
      })),
    });
    return { body, keys: ids.map((id) => `cloud:${account.phoneNumberId}:${id}`) };
  }

  const eventsOf = (account: GraphAccount) =>
    t.db
      .select()
      .from(webhookEvents)
      .where(like(webhookEvents.eventKey, `cloud:${account.phoneNumberId}:%`))
      .orderBy(webhookEvents.eventKey);
  const textsOf = async (businessId: string) =>
    (
      await t.db
        .select({ text: conversationMessages.text })
        .from(conversationMessages)
        .where(eq(conversationMessages.businessId, businessId))
        .orderBy(conversationMessages.seq)
    ).map((r) => r.text);

  /** Makes the database refuse inserts into `table` for rows whose `column` equals `value`, until dropped. */
  async function refuse(table: string, column: string, value: string) {
    const name = `refuse_${table}_${++seq}`;
    await t.db.execute(
      sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.${column}::text LIKE '${value}' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW; END $$`),
    );
    await t.db.execute(
      sql.raw(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`),
    );
    return async () => {
      await t.db.execute(sql.raw(`DROP TRIGGER ${name} ON ${table}`));
      await t.db.execute(sql.raw(`DROP FUNCTION ${name}()`));
    };
  }

  it("keeps a delivery's messages once, in their conversations only; a replay adds nothing", async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    const { body } = messagesBody(account, from, ['One', 'Two']);
    expect((await post(body)).status).toBe(200);
    expect((await post(body)).status).toBe(200);
    expect(await textsOf(user.businessId)).toEqual(['One', 'Two']);
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.businessId, user.businessId));
    expect(conversation!.unreadCount).toBe(2);
    // The conversation is their inbox (unique event key): the webhook inbox holds no second copy.
    expect(await eventsOf(account)).toEqual([]);
  });

  it('records messages the database would not keep as failed; the retry sweep keeps them', async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    const drop = await refuse('conversation_messages', 'business_id', user.businessId);
    const { body, keys } = messagesBody(account, from, ['Is it still available?']);
    try {
      expect((await post(body)).status).toBe(200);
      expect(await textsOf(user.businessId)).toEqual([]);
      const [event] = await eventsOf(account);
      expect(event).toMatchObject({ eventKey: keys[0], status: 'failed' });
      // Why, by its SQLSTATE: never the database's message, which quotes what the contact wrote.
      expect(event!.error).toBe('The database refused the write (SQLSTATE P0001)');
    } finally {
      await drop();
    }
    expect(await new MessagingWebhookService(t.deps).retryUnfinished(0)).toBeGreaterThanOrEqual(1);
    expect(await textsOf(user.businessId)).toEqual(['Is it still available?']);
    const [event] = await eventsOf(account);
    expect(event).toMatchObject({ eventKey: keys[0], status: 'processed' });
  });

  it('answers 503 when the messages could be neither kept nor recorded; the resend keeps them', async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    const dropMessages = await refuse('conversation_messages', 'business_id', user.businessId);
    const dropEvents = await refuse('webhook_events', 'event_key', `cloud:${account.phoneNumberId}:%`);
    const { body } = messagesBody(account, from, ['Hello?']);
    try {
      const res = await post(body);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'failure', message: 'Messages not stored; send them again' });
      expect(await textsOf(user.businessId)).toEqual([]);
      expect(await eventsOf(account)).toEqual([]);
    } finally {
      await dropMessages();
      await dropEvents();
    }
    expect((await post(body)).status).toBe(200);
    expect(await textsOf(user.businessId)).toEqual(['Hello?']);
  });

  it('keeps a message with a NUL character, replaced by U+FFFD', async () => {
    const { user, account } = await cloudBusiness(t, graph.sim);
    const from = uniquePhone().replace(/\D/g, '');
    const { body } = messagesBody(account, from, ['Half\u0000way']);
    expect((await post(body)).status).toBe(200);
    expect(await textsOf(user.businessId)).toEqual(['Half\uFFFDway']);
  });
});
