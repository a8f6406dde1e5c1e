import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Notifier } from '../../src/modules/notifications/notifier.js';
import { notificationSettings, notifications } from '../../src/platform/db/schema/index.js';
import { createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

describe('notifications', () => {
  const t = useTestApp();
  const notifier = () => new Notifier(t.db, t.realtime, t.deps.logger);
  const toBusiness = (user: TestUser, title = 'Hello') =>
    notifier().toBusiness(user.businessId, { type: 'campaign.sent', title, message: `${title} body` });
  const list = (user: TestUser, query?: Record<string, string>) =>
    t.request({ url: '/notifications', token: user.accessToken, query });

  describe('GET /notifications', () => {
    it('lists the business’s own notifications newest first, paginated, with the unread count', async () => {
      const [user, other] = [await createUser(t), await createUser(t)];
      // Distinct creation times, an hour apart, so the order under test is not left to the clock.
      const titles = ['first', 'second', 'third'];
      for (const [i, title] of titles.entries()) {
        const n = await toBusiness(user, title);
        const createdAt = new Date(Date.UTC(2025, 0, 1, i));
        await t.db.update(notifications).set({ createdAt }).where(eq(notifications.id, n.id));
      }
      await toBusiness(other, 'not yours');

      const res = await list(user, { pageSize: '2' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ apiObject: 'notification', status: 'success' });
      expect(res.body.data).toMatchObject({ page: 1, pageSize: 2, total: 3, totalPages: 2, unreadCount: 3 });
      expect(res.body.data.items.map((n: { title: string }) => n.title)).toEqual(['third', 'second']);
      expect(res.body.data.items[0]).toEqual({
        id: expect.any(String),
        type: 'campaign.sent',
        title: 'third',
        message: 'third body',
        isRead: false,
        createdAt: expect.stringMatching(/Z$/),
        receiverId: user.businessId,
        receiverType: 'business',
      });
      const page2 = await list(user, { page: '2', pageSize: '2' });
      expect(page2.body.data.items.map((n: { title: string }) => n.title)).toEqual(['first']);
    });

    it('shows an admin the notifications addressed to its own account', async () => {
      const [admin, otherAdmin] = [
        await createUser(t, { role: 'admin' }),
        await createUser(t, { role: 'admin' }),
      ];
      await notifier().toAdmins({ type: 'account.signed_up', title: 'New sign-up', message: 'x' });
      const mine = await list(admin);
      const theirs = await list(otherAdmin);
      const newest = (r: typeof mine) => r.body.data.items[0];
      expect(newest(mine)).toMatchObject({ receiverType: 'admin', receiverId: admin.accountId });
      expect(newest(theirs)).toMatchObject({ receiverType: 'admin', receiverId: otherAdmin.accountId });
      expect(newest(mine).id).not.toBe(newest(theirs).id);
      // A business never sees admin notifications.
      const business = await createUser(t);
      expect((await list(business)).body.data.total).toBe(0);
    });

    it('stops showing admin notifications to a demoted admin', async () => {
      const admin = await createUser(t, { role: 'admin' });
      await notifier().toAdmins({ type: 'account.email_verified', title: 'Verified', message: 'x' });
      expect((await list(admin)).body.data.total).toBeGreaterThan(0);
      const { accounts } = await import('../../src/platform/db/schema/index.js');
      await t.db.update(accounts).set({ role: 'business' }).where(eq(accounts.id, admin.accountId));
      expect((await list(admin)).body.data.total).toBe(0);
    });

    it.each([
      [{ page: '0' }, 'page'],
      [{ pageSize: 'ten' }, 'pageSize'],
      [{ page: '1.5' }, 'page'],
    ])('answers 400 for %j', async (query, field) => {
      const res = await list(await createUser(t), query);
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
    });

    it('clamps pageSize to 100', async () => {
      const res = await list(await createUser(t), { pageSize: '500' });
      expect(res.body.data.pageSize).toBe(100);
    });

    it('answers 401 without a token', async () => {
      expect((await t.request({ url: '/notifications' })).status).toBe(401);
    });
  });

  describe('POST /notifications/{id}/read', () => {
    it('marks one notification read and lowers the unread count', async () => {
      const user = await createUser(t);
      const n = await toBusiness(user);
      await toBusiness(user, 'other');
      const res = await t.request({
        url: `/notifications/${n.id}/read`,
        token: user.accessToken,
        method: 'POST',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: n.id, isRead: true });
      expect((await list(user)).body.data.unreadCount).toBe(1);
      const [row] = await t.db.select().from(notifications).where(eq(notifications.id, n.id));
      expect(row!.isRead).toBe(true);
    });

    it('answers 404 for another receiver’s notification and leaves it unread', async () => {
      const [user, other, admin] = [
        await createUser(t),
        await createUser(t),
        await createUser(t, { role: 'admin' }),
      ];
      const theirs = await toBusiness(other);
      for (const caller of [user, admin]) {
        const res = await t.request({
          url: `/notifications/${theirs.id}/read`,
          token: caller.accessToken,
          method: 'POST',
        });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ apiObject: 'notification', status: 'failure' });
      }
      const [row] = await t.db.select().from(notifications).where(eq(notifications.id, theirs.id));
      expect(row!.isRead).toBe(false);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const user = await createUser(t);
      const post = (id: string) =>
        t.request({ url: `/notifications/${id}/read`, token: user.accessToken, method: 'POST' });
      expect((await post(randomUUID())).status).toBe(404);
      expect((await post('not-a-uuid')).status).toBe(400);
    });
  });

  describe('POST /notifications/read-all', () => {
    it('marks all of the caller’s notifications read and nobody else’s', async () => {
      const [user, other] = [await createUser(t), await createUser(t)];
      await toBusiness(user);
      await toBusiness(user);
      const theirs = await toBusiness(other);
      const res = await t.request({
        url: '/notifications/read-all',
        token: user.accessToken,
        method: 'POST',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ updated: 2 });
      expect((await list(user)).body.data.unreadCount).toBe(0);
      const [row] = await t.db.select().from(notifications).where(eq(notifications.id, theirs.id));
      expect(row!.isRead).toBe(false);
      const again = await t.request({
        url: '/notifications/read-all',
        token: user.accessToken,
        method: 'POST',
      });
      expect(again.body.data).toEqual({ updated: 0 });
    });
  });

  describe('settings', () => {
    const getSettings = (user: TestUser) =>
      t.request({ url: '/notifications/settings', token: user.accessToken });
    const patch = (user: TestUser, body: unknown) =>
      t.request({ method: 'PATCH', url: '/notifications/settings', token: user.accessToken, body });

    it('answers the preferences as a flat map of strings, defaults included', async () => {
      const user = await createUser(t);
      // A business whose default rows are missing still sees every known key.
      await t.db.delete(notificationSettings).where(eq(notificationSettings.businessId, user.businessId));
      const res = await getSettings(user);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ campaignCompletionPush: 'true', lowCreditsEmail: 'true' });
    });

    it('changes only the given keys and keeps them', async () => {
      const user = await createUser(t);
      const res = await patch(user, { lowCreditsEmail: 'false' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ campaignCompletionPush: 'true', lowCreditsEmail: 'false' });
      expect((await getSettings(user)).body.data.lowCreditsEmail).toBe('false');
      const other = await createUser(t);
      expect((await getSettings(other)).body.data.lowCreditsEmail).toBe('true');
      const back = await patch(user, { lowCreditsEmail: 'true', campaignCompletionPush: 'false' });
      expect(back.body.data).toEqual({ campaignCompletionPush: 'false', lowCreditsEmail: 'true' });
    });

    it.each([
      [{ pushEverything: 'true' }, 'pushEverything'],
      [{ lowCreditsEmail: 'yes' }, 'lowCreditsEmail'],
      [{ lowCreditsEmail: false }, 'lowCreditsEmail'],
      [{ lowCreditsEmail: 'false', sms: 'true' }, 'sms'],
    ])('rejects %j with a 400 naming %s, and changes nothing', async (body, field) => {
      const user = await createUser(t);
      const res = await patch(user, body);
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
      const rows = await t.db
        .select()
        .from(notificationSettings)
        .where(
          and(
            eq(notificationSettings.businessId, user.businessId),
            eq(notificationSettings.key, 'lowCreditsEmail'),
          ),
        );
      expect(rows[0]!.value).toBe('true');
      expect((await getSettings(user)).body.data).toEqual({
        campaignCompletionPush: 'true',
        lowCreditsEmail: 'true',
      });
    });

    it.each(['{}', '["lowCreditsEmail"]', '"true"', 'null'])(
      'rejects a body that is not a non-empty map: %s',
      async (payload) => {
        const user = await createUser(t);
        const res = await t.request({
          method: 'PATCH',
          url: '/notifications/settings',
          token: user.accessToken,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status).toBe(400);
      },
    );

    it('rejects malformed JSON with a 400', async () => {
      const user = await createUser(t);
      const res = await t.request({
        method: 'PATCH',
        url: '/notifications/settings',
        token: user.accessToken,
        payload: '{"lowCreditsEmail":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
    });

    it('answers 401 without a token', async () => {
      expect((await t.request({ url: '/notifications/settings' })).status).toBe(401);
      expect((await t.request({ method: 'PATCH', url: '/notifications/settings', body: {} })).status).toBe(
        401,
      );
    });
  });
});
