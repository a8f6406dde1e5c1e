import { describe, expect, it } from 'vitest';
import { completeIfDone, stopCampaignSends } from '../../src/modules/campaigns/index.js';
import { createCampaign, createContacts, createUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { campaignRow, queuedCampaign, statusCounts } from '../jobs/helpers.js';

const TEMPLATE_PAUSED = 'The template was paused by WhatsApp';

describe("a campaign's state, answered beside its status", () => {
  const t = useTestApp();

  const get = async (token: string, id: string) =>
    (await t.request({ method: 'GET', url: `/campaigns/${id}`, token })).body.data;
  const act = (token: string, id: string, action: string) =>
    t.request({ url: `/campaigns/${id}/${action}`, token, body: {} });

  it('moves draft, sending, paused, sending, stopped, completed; status stays the four words', async () => {
    const { user, campaign } = await queuedCampaign(t, 3);
    expect(await get(user.accessToken, campaign.id)).toMatchObject({ state: 'sending', status: 'pending' });
    const list = await t.request({ method: 'GET', url: '/campaigns', token: user.accessToken });
    expect(list.body.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: campaign.id, state: 'sending', status: 'pending' }),
      ]),
    );

    const paused = await act(user.accessToken, campaign.id, 'pause');
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ state: 'paused', status: 'pending' });
    const resumed = await act(user.accessToken, campaign.id, 'resume');
    expect(resumed.body.data).toMatchObject({ state: 'sending', status: 'pending' });

    expect(await stopCampaignSends(t.deps, campaign, TEMPLATE_PAUSED)).toBe(true);
    expect(await get(user.accessToken, campaign.id)).toMatchObject({
      state: 'stopped',
      status: 'pending',
      stopReason: TEMPLATE_PAUSED,
    });
    // Stopped, it has nothing left to pause; the refusal is the one it always was.
    const late = await act(user.accessToken, campaign.id, 'pause');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Only a campaign being delivered can be paused');

    expect(await completeIfDone(t.deps, campaign.id)).toBe(true);
    expect(await get(user.accessToken, campaign.id)).toMatchObject({ state: 'completed', status: 'sent' });
    expect((await act(user.accessToken, campaign.id, 'resume')).status).toBe(400);
    expect((await campaignRow(t, campaign.id)).state).toBe('completed');
  });

  it('a draft is a draft; published for later it is scheduled, cancelled a draft again', async () => {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '20' });
    await createContacts(t, user.businessId, 2);
    const draft = await createCampaign(t, user.businessId, {
      isScheduled: true,
      scheduledAt: new Date(Date.now() + 3_600_000),
    });
    expect(await get(user.accessToken, draft.id)).toMatchObject({ state: 'draft', status: 'draft' });
    const published = await t.request({
      url: `/campaigns/${draft.id}/publish`,
      token: user.accessToken,
      body: { paymentMethod: 'credit' },
    });
    expect(published.body.data).toMatchObject({ state: 'scheduled', status: 'scheduled' });
    // A business pauses what is being delivered, not what waits (it cancels that): 400 as ever.
    expect((await act(user.accessToken, draft.id, 'pause')).status).toBe(400);
    const again = await t.request({
      url: `/campaigns/${draft.id}/publish`,
      token: user.accessToken,
      body: { paymentMethod: 'credit' },
    });
    expect(again.status).toBe(400);
    const cancelled = await act(user.accessToken, draft.id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: 'draft', status: 'draft' });
  });

  // Two connections racing for one campaign: PostgreSQL only (PGlite runs one statement at a time).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a pause and a stop at once: it ends stopped, every message failed, whichever came first',
    async () => {
      for (let round = 0; round < 4; round++) {
        const { user, campaign } = await queuedCampaign(t, 3);
        const [pause, stopped, again] = await Promise.all([
          act(user.accessToken, campaign.id, 'pause'),
          stopCampaignSends(t.deps, campaign, TEMPLATE_PAUSED),
          stopCampaignSends(t.deps, campaign, TEMPLATE_PAUSED),
        ]);
        // One of the two stops moved it (and told the business); the pause came before it or was refused.
        expect([stopped, again].filter(Boolean)).toHaveLength(1);
        expect([200, 400]).toContain(pause.status);
        const row = await campaignRow(t, campaign.id);
        expect(row.state).toBe('stopped');
        expect(row.pausedAt !== null).toBe(pause.status === 200);
        // Nothing stays held for a resume that would never come.
        expect(await statusCounts(t, campaign.id)).toEqual({ failed: 3 });
      }
    },
  );
});
