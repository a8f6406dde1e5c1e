import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, businesses, transactions, uploadFiles } from '../../src/platform/db/schema/index.js';
import { createUser, grantCredits, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

/** The verification queue as administrators work it: oldest submission first, decisions pushed to every admin. */
describe('admin: verification queue', () => {
  const t = useTestApp();
  let admin: TestUser;
  let other: TestUser;
  let retired: TestUser;
  beforeAll(async () => {
    [admin, other, retired] = await Promise.all([
      createUser(t, { role: 'admin' }),
      createUser(t, { role: 'superadmin' }),
      createUser(t, { role: 'admin' }),
    ]);
    await t.db.update(accounts).set({ deleted: true }).where(eq(accounts.id, retired.accountId));
  });

  const submittedAt = (id: string, at: Date | null) =>
    t.db.update(businesses).set({ verificationSubmittedAt: at }).where(eq(businesses.id, id));

  it('sort=waiting lists the longest-waiting submission first and never-submitted businesses last', async () => {
    const tag = randomUUID().slice(0, 8);
    const [recent, old, never, middle] = await Promise.all(
      ['Recent', 'Old', 'Never', 'Middle'].map((n) => createUser(t, { name: `${n} ${tag}` })),
    );
    await submittedAt(recent!.businessId, new Date('2026-03-03T00:00:00Z'));
    await submittedAt(old!.businessId, new Date('2026-01-01T00:00:00Z'));
    await submittedAt(middle!.businessId, new Date('2026-02-02T00:00:00Z'));
    await submittedAt(never!.businessId, null);

    const res = await t.request({
      url: '/admin/businesses',
      token: admin.accessToken,
      query: { search: tag, verified: 'pending', sort: 'waiting' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: { companyName: string }) => i.companyName)).toEqual(
      ['Old', 'Middle', 'Recent', 'Never'].map((n) => `${n} ${tag} Ltd`),
    );

    const second = await t.request({
      url: '/admin/businesses',
      token: admin.accessToken,
      query: { search: tag, sort: 'waiting', pageSize: '2', page: '2' },
    });
    expect(second.body.data.items.map((i: { companyName: string }) => i.companyName)).toEqual(
      ['Recent', 'Never'].map((n) => `${n} ${tag} Ltd`),
    );

    const asked = await t.request({
      url: '/admin/businesses',
      token: admin.accessToken,
      query: { search: tag, verified: 'pending', submitted: 'true', sort: 'waiting' },
    });
    expect(asked.body.data.items.map((i: { companyName: string }) => i.companyName)).toEqual(
      ['Old', 'Middle', 'Recent'].map((n) => `${n} ${tag} Ltd`),
    );
    const notAsked = await t.request({
      url: '/admin/businesses',
      token: admin.accessToken,
      query: { search: tag, submitted: 'false' },
    });
    expect(notAsked.body.data.items.map((i: { companyName: string }) => i.companyName)).toEqual([
      `Never ${tag} Ltd`,
    ]);

    const bad = await t.request({
      url: '/admin/businesses',
      token: admin.accessToken,
      query: { sort: 'oldest' },
    });
    expect(bad.status).toBe(400);
  });

  it('pushes a decision to every active administrator, with the reason of a rejection', async () => {
    const business = await createUser(t, { name: 'Queued' });
    const before = t.realtime.events.length;
    const res = await t.request({
      method: 'PATCH',
      url: `/admin/businesses/${business.businessId}/verify`,
      token: admin.accessToken,
      body: { status: 'rejected', reason: 'Blurry registration certificate' },
    });
    expect(res.status).toBe(200);

    const pushed = t.realtime.events.slice(before).filter((e) => e.event === 'businessVerificationDecided');
    const roomsReached = pushed.map((e) => e.room);
    expect(roomsReached).toEqual(
      expect.arrayContaining([`admin:${admin.accountId}`, `admin:${other.accountId}`]),
    );
    expect(roomsReached).not.toContain(`admin:${retired.accountId}`);
    expect(roomsReached.some((r) => r.startsWith('business:'))).toBe(false);
    expect(pushed[0]!.payload).toMatchObject({
      businessId: business.businessId,
      status: 'rejected',
      reason: 'Blurry registration certificate',
    });
  });

  it('pushes nothing when the decision is refused', async () => {
    const business = await createUser(t, { businessVerified: 'accepted' });
    const before = t.realtime.events.length;
    const res = await t.request({
      method: 'PATCH',
      url: `/admin/businesses/${business.businessId}/verify`,
      token: admin.accessToken,
      body: { status: 'accepted' },
    });
    expect(res.status).toBe(400);
    expect(t.realtime.events.slice(before).filter((e) => e.event === 'businessVerificationDecided')).toEqual(
      [],
    );
  });

  it("lists one business's uploaded files for an admin, and refuses a business caller", async () => {
    const [owner, bystander] = await Promise.all([createUser(t), createUser(t)]);
    await t.db.insert(uploadFiles).values([
      {
        businessId: owner.businessId,
        url: 'http://x.test/a.pdf',
        key: 'a',
        fileName: 'certificate.pdf',
        type: 'application/pdf',
      },
      {
        businessId: bystander.businessId,
        url: 'http://x.test/b.png',
        key: 'b',
        fileName: 'other.png',
        type: 'image/png',
      },
    ]);
    const res = await t.request({
      url: `/admin/businesses/${owner.businessId}/files`,
      token: admin.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        fileName: 'certificate.pdf',
        url: 'http://x.test/a.pdf',
        type: 'application/pdf',
      }),
    ]);

    const asBusiness = await t.request({
      url: `/admin/businesses/${owner.businessId}/files`,
      token: owner.accessToken,
    });
    expect(asBusiness.status).toBe(403);
    const missing = await t.request({
      url: `/admin/businesses/${randomUUID()}/files`,
      token: admin.accessToken,
    });
    expect(missing.status).toBe(404);
  });
});

describe('admin: transactions by date range', () => {
  const t = useTestApp();

  it('keeps transactions created from `from` (included) to `to` (excluded), and refuses a malformed instant', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const business = await createUser(t);
    for (const credits of ['1', '2', '3']) await grantCredits(t, business.businessId, credits);
    const rows = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.businessId, business.businessId));
    const days = ['2026-05-01T10:00:00Z', '2026-05-02T10:00:00Z', '2026-05-03T10:00:00Z'];
    for (const [i, row] of rows.sort((a, b) => Number(a.amount) - Number(b.amount)).entries()) {
      await t.db
        .update(transactions)
        .set({ createdAt: new Date(days[i]!) })
        .where(eq(transactions.id, row.id));
    }
    const list = (query: Record<string, string>) =>
      t.request({
        url: '/admin/transactions',
        token: admin.accessToken,
        query: { businessId: business.businessId, ...query },
      });

    const second = await list({ from: '2026-05-02T00:00:00+01:00', to: '2026-05-03T00:00:00Z' });
    expect(second.status).toBe(200);
    expect(second.body.data.items.map((i: { amount: number }) => i.amount)).toEqual([2]);
    const fromSecond = await list({ from: '2026-05-02T10:00:00Z' });
    expect(fromSecond.body.data.items.map((i: { amount: number }) => i.amount)).toEqual([3, 2]);
    const bad = await list({ from: 'yesterday' });
    expect(bad.status).toBe(400);
  });
});
