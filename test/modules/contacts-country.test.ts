import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureContacts, fillContactCountries } from '../../src/modules/contacts/index.js';
import { contacts } from '../../src/platform/db/schema/index.js';
import { createContacts, createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

describe("a contact's country", () => {
  const t = useTestApp();
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    user = await createUser(t, { businessVerified: 'accepted' });
    other = await createUser(t, { businessVerified: 'accepted' });
  });
  const stored = async (id: string) =>
    (await t.db.select().from(contacts).where(eq(contacts.id, id)))[0]!.countryCode;

  it('is derived from the phone on create and on every phone change, and answered', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/contacts',
      token: user.accessToken,
      body: { firstName: 'Ada', lastName: 'Obi', phoneNumber: '+2348031110001' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.countryCode).toBe('NG');
    expect(await stored(created.body.data.id)).toBe('NG');

    const moved = await t.request({
      method: 'PATCH',
      url: `/contacts/${created.body.data.id}`,
      token: user.accessToken,
      body: { phoneNumber: '+447400123456' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.countryCode).toBe('GB');
    expect(await stored(created.body.data.id)).toBe('GB');

    // A name change leaves it as it is.
    await t.request({
      method: 'PATCH',
      url: `/contacts/${created.body.data.id}`,
      token: user.accessToken,
      body: { firstName: 'Ada Ngozi' },
    });
    expect(await stored(created.body.data.id)).toBe('GB');
  });

  it('is set by an import and by an inbound message', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/contacts/import',
      token: user.accessToken,
      body: {
        contacts: [
          { firstName: 'Ravi', lastName: 'K', phoneNumber: '+919812345678' },
          { firstName: 'Ana', lastName: 'S', phoneNumber: '+5511987654321' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(contacts).where(eq(contacts.businessId, user.businessId));
    const byPhone = Object.fromEntries(rows.map((r) => [r.phoneNumber, r.countryCode]));
    expect(byPhone['+919812345678']).toBe('IN');
    expect(byPhone['+5511987654321']).toBe('BR');

    const ids = await ensureContacts(t.db, user.businessId, [
      { phone: '+254712345678', firstName: 'Wanjiru', lastName: '' },
    ]);
    expect(await stored(ids.get('+254712345678')!)).toBe('KE');
  });

  it('is backfilled for rows written without it, and answered derived meanwhile', async () => {
    const [old] = await createContacts(t, other.businessId, 1, { phoneNumber: '+27821234567' });
    expect(old!.countryCode).toBeNull();
    const listed = await t.request({ url: '/contacts', token: other.accessToken });
    expect(listed.body.data.items[0].countryCode).toBe('ZA');
    // International numbers (+800) belong to no country: ZZ, priced at the default.
    const [intl] = await createContacts(t, other.businessId, 1, { phoneNumber: '+80012345678' });
    expect(await fillContactCountries(t.db, null)).toBeGreaterThanOrEqual(2);
    expect(await stored(old!.id)).toBe('ZA');
    expect(await stored(intl!.id)).toBe('ZZ');
    expect(await t.db.select().from(contacts).where(isNull(contacts.countryCode))).toEqual([]);
  });

  it('filters the list (?country=), only within the business', async () => {
    const res = await t.request({ url: '/contacts', token: user.accessToken, query: { country: 'in' } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.items.map((c: { phoneNumber: string }) => c.phoneNumber)).toEqual(['+919812345678']);
    const none = await t.request({ url: '/contacts', token: other.accessToken, query: { country: 'IN' } });
    expect(none.body.data.total).toBe(0);
    const bad = await t.request({ url: '/contacts', token: user.accessToken, query: { country: 'IND' } });
    expect(bad.status).toBe(400);
  });

  it('is exported as a column', async () => {
    const res = await t.request({ url: '/contacts/export', token: user.accessToken });
    expect(res.status).toBe(200);
    const lines = res.text.trim().split(/\r\n/);
    expect(lines[0]).toBe('firstName,lastName,phoneNumber,tags,optIn,countryCode');
    expect(lines).toContain("Ravi,K,'+919812345678,,false,IN");
  });
});
