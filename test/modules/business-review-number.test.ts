import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, notifications } from '../../src/platform/db/schema/index.js';
import { createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

/** A Nigerian mobile number no other test holds. */
const freshNumber = () => `+234803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

describe('an accepted business that changes its WhatsApp number goes back to review', () => {
  const t = useTestApp();

  const save = (user: TestUser, wabaNumber: string, password = 'p') =>
    t.request({
      url: '/business/provider',
      token: user.accessToken,
      body: { provider: 'gw', wabaNumber, providerHSMID: 'u', providerHSMPassword: password },
    });
  const stored = async (id: string) =>
    (await t.db.select().from(businesses).where(eq(businesses.id, id)))[0]!;
  const notesOf = (businessId: string) =>
    t.db.select().from(notifications).where(eq(notifications.receiverId, businessId));

  it('connects its first number without review, and keeps it through a credential change', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const number = freshNumber();
    expect((await save(user, number)).status).toBe(200);
    expect((await stored(user.businessId)).businessVerified).toBe('accepted');
    expect((await save(user, number, 'rotated')).status).toBe(200);
    expect((await stored(user.businessId)).businessVerified).toBe('accepted');
  });

  it('a different number sends it back to pending review, and the business is told', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    expect((await save(user, freshNumber())).status).toBe(200);
    const res = await save(user, freshNumber());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ businessVerified: 'pending' });
    expect(await stored(user.businessId)).toMatchObject({
      businessVerified: 'pending',
      verificationReason: null,
    });
    const notes = await notesOf(user.businessId);
    expect(notes.map((n) => n.type)).toContain('business.review_again');
  });

  it('a business not accepted yet cannot connect a number at all', async () => {
    const user = await createUser(t, {});
    expect((await save(user, freshNumber())).status).toBe(403);
  });
});
