import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  contacts,
  conversationMessages,
  conversations,
  webhookEvents,
} from '../../src/platform/db/schema/index.js';
import { createUser, setMessagingCredentials } from '../factories.js';
import { useTestApp } from '../harness.js';

/** Many callbacks side by side: on PostgreSQL they really race (`npm run test:pg -- <this file>`). */
const N = process.env.TEST_DATABASE_URL ? 60 : 20;

describe('inbound messages arriving at once', () => {
  const t = useTestApp({ poolSize: 12 });
  let seq = 0;

  async function business() {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const number = `23490${String(50_000_000 + ++seq).slice(-8)}`;
    await setMessagingCredentials(t, user.businessId, { wabaNumber: number });
    return { user, number };
  }

  const t0 = Math.floor(Date.now() / 1000) - 3_600;
  const post = (number: string, from: string, i: number) =>
    t.request({
      url: '/webhooks/messaging-provider',
      body: {
        waNumber: number,
        mobile: from,
        name: 'Racer',
        text: `message ${i}`,
        timestamp: String(t0 + i),
      },
    });

  it('one new number writing many times at once: one contact, one conversation, every message in order', async () => {
    const { user, number } = await business();
    const from = `23481${String(60_000_000 + ++seq).slice(-8)}`;
    // Sent in a shuffled order: the thread follows when they were written, not when they arrived.
    const order = Array.from({ length: N }, (_, i) => i).sort(() => Math.random() - 0.5);
    const answers = await Promise.all(order.map((i) => post(number, from, i)));
    expect(answers.every((r) => r.status === 200)).toBe(true);

    const failed = await t.db.select().from(webhookEvents).where(eq(webhookEvents.status, 'failed'));
    expect(failed).toHaveLength(0);
    const people = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, user.businessId), eq(contacts.phoneNumber, `+${from}`)));
    expect(people).toHaveLength(1);
    const threads = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.businessId, user.businessId));
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({
      unreadCount: N,
      contactId: people[0]!.id,
      lastMessageText: `message ${N - 1}`,
    });
    expect(threads[0]!.lastInboundAt!.getTime()).toBe((t0 + N - 1) * 1000);

    const page = await t.request({
      url: `/conversations/${threads[0]!.id}/messages?pageSize=100`,
      token: user.accessToken,
    });
    expect(page.body.data.total).toBe(N);
    expect(page.body.data.items.map((m: { text: string }) => m.text)).toEqual(
      Array.from({ length: N }, (_, i) => `message ${N - 1 - i}`),
    );
    const rows = await t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, threads[0]!.id));
    expect(new Set(rows.map((r) => r.seq)).size).toBe(N);
  });

  it('the same message delivered many times at once is kept once', async () => {
    const { user, number } = await business();
    const from = `23481${String(60_000_000 + ++seq).slice(-8)}`;
    await Promise.all(Array.from({ length: N }, () => post(number, from, 7)));
    const [thread] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.businessId, user.businessId));
    expect(thread!.unreadCount).toBe(1);
    const rows = await t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, thread!.id));
    expect(rows).toHaveLength(1);
  });

  it('many numbers writing at once: a conversation each, listed by their last activity', async () => {
    const { user, number } = await business();
    const senders = Array.from({ length: N }, () => `23481${String(60_000_000 + ++seq).slice(-8)}`);
    await Promise.all(senders.map((from, i) => post(number, from, i)));
    const list = await t.request({ url: '/conversations?pageSize=100', token: user.accessToken });
    expect(list.body.data.total).toBe(N);
    expect(list.body.data.items.map((c: { phoneNumber: string }) => c.phoneNumber)).toEqual(
      senders.map((s) => `+${s}`).reverse(),
    );
  });
});
