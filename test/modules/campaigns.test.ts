import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignMessages, campaigns } from '../../src/platform/db/schema/index.js';
import {
  createCampaign,
  createContacts,
  createUser,
  setMessagingCredentials,
  walletOf,
} from '../factories.js';
import { useTestApp } from '../harness.js';
import { queuedCampaign } from '../jobs/helpers.js';

const future = (minutes = 60) => new Date(Date.now() + minutes * 60_000).toISOString();

const draftBody = {
  name: 'Spring sale',
  message: 'Hello {{firstName}}, 20% off this week',
  sendToAllContact: true,
  isScheduled: false,
};

describe('campaigns: drafts, listing, editing, deleting', () => {
  const t = useTestApp();

  it('creates a draft without paymentMethod: stored, not billed, nothing queued', async () => {
    const user = await createUser(t, { credits: '50' });
    await createContacts(t, user.businessId, 3);
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: { ...draftBody, messageType: 'utility', timeZone: 'Africa/Lagos', header: 'Sale' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ apiObject: 'campaign', status: 'success' });
    expect(res.body.data).toMatchObject({
      name: 'Spring sale',
      messageType: 'utility',
      isPublished: false,
      isSentOut: false,
      status: 'draft',
      paymentMethod: null,
      scheduledAt: null,
      timeZone: 'Africa/Lagos',
      header: 'Sale',
      recipientCount: 0,
    });
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, res.body.data.id));
    expect(row!.businessId).toBe(user.businessId);
    expect((await walletOf(t, user.businessId)).balance).toBe('50.0000');
    const queued = await t.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, row!.id));
    expect(queued).toHaveLength(0);
  });

  it('stores a scheduled draft in UTC, converting an offset', async () => {
    const user = await createUser(t);
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: { ...draftBody, isScheduled: true, scheduledAt: '2099-03-01T10:00:00+01:00' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.scheduledAt).toBe('2099-03-01T09:00:00.000Z');
  });

  it.each([
    [{ ...draftBody, name: undefined }, 'name'],
    [{ ...draftBody, message: '' }, 'message'],
    [{ ...draftBody, sendToAllContact: 'yes' }, 'sendToAllContact'],
    [{ ...draftBody, isScheduled: undefined }, 'isScheduled'],
    [{ ...draftBody, messageType: 'promo' }, 'messageType'],
    [{ ...draftBody, paymentMethod: 'cash' }, 'paymentMethod'],
    [{ ...draftBody, isScheduled: true }, 'scheduledAt'],
    [{ ...draftBody, isScheduled: true, scheduledAt: '2099-03-01 10:00' }, 'scheduledAt'],
    [{ ...draftBody, isScheduled: true, scheduledAt: '2001-01-01T00:00:00Z' }, 'scheduledAt'],
    [{ ...draftBody, timeZone: 'Mars/Olympus' }, 'timeZone'],
    [{ ...draftBody, selectedContactId: ['not-a-uuid'] }, 'selectedContactId.0'],
    [{ ...draftBody, uploadFileUrl: 'javascript:alert(1)' }, 'uploadFileUrl'],
    [{ ...draftBody, actionButtonTitle: 'Shop now' }, 'actionButtonUrl'],
    [{ ...draftBody, header: 'h'.repeat(61) }, 'header'],
  ])('rejects %j with a 400 naming %s, and stores nothing', async (body, field) => {
    const user = await createUser(t);
    const res = await t.request({ url: '/campaigns', token: user.accessToken, body });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('failure');
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(await t.db.select().from(campaigns).where(eq(campaigns.businessId, user.businessId))).toHaveLength(
      0,
    );
  });

  it('answers 400 to malformed JSON and 401 without a token', async () => {
    const user = await createUser(t);
    const bad = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect((await t.request({ url: '/campaigns', body: draftBody })).status).toBe(401);
    expect((await t.request({ url: '/campaigns' })).status).toBe(401);
  });

  it("lists own campaigns newest first, paginated, with search; never another business's", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    await createCampaign(t, other.businessId, { name: 'Other autumn promo' });
    for (const name of ['Autumn promo', 'Winter promo', 'Autumn clearance']) {
      await createCampaign(t, user.businessId, { name });
    }
    const all = await t.request({ url: '/campaigns', token: user.accessToken, query: { pageSize: '2' } });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect(all.body.data.items.map((c: { name: string }) => c.name)).toEqual([
      'Autumn clearance',
      'Winter promo',
    ]);
    const found = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      query: { search: 'autumn' },
    });
    expect(found.body.data.items.map((c: { name: string }) => c.name).sort()).toEqual([
      'Autumn clearance',
      'Autumn promo',
    ]);
    const literal = await t.request({ url: '/campaigns', token: user.accessToken, query: { search: '%' } });
    expect(literal.body.data.total).toBe(0);
    expect(
      (await t.request({ url: '/campaigns', token: user.accessToken, query: { page: '0' } })).status,
    ).toBe(400);
  });

  it("shows one campaign with delivery counts; another business's id or a junk id is a 404", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const mine = await createCampaign(t, user.businessId);
    const theirs = await createCampaign(t, other.businessId);
    const res = await t.request({ url: `/campaigns/${mine.id}`, token: user.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: mine.id, status: 'draft' });
    expect(res.body.data.delivery).toEqual({
      total: 0,
      held: 0,
      queued: 0,
      sending: 0,
      sent: 0,
      failed: 0,
      pending: 0,
    });
    expect((await t.request({ url: `/campaigns/${theirs.id}`, token: user.accessToken })).status).toBe(404);
    expect((await t.request({ url: '/campaigns/not-a-uuid', token: user.accessToken })).status).toBe(404);
    const messages = await t.request({ url: `/campaigns/${theirs.id}/messages`, token: user.accessToken });
    expect(messages.status).toBe(404);
  });

  it('answers 404, not 400, to a malformed id of any length the router accepts (414 past it)', async () => {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '10' });
    const draft = await createCampaign(t, user.businessId);
    const token = user.accessToken;
    for (const id of ['x', 'a'.repeat(65), 'a'.repeat(100)]) {
      const calls = [
        t.request({ url: `/campaigns/${id}`, token }),
        t.request({ url: `/campaigns/${id}/messages`, token }),
        t.request({ method: 'PATCH', url: `/campaigns/${id}`, token, body: { name: 'New' } }),
        t.request({ method: 'DELETE', url: `/campaigns/${id}`, token }),
        t.request({ url: `/campaigns/${id}/publish`, token, body: { paymentMethod: 'credit' } }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status, `${id.length} characters`).toBe(404);
        expect(res.body).toMatchObject({ status: 'failure', code: 404 });
      }
    }
    const tooLong = await t.request({ url: `/campaigns/${'a'.repeat(101)}`, token });
    expect(tooLong.status).toBe(414);
    expect(tooLong.body).toMatchObject({ status: 'failure', code: 414 });
    const [still] = await t.db.select().from(campaigns).where(eq(campaigns.id, draft.id));
    expect(still).toMatchObject({ name: draft.name, isPublished: false });
  });

  it("pages through a campaign's messages: page, pageSize, total and totalPages, newest first", async () => {
    const user = await createUser(t);
    const campaign = await createCampaign(t, user.businessId, { isPublished: true, isSentOut: true });
    const base = Date.now() - 60_000;
    await t.db.insert(campaignMessages).values(
      Array.from({ length: 25 }, (_, i) => ({
        campaignId: campaign.id,
        businessId: user.businessId,
        phoneNumber: `+2348030000${String(i).padStart(3, '0')}`,
        firstName: `F${i}`,
        status: i % 5 === 0 ? ('failed' as const) : ('sent' as const),
        createdAt: new Date(base + i * 1000),
      })),
    );
    const page = (query: Record<string, string>) =>
      t.request({ url: `/campaigns/${campaign.id}/messages`, token: user.accessToken, query });
    const seen: string[] = [];
    for (const [n, size] of [
      [1, 10],
      [2, 10],
      [3, 5],
    ] as const) {
      const res = await page({ page: String(n), pageSize: '10' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ page: n, pageSize: 10, total: 25, totalPages: 3 });
      expect(res.body.data.items).toHaveLength(size);
      seen.push(...res.body.data.items.map((m: { firstName: string }) => m.firstName));
    }
    // Every message once, newest first across the page boundaries.
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `F${24 - i}`));
    const beyond = await page({ page: '4', pageSize: '10' });
    expect(beyond.body.data).toMatchObject({ items: [], page: 4, total: 25, totalPages: 3 });
    const failed = await page({ status: 'failed', pageSize: '2', page: '3' });
    expect(failed.body.data).toMatchObject({ page: 3, pageSize: 2, total: 5, totalPages: 3 });
    expect(failed.body.data.items.map((m: { firstName: string }) => m.firstName)).toEqual(['F0']);
    expect((await page({ pageSize: '0' })).status).toBe(400);
    expect((await page({ pageSize: '1000' })).body.data.pageSize).toBe(100);
  });

  it('keeps the message of a contact deleted after publish, listing its contact as null', async () => {
    const { user, campaign } = await queuedCampaign(t, 2);
    const before = await t.request({ url: `/campaigns/${campaign.id}/messages`, token: user.accessToken });
    const [gone, kept] = before.body.data.items as { contactId: string; phoneNumber: string }[];
    const del = await t.request({
      method: 'DELETE',
      url: `/contacts/${gone!.contactId}`,
      token: user.accessToken,
    });
    expect(del.status).toBe(200);

    const after = await t.request({ url: `/campaigns/${campaign.id}/messages`, token: user.accessToken });
    expect(after.body.data.total).toBe(2);
    const byPhone = new Map(
      (after.body.data.items as { contactId: string | null; phoneNumber: string; status: string }[]).map(
        (m) => [m.phoneNumber, m],
      ),
    );
    expect(byPhone.get(gone!.phoneNumber)).toMatchObject({ contactId: null, status: 'queued' });
    expect(byPhone.get(kept!.phoneNumber)).toMatchObject({ contactId: kept!.contactId, status: 'queued' });
  });

  it("edits a draft, and refuses to edit a published campaign or another business's", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const draft = await createCampaign(t, user.businessId);
    const res = await t.request({
      method: 'PATCH',
      url: `/campaigns/${draft.id}`,
      token: user.accessToken,
      body: {
        name: 'Renamed',
        isScheduled: true,
        scheduledAt: future(),
        actionButtonTitle: 'Buy',
        actionButtonUrl: 'https://shop.example/x',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', isScheduled: true, actionButtonTitle: 'Buy' });
    const back = await t.request({
      method: 'PATCH',
      url: `/campaigns/${draft.id}`,
      token: user.accessToken,
      body: { isScheduled: false },
    });
    expect(back.body.data).toMatchObject({ isScheduled: false, scheduledAt: null });

    const badSchedule = await t.request({
      method: 'PATCH',
      url: `/campaigns/${draft.id}`,
      token: user.accessToken,
      body: { isScheduled: true },
    });
    expect(badSchedule.status).toBe(400);

    const published = await createCampaign(t, user.businessId, { isPublished: true, isSentOut: true });
    const refused = await t.request({
      method: 'PATCH',
      url: `/campaigns/${published.id}`,
      token: user.accessToken,
      body: { name: 'Too late' },
    });
    expect(refused.status).toBe(400);
    const theirs = await createCampaign(t, other.businessId, { name: 'Theirs' });
    const foreign = await t.request({
      method: 'PATCH',
      url: `/campaigns/${theirs.id}`,
      token: user.accessToken,
      body: { name: 'Hijacked' },
    });
    expect(foreign.status).toBe(404);
    const [untouched] = await t.db.select().from(campaigns).where(eq(campaigns.id, theirs.id));
    expect(untouched!.name).toBe('Theirs');
  });

  it('rejects bad PATCH, publish and list input with a 400, changing nothing', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const draft = await createCampaign(t, user.businessId, { name: 'Keep me' });
    for (const body of [
      { messageType: 'promo' },
      { name: '' },
      { selectedContactId: 'all' },
      { timeZone: 'Nowhere/Land' },
    ]) {
      const res = await t.request({
        method: 'PATCH',
        url: `/campaigns/${draft.id}`,
        token: user.accessToken,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, draft.id));
    expect(row).toMatchObject({ name: 'Keep me', messageType: 'marketing' });
    const noMethod = await t.request({
      url: `/campaigns/${draft.id}/publish`,
      token: user.accessToken,
      body: {},
    });
    expect(noMethod.status).toBe(400);
    expect(noMethod.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain('paymentMethod');
    const badStatus = await t.request({
      url: `/campaigns/${draft.id}/messages`,
      token: user.accessToken,
      query: { status: 'lost' },
    });
    expect(badStatus.status).toBe(400);
  });

  it('deletes drafts and sent campaigns, but not one published and waiting for its time', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const draft = await createCampaign(t, user.businessId);
    const waiting = await createCampaign(t, user.businessId, {
      isPublished: true,
      isScheduled: true,
      scheduledAt: new Date(Date.now() + 3_600_000),
    });
    const sent = await createCampaign(t, user.businessId, { isPublished: true, isSentOut: true });
    const theirs = await createCampaign(t, other.businessId);
    const del = (id: string) =>
      t.request({ method: 'DELETE', url: `/campaigns/${id}`, token: user.accessToken });
    expect((await del(draft.id)).status).toBe(200);
    const refused = await del(waiting.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/before it is sent/);
    expect((await del(sent.id)).status).toBe(200);
    expect((await del(theirs.id)).status).toBe(404);
    const left = await t.db.select({ id: campaigns.id }).from(campaigns);
    const ids = left.map((r) => r.id);
    expect(ids).toContain(waiting.id);
    expect(ids).toContain(theirs.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(sent.id);
  });

  it('counts campaigns by state: draft, scheduled, pending (delivering), sent (finished)', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    await createCampaign(t, other.businessId);
    await createCampaign(t, user.businessId);
    await createCampaign(t, user.businessId);
    await createCampaign(t, user.businessId, {
      isPublished: true,
      isScheduled: true,
      scheduledAt: new Date(Date.now() + 1e6),
    });
    await createCampaign(t, user.businessId, { isPublished: true, isSentOut: true });
    await createCampaign(t, user.businessId, { isPublished: true, isSentOut: true, completedAt: new Date() });
    const res = await t.request({ url: '/campaigns/stats', token: user.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ total: 5, draft: 2, scheduled: 1, pending: 1, sent: 1 });
  });

  it('gives a verified business a chat deep link and its QR code', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    await setMessagingCredentials(t, user.businessId, { wabaNumber: '2348031112222' });
    const res = await t.request({ url: '/campaigns/qr-code', token: user.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.link).toBe('https://wa.me/2348031112222');
    const [, b64] = res.body.data.imageBase64.split('data:image/png;base64,');
    const png = Buffer.from(b64, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers 400 for a QR code without a messaging number, 403 for an unverified business', async () => {
    const noNumber = await createUser(t, { businessVerified: 'accepted' });
    const res = await t.request({ url: '/campaigns/qr-code', token: noNumber.accessToken });
    expect(res.status).toBe(400);
    const pending = await createUser(t);
    await setMessagingCredentials(t, pending.businessId);
    expect((await t.request({ url: '/campaigns/qr-code', token: pending.accessToken })).status).toBe(403);
  });
});
