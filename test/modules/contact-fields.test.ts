/**
 * Contact fields (issue 39): definitions (at most 50, key and type fixed), values checked by type on
 * create, update and import (a bad value is reported by column, the rest of the row imported), shown in
 * the API and exported as a column each; deleting a field removes its values.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, contactFieldDefinitions, contacts } from '../../src/platform/db/schema/index.js';
import { createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { defineFields } from './contact-fields.support.js';

describe('contact fields', () => {
  const t = useTestApp();
  const call = (user: TestUser, url: string, body?: unknown, method?: string) =>
    t.request({ url, token: user.accessToken, body, ...(method && { method: method as 'POST' }) });
  const paths = (res: { body: { errorMessage: { fields: { path: string }[] } } }) =>
    res.body.errorMessage.fields.map((f) => f.path);

  it('defines, lists, renames and audits fields; key and type are checked', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    const created = await call(user, '/contact-fields', {
      key: 'plan',
      label: 'Plan',
      type: 'choice',
      choices: ['Gold', 'Silver'],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      apiObject: 'contactField',
      data: { key: 'plan', type: 'choice', choices: ['Gold', 'Silver'] },
    });

    const dup = await call(user, '/contact-fields', { key: 'plan', label: 'Plan 2', type: 'text' });
    expect(dup.status).toBe(400);
    expect(paths(dup)).toEqual(['key']);
    for (const bad of [
      { key: 'Bad Key', label: 'x', type: 'text' },
      { key: 'x', label: 'x', type: 'choice' },
      { key: 'y', label: 'y', type: 'text', choices: ['a'] },
      { key: 'z', label: 'z', type: 'colour' },
    ]) {
      const res = await call(user, '/contact-fields', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }

    const renamed = await call(
      user,
      `/contact-fields/${created.body.data.id}`,
      { label: 'Tier', choices: ['Gold', 'Silver', 'Bronze'] },
      'PATCH',
    );
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data).toMatchObject({
      key: 'plan',
      label: 'Tier',
      choices: ['Gold', 'Silver', 'Bronze'],
    });

    const list = await call(user, '/contact-fields');
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ max: 50, items: [{ key: 'plan', label: 'Tier' }] });

    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.businessId, user.businessId));
    expect(actions.map((a) => a.action).sort()).toEqual(['contact_field.created', 'contact_field.updated']);
  });

  it('refuses the 51st field', async () => {
    const user = await createUser(t);
    await t.db.insert(contactFieldDefinitions).values(
      Array.from({ length: 50 }, (_, i) => ({
        businessId: user.businessId,
        key: `f${i}`,
        label: `F${i}`,
        type: 'text' as const,
      })),
    );
    const res = await call(user, '/contact-fields', { key: 'one_more', label: 'One more', type: 'text' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/at most 50/);
    expect(
      await t.db.$count(contactFieldDefinitions, eq(contactFieldDefinitions.businessId, user.businessId)),
    ).toBe(50);
  });

  it('another business: its field id is a 404 on PATCH and DELETE, and its keys are unknown', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const field = await call(owner, '/contact-fields', { key: 'city', label: 'City', type: 'text' });
    expect((await call(other, `/contact-fields/${field.body.data.id}`, { label: 'X' }, 'PATCH')).status).toBe(
      404,
    );
    expect((await call(other, `/contact-fields/${field.body.data.id}`, undefined, 'DELETE')).status).toBe(
      404,
    );
    const res = await call(other, '/contacts', {
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '+2348031110001',
      fields: { city: 'Lagos' },
    });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['fields.city']);
    expect((await call(owner, '/contact-fields')).body.data.items).toHaveLength(1);
  });

  it('values are checked by type on create and update, shown, merged and removed by null', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    await defineFields(t, user);
    const bad = await call(user, '/contacts', {
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '+2348031110002',
      fields: { city: 5, orders: 'many', birthday: '2024-02-30', vip: 'maybe', plan: 'Platinum', shoe: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(paths(bad).sort()).toEqual([
      'fields.birthday',
      'fields.orders',
      'fields.plan',
      'fields.shoe',
      'fields.vip',
    ]);
    expect(await t.db.$count(contacts, eq(contacts.businessId, user.businessId))).toBe(0);

    const ok = await call(user, '/contacts', {
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '+2348031110002',
      fields: { city: ' Lagos ', orders: '12', birthday: '1990-05-01', vip: 'yes', plan: 'gold' },
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data.fields).toEqual({
      city: 'Lagos',
      orders: 12,
      birthday: '1990-05-01',
      vip: true,
      plan: 'Gold',
    });

    const patched = await call(
      user,
      `/contacts/${ok.body.data.id}`,
      { fields: { city: null, orders: 13.5 } },
      'PATCH',
    );
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data.fields).toEqual({
      orders: 13.5,
      birthday: '1990-05-01',
      vip: true,
      plan: 'Gold',
    });
    const got = await call(user, `/contacts/${ok.body.data.id}`);
    expect(got.body.data.fields).toEqual(patched.body.data.fields);

    const badPatch = await call(user, `/contacts/${ok.body.data.id}`, { fields: { orders: 'x' } }, 'PATCH');
    expect(badPatch.status).toBe(400);
    expect(paths(badPatch)).toEqual(['fields.orders']);
  });

  it('a choice still held by a contact cannot be removed from the list', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    await defineFields(t, user);
    await call(user, '/contacts', {
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '+2348031110003',
      fields: { plan: 'Silver' },
    });
    const [plan] = await t.db
      .select()
      .from(contactFieldDefinitions)
      .where(
        and(eq(contactFieldDefinitions.businessId, user.businessId), eq(contactFieldDefinitions.key, 'plan')),
      );
    const res = await call(user, `/contact-fields/${plan!.id}`, { choices: ['Gold'] }, 'PATCH');
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['choices']);
  });

  it('deleting a field removes its values; a field a segment uses cannot be deleted (409)', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    await defineFields(t, user);
    const c = await call(user, '/contacts', {
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '+2348031110004',
      fields: { city: 'Abuja', vip: false },
    });
    const defs = (await call(user, '/contact-fields')).body.data.items as { id: string; key: string }[];
    const city = defs.find((d) => d.key === 'city')!;
    const vip = defs.find((d) => d.key === 'vip')!;
    const seg = await call(user, '/segments', {
      name: 'VIPs',
      filter: { match: 'all', conditions: [{ on: 'field', key: 'vip', op: 'equals', value: true }] },
    });
    expect(seg.status, seg.text).toBe(201);
    const refused = await call(user, `/contact-fields/${vip.id}`, undefined, 'DELETE');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/VIPs/);

    const del = await call(user, `/contact-fields/${city.id}`, undefined, 'DELETE');
    expect(del.status, del.text).toBe(200);
    const after = await call(user, `/contacts/${c.body.data.id}`);
    expect(after.body.data.fields).toEqual({ vip: false });
    // The key is free again, for any type, with no old value coming back.
    const again = await call(user, '/contact-fields', { key: 'city', label: 'City', type: 'number' });
    expect(again.status).toBe(201);
    expect((await call(user, `/contacts/${c.body.data.id}`)).body.data.fields).toEqual({ vip: false });
  });

  it('imports values of every type; a bad value is reported by column and its row still imports', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    await defineFields(t, user);
    const res = await call(user, '/contacts/import', {
      contacts: [
        {
          firstName: 'A',
          lastName: 'A',
          phoneNumber: '08031110010',
          fields: { city: 'Lagos', orders: '3', birthday: '1990-01-02', vip: 'y', plan: 'silver' },
        },
        {
          firstName: 'B',
          lastName: 'B',
          phoneNumber: '08031110011',
          fields: { orders: 'three', birthday: '02/01/1990', vip: 'maybe', plan: 'Bronze', city: 'Kano' },
        },
        { firstName: 'C', lastName: 'C', phoneNumber: 'nope', fields: { city: 'Ibadan' } },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.imported).toBe(2);
    expect(res.body.data.failed).toEqual([{ row: 3, reason: expect.stringMatching(/phoneNumber/) }]);
    expect(
      res.body.data.rejectedValues.map((r: { row: number; column: string }) => `${r.row}:${r.column}`).sort(),
    ).toEqual(['2:birthday', '2:orders', '2:plan', '2:vip']);
    const rows = await t.db.select().from(contacts).where(eq(contacts.businessId, user.businessId));
    const byName = Object.fromEntries(rows.map((r) => [r.firstName, r.fields]));
    expect(byName.A).toEqual({ city: 'Lagos', orders: 3, birthday: '1990-01-02', vip: true, plan: 'Silver' });
    expect(byName.B).toEqual({ city: 'Kano' });
  });

  it('exports a column per field, which imports back into the same values', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    await defineFields(t, user);
    await call(user, '/contacts', {
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '+2348031110020',
      fields: { city: 'Lagos', orders: -2, birthday: '1990-05-01', vip: true, plan: 'Gold' },
    });
    const res = await t.request({
      method: 'GET',
      url: '/contacts/export?format=csv',
      token: user.accessToken,
    });
    expect(res.status, res.text).toBe(200);
    const [header, line] = res.text.trim().split('\r\n');
    expect(header).toBe(
      'firstName,lastName,phoneNumber,tags,optIn,countryCode,city,orders,birthday,vip,plan',
    );
    expect(line).toBe("A,B,'+2348031110020,,false,NG,Lagos,'-2,1990-05-01,true,Gold");
  });
});
