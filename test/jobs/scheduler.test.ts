import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { startWorker } from '../../src/jobs/index.js';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { testConfig } from '../../src/platform/config.js';
import { campaignMessages, campaigns } from '../../src/platform/db/schema/index.js';
import { createCampaign, createContacts, createUser, setMessagingCredentials } from '../factories.js';
import { useTestApp } from '../harness.js';
import { campaignRow, useGateway } from './helpers.js';

describe('scheduler', () => {
  const t = useTestApp();
  const sim = useGateway();

  /** A published scheduled campaign with its messages held, due `offsetMs` from now (negative = overdue). */
  async function scheduled(businessId: string, offsetMs: number, recipients = 2) {
    const contacts = await createContacts(t, businessId, recipients);
    const campaign = await createCampaign(t, businessId, {
      isScheduled: true,
      scheduledAt: new Date(Date.now() + offsetMs),
      isPublished: true,
      publishedAt: new Date(),
      paymentMethod: 'credit',
      recipientCount: recipients,
    });
    await t.db.insert(campaignMessages).values(
      contacts.map((c) => ({
        campaignId: campaign.id,
        businessId,
        contactId: c.id,
        phoneNumber: c.phoneNumber,
        firstName: c.firstName,
        lastName: c.lastName,
        status: 'held' as const,
      })),
    );
    return campaign;
  }

  const heldCount = async (ids: string[]) =>
    (await t.db.select().from(campaignMessages).where(inArray(campaignMessages.campaignId, ids))).filter(
      (m) => m.status === 'held',
    ).length;

  it('sends out due campaigns: messages released to the queue, isSentOut set, business notified', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const due = await scheduled(user.businessId, -5_000);
    const later = await scheduled(user.businessId, 3_600_000);
    const draft = await createCampaign(t, user.businessId, {
      isScheduled: true,
      scheduledAt: new Date(Date.now() - 1000),
    });
    const released = await new Scheduler(t.deps, 60_000).tick();
    expect(released).toBe(1);
    const dueRow = await campaignRow(t, due.id);
    expect(dueRow).toMatchObject({ isSentOut: true });
    expect(dueRow.sentOutAt).not.toBeNull();
    const dueMessages = await t.db
      .select()
      .from(campaignMessages)
      .where(eq(campaignMessages.campaignId, due.id));
    expect(dueMessages.map((m) => m.status)).toEqual(['queued', 'queued']);
    expect(await heldCount([later.id])).toBe(2);
    expect((await campaignRow(t, later.id)).isSentOut).toBe(false);
    expect((await campaignRow(t, draft.id)).isSentOut).toBe(false);
    const pushed = t.realtime.events.filter((e) => e.room === `business:${user.businessId}`);
    expect(pushed.map((e) => (e.payload as { type: string }).type)).toContain('campaign.sent');
    expect(await new Scheduler(t.deps, 60_000).tick()).toBe(0);
  });

  it('catches up every campaign missed while no worker ran, in one tick', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const missed = [];
    for (let i = 0; i < 25; i++) missed.push(await scheduled(user.businessId, -3_600_000 * (i + 1), 1));
    expect(await new Scheduler(t.deps, 60_000).tick()).toBe(25);
    expect(await heldCount(missed.map((c) => c.id))).toBe(0);
    const rows = await t.db
      .select()
      .from(campaigns)
      .where(
        inArray(
          campaigns.id,
          missed.map((c) => c.id),
        ),
      );
    expect(rows.every((c) => c.isSentOut)).toBe(true);
  });

  it('lets several schedulers tick at once without releasing a campaign twice', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const due = [];
    for (let i = 0; i < 30; i++) due.push(await scheduled(user.businessId, -1_000, 1));
    const before = t.realtime.events.length;
    const counts = await Promise.all([1, 2, 3, 4].map(() => new Scheduler(t.deps, 60_000).tick()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    const sentNotes = t.realtime.events
      .slice(before)
      .filter((e) => (e.payload as { type: string }).type === 'campaign.sent');
    expect(sentNotes).toHaveLength(30);
  });

  it('runs end to end in the worker role: a scheduled publish is sent when due and completes', async () => {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '10' });
    await setMessagingCredentials(t, user.businessId);
    const contacts = await createContacts(t, user.businessId, 3);
    const config = testConfig({
      SCHEDULER_INTERVAL_MS: '200',
      DISPATCH_POLL_MS: '50',
      DISPATCH_RATE_PER_SECOND: '0',
    });
    const jobs = await startWorker({ ...t.deps, config, messaging: sim.adapter });
    try {
      const res = await t.request({
        url: '/campaigns',
        token: user.accessToken,
        body: {
          name: 'Soon',
          message: 'Hello {{firstName}}',
          sendToAllContact: true,
          isScheduled: true,
          scheduledAt: new Date(Date.now() + 500).toISOString(),
          paymentMethod: 'credit',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.data.status).toBe('scheduled');
      const done = await vi.waitFor(
        async () => {
          const value = await campaignRow(t, res.body.data.id);
          expect(value).toSatisfy((c) => c.completedAt !== null);
          return value;
        },
        { timeout: 15_000, interval: 30 },
      );
      expect(done).toMatchObject({ isSentOut: true, sentCount: 3, failedCount: 0 });
      expect(done.sentOutAt!.getTime()).toBeGreaterThanOrEqual(done.scheduledAt!.getTime());
      for (const c of contacts) expect(sim.gateway.sendsTo(c.phoneNumber)).toBe(1);
      const stats = await t.request({ url: '/campaigns/stats', token: user.accessToken });
      expect(stats.body.data).toMatchObject({ sent: 1, pending: 0, scheduled: 0 });
    } finally {
      await Promise.all(jobs.map((j) => j.stop()));
    }
  });
});
