import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, notifications, wabaNumberEvents } from '../../src/platform/db/schema/index.js';
import { createUser, type TestUser } from '../factories.js';
import { type TestApp, useTestApp } from '../harness.js';

const provider = (wabaNumber: string) => ({
  provider: 'gateway',
  wabaNumber,
  providerHSMID: 'hsm-id',
  providerHSMPassword: 'hsm-secret',
});

async function events(t: TestApp, businessId: string) {
  return t.db.select().from(wabaNumberEvents).where(eq(wabaNumberEvents.businessId, businessId));
}

describe('WhatsApp number claims', () => {
  const t = useTestApp();
  const save = (user: TestUser, number: string) =>
    t.request({ url: '/business/provider', token: user.accessToken, body: provider(number) });

  it('a second claimant gets a clear 400 (nothing stored), admins hear of both businesses, changes are recorded', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const first = await createUser(t, { businessVerified: 'accepted', name: 'First' });
    const second = await createUser(t, { businessVerified: 'accepted', name: 'Second' });
    expect((await save(first, '+2348030000111')).status).toBe(200);
    expect(await events(t, first.businessId)).toMatchObject([
      { action: 'claimed', wabaNumber: '2348030000111' },
    ]);

    const refused = await save(second, '+2348030000111');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/already claimed by another business/);
    const [secondRow] = await t.db.select().from(businesses).where(eq(businesses.id, second.businessId));
    expect(secondRow!.wabaNumber).toBeNull();
    expect(await events(t, second.businessId)).toEqual([]);
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.receiverId, admin.accountId),
          eq(notifications.type, 'business.waba_number_refused'),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain(first.businessId);
    expect(told[0]!.message).toContain(second.businessId);

    // Admins see the number on the business, and can release it.
    const detail = await t.request({
      url: `/admin/businesses/${first.businessId}`,
      token: admin.accessToken,
    });
    expect(detail.body.data.wabaNumber).toBe('2348030000111');
    const released = await t.request({
      method: 'DELETE',
      url: `/admin/businesses/${first.businessId}/waba-number`,
      token: admin.accessToken,
    });
    expect(released.status).toBe(200);
    expect(released.body.data.wabaNumber).toBeNull();
    expect((await events(t, first.businessId)).map((e) => [e.action, e.actorAccountId])).toEqual([
      ['claimed', first.accountId],
      ['released_by_admin', admin.accountId],
    ]);
    const toHolder = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.receiverId, first.businessId),
          eq(notifications.type, 'business.waba_number_released'),
        ),
      );
    expect(toHolder).toHaveLength(1);

    // Now the rightful owner can save it.
    expect((await save(second, '+2348030000111')).status).toBe(200);
    const again = await t.request({
      method: 'DELETE',
      url: `/admin/businesses/${first.businessId}/waba-number`,
      token: admin.accessToken,
    });
    expect(again.status).toBe(200);
    expect(await events(t, first.businessId)).toHaveLength(2);
  });

  it('changing one’s own number records the release of the old one and the new claim', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    expect((await save(user, '+2348030000222')).status).toBe(200);
    expect((await save(user, '+2348030000222')).status).toBe(200);
    expect((await save(user, '+2348030000333')).status).toBe(200);
    // The release and the new claim are one change (one transaction, one timestamp).
    const recorded = (await events(t, user.businessId)).map((e) => [e.action, e.wabaNumber]);
    expect(recorded).toHaveLength(3);
    expect(recorded).toEqual(
      expect.arrayContaining([
        ['claimed', '2348030000222'],
        ['released', '2348030000222'],
        ['claimed', '2348030000333'],
      ]),
    );
  });
});
