/**
 * Segments (issue 39): every condition and every operator of every field type, engagement with campaigns
 * and the inbox, groups, the 400 naming the path, counts, the contact list, export and bulk tag by a
 * segment or an unsaved filter, and another business's ids. Runs on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, campaignMessages, contacts, conversations } from '../../src/platform/db/schema/index.js';
import { createCampaign, createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { defineFields } from './contact-fields.support.js';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

describe('segments', () => {
  const t = useTestApp();
  let user: TestUser;
  let other: TestUser;
  let campaignA: string;
  let campaignB: string;
  const call = (u: TestUser, url: string, body?: unknown, method?: string) =>
    t.request({ url, token: u.accessToken, body, ...(method && { method: method as 'POST' }) });

  beforeAll(async () => {
    user = await createUser(t, { countryCode: 'NG' });
    other = await createUser(t, { countryCode: 'NG' });
    await defineFields(t, user);
    const base = { businessId: user.businessId, optIn: true };
    await t.db.insert(contacts).values([
      {
        ...base,
        firstName: 'Ada',
        lastName: 'Obi',
        phoneNumber: '+2348031000001',
        tags: ['gold', 'lagos'],
        createdAt: ago(2),
        fields: { city: 'Lagos', orders: 12, birthday: isoDay(ago(3)), vip: true, plan: 'Gold' },
      },
      {
        ...base,
        firstName: 'Bola',
        lastName: 'Ade',
        phoneNumber: '+2348031000002',
        tags: ['gold'],
        createdAt: ago(40),
        fields: { city: 'Lekki', orders: 2, birthday: '1990-06-15', vip: false, plan: 'Silver' },
      },
      {
        ...base,
        firstName: 'Chidi',
        lastName: 'Eze',
        phoneNumber: '+233201000003',
        tags: [],
        optIn: false,
        createdAt: ago(400),
        fields: { city: 'Accra' },
      },
      {
        ...base,
        firstName: 'Dayo',
        lastName: 'Ola',
        phoneNumber: '+14155550104',
        tags: ['silver'],
        createdAt: ago(10),
        fields: {},
      },
    ]);
    // Another business's contact matching everything: never counted.
    await t.db.insert(contacts).values({
      businessId: other.businessId,
      firstName: 'Ada',
      lastName: 'Obi',
      phoneNumber: '+2348031000001',
      tags: ['gold'],
      optIn: true,
      fields: { city: 'Lagos' },
    });

    const ids = Object.fromEntries(
      (await t.db.select().from(contacts).where(eq(contacts.businessId, user.businessId))).map((c) => [
        c.firstName,
        c.id,
      ]),
    );
    campaignA = (await createCampaign(t, user.businessId)).id;
    campaignB = (await createCampaign(t, user.businessId)).id;
    const msg = (campaignId: string, name: string, at: Partial<typeof campaignMessages.$inferInsert>) => ({
      campaignId,
      businessId: user.businessId,
      contactId: ids[name]!,
      phoneNumber: `+1${randomUUID().slice(0, 8)}`,
      status: 'sent' as const,
      ...at,
    });
    await t.db.insert(campaignMessages).values([
      msg(campaignA, 'Ada', {
        sentAt: ago(1),
        deliveredAt: ago(1),
        readAt: ago(1),
        clickedAt: ago(1),
        repliedAt: ago(1),
      }),
      msg(campaignA, 'Bola', { sentAt: ago(1), deliveredAt: ago(1) }),
      msg(campaignB, 'Bola', { sentAt: ago(20), deliveredAt: ago(20), readAt: ago(20) }),
      msg(campaignB, 'Dayo', { sentAt: ago(20) }),
    ]);
    await t.db.insert(conversations).values([
      {
        businessId: user.businessId,
        contactId: ids.Chidi!,
        phoneNumber: '+233201000003',
        lastInboundAt: ago(2),
      },
      {
        businessId: user.businessId,
        contactId: ids.Dayo!,
        phoneNumber: '+14155550104',
        lastInboundAt: ago(30),
      },
    ]);
  });

  const names = async (filter: unknown) => {
    const res = await call(
      user,
      `/contacts?pageSize=100&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    expect(res.status, res.text).toBe(200);
    return (res.body.data.items as { firstName: string }[]).map((c) => c.firstName).sort();
  };
  const one = (condition: Record<string, unknown>) => ({ match: 'all', conditions: [condition] });

  const CASES: [string, Record<string, unknown>, string[]][] = [
    ['name equals', { on: 'name', op: 'equals', value: 'ada OBI' }, ['Ada']],
    ['name contains', { on: 'name', op: 'contains', value: 'ol' }, ['Bola', 'Dayo']],
    ['name startsWith', { on: 'name', op: 'startsWith', value: 'ch' }, ['Chidi']],
    ['phone equals', { on: 'phoneNumber', op: 'equals', value: '+14155550104' }, ['Dayo']],
    ['phone contains', { on: 'phoneNumber', op: 'contains', value: '1000' }, ['Ada', 'Bola', 'Chidi']],
    ['phone startsWith', { on: 'phoneNumber', op: 'startsWith', value: '+233' }, ['Chidi']],
    ['country equals', { on: 'country', op: 'equals', value: 'ng' }, ['Ada', 'Bola']],
    ['country notEquals', { on: 'country', op: 'notEquals', value: 'NG' }, ['Chidi', 'Dayo']],
    ['tag has', { on: 'tag', op: 'has', value: 'gold' }, ['Ada', 'Bola']],
    ['tag hasNot', { on: 'tag', op: 'hasNot', value: 'gold' }, ['Chidi', 'Dayo']],
    ['optIn', { on: 'optIn', op: 'equals', value: false }, ['Chidi']],
    ['created before', { on: 'createdAt', op: 'before', value: isoDay(ago(30)) }, ['Bola', 'Chidi']],
    ['created after', { on: 'createdAt', op: 'after', value: isoDay(ago(20)) }, ['Ada', 'Dayo']],
    ['created within', { on: 'createdAt', op: 'withinLastDays', value: 5 }, ['Ada']],
    ['text equals', { on: 'field', key: 'city', op: 'equals', value: 'Lagos' }, ['Ada']],
    ['text contains', { on: 'field', key: 'city', op: 'contains', value: 'CC' }, ['Chidi']],
    ['text startsWith', { on: 'field', key: 'city', op: 'startsWith', value: 'l' }, ['Ada', 'Bola']],
    ['text isEmpty', { on: 'field', key: 'city', op: 'isEmpty' }, ['Dayo']],
    ['text isNotEmpty', { on: 'field', key: 'city', op: 'isNotEmpty' }, ['Ada', 'Bola', 'Chidi']],
    ['number equals', { on: 'field', key: 'orders', op: 'equals', value: 12 }, ['Ada']],
    ['number greaterThan', { on: 'field', key: 'orders', op: 'greaterThan', value: 2 }, ['Ada']],
    ['number lessThan', { on: 'field', key: 'orders', op: 'lessThan', value: '2.5' }, ['Bola']],
    ['number isEmpty', { on: 'field', key: 'orders', op: 'isEmpty' }, ['Chidi', 'Dayo']],
    ['number isNotEmpty', { on: 'field', key: 'orders', op: 'isNotEmpty' }, ['Ada', 'Bola']],
    ['date equals', { on: 'field', key: 'birthday', op: 'equals', value: '1990-06-15' }, ['Bola']],
    ['date before', { on: 'field', key: 'birthday', op: 'before', value: '2000-01-01' }, ['Bola']],
    ['date after', { on: 'field', key: 'birthday', op: 'after', value: '2000-01-01' }, ['Ada']],
    ['date within', { on: 'field', key: 'birthday', op: 'withinLastDays', value: 7 }, ['Ada']],
    ['date isEmpty', { on: 'field', key: 'birthday', op: 'isEmpty' }, ['Chidi', 'Dayo']],
    ['date isNotEmpty', { on: 'field', key: 'birthday', op: 'isNotEmpty' }, ['Ada', 'Bola']],
    ['boolean equals', { on: 'field', key: 'vip', op: 'equals', value: false }, ['Bola']],
    ['boolean isEmpty', { on: 'field', key: 'vip', op: 'isEmpty' }, ['Chidi', 'Dayo']],
    ['boolean isNotEmpty', { on: 'field', key: 'vip', op: 'isNotEmpty' }, ['Ada', 'Bola']],
    ['choice equals', { on: 'field', key: 'plan', op: 'equals', value: 'silver' }, ['Bola']],
    ['choice isEmpty', { on: 'field', key: 'plan', op: 'isEmpty' }, ['Chidi', 'Dayo']],
    ['choice isNotEmpty', { on: 'field', key: 'plan', op: 'isNotEmpty' }, ['Ada', 'Bola']],
    ['received any, 7 days', { on: 'campaign', event: 'received', withinDays: 7 }, ['Ada', 'Bola']],
    ['received any, 30 days', { on: 'campaign', event: 'received', withinDays: 30 }, ['Ada', 'Bola', 'Dayo']],
    ['delivered', { on: 'campaign', event: 'delivered', withinDays: 30 }, ['Ada', 'Bola']],
    ['read', { on: 'campaign', event: 'read', withinDays: 30 }, ['Ada', 'Bola']],
    ['read, 7 days', { on: 'campaign', event: 'read', withinDays: 7 }, ['Ada']],
    ['clicked', { on: 'campaign', event: 'clicked', withinDays: 30 }, ['Ada']],
    ['replied', { on: 'campaign', event: 'replied', withinDays: 30 }, ['Ada']],
    ['last inbound, 7 days', { on: 'lastInbound', withinDays: 7 }, ['Chidi']],
    ['last inbound, 60 days', { on: 'lastInbound', withinDays: 60 }, ['Chidi', 'Dayo']],
  ];

  it.each(CASES)('%s', async (_name, condition, expected) => {
    expect(await names(one(condition))).toEqual(expected);
  });

  it('a country condition reads the stored country, and the number for a contact whose country is not stored yet', async () => {
    const owner = await createUser(t, { countryCode: 'NG' });
    const base = { businessId: owner.businessId, optIn: true, lastName: 'Test', tags: [] };
    // Stored as the backfill job stores them; the stored country decides, whatever the number says.
    await t.db.insert(contacts).values([
      { ...base, firstName: 'Stored', phoneNumber: '+2348031000091', countryCode: 'NG' },
      { ...base, firstName: 'Moved', phoneNumber: '+2348031000092', countryCode: 'GH' },
    ]);
    const nigeria = one({ on: 'country', op: 'equals', value: 'NG' });
    const count = async () => (await call(owner, '/segments/preview', { filter: nigeria })).body.data;
    expect(await count()).toEqual({ contacts: 1, optedIn: 1 });
    // A contact the backfill has not reached yet: its number's calling code stands in.
    await t.db.insert(contacts).values({ ...base, firstName: 'Pending', phoneNumber: '+2348031000093' });
    expect(await count()).toEqual({ contacts: 2, optedIn: 2 });
  });

  it('engagement with a given campaign', async () => {
    expect(
      await names(one({ on: 'campaign', event: 'received', campaignId: campaignB, withinDays: 30 })),
    ).toEqual(['Bola', 'Dayo']);
    expect(
      await names(one({ on: 'campaign', event: 'read', campaignId: campaignA, withinDays: 30 })),
    ).toEqual(['Ada']);
  });

  it('joins by all or any, with one level of groups', async () => {
    const gold = { on: 'tag', op: 'has', value: 'gold' };
    const lagos = { on: 'field', key: 'city', op: 'equals', value: 'Lagos' };
    expect(await names({ match: 'all', conditions: [gold, lagos] })).toEqual(['Ada']);
    expect(
      await names({ match: 'any', conditions: [lagos, { on: 'optIn', op: 'equals', value: false }] }),
    ).toEqual(['Ada', 'Chidi']);
    expect(
      await names({
        match: 'all',
        conditions: [
          { on: 'optIn', op: 'equals', value: true },
          {
            on: 'group',
            match: 'any',
            conditions: [
              lagos,
              { on: 'lastInbound', withinDays: 60 },
              { on: 'campaign', event: 'read', withinDays: 30 },
            ],
          },
        ],
      }),
    ).toEqual(['Ada', 'Bola', 'Dayo']);
  });

  it('a bad filter is a 400 naming the path', async () => {
    const cases: [unknown, string][] = [
      [one({ on: 'field', key: 'shoe', op: 'equals', value: 'x' }), 'filter.conditions.0.key'],
      [one({ on: 'field', key: 'orders', op: 'contains', value: '1' }), 'filter.conditions.0.op'],
      [one({ on: 'field', key: 'orders', op: 'greaterThan', value: 'lots' }), 'filter.conditions.0.value'],
      [one({ on: 'field', key: 'plan', op: 'equals', value: 'Bronze' }), 'filter.conditions.0.value'],
      [one({ on: 'field', key: 'birthday', op: 'before' }), 'filter.conditions.0.value'],
      [one({ on: 'country', op: 'equals', value: 'XX' }), 'filter.conditions.0.value'],
      [one({ on: 'createdAt', op: 'withinLastDays', value: '2024-01-01' }), 'filter.conditions.0.value'],
      [one({ on: 'colour', op: 'equals', value: 'red' }), 'filter.conditions.0.on'],
      [
        {
          match: 'all',
          conditions: [
            {
              on: 'group',
              match: 'any',
              conditions: [
                { on: 'tag', op: 'has', value: 'a' },
                { on: 'campaign', event: 'read', withinDays: 0 },
              ],
            },
          ],
        },
        'filter.conditions.0.conditions.1.withinDays',
      ],
      [
        {
          match: 'all',
          conditions: [
            { on: 'group', match: 'any', conditions: [{ on: 'group', match: 'all', conditions: [] }] },
          ],
        },
        'filter.conditions.0.conditions.0.on',
      ],
      [
        one({ on: 'campaign', event: 'read', campaignId: randomUUID(), withinDays: 3 }),
        'filter.conditions.0.campaignId',
      ],
      [{ match: 'all', conditions: [] }, 'filter.conditions'],
    ];
    for (const [filter, path] of cases) {
      const res = await call(user, '/segments/preview', { filter });
      expect(res.status, JSON.stringify(filter)).toBe(400);
      expect(
        res.body.errorMessage.fields.map((f: { path: string }) => f.path),
        JSON.stringify(filter),
      ).toContain(path);
    }
    // The same rule through the list's query string.
    const res = await call(
      user,
      `/contacts?filter=${encodeURIComponent(JSON.stringify(one({ on: 'field', key: 'shoe', op: 'isEmpty' })))}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields[0].path).toBe('filter.conditions.0.key');
    expect((await call(user, '/contacts?filter=%7Bnot-json')).status).toBe(400);
  });

  it('saves, reads, counts, renames and deletes a segment, audited; another business gets 404', async () => {
    const filter = { match: 'all', conditions: [{ on: 'tag', op: 'has', value: 'gold' }] };
    const created = await call(user, '/segments', { name: 'Gold', filter });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ apiObject: 'segment', data: { name: 'Gold', filter } });
    const id = created.body.data.id;

    expect((await call(user, `/segments/${id}/count`)).body.data).toEqual({ contacts: 2, optedIn: 2 });
    const preview = await call(user, '/segments/preview', {
      filter: one({ on: 'country', op: 'equals', value: 'GH' }),
    });
    expect(preview.body.data).toEqual({ contacts: 1, optedIn: 0 });
    expect((await call(user, '/segments')).body.data).toMatchObject({
      total: 1,
      items: [{ id, name: 'Gold' }],
    });

    const byId = await call(user, `/contacts?segmentId=${id}`);
    expect(byId.body.data.items.map((c: { firstName: string }) => c.firstName).sort()).toEqual([
      'Ada',
      'Bola',
    ]);
    expect(byId.body.data.total).toBe(2);

    for (const [url, method, body] of [
      [`/segments/${id}`, 'GET', undefined],
      [`/segments/${id}/count`, 'GET', undefined],
      [`/segments/${id}`, 'PATCH', { name: 'Mine' }],
      [`/segments/${id}`, 'DELETE', undefined],
      [`/contacts?segmentId=${id}`, 'GET', undefined],
      [`/contacts/export?segmentId=${id}`, 'GET', undefined],
      ['/contacts/bulk-tag', 'POST', { tags: ['x'], segmentId: id }],
    ] as const) {
      const res = await call(other, url, body, method);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await call(other, '/segments')).body.data.total).toBe(0);

    const renamed = await call(
      user,
      `/segments/${id}`,
      { name: 'Gold members', filter: one({ on: 'tag', op: 'has', value: 'silver' }) },
      'PATCH',
    );
    expect(renamed.status, renamed.text).toBe(200);
    expect((await call(user, `/segments/${id}/count`)).body.data).toEqual({ contacts: 1, optedIn: 1 });
    expect((await call(user, `/segments/${id}`, undefined, 'DELETE')).status).toBe(200);
    expect((await call(user, `/segments/${id}`)).status).toBe(404);
    const actions = await t.db
      .select({ action: auditLog.action, targetId: auditLog.targetId })
      .from(auditLog)
      .where(and(eq(auditLog.businessId, user.businessId), eq(auditLog.targetType, 'segment')));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'segment.created',
      'segment.deleted',
      'segment.updated',
    ]);
  });

  it("changes a saved segment's filter: counted anew, a bad tree is a 400 naming its path, another business's is 404", async () => {
    const created = await call(user, '/segments', {
      name: 'To change',
      filter: one({ on: 'tag', op: 'has', value: 'gold' }),
    });
    const id = created.body.data.id as string;
    const lagos = one({ on: 'field', key: 'city', op: 'startsWith', value: 'L' });

    const bad = await call(
      user,
      `/segments/${id}`,
      {
        filter: {
          match: 'all',
          conditions: [
            { on: 'tag', op: 'has', value: 'gold' },
            { on: 'group', match: 'any', conditions: [{ on: 'field', key: 'shoe', op: 'isEmpty' }] },
          ],
        },
      },
      'PATCH',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(
      'filter.conditions.1.conditions.0.key',
    );
    const shape = await call(user, `/segments/${id}`, { filter: { match: 'all', conditions: [] } }, 'PATCH');
    expect(shape.status).toBe(400);
    expect(shape.body.errorMessage.fields[0].path).toBe('filter.conditions');
    // Refused: the saved filter is unchanged.
    expect((await call(user, `/segments/${id}`)).body.data.filter).toEqual(
      one({ on: 'tag', op: 'has', value: 'gold' }),
    );

    const theirs = await call(other, `/segments/${id}`, { filter: lagos }, 'PATCH');
    expect(theirs.status).toBe(404);
    expect((await call(user, `/segments/${id}`)).body.data.filter).toEqual(
      one({ on: 'tag', op: 'has', value: 'gold' }),
    );
    expect((await call(user, `/segments/${randomUUID()}`, { filter: lagos }, 'PATCH')).status).toBe(404);

    const changed = await call(user, `/segments/${id}`, { filter: lagos }, 'PATCH');
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ id, name: 'To change', filter: lagos });
    expect((await call(user, `/segments/${id}/count`)).body.data).toEqual({ contacts: 2, optedIn: 2 });
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'segment.updated')));
    expect(audited?.details).toMatchObject({ fields: ['filter'] });
    await call(user, `/segments/${id}`, undefined, 'DELETE');
  });

  it('exports and bulk-tags the contacts of a segment or an unsaved filter', async () => {
    const seg = await call(user, '/segments', {
      name: 'Lagos',
      filter: one({ on: 'field', key: 'city', op: 'startsWith', value: 'L' }),
    });
    const csv = await t.request({
      method: 'GET',
      url: `/contacts/export?segmentId=${seg.body.data.id}`,
      token: user.accessToken,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['x-record-count']).toBe('2');
    expect(
      csv.text
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['Ada', 'Bola']);

    const tagged = await call(user, '/contacts/bulk-tag', {
      tags: ['lagos', 'promo'],
      segmentId: seg.body.data.id,
    });
    expect(tagged.status, tagged.text).toBe(200);
    expect(tagged.body.data).toEqual({ tagged: 2 });
    const again = await call(user, '/contacts/bulk-tag', {
      tags: ['promo'],
      filter: one({ on: 'country', op: 'equals', value: 'NG' }),
    });
    expect(again.body.data).toEqual({ tagged: 0 });
    const rows = await t.db.select().from(contacts).where(eq(contacts.businessId, user.businessId));
    const tags = Object.fromEntries(rows.map((r) => [r.firstName, r.tags]));
    expect(tags).toMatchObject({
      Ada: ['gold', 'lagos', 'promo'],
      Bola: ['gold', 'lagos', 'promo'],
      Chidi: [],
      Dayo: ['silver'],
    });
    const [theirs] = await t.db.select().from(contacts).where(eq(contacts.businessId, other.businessId));
    expect(theirs!.tags).toEqual(['gold']);
    expect((await call(user, '/contacts/bulk-tag', { tags: ['a'] })).status).toBe(400);
  });
});
