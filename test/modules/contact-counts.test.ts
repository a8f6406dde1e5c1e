import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactCounts, contacts } from '../../src/platform/db/schema/index.js';
import { createContacts, createUser, type TestUser, uniquePhone } from '../factories.js';
import { useTestApp } from '../harness.js';

/**
 * The plain and opt-in list totals come from `contact_counts`, kept by triggers on `contacts`. After every
 * kind of write, the totals the API answers must equal a fresh count of the rows.
 */
describe('contact totals kept by triggers', () => {
  const t = useTestApp();

  const totalOf = async (user: TestUser, query = '') => {
    const res = await t.request({ url: `/contacts?pageSize=1${query}`, token: user.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.totalIsEstimate).toBe(false);
    return res.body.data.total as number;
  };

  /** The API's three totals against the rows themselves. */
  async function expectTotalsMatchRows(user: TestUser) {
    const rows = await t.db
      .select({ optIn: contacts.optIn })
      .from(contacts)
      .where(eq(contacts.businessId, user.businessId));
    const optedIn = rows.filter((r) => r.optIn).length;
    expect({
      all: await totalOf(user),
      optedIn: await totalOf(user, '&optIn=true'),
      optedOut: await totalOf(user, '&optIn=false'),
    }).toEqual({ all: rows.length, optedIn, optedOut: rows.length - optedIn });
    return { all: rows.length, optedIn };
  }

  it('starts at 0 and follows create, opt-in change, delete and bulk delete through the API', async () => {
    const user = await createUser(t);
    expect(await expectTotalsMatchRows(user)).toEqual({ all: 0, optedIn: 0 });

    const created = [];
    for (const optIn of [true, true, false, false, false]) {
      const res = await t.request({
        url: '/contacts',
        token: user.accessToken,
        body: { firstName: 'A', lastName: 'B', phoneNumber: uniquePhone(), optIn },
      });
      expect(res.status).toBe(201);
      created.push(res.body.data.id as string);
    }
    expect(await expectTotalsMatchRows(user)).toEqual({ all: 5, optedIn: 2 });

    const patch = (id: string, body: unknown) =>
      t.request({ method: 'PATCH', url: `/contacts/${id}`, token: user.accessToken, body });
    expect((await patch(created[2]!, { optIn: true })).status).toBe(200);
    expect((await patch(created[0]!, { optIn: false })).status).toBe(200);
    expect((await patch(created[1]!, { firstName: 'Renamed' })).status).toBe(200);
    expect(await expectTotalsMatchRows(user)).toEqual({ all: 5, optedIn: 2 });

    const del = await t.request({
      method: 'DELETE',
      url: `/contacts/${created[1]}`,
      token: user.accessToken,
    });
    expect(del.status).toBe(200);
    const bulk = await t.request({
      url: '/contacts/bulk-delete',
      token: user.accessToken,
      body: { ids: [created[2], created[3]] },
    });
    expect(bulk.status).toBe(200);
    expect(await expectTotalsMatchRows(user)).toEqual({ all: 2, optedIn: 0 });
  });

  it('follows a JSON import with duplicates, and leaves other businesses alone', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    await createContacts(t, other.businessId, 7, { optIn: true });
    const phone = uniquePhone();
    const res = await t.request({
      url: '/contacts/import',
      token: user.accessToken,
      body: {
        contacts: [
          { firstName: 'A', lastName: 'A', phoneNumber: phone, optIn: true },
          { firstName: 'B', lastName: 'B', phoneNumber: phone, optIn: true },
          { firstName: 'C', lastName: 'C', phoneNumber: uniquePhone() },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(await expectTotalsMatchRows(user)).toEqual({ all: 2, optedIn: 1 });
    expect(await expectTotalsMatchRows(other)).toEqual({ all: 7, optedIn: 7 });
  });

  it('follows an upsert that flips opt-in (the messaging webhook path) and a statement over many rows', async () => {
    const user = await createUser(t);
    const [first] = await createContacts(t, user.businessId, 50, { optIn: false });
    // Opt-in of a known number and of a new one, as the webhook writes them.
    for (const phoneNumber of [first!.phoneNumber, uniquePhone()]) {
      await t.db.execute(sql`
        INSERT INTO contacts (business_id, first_name, last_name, phone_number, opt_in)
        VALUES (${user.businessId}, '', '', ${phoneNumber}, true)
        ON CONFLICT (business_id, phone_number) DO UPDATE SET opt_in = true, updated_at = now()`);
    }
    expect(await expectTotalsMatchRows(user)).toEqual({ all: 51, optedIn: 2 });
    await t.db.update(contacts).set({ optIn: true }).where(eq(contacts.businessId, user.businessId));
    expect(await expectTotalsMatchRows(user)).toEqual({ all: 51, optedIn: 51 });
    await t.db.delete(contacts).where(eq(contacts.businessId, user.businessId));
    expect(await expectTotalsMatchRows(user)).toEqual({ all: 0, optedIn: 0 });
  });

  it('rolls back with the transaction that wrote the contacts', async () => {
    const user = await createUser(t);
    await createContacts(t, user.businessId, 3, { optIn: true });
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(contacts).values({
          businessId: user.businessId,
          firstName: 'X',
          lastName: 'Y',
          phoneNumber: uniquePhone(),
          optIn: true,
        });
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await expectTotalsMatchRows(user)).toEqual({ all: 3, optedIn: 3 });
  });

  it('stays exact under concurrent creates and deletes in one business', async () => {
    const user = await createUser(t);
    const seeded = await createContacts(t, user.businessId, 20, { optIn: true });
    const creates = Array.from({ length: 30 }, (_, i) =>
      t.request({
        url: '/contacts',
        token: user.accessToken,
        body: { firstName: 'C', lastName: `${i}`, phoneNumber: uniquePhone(), optIn: i % 2 === 0 },
      }),
    );
    const deletes = seeded
      .slice(0, 10)
      .map((c) => t.request({ method: 'DELETE', url: `/contacts/${c.id}`, token: user.accessToken }));
    const results = await Promise.all([...creates, ...deletes]);
    expect(results.map((r) => r.status).filter((s) => s >= 300)).toEqual([]);
    expect(await expectTotalsMatchRows(user)).toEqual({ all: 40, optedIn: 25 });
    const [kept] = await t.db
      .select()
      .from(contactCounts)
      .where(eq(contactCounts.businessId, user.businessId));
    expect(kept).toMatchObject({ total: 40, optedIn: 25 });
  });

  it('gives the admin business detail the same kept total as the contacts list (0 without a counts row)', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const user = await createUser(t);
    await createContacts(t, user.businessId, 3);
    const detail = async () => {
      const res = await t.request({ url: `/admin/businesses/${user.businessId}`, token: admin.accessToken });
      expect(res.status).toBe(200);
      return res.body.data.contactCount as number;
    };
    expect(await detail()).toBe(3);
    // The kept row is what both read: set apart from the rows, the two answers still agree with each other.
    await t.db
      .update(contactCounts)
      .set({ total: 7, optedIn: 0 })
      .where(eq(contactCounts.businessId, user.businessId));
    expect(await detail()).toBe(7);
    expect(await totalOf(user)).toBe(7);
    await t.db.delete(contactCounts).where(eq(contactCounts.businessId, user.businessId));
    expect(await detail()).toBe(0);
    expect(await totalOf(user)).toBe(0);
  });
});
