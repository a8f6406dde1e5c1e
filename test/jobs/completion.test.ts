import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completeIfDone } from '../../src/modules/campaigns/campaign-completion.js';
import { campaignMessages, notifications } from '../../src/platform/db/schema/index.js';
import { useTestApp } from '../harness.js';
import { campaignRow, queuedCampaign } from './helpers.js';

/**
 * A campaign's completion and its `campaign.completed` notification are one transaction. Were they two, a
 * database failure between them would leave the campaign complete and its notice lost for good: nothing
 * completes a campaign twice, so nothing would ever retry the notice.
 */
describe('campaign completion', () => {
  const t = useTestApp();

  it('keeps the campaign incomplete when its notice cannot be stored, and completes both on the next check', async () => {
    const { user, campaign } = await queuedCampaign(t, 3);
    await t.db
      .update(campaignMessages)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(campaignMessages.campaignId, campaign.id));
    // The database refuses the notification row, as it would if it went away between the two writes.
    await t.db.execute(sql`
      CREATE FUNCTION refuse_notification() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'notifications unavailable'; END $$`);
    await t.db.execute(sql`
      CREATE TRIGGER refuse_notification BEFORE INSERT ON notifications
      FOR EACH ROW EXECUTE FUNCTION refuse_notification()`);

    await expect(completeIfDone(t.deps, campaign.id)).rejects.toThrow();
    expect((await campaignRow(t, campaign.id)).completedAt).toBeNull();

    await t.db.execute(sql`DROP TRIGGER refuse_notification ON notifications`);
    expect(await completeIfDone(t.deps, campaign.id)).toBe(true);
    expect(await campaignRow(t, campaign.id)).toMatchObject({ sentCount: 3, failedCount: 0 });
    const stored = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.receiverId, user.businessId), eq(notifications.type, 'campaign.completed')),
      );
    expect(stored).toHaveLength(1);
    const pushed = t.realtime.events.filter(
      (e) => (e.payload as { type: string }).type === 'campaign.completed',
    );
    expect(pushed).toHaveLength(1);
    // A second check completes nothing and announces nothing.
    expect(await completeIfDone(t.deps, campaign.id)).toBe(false);
    expect(
      t.realtime.events.filter((e) => (e.payload as { type: string }).type === 'campaign.completed'),
    ).toHaveLength(1);
  });
});
