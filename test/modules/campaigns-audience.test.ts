import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/platform/db/client.js';
import { campaignMessages, contacts } from '../../src/platform/db/schema/index.js';
import {
  createContacts,
  createPlan,
  createUser,
  setMessagingCredentials,
  type TestUser,
  uniquePhone,
} from '../factories.js';
import { useTestApp } from '../harness.js';

/**
 * Audiences by tag: what a campaign stores, who its publish reaches (opted-in contacts only), the tag list
 * with counts, and the estimate a composer shows before publishing. Every count the API answers is checked
 * against a fresh count of the rows.
 */
describe('campaign audiences by tag, tag counts and the estimate', () => {
  const t = useTestApp();

  async function sender(credits = '100'): Promise<TestUser> {
    const user = await createUser(t, { businessVerified: 'accepted', credits });
    await setMessagingCredentials(t, user.businessId);
    return user;
  }

  /** vip+lagos (2 opted in, 1 out), vip (1 in), lagos (1 in, 1 out), untagged (2 in). */
  async function seedTagged(user: TestUser) {
    const b = user.businessId;
    const vipLagos = await createContacts(t, b, 2, { tags: ['vip', 'lagos'] });
    const vipLagosOut = await createContacts(t, b, 1, { tags: ['lagos', 'vip'], optIn: false });
    const vip = await createContacts(t, b, 1, { tags: ['vip'] });
    const lagos = await createContacts(t, b, 1, { tags: ['lagos'] });
    const lagosOut = await createContacts(t, b, 1, { tags: ['lagos'], optIn: false });
    const untagged = await createContacts(t, b, 2);
    return { vipLagos, vipLagosOut, vip, lagos, lagosOut, untagged };
  }

  const estimate = (user: TestUser, body: unknown) =>
    t.request({ url: '/campaigns/estimate', token: user.accessToken, body });

  const draft = (user: TestUser, extra: Record<string, unknown>) =>
    t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: { name: 'By tag', message: 'Hi', sendToAllContact: false, isScheduled: false, ...extra },
    });

  it('stores tags (trimmed, without duplicates) and tagMatch, any by default, and edits them', async () => {
    const user = await sender();
    const res = await draft(user, { tags: [' vip ', 'vip', 'lagos'] });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ tags: ['vip', 'lagos'], tagMatch: 'any' });

    const patched = await t.request({
      method: 'PATCH',
      url: `/campaigns/${res.body.data.id}`,
      token: user.accessToken,
      body: { tags: ['abuja'], tagMatch: 'all' },
    });
    expect(patched.status).toBe(200);
    const got = await t.request({ url: `/campaigns/${res.body.data.id}`, token: user.accessToken });
    expect(got.body.data).toMatchObject({ tags: ['abuja'], tagMatch: 'all' });
  });

  it.each([
    ['a tag that is not a string', { tags: [5] }, 'tags.0'],
    ['an empty tag', { tags: ['  '] }, 'tags.0'],
    ['a tag with a separator', { tags: ['a;b'] }, 'tags.0'],
    ['a tag longer than 64 characters', { tags: ['x'.repeat(65)] }, 'tags.0'],
    ['more than 50 tags', { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, 'tags'],
    ['tags that are not a list', { tags: 'vip' }, 'tags'],
    ['an unknown tagMatch', { tagMatch: 'some' }, 'tagMatch'],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_, extra, path) => {
    const user = await sender();
    const res = await draft(user, extra);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errorMessage)).toContain(path);
    const list = await t.request({ url: '/campaigns', token: user.accessToken });
    expect(list.body.data.total).toBe(0);
    const est = await estimate(user, extra);
    expect(est.status).toBe(400);
  });

  it('publishes to opted-in contacts with any of the tags, or with all of them, never to opted-out ones', async () => {
    const user = await sender('100');
    const s = await seedTagged(user);
    const phones = (rows: { phoneNumber: string }[]) => rows.map((r) => r.phoneNumber).sort();
    const recipientsOf = async (id: string) =>
      (
        await t.db
          .select({ phoneNumber: campaignMessages.phoneNumber })
          .from(campaignMessages)
          .where(eq(campaignMessages.campaignId, id))
      )
        .map((r) => r.phoneNumber)
        .sort();

    const any = await draft(user, { tags: ['vip', 'lagos'], paymentMethod: 'credit' });
    expect(any.status).toBe(201);
    expect(any.body.data.recipientCount).toBe(4);
    expect(await recipientsOf(any.body.data.id)).toEqual(phones([...s.vipLagos, ...s.vip, ...s.lagos]));

    const all = await draft(user, { tags: ['vip', 'lagos'], tagMatch: 'all', paymentMethod: 'credit' });
    expect(all.status).toBe(201);
    expect(await recipientsOf(all.body.data.id)).toEqual(phones(s.vipLagos));

    // Tags and selected contacts together: the union, each recipient once; opted-out selected ones never.
    const mixed = await draft(user, {
      tags: ['vip'],
      selectedContactId: [s.untagged[0]!.id, s.vip[0]!.id, s.lagosOut[0]!.id],
      paymentMethod: 'credit',
    });
    expect(mixed.status).toBe(201);
    expect(await recipientsOf(mixed.body.data.id)).toEqual(phones([...s.vipLagos, ...s.vip, s.untagged[0]!]));

    const nobody = await draft(user, { tags: ['nobody-has-this'], paymentMethod: 'credit' });
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toMatch(/no recipients/i);
  });

  it('lists tags with contact and opted-in counts that follow every write', async () => {
    const user = await sender();
    const other = await sender();
    await createContacts(t, other.businessId, 3, { tags: ['vip', 'elsewhere'] });
    const s = await seedTagged(user);
    const tags = async () => {
      const res = await t.request({ url: '/contacts/tags', token: user.accessToken });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    /** The same list computed from the rows. */
    const recount = async () => {
      const rows = await t.db
        .select({ tags: contacts.tags, optIn: contacts.optIn })
        .from(contacts)
        .where(eq(contacts.businessId, user.businessId));
      const m = new Map<string, { tag: string; contacts: number; optedIn: number }>();
      for (const r of rows)
        for (const tag of new Set(r.tags)) {
          const e = m.get(tag) ?? { tag, contacts: 0, optedIn: 0 };
          e.contacts++;
          if (r.optIn) e.optedIn++;
          m.set(tag, e);
        }
      return [...m.values()].sort((a, b) => b.contacts - a.contacts || (a.tag < b.tag ? -1 : 1));
    };
    expect(await tags()).toEqual([
      { tag: 'lagos', contacts: 5, optedIn: 3 },
      { tag: 'vip', contacts: 4, optedIn: 3 },
    ]);

    // Tag edits, opt-in changes, a new contact with a repeated tag, deletes: the list follows each.
    const patch = (id: string, body: unknown) =>
      t.request({ method: 'PATCH', url: `/contacts/${id}`, token: user.accessToken, body });
    expect((await patch(s.vip[0]!.id, { tags: ['vip', 'abuja'] })).status).toBe(200);
    expect((await patch(s.lagosOut[0]!.id, { optIn: true })).status).toBe(200);
    expect((await patch(s.untagged[0]!.id, { firstName: 'Same tags' })).status).toBe(200);
    const created = await t.request({
      url: '/contacts',
      token: user.accessToken,
      body: {
        firstName: 'N',
        lastName: 'C',
        phoneNumber: uniquePhone(),
        tags: ['abuja', 'abuja'],
        optIn: true,
      },
    });
    expect(created.status).toBe(201);
    const del = await t.request({
      method: 'DELETE',
      url: `/contacts/${s.vipLagos[0]!.id}`,
      token: user.accessToken,
    });
    expect(del.status).toBe(200);
    expect(await tags()).toEqual(await recount());
    expect(await tags()).toEqual([
      { tag: 'lagos', contacts: 4, optedIn: 3 },
      { tag: 'vip', contacts: 3, optedIn: 2 },
      { tag: 'abuja', contacts: 2, optedIn: 2 },
    ]);

    // A tag nobody carries any more disappears, as does its kept set.
    const bulk = await t.request({
      url: '/contacts/bulk-delete',
      token: user.accessToken,
      body: { ids: [s.vip[0]!.id, created.body.data.id] },
    });
    expect(bulk.status).toBe(200);
    expect((await tags()).map((r: { tag: string }) => r.tag)).toEqual(['lagos', 'vip']);
    const [sets] = await queryRows<{ zero: number }>(
      t.db,
      sql`SELECT count(*)::int AS zero FROM contact_tag_sets WHERE total = 0`,
    );
    expect(Number(sets?.zero)).toBe(0);
  });

  it('keeps tag counts exact under concurrent creates, tag edits, opt-in changes and deletes', async () => {
    const user = await sender();
    const seeded = await createContacts(t, user.businessId, 40, { tags: ['a', 'b'] });
    const sets = [['a'], ['b'], ['a', 'b'], ['c'], [], ['b', 'a', 'c']];
    const work = [
      ...seeded.slice(0, 20).map((c, i) =>
        t.request({
          method: 'PATCH',
          url: `/contacts/${c.id}`,
          token: user.accessToken,
          body: { tags: sets[i % sets.length], optIn: i % 2 === 0 },
        }),
      ),
      ...seeded
        .slice(20, 30)
        .map((c) => t.request({ method: 'DELETE', url: `/contacts/${c.id}`, token: user.accessToken })),
      ...Array.from({ length: 20 }, (_, i) =>
        t.request({
          url: '/contacts',
          token: user.accessToken,
          body: {
            firstName: 'R',
            lastName: 'C',
            phoneNumber: uniquePhone(),
            tags: sets[i % sets.length],
            optIn: i % 3 > 0,
          },
        }),
      ),
    ];
    for (const res of await Promise.all(work)) expect(res.status).toBeLessThan(300);
    const rows = await t.db
      .select({ tags: contacts.tags, optIn: contacts.optIn })
      .from(contacts)
      .where(eq(contacts.businessId, user.businessId));
    const expected = new Map<string, { tag: string; contacts: number; optedIn: number }>();
    for (const r of rows)
      for (const tag of new Set(r.tags)) {
        const e = expected.get(tag) ?? { tag, contacts: 0, optedIn: 0 };
        e.contacts++;
        if (r.optIn) e.optedIn++;
        expected.set(tag, e);
      }
    const res = await t.request({ url: '/contacts/tags', token: user.accessToken });
    const byTag = (a: { tag: string }, b: { tag: string }) => (a.tag < b.tag ? -1 : 1);
    expect([...res.body.data].sort(byTag)).toEqual([...expected.values()].sort(byTag));
    // The estimate by tag agrees with a recount of the opted-in contacts carrying any of them.
    const est = await estimate(user, { tags: ['a', 'c'] });
    expect(est.body.data.recipients).toBe(
      rows.filter((r) => r.optIn && (r.tags.includes('a') || r.tags.includes('c'))).length,
    );
  });

  it('tags: 401 without a token', async () => {
    expect((await t.request({ url: '/contacts/tags' })).status).toBe(401);
  });

  it('estimates recipients, credits, cost and whether the wallet covers it, for each kind of audience', async () => {
    const user = await sender('3');
    const s = await seedTagged(user);
    const cases: [Record<string, unknown>, number][] = [
      [{ sendToAllContact: true }, 6],
      [{ tags: ['vip', 'lagos'] }, 4],
      [{ tags: ['vip', 'lagos'], tagMatch: 'all' }, 2],
      [{ tags: ['lagos'], selectedContactId: [s.lagos[0]!.id, s.untagged[1]!.id, s.lagosOut[0]!.id] }, 4],
      [{ selectedContactId: [s.vipLagosOut[0]!.id] }, 0],
      [{}, 0],
    ];
    for (const [audience, recipients] of cases) {
      const res = await estimate(user, audience);
      expect(res.status, JSON.stringify(audience)).toBe(200);
      expect(res.body.data, JSON.stringify(audience)).toEqual({
        recipients,
        evaluatedNow: false,
        messageType: 'marketing',
        paymentMethod: 'credit',
        // Paid by credits as asked, not because a plan leaves the category out.
        planDoesNotCover: false,
        rate: 1,
        // Every contact here is Nigerian: one line of the rate card's breakdown.
        breakdown: recipients ? [{ country: 'NG', recipients, price: 1, subtotal: recipients }] : [],
        credits: recipients,
        cost: recipients * 0.02,
        currency: 'USD',
        balance: 3,
        planBalance: null,
        enough: recipients <= 3,
        // No messaging limit is set for this business: everyone goes out now.
        messagingLimit: null,
      });
    }
    // The estimate is what the publish then bills.
    const published = await draft(user, { tags: ['vip', 'lagos'], tagMatch: 'all', paymentMethod: 'credit' });
    expect(published.status).toBe(201);
    expect(published.body.data.recipientCount).toBe(2);
    expect(published.body.data.cost).toBe(2);
  });

  it('prices by message type and by plan, with the plan balance', async () => {
    const user = await sender('0');
    await createContacts(t, user.businessId, 5, { tags: ['x'] });
    const utility = await estimate(user, { tags: ['x'], messageType: 'utility' });
    expect(utility.body.data).toMatchObject({ recipients: 5, rate: 0.5, credits: 2.5, enough: false });

    const noPlan = await estimate(user, { tags: ['x'], paymentMethod: 'plan' });
    expect(noPlan.status).toBe(200);
    expect(noPlan.body.data).toMatchObject({ rate: null, credits: 0, planBalance: null, enough: false });

    const plan = await createPlan(t, { marketingRate: '0.8' });
    await t.db.execute(
      sql`INSERT INTO user_plans (business_id, plan_id, free_credit, balance, expired_date)
          VALUES (${user.businessId}, ${plan.id}, 10, 10, now() + interval '1 day')`,
    );
    const byPlan = await estimate(user, { tags: ['x'], paymentMethod: 'plan' });
    expect(byPlan.body.data).toMatchObject({
      recipients: 5,
      rate: 0.8,
      credits: 4,
      planBalance: 10,
      enough: true,
    });
  });

  it('counts only its own business: another business with the same tags changes nothing', async () => {
    const user = await sender();
    const other = await sender();
    await createContacts(t, other.businessId, 4, { tags: ['vip'] });
    const res = await estimate(user, { tags: ['vip'] });
    expect(res.body.data.recipients).toBe(0);
    // Another business's contact ids select nobody.
    const theirs = await createContacts(t, other.businessId, 1);
    const sel = await estimate(user, { selectedContactId: [theirs[0]!.id] });
    expect(sel.body.data.recipients).toBe(0);
  });

  it('estimate: 401 without a token', async () => {
    expect((await t.request({ url: '/campaigns/estimate', body: {} })).status).toBe(401);
  });
});
