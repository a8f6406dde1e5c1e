import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bucketFor } from '../../src/modules/campaigns/campaign-report.js';
import { campaignMessages } from '../../src/platform/db/schema/index.js';
import { createContacts, createUser, setMessagingCredentials, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

/**
 * A campaign's report: counts per state and the funnel from the kept counters, rates, failure reasons, the
 * opt-outs it caused and its timeline. Message states are set the way receipts set them (status and
 * timestamps on the message row), so the counters the report reads are kept by the same triggers.
 */
describe('campaign report', () => {
  const t = useTestApp();

  async function sender(): Promise<TestUser> {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '100' });
    await setMessagingCredentials(t, user.businessId);
    return user;
  }

  async function publish(user: TestUser, count: number) {
    const people = await createContacts(t, user.businessId, count);
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'Launch',
        message: 'Hi',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(res.status).toBe(201);
    const messages = await t.db
      .select()
      .from(campaignMessages)
      .where(eq(campaignMessages.campaignId, res.body.data.id));
    return { id: res.body.data.id as string, people, messages };
  }

  /**
   * Moves a message to a state with its timestamps, as the dispatcher and receipts do. A failure with
   * `sent` is one the gateway had accepted (it has the gateway's id); without, the gateway refused it.
   */
  async function setState(
    id: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    opts: { error?: string; at?: string; sent?: boolean } = {},
  ) {
    const at = opts.at ?? new Date().toISOString();
    const reached = ['sent', 'delivered', 'read'].indexOf(status);
    await t.db.execute(sql`
      UPDATE campaign_messages SET status = ${status}::message_status,
        sent_at = ${status !== 'failed' || opts.sent ? at : null}::timestamptz,
        delivered_at = ${reached >= 1 ? at : null}::timestamptz,
        read_at = ${reached >= 2 ? at : null}::timestamptz,
        failed_at = ${status === 'failed' ? at : null}::timestamptz,
        error = ${opts.error ?? null},
        provider_message_id = ${status !== 'failed' || opts.sent ? `p-${id}` : null}
      WHERE id = ${id}`);
  }

  const report = (user: TestUser, id: string) =>
    t.request({ url: `/campaigns/${id}/report`, token: user.accessToken });

  it('answers counts per state, the funnel, rates and failure reasons most frequent first', async () => {
    const user = await sender();
    const { id, messages: m } = await publish(user, 8);
    await setState(m[0]!.id, 'read');
    await setState(m[1]!.id, 'read');
    await setState(m[2]!.id, 'delivered');
    await setState(m[3]!.id, 'sent');
    await setState(m[4]!.id, 'failed', { error: 'Number not on the channel', sent: true });
    await setState(m[5]!.id, 'failed', { error: 'Number not on the channel' });
    await setState(m[6]!.id, 'failed', { error: 'Blocked by the user', sent: true });

    const res = await report(user, id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      campaignId: id,
      recipients: 8,
      states: { held: 0, queued: 1, sending: 0, sent: 1, delivered: 1, read: 2, failed: 3 },
      pending: 1,
      // Accepted by the gateway: read 2 + delivered 1 + sent 1 + failed after sent 2.
      reached: { sent: 6, delivered: 3, read: 2 },
      deliveryRate: 0.5,
      readRate: 0.6667,
      failureReasons: [
        { reason: 'Number not on the channel', count: 2 },
        { reason: 'Blocked by the user', count: 1 },
      ],
      optOuts: 0,
      cost: 8,
      rate: 1,
      paymentMethod: 'credit',
    });
    // A minute-old campaign is charted by the minute; its buckets add up to what happened.
    const { timeline } = res.body.data;
    expect(timeline.bucketSeconds).toBe(60);
    const sum = (k: string) =>
      timeline.buckets.reduce((s: number, b: Record<string, number>) => s + b[k]!, 0);
    expect({
      sent: sum('sent'),
      delivered: sum('delivered'),
      read: sum('read'),
      failed: sum('failed'),
    }).toEqual({
      sent: 6,
      delivered: 3,
      read: 2,
      failed: 3,
    });
  });

  it('counts recipients who opted out within 7 days of receiving it, once each', async () => {
    const user = await sender();
    const { id, people, messages } = await publish(user, 5);
    const byPhone = new Map(messages.map((m) => [m.phoneNumber, m.id]));
    const [a, b, c, d] = people;
    await setState(byPhone.get(a!.phoneNumber)!, 'read');
    await setState(byPhone.get(b!.phoneNumber)!, 'delivered');
    // Received 8 days ago: an opt-out now is not this campaign's doing.
    await setState(byPhone.get(c!.phoneNumber)!, 'read', {
      at: new Date(Date.now() - 8 * 86_400_000).toISOString(),
    });
    // Never received (failed): its opt-out is not counted either.
    await setState(byPhone.get(d!.phoneNumber)!, 'failed', { error: 'x' });
    const optIn = (contactId: string, optIn: boolean) =>
      t.request({ method: 'PATCH', url: `/contacts/${contactId}`, token: user.accessToken, body: { optIn } });
    for (const p of [a!, b!, c!, d!]) expect((await optIn(p.id, false)).status).toBe(200);
    // a opts back in and out again: still one opt-out.
    expect((await optIn(a!.id, true)).status).toBe(200);
    expect((await optIn(a!.id, false)).status).toBe(200);
    const res = await report(user, id);
    expect(res.body.data.optOuts).toBe(2);
  });

  it('a draft reports zeros and no timeline', async () => {
    const user = await sender();
    const created = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: { name: 'Draft', message: 'Hi', sendToAllContact: true, isScheduled: false },
    });
    const res = await report(user, created.body.data.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      recipients: 0,
      reached: { sent: 0, delivered: 0, read: 0 },
      deliveryRate: 0,
      readRate: 0,
      failureReasons: [],
      optOuts: 0,
      timeline: { bucketSeconds: null, buckets: [] },
    });
  });

  it("another business's campaign, an unknown id and a malformed id are 404; no token is 401", async () => {
    const owner = await sender();
    const other = await sender();
    const { id } = await publish(owner, 1);
    expect((await report(other, id)).status).toBe(404);
    expect((await report(owner, '8d0c6a52-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await report(owner, 'not-an-id')).status).toBe(404);
    expect((await t.request({ url: `/campaigns/${id}/report` })).status).toBe(401);
  });

  it('sizes timeline buckets to the age: minutes for an hour, hours for days, days for months', () => {
    expect(bucketFor(3_600)).toBe(60);
    expect(bucketFor(86_400)).toBe(900);
    expect(bucketFor(5 * 86_400)).toBe(3_600);
    expect(bucketFor(60 * 86_400)).toBe(86_400);
    expect(bucketFor(365 * 86_400)).toBe(604_800);
    expect(bucketFor(5 * 365 * 86_400) / 604_800).toBeGreaterThan(1);
  });
});
