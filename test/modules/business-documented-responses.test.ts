import { describe, expect, it } from 'vitest';
import { userPlans } from '../../src/platform/db/schema/index.js';
import { undocumentedParts } from '../documented-responses.js';
import { createPlan, createUser, grantEarnings } from '../factories.js';
import { type TestRequest, type TestResponse, useTestApp } from '../harness.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Real answers of the business, administration, plan, exchange-rate and settings routes, checked against
 * the schemas `/openapi.json` publishes for them: a documented shape that drifts from what the code sends
 * (a field added, renamed, dropped or made nullable) fails here before a generated client breaks.
 */
describe('documented responses: business, administration, plans, exchange rates, settings', () => {
  const t = useTestApp();

  it('every answer matches the schema the API document publishes for its route and status', async () => {
    const problems: string[] = [];
    /** Calls `path` (filled from `params`), expects `status`, and checks the answer against the document. */
    const call = async (
      method: Method,
      path: string,
      status: number,
      req: Omit<TestRequest, 'url' | 'method'> & { params?: Record<string, string> } = {},
    ): Promise<TestResponse> => {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => req.params?.[name] ?? '');
      const res = await t.request({ ...req, method, url });
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(status);
      problems.push(...(await undocumentedParts(t, method, path, res)));
      return res;
    };

    const admin = await createUser(t, { role: 'admin' });
    const superadmin = await createUser(t, { role: 'superadmin' });
    const owner = await createUser(t, {
      name: 'Documented',
      countryCode: 'NG',
      credits: '125.5',
      affiliate: {},
    });
    await grantEarnings(t, owner.businessId, '12.5');
    const newcomer = await createUser(t);
    const asAdmin = { token: admin.accessToken };
    const asOwner = { token: owner.accessToken };

    // Exchange rates.
    await call('POST', '/exchange-rates', 200, {
      ...asAdmin,
      body: { countryCode: 'NG', currency: 'NGN', rate: 1500.5 },
    });
    await call('GET', '/exchange-rates', 200);
    await call('GET', '/exchange-rates/countries', 200);
    await call('GET', '/exchange-rates/{code}', 200, { params: { code: 'NG' } });

    // Plans, as administrators and as a business (local prices).
    const created = await call('POST', '/plans/admin', 201, {
      ...asAdmin,
      body: {
        name: 'Gold',
        duration: 30,
        description: 'For growing lists',
        marketingRate: 0.8,
        utilityRate: 0.4,
        serviceRate: 0.2,
        authenticationRate: 0.4,
        freeCredit: 1000,
        price: 50,
      },
    });
    const planId = created.body.data.id as string;
    await call('PATCH', '/plans/admin/{id}', 200, {
      ...asAdmin,
      params: { id: planId },
      body: { description: null, price: 55 },
    });
    await call('GET', '/plans/admin/all', 200, asAdmin);
    await call('GET', '/plans', 200, asOwner);
    await call('GET', '/plans/{id}', 200, { ...asOwner, params: { id: planId } });
    await call('GET', '/plans/my-plan', 200, { token: newcomer.accessToken });
    const running = await createPlan(t, { name: 'Running' });
    await t.db.insert(userPlans).values({
      businessId: owner.businessId,
      planId: running.id,
      freeCredit: 1000,
      balance: '750.25',
      expiredDate: new Date(Date.now() + 86_400_000),
    });
    await call('GET', '/plans/my-plan', 200, asOwner);

    // The business's own routes: wallet (credits and earnings) and running plan in every answer.
    const profile = await call('GET', '/business', 200, asOwner);
    expect(profile.body.data.wallet).toMatchObject({ balance: 125.5, earnings: 12.5 });
    expect(profile.body.data.userPlan).not.toBeNull();
    await call('GET', '/business', 200, { token: newcomer.accessToken });
    await call('PATCH', '/business', 200, { ...asOwner, body: { industry: 'Retail', companyLogo: null } });
    await call('POST', '/business/verification', 200, asOwner);
    await call('POST', '/business/referral-code', 200, asOwner);

    // Administration of businesses.
    await call('GET', '/admin/businesses', 200, asAdmin);
    await call('GET', '/admin/businesses', 200, { ...asAdmin, query: { search: 'Documented' } });
    await call('PATCH', '/admin/businesses/{id}/verify', 200, {
      ...asAdmin,
      params: { id: newcomer.businessId },
      body: { status: 'rejected', reason: 'Blurry documents' },
    });
    await call('PATCH', '/admin/businesses/{id}/verify', 200, {
      ...asAdmin,
      params: { id: owner.businessId },
      body: { status: 'accepted' },
    });
    await call('POST', '/business/provider', 200, {
      ...asOwner,
      body: {
        provider: 'gateway',
        wabaNumber: '+2348039990001',
        providerHSMID: 'hsm-user',
        providerHSMPassword: 'hsm-secret',
      },
    });
    await call('POST', '/admin/businesses/{id}/promote-affiliate', 200, {
      ...asAdmin,
      params: { id: newcomer.businessId },
    });
    const detail = await call('GET', '/admin/businesses/{id}', 200, {
      ...asAdmin,
      params: { id: owner.businessId },
    });
    expect(detail.body.data).toMatchObject({ wallet: { earnings: 12.5 }, campaignCount: 0, contactCount: 0 });
    await call('GET', '/admin/businesses/{id}', 200, { ...asAdmin, params: { id: newcomer.businessId } });

    // Settings.
    await call('GET', '/admin/settings', 200, asAdmin);
    await call('POST', '/admin/settings', 200, {
      token: superadmin.accessToken,
      body: { marketingRate: 1.25, affiliatePercentage: 15 },
    });

    // Removals last.
    await call('POST', '/plans/admin/{id}/deactivate', 200, { ...asAdmin, params: { id: planId } });
    await call('DELETE', '/exchange-rates/{code}', 200, { ...asAdmin, params: { code: 'NG' } });

    expect(problems).toEqual([]);
  });

  it('catches an answer that drifts from its documented shape', async () => {
    const user = await createUser(t, { credits: '5' });
    const res = await t.request({ url: '/business', token: user.accessToken });
    expect(await undocumentedParts(t, 'GET', '/business', res)).toEqual([]);

    const drifted = (change: (data: Record<string, unknown>) => void) => {
      const body = structuredClone(res.body);
      change(body.data);
      return undocumentedParts(t, 'GET', '/business', { status: 200, body });
    };
    // An extra field, a missing one, a wrong type, a null where none is allowed: each is reported.
    expect(await drifted((d) => Object.assign(d.wallet as object, { currency: 'CREDIT' }))).not.toEqual([]);
    expect(await drifted((d) => delete (d.wallet as Record<string, unknown>).businessId)).not.toEqual([]);
    expect(await drifted((d) => Object.assign(d, { noOfEmployees: '12' }))).not.toEqual([]);
    expect(await drifted((d) => Object.assign(d, { businessVerified: null }))).not.toEqual([]);
    // And a status the route does not document.
    expect(await undocumentedParts(t, 'GET', '/business', { status: 201, body: res.body })).toEqual([
      'GET /business documents no 201 answer',
    ]);
  });
});
