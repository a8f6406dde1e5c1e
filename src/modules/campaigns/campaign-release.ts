import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import type { NotificationRecord, NotifierPort } from '../../platform/notifier.port.js';
import { releaseHeldCommissions } from '../affiliate/index.js';
import { releaseHeldMessages } from '../messages/index.js';
import { campaignNotices } from './campaign-notices.js';
import { sendOutSegmentCampaign } from './campaign-publisher.js';
import { campaignMovesSql, moveCampaign } from './campaign-state.js';
import { campaignChanged } from './campaign-webhooks.js';
import { UNPUBLISHED } from './campaigns.repository.js';

/** A scheduled campaign that has just been sent out. */
export interface DueCampaign {
  id: string;
  business_id: string;
  name: string;
  recipient_count: number;
  paused: boolean;
  segment_id: string | null;
}

/**
 * Marks up to `limit` due scheduled campaigns (`scheduled`, `scheduled_at` passed) sent out and
 * moves their held messages to the send queue, and pays the referrers' commissions held on them, in one
 * transaction (a cancel, which locks the campaign row too, comes before it and voids them, or after it and
 * finds the campaign sent out). FOR UPDATE SKIP LOCKED lets several
 * workers release at once without two of them taking the same campaign. A campaign to a segment that
 * cannot go out becomes a draft again, and its business is told why (recorded in the same transaction,
 * pushed once it has committed).
 */
export async function releaseDueCampaigns(
  db: Db,
  limit: number,
  notifier: Pick<NotifierPort, 'recordForBusiness' | 'announce'>,
): Promise<DueCampaign[]> {
  const notices: NotificationRecord[] = [];
  const released = await db.transaction(async (tx) => {
    const taken = await queryRows<DueCampaign>(
      tx,
      sql`
        SELECT id, business_id, name, recipient_count, paused_at IS NOT NULL AS paused,
               audience_segment_id AS segment_id
        FROM campaigns
        WHERE state = 'scheduled' AND scheduled_at <= now()
        ORDER BY scheduled_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`,
    );
    // A segment audience is evaluated now, at its time; one that cannot go out (nobody matches, funds
    // short) is a draft again, with nothing queued or paid.
    const undone = new Set<string>();
    for (const c of taken.filter((d) => d.segment_id)) {
      const recipients = await sendOutSegmentCampaign(tx, c.id);
      if (typeof recipients !== 'number') {
        undone.add(c.id);
        await moveCampaign(tx, { id: c.id }, { from: ['scheduled'], to: 'draft' }, UNPUBLISHED);
        notices.push(
          await notifier.recordForBusiness(
            tx,
            c.business_id,
            campaignNotices.notSent({ name: c.name, reason: recipients.reason }),
          ),
        );
      } else c.recipient_count = recipients;
    }
    // Sent out: `sending`, or `paused` when its number's quality paused it while it waited.
    const due = taken.filter((c) => !undone.has(c.id));
    if (due.length)
      await tx.execute(sql`
      UPDATE campaigns c
      SET is_sent_out = true, sent_out_at = now(), updated_at = now(),
          state = CASE WHEN c.paused_at IS NULL THEN 'sending' ELSE 'paused' END
      WHERE c.id = ANY(${`{${due.map((d) => d.id).join(',')}}`}::uuid[])
        AND ${campaignMovesSql(sql`c.state`, ['scheduled'], ['sending', 'paused'])}`);
    const ids = due.map((c) => c.id);
    // A campaign paused while it waited (its number's quality fell) goes out held: resuming queues it.
    await releaseHeldMessages(
      tx,
      due.filter((c) => !c.paused).map((c) => c.id),
    );
    await releaseHeldCommissions(tx, ids);
    for (const c of due)
      await campaignChanged(tx, { id: c.id, businessId: c.business_id, name: c.name }, 'sending');
    return due;
  });
  for (const n of notices) notifier.announce(n);
  return released;
}
