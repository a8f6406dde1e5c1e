import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exchangeRates, plans, userPlans } from '../../src/platform/db/schema/index.js';
import { createPlan, createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

const planBody = {
  name: 'Starter',
  duration: 30,
  description: 'For small shops',
  marketingRate: 0.85,
  utilityRate: 0.4,
  serviceRate: 0.25,
  authenticationRate: 0.3333,
  freeCredit: 500,
  price: 25,
};

describe('plans (administration)', () => {
  const t = useTestApp();
  let admin: TestUser;
  const storedPlan = async (id: string) => (await t.db.select().from(plans).where(eq(plans.id, id)))[0];

  it('creates a plan with its rates stored exactly', async () => {
    admin = await createUser(t, { role: 'admin' });
    const res = await t.request({ url: '/plans/admin', token: admin.accessToken, body: planBody });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ apiObject: 'plan', code: 201 });
    expect(res.body.data).toMatchObject({ ...planBody, isActive: true });
    const row = await storedPlan(res.body.data.id);
    expect(row).toMatchObject({
      marketingRate: '0.8500',
      authenticationRate: '0.3333',
      freeCredit: 500,
      price: 25,
      isActive: true,
    });
  });

  it.each([
    'name',
    'duration',
    'marketingRate',
    'utilityRate',
    'serviceRate',
    'authenticationRate',
    'freeCredit',
    'price',
  ])('answers 400 naming %s when it is missing, and creates nothing', async (field) => {
    admin ??= await createUser(t, { role: 'admin' });
    const name = `Missing ${field} ${randomUUID()}`;
    const body: Record<string, unknown> = { ...planBody, name };
    delete body[field];
    const res = await t.request({ url: '/plans/admin', token: admin.accessToken, body });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(await t.db.select().from(plans).where(eq(plans.name, name))).toHaveLength(0);
  });

  it.each([
    [{ price: 9.99 }, 'price'],
    [{ price: -1 }, 'price'],
    [{ duration: 0 }, 'duration'],
    [{ duration: '30' }, 'duration'],
    [{ freeCredit: 1.5 }, 'freeCredit'],
    [{ marketingRate: -0.1 }, 'marketingRate'],
    [{ marketingRate: 0.12345 }, 'marketingRate'],
    [{ utilityRate: 'cheap' }, 'utilityRate'],
    [{ name: '   ' }, 'name'],
  ])('answers 400 to %j', async (patch, field) => {
    admin ??= await createUser(t, { role: 'admin' });
    const res = await t.request({
      url: '/plans/admin',
      token: admin.accessToken,
      body: { ...planBody, ...patch },
    });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
  });

  it('updates any of the create fields and leaves the others alone', async () => {
    const plan = await createPlan(t, { description: 'old' });
    const res = await t.request({
      method: 'PATCH',
      url: `/plans/admin/${plan.id}`,
      token: admin.accessToken,
      body: { name: 'Renamed', price: 99, utilityRate: 0.05, description: null, isActive: undefined },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', price: 99, utilityRate: 0.05, description: null });
    const row = await storedPlan(plan.id);
    expect(row).toMatchObject({
      name: 'Renamed',
      price: 99,
      utilityRate: '0.0500',
      description: null,
      duration: plan.duration,
      marketingRate: plan.marketingRate,
      freeCredit: plan.freeCredit,
    });
  });

  it('rejects a bad update with 400 and changes nothing', async () => {
    const plan = await createPlan(t);
    const res = await t.request({
      method: 'PATCH',
      url: `/plans/admin/${plan.id}`,
      token: admin.accessToken,
      body: { name: 'Fine', price: 'free' },
    });
    expect(res.status).toBe(400);
    expect(await storedPlan(plan.id)).toEqual(plan);
  });

  it('answers 404 for an unknown plan and 400 for an id that is not a UUID', async () => {
    const missing = randomUUID();
    const patch = await t.request({
      method: 'PATCH',
      url: `/plans/admin/${missing}`,
      token: admin.accessToken,
      body: { price: 1 },
    });
    expect(patch.status).toBe(404);
    const deactivate = await t.request({
      method: 'POST',
      url: `/plans/admin/${missing}/deactivate`,
      token: admin.accessToken,
    });
    expect(deactivate.status).toBe(404);
    const malformed = await t.request({
      method: 'PATCH',
      url: '/plans/admin/not-a-uuid',
      token: admin.accessToken,
      body: {},
    });
    expect(malformed.status).toBe(400);
  });

  it('deactivates a plan: gone from the public list and from businesses, kept for admins, and can come back', async () => {
    const business = await createUser(t);
    const plan = await createPlan(t, { name: `Retired ${randomUUID()}` });
    const res = await t.request({
      method: 'POST',
      url: `/plans/admin/${plan.id}/deactivate`,
      token: admin.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.isActive).toBe(false);
    expect((await storedPlan(plan.id))!.isActive).toBe(false);

    const list = await t.request({
      url: '/plans',
      token: business.accessToken,
      query: { search: plan.name },
    });
    expect(list.body.data.items).toEqual([]);
    expect((await t.request({ url: `/plans/${plan.id}`, token: business.accessToken })).status).toBe(404);
    expect((await t.request({ url: `/plans/${plan.id}`, token: admin.accessToken })).status).toBe(200);

    const all = await t.request({ url: '/plans/admin/all', token: admin.accessToken });
    expect(all.status).toBe(200);
    expect(all.body.data.find((p: { id: string }) => p.id === plan.id)).toMatchObject({ isActive: false });

    await t.request({
      method: 'PATCH',
      url: `/plans/admin/${plan.id}`,
      token: admin.accessToken,
      body: { isActive: true },
    });
    const back = await t.request({
      url: '/plans',
      token: business.accessToken,
      query: { search: plan.name },
    });
    expect(back.body.data.items.map((p: { id: string }) => p.id)).toEqual([plan.id]);
  });
});

describe('plans (businesses)', () => {
  const t = useTestApp();
  const tag = randomUUID().slice(0, 8);

  it('answers 401 without a token', async () => {
    for (const url of ['/plans', '/plans/my-plan', `/plans/${randomUUID()}`]) {
      expect((await t.request({ url })).status).toBe(401);
    }
  });

  it('lists active plans newest first, paginated, searchable by name (literally)', async () => {
    const user = await createUser(t);
    const created = [];
    for (let i = 0; i < 5; i++)
      created.push(
        await createPlan(t, { name: `Pager ${tag} ${i}`, createdAt: new Date(Date.now() + i * 1000) }),
      );
    await createPlan(t, { name: `Pager ${tag} hidden`, isActive: false });
    await createPlan(t, { name: `Other ${tag} 100%` });

    const page1 = await t.request({
      url: '/plans',
      token: user.accessToken,
      query: { search: `pager ${tag}`, page: '1', pageSize: '2' },
    });
    expect(page1.status).toBe(200);
    expect(page1.body.data).toMatchObject({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    expect(page1.body.data.items.map((p: { name: string }) => p.name)).toEqual([
      `Pager ${tag} 4`,
      `Pager ${tag} 3`,
    ]);
    const page3 = await t.request({
      url: '/plans',
      token: user.accessToken,
      query: { search: `pager ${tag}`, page: '3', pageSize: '2' },
    });
    expect(page3.body.data.items.map((p: { name: string }) => p.name)).toEqual([`Pager ${tag} 0`]);

    const percent = await t.request({ url: '/plans', token: user.accessToken, query: { search: '100%' } });
    expect(percent.body.data.items.map((p: { name: string }) => p.name)).toEqual([`Other ${tag} 100%`]);
    const wildcard = await t.request({
      url: '/plans',
      token: user.accessToken,
      query: { search: `${tag}_` },
    });
    expect(wildcard.body.data.total).toBe(0);
  });

  it('answers 400 for a bad page and clamps a large page size', async () => {
    const user = await createUser(t);
    expect(
      (await t.request({ url: '/plans', token: user.accessToken, query: { pageSize: '0' } })).status,
    ).toBe(400);
    expect((await t.request({ url: '/plans', token: user.accessToken, query: { page: 'two' } })).status).toBe(
      400,
    );
    const big = await t.request({ url: '/plans', token: user.accessToken, query: { pageSize: '500' } });
    expect(big.body.data.pageSize).toBe(100);
  });

  it("converts prices to the business's local currency when its country has a rate", async () => {
    await t.db.insert(exchangeRates).values({ countryCode: 'NG', currency: 'NGN', rate: '1500.5' });
    const nigerian = await createUser(t, { countryCode: 'NG' });
    const kenyan = await createUser(t, { countryCode: 'KE' });
    const nowhere = await createUser(t);
    const plan = await createPlan(t, { name: `Priced ${tag}`, price: 25 });

    const local = await t.request({
      url: '/plans',
      token: nigerian.accessToken,
      query: { search: `Priced ${tag}` },
    });
    expect(local.body.data.items[0]).toMatchObject({
      id: plan.id,
      price: 25,
      currency: 'NGN',
      exchangeRate: 1500.5,
      localPrice: 37512.5,
    });
    const one = await t.request({ url: `/plans/${plan.id}`, token: nigerian.accessToken });
    expect(one.body.data).toMatchObject({ price: 25, currency: 'NGN', localPrice: 37512.5 });

    for (const user of [kenyan, nowhere]) {
      const res = await t.request({
        url: '/plans',
        token: user.accessToken,
        query: { search: `Priced ${tag}` },
      });
      expect(res.body.data.items[0]).toMatchObject({
        price: 25,
        currency: 'USD',
        exchangeRate: 1,
        localPrice: 25,
      });
    }
  });

  it('answers one plan, and 404 for an unknown id', async () => {
    const user = await createUser(t);
    const plan = await createPlan(t);
    const res = await t.request({ url: `/plans/${plan.id}`, token: user.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: plan.id,
      name: plan.name,
      marketingRate: 0.8,
      freeCredit: 1000,
    });
    expect((await t.request({ url: `/plans/${randomUUID()}`, token: user.accessToken })).status).toBe(404);
  });

  it("answers the caller's own active plan, null without one or once expired", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const plan = await createPlan(t, { name: 'Mine' });
    expect((await t.request({ url: '/plans/my-plan', token: user.accessToken })).body.data).toBeNull();

    await t.db.insert(userPlans).values({
      businessId: other.businessId,
      planId: plan.id,
      freeCredit: 1000,
      balance: '1000',
      expiredDate: new Date(Date.now() + 86_400_000),
    });
    // Another business's plan is not the caller's.
    const none = await t.request({ url: '/plans/my-plan', token: user.accessToken });
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();

    const expires = new Date(Date.now() + 10 * 86_400_000);
    await t.db.insert(userPlans).values({
      businessId: user.businessId,
      planId: plan.id,
      freeCredit: 1000,
      balance: '640.5',
      expiredDate: expires,
    });
    const mine = await t.request({ url: '/plans/my-plan', token: user.accessToken });
    expect(mine.body).toMatchObject({ apiObject: 'userPlan', status: 'success' });
    expect(mine.body.data).toMatchObject({
      planId: plan.id,
      freeCredit: 1000,
      balance: 640.5,
      expiredDate: expires.toISOString(),
      plan: { id: plan.id, name: 'Mine', duration: 30 },
    });

    await t.db
      .update(userPlans)
      .set({ expiredDate: new Date(Date.now() - 1) })
      .where(eq(userPlans.businessId, user.businessId));
    expect((await t.request({ url: '/plans/my-plan', token: user.accessToken })).body.data).toBeNull();
  });
});
