import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../../src/platform/db/schema/index.js';
import { createContacts, createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

describe('contacts: create, read, update, delete, list, search, bulk delete', () => {
  const t = useTestApp();

  const stored = (businessId: string) =>
    t.db.select().from(contacts).where(eq(contacts.businessId, businessId));
  const post = (user: TestUser, body: unknown) =>
    t.request({ url: '/contacts', token: user.accessToken, body });
  const fields = (res: { body: { errorMessage: { fields: { path: string }[] } } }) =>
    res.body.errorMessage.fields.map((f) => f.path);

  describe('POST /contacts', () => {
    it('stores the phone in E.164, national numbers in the business country, optIn false unless given', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const res = await post(user, { firstName: ' Ada ', lastName: 'Obi', phoneNumber: '0803 123 4567' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ apiObject: 'contact', status: 'success', code: 201 });
      expect(res.body.data).toMatchObject({
        firstName: 'Ada',
        lastName: 'Obi',
        phoneNumber: '+2348031234567',
        tags: [],
        optIn: false,
      });
      expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
      const [row] = await stored(user.businessId);
      expect(row).toMatchObject({ id: res.body.data.id, phoneNumber: '+2348031234567', optIn: false });

      const intl = await post(user, {
        firstName: 'Bo',
        lastName: 'Eze',
        phoneNumber: '2348061234567',
        optIn: true,
      });
      expect(intl.body.data).toMatchObject({ phoneNumber: '+2348061234567', optIn: true });
      const plus = await post(user, { firstName: 'Ken', lastName: 'Ode', phoneNumber: '+44 7911 123456' });
      expect(plus.body.data.phoneNumber).toBe('+447911123456');
    });

    it('normalises tags: trimmed, empty ones dropped, duplicates removed, order kept', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const res = await post(user, {
        firstName: 'Ada',
        lastName: 'Obi',
        phoneNumber: '08031234568',
        tags: [' vip ', 'lagos', '', 'vip', '  ', 'Lagos'],
      });
      expect(res.status).toBe(201);
      expect(res.body.data.tags).toEqual(['vip', 'lagos', 'Lagos']);
    });

    it.each([
      [{}, ['firstName', 'lastName', 'phoneNumber']],
      [{ firstName: 'Ada', lastName: '  ', phoneNumber: '08031234567' }, ['lastName']],
      [{ firstName: 'Ada', lastName: 'Obi' }, ['phoneNumber']],
      [{ firstName: 'Ada', lastName: 'Obi', phoneNumber: 8031234567 }, ['phoneNumber']],
      [{ firstName: 'Ada', lastName: 'Obi', phoneNumber: '08031234567', tags: 'vip' }, ['tags']],
      [{ firstName: 'Ada', lastName: 'Obi', phoneNumber: '08031234567', tags: [1] }, ['tags.0']],
      [{ firstName: 'Ada', lastName: 'Obi', phoneNumber: '08031234567', optIn: 'yes' }, ['optIn']],
      [{ firstName: 'A'.repeat(101), lastName: 'Obi', phoneNumber: '08031234567' }, ['firstName']],
      [{ firstName: 'Ada', lastName: 'Obi', phoneNumber: '12345' }, ['phoneNumber']],
      [{ firstName: 'Ada', lastName: 'Obi', phoneNumber: 'call me' }, ['phoneNumber']],
      [{ firstName: 'Ada', lastName: 'Obi', phoneNumber: '08031234567', tags: ['a;b'] }, ['tags']],
    ])('answers 400 for %j naming %j, and stores nothing', async (body, paths) => {
      const user = await createUser(t, { countryCode: 'NG' });
      const res = await post(user, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 'failure', code: 400, apiObject: 'contact' });
      expect(fields(res)).toEqual(expect.arrayContaining(paths));
      expect(await stored(user.businessId)).toHaveLength(0);
    });

    it('refuses a national number when the business has no country, saying how to write it', async () => {
      const user = await createUser(t);
      const res = await post(user, { firstName: 'Ada', lastName: 'Obi', phoneNumber: '08031234567' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/country code/);
      const ok = await post(user, { firstName: 'Ada', lastName: 'Obi', phoneNumber: '+2348031234567' });
      expect(ok.status).toBe(201);
    });

    it('answers 400 for a phone the business already has, in any spelling; another business may hold it', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      expect(
        (await post(user, { firstName: 'Ada', lastName: 'Obi', phoneNumber: '+2348031234567' })).status,
      ).toBe(201);
      for (const phoneNumber of ['08031234567', '234 803 123 4567', '+234-803-123-4567']) {
        const dup = await post(user, { firstName: 'Other', lastName: 'Person', phoneNumber });
        expect(dup.status).toBe(400);
        expect(dup.body.message).toMatch(/already exists/);
        expect(fields(dup)).toEqual(['phoneNumber']);
      }
      expect(await stored(user.businessId)).toHaveLength(1);

      const other = await createUser(t, { countryCode: 'NG' });
      expect(
        (await post(other, { firstName: 'Ada', lastName: 'Obi', phoneNumber: '08031234567' })).status,
      ).toBe(201);
    });

    it('answers 400 for malformed JSON and changes nothing', async () => {
      const user = await createUser(t);
      const res = await t.request({
        url: '/contacts',
        token: user.accessToken,
        payload: '{"firstName": "Ada",',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('failure');
      expect(await stored(user.businessId)).toHaveLength(0);
    });

    it('lets exactly one of several simultaneous creates of one phone win', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const results = await Promise.all(
        ['08035550000', '+2348035550000', '2348035550000', '0803 555 0000', '0803-555-0000'].map(
          (phoneNumber, i) => post(user, { firstName: `Racer${i}`, lastName: 'Same', phoneNumber }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400]);
      expect(await stored(user.businessId)).toHaveLength(1);
    });
  });

  describe('GET, PATCH, DELETE /contacts/{id}', () => {
    it('reads one contact', async () => {
      const user = await createUser(t);
      const [c] = await createContacts(t, user.businessId, 1, { tags: ['vip'] });
      const res = await t.request({ url: `/contacts/${c!.id}`, token: user.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        id: c!.id,
        firstName: c!.firstName,
        lastName: c!.lastName,
        phoneNumber: c!.phoneNumber,
        countryCode: 'NG',
        tags: ['vip'],
        optIn: true,
        optOutReason: null,
        fields: {},
        createdAt: c!.createdAt.toISOString(),
        updatedAt: c!.updatedAt.toISOString(),
      });
    });

    it('updates the given fields, normalising the phone; the rest is kept', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const [c] = await createContacts(t, user.businessId, 1, { tags: ['old'], optIn: false });
      const res = await t.request({
        method: 'PATCH',
        url: `/contacts/${c!.id}`,
        token: user.accessToken,
        body: {
          lastName: 'Okafor',
          phoneNumber: '0805 000 1111',
          tags: ['new', ' new ', 'vip'],
          optIn: true,
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        firstName: c!.firstName,
        lastName: 'Okafor',
        phoneNumber: '+2348050001111',
        tags: ['new', 'vip'],
        optIn: true,
      });
      expect(new Date(res.body.data.updatedAt) >= c!.updatedAt).toBe(true);
      const [row] = await stored(user.businessId);
      expect(row).toMatchObject({ lastName: 'Okafor', phoneNumber: '+2348050001111', tags: ['new', 'vip'] });
    });

    it('answers an empty update with the contact unchanged', async () => {
      const user = await createUser(t);
      const [c] = await createContacts(t, user.businessId, 1);
      const res = await t.request({
        method: 'PATCH',
        url: `/contacts/${c!.id}`,
        token: user.accessToken,
        body: {},
      });
      expect(res.status).toBe(200);
      expect(res.body.data.updatedAt).toBe(c!.updatedAt.toISOString());
    });

    it("answers 400 when the new phone is another contact's, and keeps both as they were", async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const [a, b] = await createContacts(t, user.businessId, 2);
      const res = await t.request({
        method: 'PATCH',
        url: `/contacts/${a!.id}`,
        token: user.accessToken,
        body: { phoneNumber: b!.phoneNumber, firstName: 'Changed' },
      });
      expect(res.status).toBe(400);
      expect(fields(res)).toEqual(['phoneNumber']);
      const [row] = await t.db.select().from(contacts).where(eq(contacts.id, a!.id));
      expect(row).toMatchObject({ phoneNumber: a!.phoneNumber, firstName: a!.firstName });

      const same = await t.request({
        method: 'PATCH',
        url: `/contacts/${a!.id}`,
        token: user.accessToken,
        body: { phoneNumber: a!.phoneNumber },
      });
      expect(same.status).toBe(200);
    });

    it('answers 400 for an invalid phone or an empty name in an update, and changes nothing', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const [c] = await createContacts(t, user.businessId, 1);
      for (const body of [{ phoneNumber: 'nope' }, { firstName: '' }, { tags: 'x' }, { optIn: 'no' }]) {
        const res = await t.request({
          method: 'PATCH',
          url: `/contacts/${c!.id}`,
          token: user.accessToken,
          body,
        });
        expect(res.status).toBe(400);
      }
      const [row] = await stored(user.businessId);
      expect(row).toEqual(c);
    });

    it('holds tags to their limits on POST and PATCH: 50 tags of 64 characters, no separator inside', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const fifty = Array.from({ length: 50 }, (_, i) => `t${i}`);
      const longest = 'x'.repeat(64);
      const created = await post(user, {
        firstName: 'Ada',
        lastName: 'Obi',
        phoneNumber: '08031234590',
        tags: [...fifty.slice(1), longest],
      });
      expect(created.status).toBe(201);
      expect(created.body.data.tags).toHaveLength(50);
      const id = created.body.data.id as string;
      const refusals: [unknown, string][] = [
        [[...fifty, 't50'], 'tags'],
        [['ok', 'y'.repeat(65)], 'tags.1'],
        [['a,b'], 'tags'],
        [['a;b'], 'tags'],
      ];
      for (const [tags, path] of refusals) {
        const onPost = await post(user, { firstName: 'B', lastName: 'C', phoneNumber: '08031234591', tags });
        expect(onPost.status, JSON.stringify(tags)).toBe(400);
        expect(fields(onPost)).toEqual([path]);
        const onPatch = await t.request({
          method: 'PATCH',
          url: `/contacts/${id}`,
          token: user.accessToken,
          body: { tags },
        });
        expect(onPatch.status, JSON.stringify(tags)).toBe(400);
        expect(onPatch.body).toMatchObject({ status: 'failure', apiObject: 'contact' });
        expect(fields(onPatch)).toEqual([path]);
      }
      const rows = await stored(user.businessId);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tags).toEqual([...fifty.slice(1), longest]);
    });

    it("answers 404 for another business's contact on GET, PATCH and DELETE, and leaves it untouched", async () => {
      const owner = await createUser(t);
      const intruder = await createUser(t);
      const [c] = await createContacts(t, owner.businessId, 1);
      const token = intruder.accessToken;
      const get = await t.request({ url: `/contacts/${c!.id}`, token });
      const patch = await t.request({
        method: 'PATCH',
        url: `/contacts/${c!.id}`,
        token,
        body: { firstName: 'X' },
      });
      const del = await t.request({ method: 'DELETE', url: `/contacts/${c!.id}`, token });
      for (const res of [get, patch, del]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({
          status: 'failure',
          apiObject: 'contact',
          message: 'Contact not found',
        });
      }
      const [row] = await stored(owner.businessId);
      expect(row).toEqual(c);
    });

    it('answers 404 for an id that does not exist or is not an id at all, whatever its length', async () => {
      const user = await createUser(t);
      for (const id of [randomUUID(), 'not-a-uuid', '1', 'x'.repeat(65), 'y'.repeat(100)]) {
        const got = await t.request({ url: `/contacts/${id}`, token: user.accessToken });
        expect(got.status, id).toBe(404);
        expect(got.body).toMatchObject({ status: 'failure', message: 'Contact not found' });
        const patched = await t.request({
          method: 'PATCH',
          url: `/contacts/${id}`,
          token: user.accessToken,
          body: { firstName: 'X' },
        });
        expect(patched.status, id).toBe(404);
        expect(
          (await t.request({ method: 'DELETE', url: `/contacts/${id}`, token: user.accessToken })).status,
        ).toBe(404);
      }
    });

    it('deletes a contact once; a second delete is a 404', async () => {
      const user = await createUser(t);
      const [c, keep] = await createContacts(t, user.businessId, 2);
      const res = await t.request({ method: 'DELETE', url: `/contacts/${c!.id}`, token: user.accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'success', data: null });
      expect((await stored(user.businessId)).map((r) => r.id)).toEqual([keep!.id]);
      expect(
        (await t.request({ method: 'DELETE', url: `/contacts/${c!.id}`, token: user.accessToken })).status,
      ).toBe(404);
    });

    it('lets one of two simultaneous moves to the same phone win', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const [a, b] = await createContacts(t, user.businessId, 2);
      const results = await Promise.all(
        [a!, b!].map((c) =>
          t.request({
            method: 'PATCH',
            url: `/contacts/${c.id}`,
            token: user.accessToken,
            body: { phoneNumber: '08039990000' },
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      const rows = await t.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.businessId, user.businessId), eq(contacts.phoneNumber, '+2348039990000')));
      expect(rows).toHaveLength(1);
    });
  });

  describe('GET /contacts', () => {
    it('pages newest first in the list envelope, with an exact total', async () => {
      const user = await createUser(t);
      await createContacts(t, user.businessId, 3, { createdAt: new Date('2024-01-01T00:00:00Z') });
      const [newest] = await createContacts(t, user.businessId, 1, {
        createdAt: new Date('2024-06-01T00:00:00Z'),
      });
      const res = await t.request({ url: '/contacts?page=1&pageSize=2', token: user.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        page: 1,
        pageSize: 2,
        total: 4,
        totalPages: 2,
        totalIsEstimate: false,
      });
      expect(res.body.data.items).toHaveLength(2);
      expect(res.body.data.items[0].id).toBe(newest!.id);
      const second = await t.request({ url: '/contacts?page=2&pageSize=2', token: user.accessToken });
      const ids = [...res.body.data.items, ...second.body.data.items].map((c: { id: string }) => c.id);
      expect(new Set(ids).size).toBe(4);
      const beyond = await t.request({ url: '/contacts?page=3&pageSize=2', token: user.accessToken });
      expect(beyond.body.data).toMatchObject({ items: [], total: 4 });
    });

    it('clamps pageSize to 100 and answers 400 for a bad page, pageSize or optIn', async () => {
      const user = await createUser(t);
      const big = await t.request({ url: '/contacts?pageSize=500', token: user.accessToken });
      expect(big.body.data.pageSize).toBe(100);
      for (const q of ['page=0', 'pageSize=abc', 'page=1.5', 'optIn=yes']) {
        const res = await t.request({ url: `/contacts?${q}`, token: user.accessToken });
        expect(res.status).toBe(400);
      }
    });

    it('filters by optIn and by tag', async () => {
      const user = await createUser(t);
      await createContacts(t, user.businessId, 2, { optIn: true, tags: ['vip'] });
      await createContacts(t, user.businessId, 3, { optIn: false });
      const inOnly = await t.request({ url: '/contacts?optIn=true', token: user.accessToken });
      expect(inOnly.body.data.total).toBe(2);
      expect(inOnly.body.data.items.every((c: { optIn: boolean }) => c.optIn)).toBe(true);
      const out = await t.request({ url: '/contacts?optIn=false', token: user.accessToken });
      expect(out.body.data.total).toBe(3);
      const vip = await t.request({ url: '/contacts?tag=vip', token: user.accessToken });
      expect(vip.body.data.total).toBe(2);
    });

    it('searches names and phones: substrings, words in any order, short word starts, phones as typed', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const other = await createUser(t, { countryCode: 'NG' });
      const make = (u: TestUser, firstName: string, lastName: string, phoneNumber: string) =>
        post(u, { firstName, lastName, phoneNumber });
      await make(user, 'Adaeze', 'Okafor', '08031234567');
      await make(user, 'John', 'Adeyemi', '08069876543');
      await make(user, 'Mary', 'Johnson', '07031112222');
      await make(other, 'Adaeze', 'Okafor', '08031234567');

      const names = async (search: string) => {
        const res = await t.request({ url: '/contacts', query: { search }, token: user.accessToken });
        expect(res.status).toBe(200);
        expect(res.body.data.total).toBe(res.body.data.items.length);
        return res.body.data.items.map((c: { firstName: string }) => c.firstName).sort();
      };
      expect(await names('john')).toEqual(['John', 'Mary']);
      expect(await names('ADAEZE')).toEqual(['Adaeze']);
      expect(await names('okafor adaeze')).toEqual(['Adaeze']);
      expect(await names('john adeyemi')).toEqual(['John']);
      expect(await names('ad')).toEqual(['Adaeze', 'John']);
      expect(await names('j')).toEqual(['John', 'Mary']);
      expect(await names('1234567')).toEqual(['Adaeze']);
      expect(await names('0803 123 4567')).toEqual(['Adaeze']);
      expect(await names('+234 806 987')).toEqual(['John']);
      expect(await names('ezeo')).toEqual([]);
      expect(await names('%')).toEqual([]);
      expect(await names('_')).toEqual([]);
      expect(await names('john JOHN')).toEqual(['John', 'Mary']);
      expect(await names('- !')).toEqual([]);
      expect(await names('   ')).toEqual(['Adaeze', 'John', 'Mary']);
    });

    it('answers only the caller business contacts', async () => {
      const user = await createUser(t);
      const other = await createUser(t);
      await createContacts(t, other.businessId, 5);
      const mine = await createContacts(t, user.businessId, 2);
      const res = await t.request({ url: '/contacts', token: user.accessToken });
      expect(res.body.data.total).toBe(2);
      expect(res.body.data.items.map((c: { id: string }) => c.id).sort()).toEqual(
        mine.map((c) => c.id).sort(),
      );
      const search = await t.request({ url: '/contacts?search=First', token: user.accessToken });
      expect(search.body.data.total).toBe(2);
    });

    it('pages a search newest first, the same way whether it matches few or more than it counts', async () => {
      const user = await createUser(t);
      // Oldest first: the "Ngozi" matches are the business's oldest rows, behind many newer ones.
      for (const [name, n] of [
        ['Ngozi', 25],
        ['Tunde', 40],
        ['Ngozi', 5],
      ] as const) {
        await createContacts(t, user.businessId, n, { firstName: name });
        await new Promise((r) => setTimeout(r, 5));
      }
      const ids = async (query: string) => {
        const res = await t.request({ url: `/contacts?${query}`, token: user.accessToken });
        expect(res.status).toBe(200);
        return res.body.data as { items: { id: string; firstName: string }[]; total: number };
      };
      const all = (await ids('search=ngozi&pageSize=100')).items;
      expect(all).toHaveLength(30);
      expect(new Set(all.map((c) => c.firstName))).toEqual(new Set(['Ngozi']));
      // The order of the unfiltered list (the newest-first index), restricted to the matches.
      const unfiltered = (await ids('pageSize=100')).items.filter((c) => c.firstName === 'Ngozi');
      expect(all.map((c) => c.id)).toEqual(unfiltered.map((c) => c.id));
      const pages = [];
      for (let page = 1; page <= 4; page++) pages.push(await ids(`search=ngozi&pageSize=8&page=${page}`));
      expect(pages.map((p) => p.total)).toEqual([30, 30, 30, 30]);
      expect(pages.flatMap((p) => p.items.map((c) => c.id))).toEqual(all.map((c) => c.id));
      const beyond = await ids('search=ngozi&pageSize=8&page=9');
      expect(beyond).toMatchObject({ items: [], total: 30 });
    });

    it('gives an estimated total, flagged, once a search matches more than it counts exactly', async () => {
      const user = await createUser(t);
      await createContacts(t, user.businessId, 1_050, { firstName: 'Kemi' });
      const res = await t.request({ url: '/contacts?search=kemi&pageSize=10', token: user.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.data.items).toHaveLength(10);
      expect(res.body.data.totalIsEstimate).toBe(true);
      expect(res.body.data.total).toBeGreaterThan(1_000);
      expect(res.body.data.totalPages).toBe(Math.ceil(res.body.data.total / 10));
      const plain = await t.request({ url: '/contacts?pageSize=10', token: user.accessToken });
      expect(plain.body.data).toMatchObject({ total: 1_050, totalIsEstimate: false });
    });
  });

  describe('POST /contacts/bulk-delete', () => {
    it("deletes the business's listed contacts, ignores other businesses' ids, and says how many", async () => {
      const user = await createUser(t);
      const other = await createUser(t);
      const [a, b, keep] = await createContacts(t, user.businessId, 3);
      const [foreign] = await createContacts(t, other.businessId, 1);
      const res = await t.request({
        url: '/contacts/bulk-delete',
        token: user.accessToken,
        body: { ids: [a!.id, b!.id, b!.id, foreign!.id, randomUUID()] },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ deleted: 2 });
      expect((await stored(user.businessId)).map((r) => r.id)).toEqual([keep!.id]);
      expect(await stored(other.businessId)).toHaveLength(1);
    });

    it.each([
      ['no ids', () => ({})],
      ['an empty array', () => ({ ids: [] })],
      ['a string', () => ({ ids: 'x' })],
      ['a number in the array', () => ({ ids: [1] })],
      ['one valid id beside an invalid one', (id: string) => ({ ids: [id, 'not-a-uuid'] })],
    ])('answers 400 for %s and deletes nothing', async (_case, body) => {
      const user = await createUser(t);
      const [c] = await createContacts(t, user.businessId, 1);
      const res = await t.request({
        url: '/contacts/bulk-delete',
        token: user.accessToken,
        body: body(c!.id),
      });
      expect(res.status).toBe(400);
      expect(fields(res).some((p) => p.startsWith('ids'))).toBe(true);
      expect(await stored(user.businessId)).toHaveLength(1);
    });
  });

  it('answers 401 without a token on every contacts route', async () => {
    const id = randomUUID();
    const calls: Parameters<typeof t.request>[0][] = [
      { url: '/contacts' },
      { url: '/contacts', body: { firstName: 'A', lastName: 'B', phoneNumber: '+2348031234567' } },
      { url: '/contacts/export' },
      { url: '/contacts/import', body: { contacts: [{}] } },
      { url: '/contacts/import-file', body: { fileUrl: 'https://example.com/a.csv' } },
      { url: '/contacts/bulk-delete', body: { ids: [id] } },
      { url: `/contacts/${id}` },
      { method: 'PATCH', url: `/contacts/${id}`, body: { firstName: 'X' } },
      { method: 'DELETE', url: `/contacts/${id}` },
    ];
    for (const call of calls) {
      const res = await t.request(call);
      expect(res.status, `${call.method ?? ''} ${call.url}`).toBe(401);
      expect(res.body.status).toBe('failure');
    }
  });
});
