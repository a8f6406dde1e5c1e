import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businesses, exchangeRates, priceCard } from '../../src/platform/db/schema/index.js';
import { createCampaign, createPlan, createUser, type TestUser } from '../factories.js';
import { type TestApp, useTestApp } from '../harness.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Row {
  method: Method;
  /** As in the OpenAPI document, under /api/v1. */
  path: string;
  /** Fills the path's parameters for one call (fixtures are created here, so every call has its own). */
  params?: (t: TestApp) => Promise<Record<string, string>>;
  body?: unknown;
  /** What an allowed caller gets. */
  status: number;
  superadminOnly?: boolean;
  /** Answers a CSV file, not an envelope. */
  csv?: boolean;
}

const businessId = async (t: TestApp) => ({ id: (await createUser(t)).businessId });
let wabaCounter = 0;
/** A business holding a WhatsApp number, for the release route. */
const wabaHolder = async (t: TestApp) => {
  const { businessId: id } = await createUser(t);
  await t.db
    .update(businesses)
    .set({ wabaNumber: `23480399${String(++wabaCounter).padStart(5, '0')}` })
    .where(eq(businesses.id, id));
  return { id };
};
const accountId = async (t: TestApp) => ({ id: (await createUser(t)).accountId });
/** A campaign paused while it was being delivered, for the administrator's resume. */
const pausedCampaign = async (t: TestApp) => {
  const { businessId: owner } = await createUser(t);
  const campaign = await createCampaign(t, owner, {
    isPublished: true,
    isSentOut: true,
    pausedAt: new Date(),
    pauseReason: 'Paused by the business',
  });
  return { id: campaign.id };
};
const priceRow = async (t: TestApp) => {
  await t.db
    .insert(priceCard)
    .values({ category: 'service', countryCode: 'PE', price: '0.2' })
    .onConflictDoNothing();
  return { category: 'service', country: 'PE' };
};
const planId = async (t: TestApp) => ({ id: (await createPlan(t)).id });
const rateCode = async (t: TestApp) => {
  await t.db
    .insert(exchangeRates)
    .values({ countryCode: 'KE', currency: 'KES', rate: '130' })
    .onConflictDoNothing();
  return { code: 'KE' };
};
const plan = {
  name: 'Matrix',
  duration: 30,
  marketingRate: 1,
  utilityRate: 1,
  serviceRate: 1,
  authenticationRate: 1,
  freeCredit: 10,
  price: 5,
};

/** Every administration endpoint (docs/api.md "Endpoint map"), with what an allowed caller gets. */
const ROWS: Row[] = [
  { method: 'GET', path: '/admin/businesses', status: 200 },
  { method: 'GET', path: '/admin/businesses/{id}', params: businessId, status: 200 },
  { method: 'GET', path: '/admin/businesses/{id}/files', params: businessId, status: 200 },
  {
    method: 'PATCH',
    path: '/admin/businesses/{id}/verify',
    params: businessId,
    body: { status: 'accepted' },
    status: 200,
  },
  { method: 'POST', path: '/admin/businesses/{id}/promote-affiliate', params: businessId, status: 200 },
  { method: 'DELETE', path: '/admin/businesses/{id}/waba-number', params: wabaHolder, status: 200 },
  {
    method: 'PATCH',
    path: '/admin/businesses/{id}/messaging-limit',
    params: businessId,
    body: { dailyRecipients: 250, messagesPerSecond: null },
    status: 200,
  },
  {
    method: 'PATCH',
    path: '/admin/businesses/{id}/seats',
    params: businessId,
    body: { seatLimit: 10 },
    status: 200,
  },
  { method: 'GET', path: '/admin/businesses/{id}/audit-log', params: businessId, status: 200 },
  { method: 'POST', path: '/admin/campaigns/{id}/resume', params: pausedCampaign, status: 200 },
  { method: 'GET', path: '/admin/accounts', status: 200 },
  {
    method: 'PATCH',
    path: '/admin/accounts/{id}/role',
    params: accountId,
    body: { role: 'user' },
    status: 200,
    superadminOnly: true,
  },
  { method: 'GET', path: '/admin/settings', status: 200 },
  { method: 'GET', path: '/admin/transactions', status: 200 },
  { method: 'GET', path: '/admin/analytics/overview', status: 200 },
  { method: 'GET', path: '/admin/analytics/revenue', status: 200 },
  { method: 'POST', path: '/admin/settings', body: { marketingRate: 1 }, status: 200, superadminOnly: true },
  { method: 'GET', path: '/plans/admin/all', status: 200 },
  { method: 'POST', path: '/plans/admin', body: plan, status: 201 },
  { method: 'PATCH', path: '/plans/admin/{id}', params: planId, body: { price: 6 }, status: 200 },
  { method: 'POST', path: '/plans/admin/{id}/deactivate', params: planId, status: 200 },
  {
    method: 'POST',
    path: '/exchange-rates',
    body: { countryCode: 'GH', currency: 'GHS', rate: 15 },
    status: 200,
  },
  { method: 'DELETE', path: '/exchange-rates/{code}', params: rateCode, status: 200 },
  { method: 'GET', path: '/admin/price-card', status: 200 },
  {
    method: 'PUT',
    path: '/admin/price-card',
    body: { rows: [{ country: 'CL', category: 'utility', price: 0.2 }] },
    status: 200,
  },
  { method: 'DELETE', path: '/admin/price-card/{category}/{country}', params: priceRow, status: 200 },
  { method: 'GET', path: '/admin/price-card/history', status: 200 },
  { method: 'GET', path: '/admin/price-card/export', status: 200, csv: true },
  {
    method: 'POST',
    path: '/admin/price-card/import',
    body: { csv: 'country,category,price\nCO,utility,0.2\n' },
    status: 200,
  },
];

/** Paths this module family owns: every admin route under them must have a row above. */
const OWNED = [/^\/admin\//, /^\/plans\/admin/, /^\/exchange-rates/];

function fill(path: string, params: Record<string, string>): string {
  return path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => params[name] ?? (name === 'code' ? 'NG' : randomUUID()),
  );
}

describe('role matrix of the administration endpoints', () => {
  const t = useTestApp();
  const callers = {} as Record<'business' | 'unverified' | 'user' | 'admin' | 'superadmin', TestUser>;
  let documented: { method: Method; path: string; access: string[] }[] = [];

  beforeAll(async () => {
    callers.business = await createUser(t, { businessVerified: 'accepted' });
    callers.unverified = await createUser(t, { verified: false });
    callers.user = await createUser(t, { role: 'user' });
    callers.admin = await createUser(t, { role: 'admin' });
    callers.superadmin = await createUser(t, { role: 'superadmin' });
    const doc = (await t.request({ url: '/openapi.json' })).body;
    for (const [path, ops] of Object.entries(
      doc.paths as Record<string, Record<string, { 'x-access'?: string[] }>>,
    )) {
      for (const [method, op] of Object.entries(ops)) {
        const access = op['x-access'] ?? [];
        if (access.includes('admin') || access.includes('superadmin'))
          documented.push({
            method: method.toUpperCase() as Method,
            path: path.replace(/^\/api\/v1/, ''),
            access,
          });
      }
    }
    documented = documented.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
  });

  const call = (
    row: { method: Method; path: string; body?: unknown },
    params: Record<string, string>,
    token?: string,
  ) =>
    t.request({
      method: row.method,
      url: fill(row.path, params),
      token,
      ...(row.method === 'GET' || row.method === 'DELETE' ? {} : { body: row.body ?? {} }),
    });

  it('has a row for every administration route it owns, with the access rule the route declares', () => {
    const owned = documented.filter((d) => OWNED.some((re) => re.test(d.path)));
    const rows = new Set(ROWS.map((r) => `${r.method} ${r.path}`));
    expect(owned.map((d) => `${d.method} ${d.path}`).filter((k) => !rows.has(k))).toEqual([]);
    for (const row of ROWS) {
      const doc = documented.find((d) => d.method === row.method && d.path === row.path);
      expect(doc, `${row.method} ${row.path} is documented as an admin route`).toBeDefined();
      expect(doc!.access.includes('superadmin')).toBe(!!row.superadminOnly);
    }
  });

  // Guards run before validation, so these hold for every admin route in the API, this module's or not.
  it('answers 401 to anonymous callers and 403 to every non-admin, on every admin route', async () => {
    expect(documented.length).toBeGreaterThanOrEqual(ROWS.length);
    for (const route of documented) {
      const label = `${route.method} ${route.path}`;
      expect((await call(route, {})).status, `${label} anonymous`).toBe(401);
      for (const who of ['business', 'unverified', 'user'] as const) {
        const res = await call(route, {}, callers[who].accessToken);
        expect(res.status, `${label} as ${who}`).toBe(403);
        expect(res.body.status).toBe('failure');
      }
      if (route.access.includes('superadmin')) {
        expect((await call(route, {}, callers.admin.accessToken)).status, `${label} as admin`).toBe(403);
      }
    }
  });

  it.each(ROWS)('$method $path: allowed callers get $status', async (row) => {
    const allowed = row.superadminOnly ? [callers.superadmin] : [callers.admin, callers.superadmin];
    for (const caller of allowed) {
      const res = await call(row, (await row.params?.(t)) ?? {}, caller.accessToken);
      expect(res.status, JSON.stringify(res.body)).toBe(row.status);
      if (row.csv) expect(res.headers['content-type']).toMatch(/^text\/csv/);
      else expect(res.body.status).toBe('success');
    }
  });
});
