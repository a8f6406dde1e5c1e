import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { priceCard, priceCardHistory } from '../../src/platform/db/schema/index.js';
import { createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

describe('rate card', () => {
  const t = useTestApp();
  let admin: TestUser;
  let business: TestUser;
  beforeAll(async () => {
    admin = await createUser(t, { role: 'admin' });
    business = await createUser(t, { businessVerified: 'accepted' });
  });
  const card = (query?: Record<string, string>) =>
    t.request({ url: '/admin/price-card', token: admin.accessToken, query });
  const put = (rows: unknown[], token = admin.accessToken) =>
    t.request({ method: 'PUT', url: '/admin/price-card', token, body: { rows } });
  const priceOf = async (category: string, country: string) =>
    (await t.db.select().from(priceCard).where(eq(priceCard.countryCode, country))).find(
      (r) => r.category === category,
    )?.price;

  it('ships a starting card: the built-in rates as defaults, and differing countries', async () => {
    const res = await card();
    expect(res.status).toBe(200);
    const rows = res.body.data.items as { country: string; category: string; price: number }[];
    const defaults = Object.fromEntries(
      rows.filter((r) => r.country === '*').map((r) => [r.category, r.price]),
    );
    expect(defaults).toEqual({ marketing: 1, utility: 0.5, authentication: 0.5, service: 0.3 });
    const marketing = rows.filter((r) => r.category === 'marketing').map((r) => r.country);
    expect(marketing).toEqual(expect.arrayContaining(['IN', 'BR', 'GB', 'US', 'ZA', 'KE']));
    // Nigeria, the home market, has no row: it pays the defaults, which the settings' rates set.
    expect(marketing).not.toContain('NG');
    expect(rows.find((r) => r.country === 'BR' && r.category === 'marketing')?.price).not.toBe(
      rows.find((r) => r.country === 'IN' && r.category === 'marketing')?.price,
    );
    const india = await card({ country: 'in', category: 'utility' });
    expect(india.body.data.items).toHaveLength(1);
    expect(india.body.data.items[0]).toMatchObject({ country: 'IN', category: 'utility' });
  });

  it('sets rows with their cost and records who changed what in the history', async () => {
    const res = await put([
      { country: 'gh', category: 'marketing', price: 0.9, cost: 0.61 },
      { country: 'NG', category: 'utility', price: 0.4 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toContainEqual(
      expect.objectContaining({
        country: 'GH',
        category: 'marketing',
        price: 0.9,
        cost: 0.61,
        updatedBy: admin.accountId,
      }),
    );
    expect(await priceOf('utility', 'NG')).toBe('0.4000');
    const history = await t.request({
      url: '/admin/price-card/history',
      token: admin.accessToken,
      query: { country: 'NG' },
    });
    expect(history.status).toBe(200);
    expect(history.body.data.items[0]).toMatchObject({
      country: 'NG',
      category: 'utility',
      action: 'set',
      // Nigeria had no row of its own (it paid the default): this one is new.
      oldPrice: null,
      newPrice: 0.4,
      changedBy: admin.accountId,
    });
    // Setting the same price again changes nothing and writes no history.
    const before = (await t.db.select().from(priceCardHistory)).length;
    await put([{ country: 'NG', category: 'utility', price: 0.4 }]);
    expect((await t.db.select().from(priceCardHistory)).length).toBe(before);
  });

  it.each([
    [{ country: 'XX', category: 'marketing', price: 1 }, 'rows.0.country'],
    [{ country: 'NGA', category: 'marketing', price: 1 }, 'rows.0.country'],
    [{ country: 'NG', category: 'promo', price: 1 }, 'rows.0.category'],
    [{ country: 'NG', category: 'marketing', price: -1 }, 'rows.0.price'],
    [{ country: 'NG', category: 'marketing', price: 0.12345 }, 'rows.0.price'],
    [{ country: 'NG', category: 'marketing', price: 1, cost: 0.00001 }, 'rows.0.cost'],
  ])('refuses a bad row %j (400 naming the field, nothing stored)', async (row, path) => {
    const res = await put([row]);
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(path);
    expect(await priceOf('marketing', 'NG')).toBeUndefined();
  });

  it('refuses the same row twice in one request, applying neither', async () => {
    const res = await put([
      { country: 'KE', category: 'marketing', price: 2 },
      { country: 'ke', category: 'marketing', price: 3 },
    ]);
    expect(res.status).toBe(400);
    expect(await priceOf('marketing', 'KE')).toBe('0.7000');
  });

  it('deletes a country row (the default applies again) but never a default row', async () => {
    await put([{ country: 'FR', category: 'service', price: 0.25 }]);
    const del = await t.request({
      method: 'DELETE',
      url: '/admin/price-card/service/fr',
      token: admin.accessToken,
    });
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ country: 'FR', category: 'service', price: 0.25 });
    expect(await priceOf('service', 'FR')).toBeUndefined();
    const [last] = (
      await t.request({
        url: '/admin/price-card/history',
        token: admin.accessToken,
        query: { country: 'FR' },
      })
    ).body.data.items;
    expect(last).toMatchObject({ action: 'delete', oldPrice: 0.25, newPrice: null });

    const again = await t.request({
      method: 'DELETE',
      url: '/admin/price-card/service/FR',
      token: admin.accessToken,
    });
    expect(again.status).toBe(404);
    const fallback = await t.request({
      method: 'DELETE',
      url: '/admin/price-card/service/*',
      token: admin.accessToken,
    });
    expect(fallback.status).toBe(400);
    expect(fallback.body.message).toMatch(/default row cannot be deleted/);
    expect(await priceOf('service', '*')).toBe('0.3000');
  });

  it('exports the card as CSV and imports it back, all or nothing', async () => {
    const exported = await t.request({ url: '/admin/price-card/export', token: admin.accessToken });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toMatch(/text\/csv/);
    const lines = exported.text.trim().split('\n');
    expect(lines[0]).toBe('country,category,price,cost');
    expect(lines).toContain('*,marketing,1,');
    expect(lines).toContain('GH,marketing,0.9,0.61');

    const bad = [
      'country,category,price,cost',
      'BR,marketing,2,',
      'QQ,marketing,1,',
      'IN,utility,abc,',
      'BR,marketing,3,',
    ].join('\n');
    const refused = await t.request({
      method: 'POST',
      url: '/admin/price-card/import',
      token: admin.accessToken,
      body: { csv: bad },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage.fields).toEqual([
      { path: 'line 3', message: 'Unknown country code "QQ"' },
      { path: 'line 4', message: 'price must be a number ≥ 0' },
      { path: 'line 5', message: 'BR marketing is already on line 2' },
    ]);
    expect(await priceOf('marketing', 'BR')).toBe('1.6000');

    const good = ['country,category,price,cost', 'br,Marketing,2.25,1.5', '*,service,0.35,', ''].join('\n');
    const applied = await t.request({
      method: 'POST',
      url: '/admin/price-card/import',
      token: admin.accessToken,
      body: { csv: good },
    });
    expect(applied.status).toBe(200);
    expect(applied.body.data).toEqual({ rows: 2, changed: 2 });
    expect(await priceOf('marketing', 'BR')).toBe('2.2500');
    expect(await priceOf('service', '*')).toBe('0.3500');
    const [last] = (
      await t.request({
        url: '/admin/price-card/history',
        token: admin.accessToken,
        query: { country: 'BR' },
      })
    ).body.data.items;
    expect(last).toMatchObject({ action: 'import', oldPrice: 1.6, newPrice: 2.25, newCost: 1.5 });

    const noHeader = await t.request({
      method: 'POST',
      url: '/admin/price-card/import',
      token: admin.accessToken,
      body: { csv: 'NG,marketing,1\nIN,marketing,1' },
    });
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.errorMessage.fields[0].path).toBe('line 1');
  });

  it('is for administrators only; a business reads its price list without the costs', async () => {
    expect(
      (await put([{ country: 'NG', category: 'marketing', price: 0 }], business.accessToken)).status,
    ).toBe(403);
    expect((await t.request({ url: '/admin/price-card', token: business.accessToken })).status).toBe(403);
    const list = await t.request({
      url: '/pricing/prices',
      token: business.accessToken,
      query: { category: 'marketing' },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.items).toContainEqual({ country: 'GH', category: 'marketing', price: 0.9 });
    expect(list.body.data.items.every((i: Record<string, unknown>) => !('cost' in i))).toBe(true);
  });

  it("the settings' per-category rates are the card's default rows, both ways", async () => {
    const superadmin = await createUser(t, { role: 'superadmin' });
    const saved = await t.request({
      url: '/admin/settings',
      token: superadmin.accessToken,
      body: { marketingRate: 1.25 },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await priceOf('marketing', '*')).toBe('1.2500');
    const history = await t.request({
      url: '/admin/price-card/history',
      token: admin.accessToken,
      query: { country: '*', category: 'marketing' },
    });
    expect(history.body.data.items[0]).toMatchObject({ newPrice: 1.25, changedBy: superadmin.accountId });
    // A business's estimate to an unlisted country takes it.
    const estimate = await t.request({
      url: '/pricing/prices',
      token: business.accessToken,
      query: { country: '*', category: 'marketing' },
    });
    expect(estimate.body.data.items).toEqual([{ country: '*', category: 'marketing', price: 1.25 }]);

    // The other way: the card's default row set, the settings show it.
    expect((await put([{ country: '*', category: 'utility', price: 0.45 }])).status).toBe(200);
    const settings = await t.request({ url: '/admin/settings', token: superadmin.accessToken });
    expect(settings.body.data).toMatchObject({ marketingRate: 1.25, utilityRate: 0.45 });
  });
});
