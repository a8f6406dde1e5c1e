import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postLedgerEntry } from '../../src/modules/wallet/ledger.js';
import { createContacts, createUser, setMessagingCredentials, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

/**
 * The analytics overview: per-day message activity in the caller's time zone, opt-ins and opt-outs,
 * credits spent, totals, the best campaigns; the admin version across businesses; and every bad query.
 */
describe('analytics overview', () => {
  const t = useTestApp();

  async function sender(credits = '100'): Promise<TestUser> {
    const user = await createUser(t, { businessVerified: 'accepted', credits });
    await setMessagingCredentials(t, user.businessId);
    return user;
  }

  async function publish(user: TestUser, count: number, name = 'Launch') {
    await createContacts(t, user.businessId, count, { tags: [name] });
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name,
        message: 'Hi',
        sendToAllContact: false,
        tags: [name],
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  }

  /** Sets `n` of the campaign's still-queued messages to a state, with all its timestamps at `at`. */
  async function advance(
    campaignId: string,
    n: number,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    at: string,
  ) {
    const reached = ['sent', 'delivered', 'read'].indexOf(status);
    await t.db.execute(sql`
      UPDATE campaign_messages SET status = ${status}::message_status,
        sent_at = ${status === 'failed' ? null : at}::timestamptz,
        delivered_at = ${reached >= 1 ? at : null}::timestamptz,
        read_at = ${reached >= 2 ? at : null}::timestamptz,
        failed_at = ${status === 'failed' ? at : null}::timestamptz,
        error = ${status === 'failed' ? 'refused' : null}
      WHERE id IN (SELECT id FROM campaign_messages WHERE campaign_id = ${campaignId} AND status = 'queued'
                   ORDER BY id LIMIT ${n})`);
  }

  const overview = (user: TestUser, query: string, admin = false) =>
    t.request({ url: `/${admin ? 'admin/' : ''}analytics/overview?${query}`, token: user.accessToken });

  it('cuts days in the time zone asked for, fills empty days, and totals them', async () => {
    const user = await sender();
    const id = await publish(user, 6);
    // 23:30 UTC on 10 January is already 11 January in Lagos (UTC+1).
    await advance(id, 2, 'read', '2026-01-10T23:30:00Z');
    await advance(id, 1, 'delivered', '2026-01-10T12:00:00Z');
    await advance(id, 1, 'failed', '2026-01-12T10:00:00Z');

    const utc = await overview(user, 'from=2026-01-10&to=2026-01-12&timeZone=UTC');
    expect(utc.status).toBe(200);
    const pick = (days: Record<string, unknown>[]) =>
      days.map((d) => [d.day, d.sent, d.delivered, d.read, d.failed]);
    expect(pick(utc.body.data.days)).toEqual([
      ['2026-01-10', 3, 3, 2, 0],
      ['2026-01-11', 0, 0, 0, 0],
      ['2026-01-12', 0, 0, 0, 1],
    ]);
    const lagos = await overview(user, 'from=2026-01-10&to=2026-01-12&timeZone=Africa/Lagos');
    expect(pick(lagos.body.data.days)).toEqual([
      ['2026-01-10', 1, 1, 0, 0],
      ['2026-01-11', 2, 2, 2, 0],
      ['2026-01-12', 0, 0, 0, 1],
    ]);
    expect(lagos.body.data).toMatchObject({
      from: '2026-01-10',
      to: '2026-01-12',
      timeZone: 'Africa/Lagos',
      totals: { sent: 3, delivered: 3, read: 2, failed: 1 },
    });
  });

  it("counts today's opt-ins, opt-outs and credits spent, and only the caller's business", async () => {
    const user = await sender();
    const other = await sender();
    await publish(other, 4, 'Theirs');
    const people = await createContacts(t, user.businessId, 3, { optIn: false });
    const patch = (id: string, optIn: boolean) =>
      t.request({ method: 'PATCH', url: `/contacts/${id}`, token: user.accessToken, body: { optIn } });
    expect((await patch(people[0]!.id, true)).status).toBe(200);
    expect((await patch(people[1]!.id, true)).status).toBe(200);
    expect((await patch(people[1]!.id, false)).status).toBe(200);
    await publish(user, 2); // two contacts created opted in: two more opt-ins; 2 credits spent

    const res = await overview(user, 'timeZone=UTC');
    expect(res.status).toBe(200);
    const { days, totals } = res.body.data;
    expect(days).toHaveLength(30);
    expect(days.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
    expect(days.at(-1)).toMatchObject({ optIns: 4, optOuts: 1, creditsSpent: 2 });
    expect(totals).toMatchObject({ optIns: 4, optOuts: 1, creditsSpent: 2, sent: 0 });
  });

  it('ranks the five campaigns sent out in the window with the best read rate', async () => {
    const user = await sender('1000');
    const now = new Date().toISOString();
    const rates: [string, number, number][] = [
      ['A', 4, 1], // delivered 4, read 1: 0.25
      ['B', 4, 4], // 1
      ['C', 4, 2], // 0.5
      ['D', 2, 1], // 0.5, fewer reads than C
      ['E', 4, 3], // 0.75
      ['F', 4, 0], // 0
      ['G', 0, 0], // nothing delivered: not ranked
    ];
    for (const [name, delivered, read] of rates) {
      const id = await publish(user, 4, name);
      await advance(id, read, 'read', now);
      await advance(id, delivered - read, 'delivered', now);
    }
    const res = await overview(user, 'timeZone=UTC');
    expect(
      res.body.data.topCampaigns.map((c: { name: string; readRate: number }) => [c.name, c.readRate]),
    ).toEqual([
      ['B', 1],
      ['E', 0.75],
      ['C', 0.5],
      ['D', 0.5],
      ['A', 0.25],
    ]);
    expect(res.body.data.topCampaigns[0]).toMatchObject({ recipients: 4, delivered: 4, read: 4 });
  });

  it.each([
    ['an unknown time zone', 'timeZone=Mars/Olympus', 'timeZone'],
    ['a malformed date', 'from=2026-1-5', 'from'],
    ['a date that does not exist', 'to=2026-02-30', 'to'],
    ['from after to', 'from=2026-03-02&to=2026-03-01', 'from'],
    ['a range over 366 days', 'from=2025-01-01&to=2026-01-02', 'to'],
  ])('refuses %s with a 400 naming the field', async (_, query, field) => {
    const user = await sender();
    for (const admin of [false, true]) {
      const caller = admin ? await createUser(t, { role: 'admin' }) : user;
      const res = await overview(caller, query, admin);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errorMessage)).toContain(field);
    }
  });

  it('accepts exactly 366 days', async () => {
    const user = await sender();
    const res = await overview(user, 'from=2024-01-01&to=2024-12-31');
    expect(res.status).toBe(200);
    expect(res.body.data.days).toHaveLength(366);
  });

  it('admin overview: every business, plus new businesses and credits sold per day; 403 for a business', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const a = await sender();
    const b = await sender();
    const today = new Date().toISOString().slice(0, 10);
    const before = await overview(admin, `from=${today}&to=${today}`, true);
    expect(before.status).toBe(200);
    await publish(a, 2, 'A');
    await publish(b, 3, 'B');
    await t.db.transaction((tx) =>
      postLedgerEntry(tx, {
        businessId: a.businessId,
        kind: 'credit_purchase',
        status: 'successful',
        amount: '10',
        currency: 'USD',
        credits: '500',
        balanceDelta: '500',
        description: 'Bought credits',
      }),
    );
    await createUser(t);
    const after = await overview(admin, `from=${today}&to=${today}`, true);
    const [d0] = before.body.data.days;
    const [d1] = after.body.data.days;
    expect({
      creditsSpent: d1.creditsSpent - d0.creditsSpent,
      creditsSold: d1.creditsSold - d0.creditsSold,
      newBusinesses: d1.newBusinesses - d0.newBusinesses,
      optIns: d1.optIns - d0.optIns,
    }).toEqual({ creditsSpent: 5, creditsSold: 500, newBusinesses: 1, optIns: 5 });
    expect(after.body.data.totals.newBusinesses).toBe(d1.newBusinesses);

    expect((await overview(a, '', true)).status).toBe(403);
    expect((await t.request({ url: '/analytics/overview' })).status).toBe(401);
  });
});
