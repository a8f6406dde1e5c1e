import { describe, expect, it } from 'vitest';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';

describe('exchange rates', () => {
  const t = useTestApp();

  it('lists every ISO country with its name, without a token', async () => {
    const res = await t.request({ url: '/exchange-rates/countries' });
    expect(res.status).toBe(200);
    expect(res.body.apiObject).toBe('country');
    expect(res.body.data.length).toBeGreaterThan(240);
    expect(res.body.data).toContainEqual({ name: 'Nigeria', code: 'NG' });
  });

  it('lets an admin create, update, read and delete a rate', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const created = await t.request({
      url: '/exchange-rates',
      token: admin.accessToken,
      body: { countryCode: 'ng', currency: 'ngn', rate: 1500.5 },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ countryCode: 'NG', currency: 'NGN', rate: 1500.5 });

    const updated = await t.request({
      url: '/exchange-rates',
      token: admin.accessToken,
      body: { countryCode: 'NG', currency: 'NGN', rate: 1600 },
    });
    expect(updated.body.data.rate).toBe(1600);

    const one = await t.request({ url: '/exchange-rates/ng' });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ countryCode: 'NG', rate: 1600 });
    const all = await t.request({ url: '/exchange-rates' });
    expect(all.body.data.filter((r: { countryCode: string }) => r.countryCode === 'NG')).toHaveLength(1);

    const removed = await t.request({
      method: 'DELETE',
      url: '/exchange-rates/NG',
      token: admin.accessToken,
    });
    expect(removed.status).toBe(200);
    expect((await t.request({ url: '/exchange-rates/NG' })).status).toBe(404);
  });

  it('answers 404 for a country without a rate', async () => {
    const res = await t.request({ url: '/exchange-rates/GH' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ apiObject: 'exchangeRate', status: 'failure' });
  });

  it.each([
    [{ currency: 'NGN', rate: 1 }, 'countryCode'],
    [{ countryCode: 'XX', currency: 'NGN', rate: 1 }, 'countryCode'],
    [{ countryCode: 'NG', currency: 'NAIRA', rate: 1 }, 'currency'],
    [{ countryCode: 'NG', currency: 'NGN', rate: -3 }, 'rate'],
    [{ countryCode: 'NG', currency: 'NGN', rate: '1500' }, 'rate'],
    // Below the column's 6 places: stored as 0 (refused by the table) or silently rounded.
    [{ countryCode: 'NG', currency: 'NGN', rate: 5e-324 }, 'rate'],
    [{ countryCode: 'NG', currency: 'NGN', rate: 1500.0000001 }, 'rate'],
  ])('rejects %j with a 400 naming %s, and stores nothing', async (body, field) => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await t.request({ url: '/exchange-rates', token: admin.accessToken, body });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
    expect((await t.request({ url: '/exchange-rates/NG' })).status).toBe(404);
  });

  it('takes the country list from the ISO package: every code two uppercase letters, sorted by name', async () => {
    const res = await t.request({ url: '/exchange-rates/countries' });
    const codes = res.body.data.map((c: { code: string }) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c: string) => /^[A-Z]{2}$/.test(c))).toBe(true);
    const names = res.body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(res.body.data).toContainEqual({ name: 'Ghana', code: 'GH' });
  });

  it('answers 404 to deleting a rate that does not exist', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await t.request({ method: 'DELETE', url: '/exchange-rates/ZA', token: admin.accessToken });
    expect(res.status).toBe(404);
  });

  it('keeps writes to admins: 401 anonymous, 403 for a business', async () => {
    const business = await createUser(t);
    const body = { countryCode: 'KE', currency: 'KES', rate: 130 };
    expect((await t.request({ url: '/exchange-rates', body })).status).toBe(401);
    expect((await t.request({ url: '/exchange-rates', body, token: business.accessToken })).status).toBe(403);
    expect((await t.request({ method: 'DELETE', url: '/exchange-rates/KE' })).status).toBe(401);
    expect(
      (await t.request({ method: 'DELETE', url: '/exchange-rates/KE', token: business.accessToken })).status,
    ).toBe(403);
  });
});
