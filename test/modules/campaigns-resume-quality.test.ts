/**
 * Resuming a campaign: the publish permissions apply (verified e-mail, accepted business), and a marketing
 * campaign stays paused while the number's quality is RED or FLAGGED (409) until it recovers; an
 * administrator may resume it anyway.
 */

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, campaigns, notifications } from '../../src/platform/db/schema/index.js';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { statusCounts } from '../jobs/helpers.js';
import { qualityUpdateValue } from '../simulators/graph-api.js';
import { cloudEvent, qualityEvent, storeTemplate, templateCampaign } from './category-support.js';
import { useGraph } from './cloud-support.js';
import { cloudSender } from './deliverability-support.js';

describe('resume after a quality drop', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);

  const rowOf = async (id: string) => (await t.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;

  async function marketingCampaign(count = 2) {
    const s = await cloudSender(t, graph.sim, count, '100');
    const res = await t.request({
      url: '/campaigns',
      token: s.user.accessToken,
      body: { ...templateCampaign(s.template.id), paymentMethod: 'credit' },
    });
    expect(res.status, res.text).toBe(201);
    return { ...s, id: res.body.data.id as string };
  }

  const resume = (id: string, token: string) =>
    t.request({ url: `/campaigns/${id}/resume`, token, body: {} });

  it('409 while RED, and the campaign stays paused; after the quality recovers it resumes', async () => {
    const s = await marketingCampaign();
    await qualityEvent(t, s.account.wabaId, s.wabaNumber, 'RED');
    expect((await rowOf(s.id)).pausedAt).not.toBeNull();

    const refused = await resume(s.id, s.user.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: 'failure', code: 409 });
    expect(refused.body.message).toContain('RED');
    expect(refused.body.errorMessage).toMatchObject({ reason: 'quality', qualityRating: 'RED' });
    expect((await rowOf(s.id)).pausedAt).not.toBeNull();
    expect(await statusCounts(t, s.id)).toEqual({ held: 2 });

    await qualityEvent(t, s.account.wabaId, s.wabaNumber, 'GREEN');
    const resumed = await resume(s.id, s.user.accessToken);
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body.data.pausedAt).toBeNull();
    expect(await statusCounts(t, s.id)).toEqual({ queued: 2 });
  });

  it('409 while FLAGGED, also for one the business had paused itself; a utility campaign resumes', async () => {
    const s = await marketingCampaign();
    const paused = await t.request({ url: `/campaigns/${s.id}/pause`, token: s.user.accessToken, body: {} });
    expect(paused.status).toBe(200);
    const receipt = await storeTemplate(t, s, { category: 'UTILITY' });
    const utility = await t.request({
      url: '/campaigns',
      token: s.user.accessToken,
      body: { ...templateCampaign(receipt.id, { name: 'Receipts' }), paymentMethod: 'credit' },
    });
    expect(utility.status, utility.text).toBe(201);
    await t.request({ url: `/campaigns/${utility.body.data.id}/pause`, token: s.user.accessToken, body: {} });
    await cloudEvent(
      t,
      s.account.wabaId,
      'phone_number_quality_update',
      qualityUpdateValue(s.wabaNumber, { event: 'FLAGGED', currentLimit: 'TIER_1K' }),
    );

    const refused = await resume(s.id, s.user.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.body.errorMessage).toMatchObject({ qualityRating: 'FLAGGED' });
    expect((await rowOf(s.id)).pausedAt).not.toBeNull();
    const receipts = await resume(utility.body.data.id, s.user.accessToken);
    expect(receipts.status, receipts.text).toBe(200);
  });

  it('resume needs what publish needs: a verified e-mail and an accepted business (403)', async () => {
    const s = await marketingCampaign();
    await t.request({ url: `/campaigns/${s.id}/pause`, token: s.user.accessToken, body: {} });
    await t.db
      .update(businesses)
      .set({ businessVerified: 'pending' })
      .where(eq(businesses.id, s.user.businessId));
    const refused = await resume(s.id, s.user.accessToken);
    expect(refused.status).toBe(403);
    expect((await rowOf(s.id)).pausedAt).not.toBeNull();
  });

  it('a marketing campaign published while RED starts paused; a utility one goes out', async () => {
    const s = await cloudSender(t, graph.sim, 2, '100');
    await qualityEvent(t, s.account.wabaId, s.wabaNumber, 'RED');
    const offer = await t.request({
      url: '/campaigns',
      token: s.user.accessToken,
      body: { ...templateCampaign(s.template.id), paymentMethod: 'credit' },
    });
    expect(offer.status, offer.text).toBe(201);
    expect(offer.body.data.pausedAt).not.toBeNull();
    expect(offer.body.data.pauseReason).toContain('RED');
    expect(await statusCounts(t, offer.body.data.id)).toEqual({ held: 2 });
    // The business is told it was published into a pause, not that it went out.
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiverId, s.user.businessId));
    const publishedPaused = told.filter((n) => n.title === 'Campaign published, paused');
    expect(publishedPaused).toHaveLength(1);
    expect(publishedPaused[0]!.message).toContain('Offer');
    expect(told.filter((n) => n.type === 'campaign.sent')).toHaveLength(0);

    const receipt = await storeTemplate(t, s, { category: 'UTILITY' });
    const utility = await t.request({
      url: '/campaigns',
      token: s.user.accessToken,
      body: { ...templateCampaign(receipt.id, { name: 'Receipts' }), paymentMethod: 'credit' },
    });
    expect(utility.status, utility.text).toBe(201);
    expect(utility.body.data.pausedAt).toBeNull();
    expect(await statusCounts(t, utility.body.data.id)).toEqual({ queued: 2 });

    expect((await resume(offer.body.data.id, s.user.accessToken)).status).toBe(409);
    await qualityEvent(t, s.account.wabaId, s.wabaNumber, 'GREEN');
    const resumed = await resume(offer.body.data.id, s.user.accessToken);
    expect(resumed.status, resumed.text).toBe(200);
    expect(await statusCounts(t, offer.body.data.id)).toEqual({ queued: 2 });
  });

  it('an administrator resumes it while RED; a business may not use that route; an unknown id is 404', async () => {
    const s = await marketingCampaign();
    await qualityEvent(t, s.account.wabaId, s.wabaNumber, 'RED');
    const admin = await createUser(t, { role: 'admin' });
    const asBusiness = await t.request({
      url: `/admin/campaigns/${s.id}/resume`,
      token: s.user.accessToken,
      body: {},
    });
    expect(asBusiness.status).toBe(403);
    expect((await rowOf(s.id)).pausedAt).not.toBeNull();
    const unknown = await t.request({
      url: `/admin/campaigns/${randomUUID()}/resume`,
      token: admin.accessToken,
      body: {},
    });
    expect(unknown.status).toBe(404);

    const forced = await t.request({
      url: `/admin/campaigns/${s.id}/resume`,
      token: admin.accessToken,
      body: {},
    });
    expect(forced.status, forced.text).toBe(200);
    expect(forced.body.data).toMatchObject({ id: s.id, pausedAt: null });
    expect(await statusCounts(t, s.id)).toEqual({ queued: 2 });
  });
});
