import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, ticketComments, tickets } from '../../src/platform/db/schema/index.js';
import { createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

const word = () => `w${randomBytes(5).toString('hex')}`;

describe('tickets', () => {
  const t = useTestApp();

  const open = async (user: TestUser, body: Record<string, unknown> = {}) => {
    const res = await t.request({
      url: '/tickets',
      token: user.accessToken,
      body: { issueType: 'bugReports', question: `Broken thing ${word()}`, ...body },
    });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; question: string; status: string };
  };
  const comment = (user: TestUser, id: string, content: unknown) =>
    t.request({ url: `/tickets/${id}/comments`, token: user.accessToken, body: { content } });
  const setStatus = (user: TestUser, id: string, body: unknown) =>
    t.request({ method: 'PATCH', url: `/tickets/admin/${id}/status`, token: user.accessToken, body });
  const notificationsOf = (businessId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.receiverId, businessId), eq(notifications.receiverType, 'business')));

  describe('POST /tickets', () => {
    it('opens a pending, medium-priority ticket for the caller’s business', async () => {
      const user = await createUser(t);
      const res = await t.request({
        url: '/tickets',
        token: user.accessToken,
        body: {
          issueType: 'paymentAndCredit',
          question: '  My credits did not arrive  ',
          uploadFileUrl: ['https://files.example.test/receipt.png'],
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ apiObject: 'ticket', code: 201, status: 'success' });
      expect(res.body.data).toMatchObject({
        businessId: user.businessId,
        issueType: 'paymentAndCredit',
        question: 'My credits did not arrive',
        uploadFileUrl: ['https://files.example.test/receipt.png'],
        status: 'pending',
        priority: 'medium',
        comments: [],
      });
      const [row] = await t.db.select().from(tickets).where(eq(tickets.id, res.body.data.id));
      expect(row).toMatchObject({ businessId: user.businessId, accountId: user.accountId });
    });

    it.each([
      [{ question: 'Where is my money' }, 'issueType'],
      [{ issueType: 'complaint', question: 'x' }, 'issueType'],
      [{ issueType: 'bugReports' }, 'question'],
      [{ issueType: 'bugReports', question: '   ' }, 'question'],
      [{ issueType: 'bugReports', question: 'x', uploadFileUrl: 'https://a.test/x.png' }, 'uploadFileUrl'],
      [{ issueType: 'bugReports', question: 'x', uploadFileUrl: ['javascript:alert(1)'] }, 'uploadFileUrl.0'],
      [{ issueType: 'bugReports', question: 42 }, 'question'],
    ])('rejects %j with a 400 naming %s, and stores nothing', async (body, field) => {
      const user = await createUser(t);
      const res = await t.request({ url: '/tickets', token: user.accessToken, body });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
      expect(await t.db.select().from(tickets).where(eq(tickets.businessId, user.businessId))).toHaveLength(
        0,
      );
    });

    it('answers 401 without a token', async () => {
      const res = await t.request({ url: '/tickets', body: { issueType: 'bugReports', question: 'x' } });
      expect(res.status).toBe(401);
    });
  });

  describe('GET /tickets and GET /tickets/{id}', () => {
    it('lists only the caller’s tickets, newest first, each with its comments oldest first', async () => {
      const [user, other, admin] = [
        await createUser(t),
        await createUser(t),
        await createUser(t, { role: 'admin' }),
      ];
      const first = await open(user);
      const second = await open(user);
      await t.db
        .update(tickets)
        .set({ createdAt: new Date('2025-01-01T00:00:00Z') })
        .where(eq(tickets.id, first.id));
      await open(other);
      expect((await comment(user, first.id, 'Any news?')).status).toBe(201);
      expect((await comment(admin, first.id, 'Looking into it')).status).toBe(201);

      const res = await t.request({ url: '/tickets', token: user.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ page: 1, pageSize: 20, total: 2, totalPages: 1 });
      expect(res.body.data.items.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
      expect(res.body.data.items[1].comments).toMatchObject([
        { content: 'Any news?', authorType: 'business' },
        { content: 'Looking into it', authorType: 'admin' },
      ]);
      const paged = await t.request({ url: '/tickets', token: user.accessToken, query: { pageSize: '1' } });
      expect(paged.body.data).toMatchObject({ total: 2, totalPages: 2 });
      expect(paged.body.data.items).toHaveLength(1);
    });

    it('shows one ticket with its comments to its owner and to an admin', async () => {
      const [user, admin] = [await createUser(t), await createUser(t, { role: 'admin' })];
      const ticket = await open(user);
      await comment(user, ticket.id, 'More detail');
      for (const caller of [user, admin]) {
        const res = await t.request({ url: `/tickets/${ticket.id}`, token: caller.accessToken });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ id: ticket.id, comments: [{ content: 'More detail' }] });
      }
    });

    it('answers 404 for another business’s ticket and for an unknown id; 400 for a malformed id', async () => {
      const [user, other] = [await createUser(t), await createUser(t)];
      const theirs = await open(other);
      const get = (id: string) => t.request({ url: `/tickets/${id}`, token: user.accessToken });
      const res = await get(theirs.id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ apiObject: 'ticket', status: 'failure', message: 'Ticket not found' });
      expect((await get(randomUUID())).status).toBe(404);
      expect((await get('123')).status).toBe(400);
    });
  });

  describe('POST /tickets/{id}/comments', () => {
    it('lets the owner comment without notifying anyone', async () => {
      const user = await createUser(t);
      const ticket = await open(user);
      const before = t.realtime.events.length;
      const res = await comment(user, ticket.id, '  Still broken  ');
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ content: 'Still broken', authorType: 'business' });
      const [row] = await t.db.select().from(ticketComments).where(eq(ticketComments.ticketId, ticket.id));
      expect(row).toMatchObject({ authorAccountId: user.accountId, authorType: 'business' });
      expect(await notificationsOf(user.businessId)).toHaveLength(0);
      expect(t.realtime.events.length).toBe(before);
    });

    it('lets an admin comment on any ticket and notifies the owner, persisted and pushed', async () => {
      const [user, admin] = [await createUser(t), await createUser(t, { role: 'admin' })];
      const ticket = await open(user);
      const res = await comment(admin, ticket.id, 'Please send a screenshot');
      expect(res.status).toBe(201);
      expect(res.body.data.authorType).toBe('admin');
      const [n] = await notificationsOf(user.businessId);
      expect(n).toMatchObject({ type: 'ticket.commented', isRead: false });
      expect(n!.message).toContain('Please send a screenshot');
      expect(t.realtime.events.at(-1)).toMatchObject({
        room: `business:${user.businessId}`,
        event: 'notification',
        payload: { id: n!.id, type: 'ticket.commented' },
      });
    });

    it('answers 404 to another business and stores nothing', async () => {
      const [user, other] = [await createUser(t), await createUser(t)];
      const ticket = await open(user);
      const res = await comment(other, ticket.id, 'Let me in');
      expect(res.status).toBe(404);
      expect(
        await t.db.select().from(ticketComments).where(eq(ticketComments.ticketId, ticket.id)),
      ).toHaveLength(0);
      expect((await comment(user, randomUUID(), 'x')).status).toBe(404);
    });

    it.each([[undefined], [''], ['   '], [12]])('answers 400 for content %j', async (content) => {
      const user = await createUser(t);
      const ticket = await open(user);
      const res = await comment(user, ticket.id, content);
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain('content');
    });
  });

  describe('admin', () => {
    it('keeps the admin endpoints to admins: 401 anonymous, 403 for a business', async () => {
      const user = await createUser(t);
      const ticket = await open(user);
      expect((await t.request({ url: '/tickets/admin' })).status).toBe(401);
      expect((await t.request({ url: '/tickets/admin', token: user.accessToken })).status).toBe(403);
      const res = await setStatus(user, ticket.id, { status: 'resolved' });
      expect(res.status).toBe(403);
      const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(row!.status).toBe('pending');
    });

    it('lists every business’s tickets with their business, filtered by status and search', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const tag = word();
      const zebra = await createUser(t, { name: `Zebra ${tag}` });
      const yak = await createUser(t);
      const a = await open(zebra, { question: `Invoice missing ${tag}` });
      const b = await open(yak, { question: `Export fails ${tag}` });
      await setStatus(admin, b.id, { status: 'open' });
      const list = (query: Record<string, string>) =>
        t.request({ url: '/tickets/admin', token: admin.accessToken, query });

      const all = await list({ search: tag });
      expect(all.status).toBe(200);
      expect(all.body.data.total).toBe(2);
      expect(all.body.data.items.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
      expect(all.body.data.items[1].business).toEqual({
        id: zebra.businessId,
        companyName: `Zebra ${tag} Ltd`,
        email: zebra.email,
      });
      const open_ = await list({ search: tag, status: 'open' });
      expect(open_.body.data.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
      const byCompany = await list({ search: `zebra ${tag}` });
      expect(byCompany.body.data.items.map((i: { id: string }) => i.id)).toEqual([a.id]);
      const byEmail = await list({ search: yak.email.toUpperCase() });
      expect(byEmail.body.data.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
      // Wildcards in the search term are matched literally.
      expect((await list({ search: '%' })).body.data.total).toBe(0);
    });

    it('answers 400 for an unknown status filter', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const res = await t.request({
        url: '/tickets/admin',
        token: admin.accessToken,
        query: { status: 'done' },
      });
      expect(res.status).toBe(400);
    });

    it('allows any status move, sets priority, and notifies the owner of each status change', async () => {
      const [user, admin] = [await createUser(t), await createUser(t, { role: 'admin' })];
      const ticket = await open(user);
      const moves = ['closed', 'pending', 'resolved', 'open', 'closed'] as const;
      for (const status of moves) {
        const res = await setStatus(admin, ticket.id, { status });
        expect(res.status).toBe(200);
        expect(res.body.data.status).toBe(status);
      }
      const res = await setStatus(admin, ticket.id, { status: 'closed', priority: 'high' });
      expect(res.body.data).toMatchObject({ status: 'closed', priority: 'high' });
      const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(row).toMatchObject({ status: 'closed', priority: 'high' });
      // One notification per actual change of status; the priority-only change tells nobody.
      const sent = await notificationsOf(user.businessId);
      expect(sent).toHaveLength(moves.length);
      expect(sent.every((n) => n.type === 'ticket.updated')).toBe(true);
    });

    it.each([
      [{}, 'status'],
      [{ status: 'archived' }, 'status'],
      [{ status: 'open', priority: 'urgent' }, 'priority'],
    ])('rejects %j with a 400 naming %s, and changes nothing', async (body, field) => {
      const [user, admin] = [await createUser(t), await createUser(t, { role: 'admin' })];
      const ticket = await open(user);
      const res = await setStatus(admin, ticket.id, body);
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
      const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(row).toMatchObject({ status: 'pending', priority: 'medium' });
    });

    it('answers 404 for an unknown ticket', async () => {
      const admin = await createUser(t, { role: 'admin' });
      expect((await setStatus(admin, randomUUID(), { status: 'open' })).status).toBe(404);
    });

    it('notifies once when several admins set the same status at the same time', async () => {
      const user = await createUser(t);
      const admins = await Promise.all([1, 2, 3, 4].map(() => createUser(t, { role: 'admin' })));
      const ticket = await open(user);
      const results = await Promise.all(admins.map((a) => setStatus(a, ticket.id, { status: 'open' })));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(await notificationsOf(user.businessId)).toHaveLength(1);
    });
  });
});
