import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { CampaignProgress } from '../../src/modules/messages/index.js';
import { RecordingRealtimeHub } from '../../src/platform/realtime-hub.js';
import { useTestApp } from '../harness.js';
import { queuedCampaign } from '../jobs/helpers.js';

// `campaignProgress` goes out at most once per campaign per second, whichever processes move its messages:
// each process (a worker writing outcomes, an API process taking receipts) has its own reporter, and the
// reporters take turns through the database.
describe('campaignProgress across processes', () => {
  const t = useTestApp();
  const logger = pino({ level: 'silent' });

  it('two processes touching one campaign at once emit one now and the other a second later', async () => {
    const { campaign } = await queuedCampaign(t, 3);
    const emits: { process: number; at: number }[] = [];
    const hubs = [0, 1].map((process) => {
      const hub = new RecordingRealtimeHub();
      const emit = hub.emit.bind(hub);
      hub.emit = (room, event, payload) => {
        emits.push({ process, at: Date.now() });
        emit(room, event, payload);
      };
      return hub;
    });
    const reporters = hubs.map((hub) => new CampaignProgress(t.db, hub, logger));

    for (const reporter of reporters) reporter.touched(campaign.id, campaign.businessId);
    await vi.waitFor(() => expect(emits).toHaveLength(1), { timeout: 5_000, interval: 10 });
    // The other process's touch is not lost: its counts go out on its turn, a second after the first.
    await vi.waitFor(() => expect(emits).toHaveLength(2), { timeout: 5_000, interval: 10 });
    expect(new Set(emits.map((e) => e.process)).size).toBe(2);
    // Turns are a second apart by the database's clock; the emits follow their turns by a read each.
    expect(emits[1]!.at - emits[0]!.at).toBeGreaterThanOrEqual(900);
    expect(hubs.flatMap((h) => h.events)[0]).toMatchObject({
      room: `business:${campaign.businessId}`,
      payload: { campaignId: campaign.id, status: 'pending', state: 'sending', recipients: 3 },
    });
  });

  it('the completion emit goes out at once, even right after another process emitted', async () => {
    const { campaign } = await queuedCampaign(t, 2);
    const [a, b] = [new RecordingRealtimeHub(), new RecordingRealtimeHub()];
    new CampaignProgress(t.db, a, logger).touched(campaign.id, campaign.businessId);
    await vi.waitFor(() => expect(a.events).toHaveLength(1), { timeout: 5_000, interval: 10 });
    await new CampaignProgress(t.db, b, logger).completed(campaign.id, campaign.businessId);
    expect(b.events).toHaveLength(1);
  });

  it('a campaign deleted meanwhile gets no emit and no retry', async () => {
    const { campaign } = await queuedCampaign(t, 1);
    const hub = new RecordingRealtimeHub();
    const reporter = new CampaignProgress(t.db, hub, logger);
    await t.db.execute(`DELETE FROM campaigns WHERE id = '${campaign.id}'`);
    reporter.touched(campaign.id, campaign.businessId);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(hub.events).toHaveLength(0);
    expect((reporter as unknown as { timers: Map<string, unknown> }).timers.size).toBe(0);
  });
});
