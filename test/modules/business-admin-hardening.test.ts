import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, businesses, notifications } from '../../src/platform/db/schema/index.js';
import { createUser } from '../factories.js';
import { type TestApp, useTestApp } from '../harness.js';

async function business(t: TestApp, id: string) {
  const [row] = await t.db.select().from(businesses).where(eq(businesses.id, id));
  return row!;
}

describe('four eyes on an administrator’s own business', () => {
  const t = useTestApp();

  it('an admin cannot accept their own business nor make it an affiliate; another admin can', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const own = await t.request({
      method: 'PATCH',
      url: `/admin/businesses/${admin.businessId}/verify`,
      token: admin.accessToken,
      body: { status: 'accepted' },
    });
    expect(own.status).toBe(403);
    const promote = await t.request({
      url: `/admin/businesses/${admin.businessId}/promote-affiliate`,
      token: admin.accessToken,
      body: { affiliatePercentage: 100 },
    });
    expect(promote.status).toBe(403);
    expect(await business(t, admin.businessId)).toMatchObject({
      businessVerified: 'pending',
      type: 'standard',
      affiliatePercentage: null,
    });

    const colleague = await createUser(t, { role: 'admin' });
    const accepted = await t.request({
      method: 'PATCH',
      url: `/admin/businesses/${admin.businessId}/verify`,
      token: colleague.accessToken,
      body: { status: 'accepted' },
    });
    expect(accepted.status).toBe(200);
    expect((await business(t, admin.businessId)).businessVerified).toBe('accepted');
  });
});

describe('superadmins keep their role', () => {
  const t = useTestApp();

  it('a superadmin cannot demote another superadmin (two doing it at once would leave none)', async () => {
    const one = await createUser(t, { role: 'superadmin' });
    const two = await createUser(t, { role: 'superadmin' });
    const res = await t.request({
      method: 'PATCH',
      url: `/admin/accounts/${two.accountId}/role`,
      token: one.accessToken,
      body: { role: 'business' },
    });
    expect(res.status).toBe(400);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, two.accountId));
    expect(row!.role).toBe('superadmin');
  });
});

describe('a verified business that changes what was reviewed goes back to review', () => {
  const t = useTestApp();
  const patch = (token: string, body: object) =>
    t.request({ method: 'PATCH', url: '/business', token, body });

  it('a new company name or registration number: pending again, admins and the business told', async () => {
    const admin = await createUser(t, { role: 'admin' });
    for (const change of [{ companyName: 'Other Name Ltd' }, { businessRegistrationNumber: 'RC-999' }]) {
      const user = await createUser(t, { businessVerified: 'accepted' });
      const res = await patch(user.accessToken, change);
      expect(res.status).toBe(200);
      expect(res.body.data.businessVerified).toBe('pending');
      expect(await business(t, user.businessId)).toMatchObject({ ...change, businessVerified: 'pending' });
      const toAdmin = await t.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.receiverId, admin.accountId),
            eq(notifications.type, 'business.verification_submitted'),
          ),
        );
      expect(toAdmin.length).toBeGreaterThan(0);
      const toBusiness = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.receiverId, user.businessId));
      expect(toBusiness.map((n) => n.type)).toContain('business.review_again');
    }
  });

  it('other fields, or the same values again, keep the verification', async () => {
    const user = await createUser(t, { businessVerified: 'accepted', name: 'Same' });
    const res = await patch(user.accessToken, { address: '1 New Street', companyName: 'Same Ltd' });
    expect(res.status).toBe(200);
    expect((await business(t, user.businessId)).businessVerified).toBe('accepted');
  });
});

describe('links on the business profile', () => {
  const t = useTestApp();

  it('refuses javascript: and data: in website and companyLogo, keeps http(s) and bare hosts', async () => {
    const user = await createUser(t);
    for (const body of [
      { website: 'javascript:alert(1)' },
      { website: ' JavaScript:alert(1)' },
      { companyLogo: 'data:image/svg+xml;base64,PHN2Zz4=' },
      { companyLogo: 'vbscript:x' },
    ]) {
      const res = await t.request({ method: 'PATCH', url: '/business', token: user.accessToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await business(t, user.businessId)).website).toBeNull();
    const ok = await t.request({
      method: 'PATCH',
      url: '/business',
      token: user.accessToken,
      body: { website: 'acme.example', companyLogo: 'https://cdn.example/logo.png' },
    });
    expect(ok.status).toBe(200);
    expect(await business(t, user.businessId)).toMatchObject({
      website: 'acme.example',
      companyLogo: 'https://cdn.example/logo.png',
    });
  });
});
