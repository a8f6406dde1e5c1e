import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignMessages, campaigns, transactions, userPlans } from '../../src/platform/db/schema/index.js';
import {
  createCampaign,
  createContacts,
  createPlan,
  createUser,
  setMessagingCredentials,
  type TestUser,
  walletOf,
} from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('campaigns: publishing and billing', () => {
  const t = useTestApp();

  async function sender(credits = '100', opts: Parameters<typeof createUser>[1] = {}): Promise<TestUser> {
    const user = await createUser(t, { businessVerified: 'accepted', credits, ...opts });
    await setMessagingCredentials(t, user.businessId);
    return user;
  }

  const messagesOf = (campaignId: string) =>
    t.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, campaignId));
  const debitsOf = (businessId: string) =>
    t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.businessId, businessId), eq(transactions.kind, 'campaign_credit_debit')));

  it('creates and publishes at once: bills opted-in recipients x rate, queues one message each', async () => {
    const user = await sender('100');
    const optedIn = await createContacts(t, user.businessId, 4);
    await createContacts(t, user.businessId, 2, { optIn: false });
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'Launch',
        message: 'Hi {{firstName}}',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      isPublished: true,
      isSentOut: true,
      status: 'pending',
      paymentMethod: 'credit',
      recipientCount: 4,
      rate: 1,
      cost: 4,
    });
    expect((await walletOf(t, user.businessId)).balance).toBe('96.0000');
    const [debit] = await debitsOf(user.businessId);
    expect(debit).toMatchObject({
      status: 'successful',
      balanceDelta: '-4.0000',
      campaignId: res.body.data.id,
    });
    const queued = await messagesOf(res.body.data.id);
    expect(queued).toHaveLength(4);
    expect(new Set(queued.map((m) => m.status))).toEqual(new Set(['queued']));
    expect(queued.map((m) => m.phoneNumber).sort()).toEqual(optedIn.map((c) => c.phoneNumber).sort());
    const first = queued.find((m) => m.contactId === optedIn[0]!.id)!;
    expect(first).toMatchObject({ firstName: optedIn[0]!.firstName, lastName: optedIn[0]!.lastName });
    const pushed = t.realtime.events.filter((e) => e.room === `business:${user.businessId}`);
    expect(pushed.map((e) => (e.payload as { type: string }).type)).toContain('campaign.sent');
  });

  it('publishes a scheduled draft: billed now, messages held until the scheduler releases them', async () => {
    const user = await sender('10');
    await createContacts(t, user.businessId, 3);
    const draft = await createCampaign(t, user.businessId, {
      isScheduled: true,
      scheduledAt: new Date(inAnHour()),
      messageType: 'utility',
    });
    const res = await t.request({
      url: `/campaigns/${draft.id}/publish`,
      token: user.accessToken,
      body: { paymentMethod: 'credit' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      isPublished: true,
      isSentOut: false,
      status: 'scheduled',
      cost: 1.5,
    });
    expect((await walletOf(t, user.businessId)).balance).toBe('8.5000');
    const held = await messagesOf(draft.id);
    expect(held.map((m) => m.status)).toEqual(['held', 'held', 'held']);
    const again = await t.request({
      url: `/campaigns/${draft.id}/publish`,
      token: user.accessToken,
      body: { paymentMethod: 'credit' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Campaign already published');
    expect((await walletOf(t, user.businessId)).balance).toBe('8.5000');
  });

  it("sends to the opted-in contacts among selectedContactId, and only this business's", async () => {
    const user = await sender('100');
    const other = await createUser(t);
    const [a, b] = await createContacts(t, user.businessId, 2);
    const [optedOut] = await createContacts(t, user.businessId, 1, { optIn: false });
    await createContacts(t, user.businessId, 3);
    const [foreign] = await createContacts(t, other.businessId, 1);
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'Selected',
        message: 'Hello',
        sendToAllContact: false,
        selectedContactId: [a!.id, b!.id, optedOut!.id, foreign!.id],
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.recipientCount).toBe(2);
    const queued = await messagesOf(res.body.data.id);
    expect(queued.map((m) => m.contactId).sort()).toEqual([a!.id, b!.id].sort());
  });

  it('refuses a publish it cannot pay for with a 400, changing nothing', async () => {
    const user = await sender('2');
    await createContacts(t, user.businessId, 3);
    const draft = await createCampaign(t, user.businessId);
    const res = await t.request({
      url: `/campaigns/${draft.id}/publish`,
      token: user.accessToken,
      body: { paymentMethod: 'credit' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Insufficient credits');
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, draft.id));
    expect(row).toMatchObject({ isPublished: false, isSentOut: false, recipientCount: 0 });
    expect(await messagesOf(draft.id)).toHaveLength(0);
    expect((await walletOf(t, user.businessId)).balance).toBe('2.0000');
    expect(await debitsOf(user.businessId)).toHaveLength(0);

    const created = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'Too big',
        message: 'x',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(created.status).toBe(400);
    const names = (await t.db.select().from(campaigns).where(eq(campaigns.businessId, user.businessId))).map(
      (c) => c.name,
    );
    expect(names).not.toContain('Too big');
  });

  it('refuses a publish without recipients, without credentials, or with a past schedule', async () => {
    const user = await sender('100');
    const empty = await createCampaign(t, user.businessId, {
      sendToAllContact: false,
      selectedContactId: [],
    });
    const noRecipients = await t.request({
      url: `/campaigns/${empty.id}/publish`,
      token: user.accessToken,
      body: { paymentMethod: 'credit' },
    });
    expect(noRecipients.status).toBe(400);
    expect(noRecipients.body.message).toMatch(/no recipients/);

    await createContacts(t, user.businessId, 1);
    const late = await createCampaign(t, user.businessId, {
      isScheduled: true,
      scheduledAt: new Date(Date.now() - 3_600_000),
    });
    const past = await t.request({
      url: `/campaigns/${late.id}/publish`,
      token: user.accessToken,
      body: { paymentMethod: 'credit' },
    });
    expect(past.status).toBe(400);
    expect(past.body.errorMessage.fields[0].path).toBe('scheduledAt');
  });

  it('refuses a publish without stored credentials when the gateway needs them, and bills nothing', async () => {
    const bare = await createUser(t, { businessVerified: 'accepted', credits: '100' });
    await createContacts(t, bare.businessId, 1);
    const draft = await createCampaign(t, bare.businessId);
    const sandbox = t.deps.messaging;
    t.deps.messaging = { requiresCredentials: true, send: (c, m) => sandbox.send(c, m) };
    try {
      const noCreds = await t.request({
        url: `/campaigns/${draft.id}/publish`,
        token: bare.accessToken,
        body: { paymentMethod: 'credit' },
      });
      expect(noCreds.status).toBe(400);
      expect(noCreds.body.message).toMatch(/credentials/);
      expect((await walletOf(t, bare.businessId)).balance).toBe('100.0000');
    } finally {
      t.deps.messaging = sandbox;
    }
  });

  it('publishes without stored credentials on the embedded sandbox, which needs none', async () => {
    const bare = await createUser(t, { businessVerified: 'accepted', credits: '100' });
    await createContacts(t, bare.businessId, 2);
    const draft = await createCampaign(t, bare.businessId);
    const res = await t.request({
      url: `/campaigns/${draft.id}/publish`,
      token: bare.accessToken,
      body: { paymentMethod: 'credit' },
    });
    expect(res.status).toBe(200);
    expect((await walletOf(t, bare.businessId)).balance).toBe('98.0000');
  });

  it('needs a verified e-mail and an accepted business to publish (403), not to save a draft', async () => {
    const unverified = await createUser(t, { verified: false, businessVerified: 'accepted', credits: '10' });
    const pending = await createUser(t, { businessVerified: 'pending', credits: '10' });
    for (const user of [unverified, pending]) {
      await setMessagingCredentials(t, user.businessId);
      await createContacts(t, user.businessId, 1);
      const body = { name: 'X', message: 'x', sendToAllContact: true, isScheduled: false };
      expect((await t.request({ url: '/campaigns', token: user.accessToken, body })).status).toBe(201);
      const paid = await t.request({
        url: '/campaigns',
        token: user.accessToken,
        body: { ...body, paymentMethod: 'credit' },
      });
      expect(paid.status).toBe(403);
      const draft = await createCampaign(t, user.businessId);
      const publish = await t.request({
        url: `/campaigns/${draft.id}/publish`,
        token: user.accessToken,
        body: { paymentMethod: 'credit' },
      });
      expect(publish.status).toBe(403);
      expect((await walletOf(t, user.businessId)).balance).toBe('10.0000');
    }
  });

  it("validates the publish body and hides other businesses' campaigns", async () => {
    const user = await sender('10');
    const other = await sender('10');
    await createContacts(t, other.businessId, 1);
    const theirs = await createCampaign(t, other.businessId);
    const bad = await t.request({
      url: `/campaigns/${theirs.id}/publish`,
      token: user.accessToken,
      body: { paymentMethod: 'gold' },
    });
    expect(bad.status).toBe(400);
    const foreign = await t.request({
      url: `/campaigns/${theirs.id}/publish`,
      token: user.accessToken,
      body: { paymentMethod: 'credit' },
    });
    expect(foreign.status).toBe(404);
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, theirs.id));
    expect(row!.isPublished).toBe(false);
    expect((await walletOf(t, user.businessId)).balance).toBe('10.0000');
  });

  it('pays with the active plan: plan rate, plan balance, a zero-delta transaction row', async () => {
    const user = await sender('5');
    await createContacts(t, user.businessId, 10);
    const plan = await createPlan(t, { marketingRate: '0.8' });
    await t.db.insert(userPlans).values({
      businessId: user.businessId,
      planId: plan.id,
      freeCredit: 1000,
      balance: '15',
      expiredDate: new Date(Date.now() + 86_400_000),
    });
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'Plan paid',
        message: 'x',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'plan',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ paymentMethod: 'plan', cost: 8, rate: 0.8, recipientCount: 10 });
    const [up] = await t.db.select().from(userPlans).where(eq(userPlans.businessId, user.businessId));
    expect(up!.balance).toBe('7.0000');
    expect((await walletOf(t, user.businessId)).balance).toBe('5.0000');
    const [row] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.businessId, user.businessId), eq(transactions.kind, 'campaign_plan_debit')));
    expect(row).toMatchObject({
      amount: '8.0000',
      balanceDelta: '0.0000',
      earningsDelta: '0.00',
      planId: plan.id,
    });

    const short = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'Plan short',
        message: 'x',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'plan',
      },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Insufficient plan balance');

    await t.db.update(userPlans).set({ expiredDate: new Date(Date.now() - 1000), balance: '1000' });
    const expired = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'Plan gone',
        message: 'x',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'plan',
      },
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/No active plan/);
  });

  it('bills 20 concurrent publishes of one draft once and queues one message per recipient', async () => {
    const user = await sender('100');
    await createContacts(t, user.businessId, 25);
    const draft = await createCampaign(t, user.businessId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request({
          url: `/campaigns/${draft.id}/publish`,
          token: user.accessToken,
          body: { paymentMethod: 'credit' },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    expect((await walletOf(t, user.businessId)).balance).toBe('75.0000');
    expect(await debitsOf(user.businessId)).toHaveLength(1);
    expect(await messagesOf(draft.id)).toHaveLength(25);
  });

  it('never deletes a scheduled campaign that a racing publish billed: one of the two wins whole', async () => {
    const outcomes = { published: 0, deleted: 0 };
    for (let round = 0; round < 15; round++) {
      const user = await sender('1000');
      await createContacts(t, user.businessId, 3);
      const draft = await createCampaign(t, user.businessId, {
        isScheduled: true,
        scheduledAt: new Date(Date.now() + 3_600_000),
      });
      const [publish, remove] = await Promise.all([
        t.request({
          url: `/campaigns/${draft.id}/publish`,
          token: user.accessToken,
          body: { paymentMethod: 'credit' },
        }),
        t.request({ method: 'DELETE', url: `/campaigns/${draft.id}`, token: user.accessToken }),
      ]);
      const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, draft.id));
      const balance = (await walletOf(t, user.businessId)).balance;
      if (row) {
        // The publish went first: the campaign stays, published and billed, and the delete is refused.
        expect(publish.status).toBe(200);
        expect(remove.status).toBe(400);
        expect(remove.body).toMatchObject({
          status: 'failure',
          message: expect.stringMatching(/before it is sent/),
        });
        expect(row).toMatchObject({ isPublished: true, isSentOut: false });
        expect(balance).toBe('997.0000');
        expect(await debitsOf(user.businessId)).toHaveLength(1);
        expect(await messagesOf(draft.id)).toHaveLength(3);
        outcomes.published++;
      } else {
        // The delete went first: the publish finds nothing, and nothing was billed.
        expect(remove.status).toBe(200);
        expect(publish.status).toBe(404);
        expect(balance).toBe('1000.0000');
        expect(await debitsOf(user.businessId)).toHaveLength(0);
        outcomes.deleted++;
      }
    }
    expect(outcomes.published + outcomes.deleted).toBe(15);
    await expectLedgerBalanced(t);
  });
});
