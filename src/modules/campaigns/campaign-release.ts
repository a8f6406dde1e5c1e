import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import type { NotificationRecord, NotifierPort } from '../../platform/notifier.port.js';
import { releaseHeldCommissions } from '../affiliate/index.js';
import { releaseHeldMessages } from '../messages/index.js';
import { campaignNotices } from './campaign-notices.js';
import { sendOutSegmentCampaign } from './campaign-publisher.js';
import { campaignChanged } from './campaign-webhooks.js';

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
 * Marks up to `limit` due scheduled campaigns (published, not sent out, `scheduled_at` passed) sent out and
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
    let due = await queryRows<DueCampaign>(
      tx,
      sql`
        UPDATE campaigns c SET is_sent_out = true, sent_out_at = now(), updated_at = now()
        WHERE c.id = ANY(ARRAY(
          SELECT id FROM campaigns
          WHERE is_scheduled AND is_published AND NOT is_sent_out AND scheduled_at <= now()
          ORDER BY scheduled_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ))
        RETURNING c.id, c.business_id, c.name, c.recipient_count, c.paused_at IS NOT NULL AS paused,
                  c.audience_segment_id AS segment_id`,
    );
    // A segment audience is evaluated now, at its time; one that cannot go out (nobody matches, funds
    // short) is a draft again, with nothing queued or paid.
    const undone = new Set<string>();
    for (const c of due.filter((d) => d.segment_id)) {
      const recipients = await sendOutSegmentCampaign(tx, c.id);
      if (typeof recipients !== 'number') {
        undone.add(c.id);
        await tx.execute(sql`UPDATE campaigns SET is_sent_out = false, sent_out_at = NULL, is_published = false,
          published_at = NULL, payment_method = NULL, recipient_count = 0, cost = NULL, rate = NULL,
          updated_at = now() WHERE id = ${c.id}`);
        notices.push(
          await notifier.recordForBusiness(
            tx,
            c.business_id,
            campaignNotices.notSent({ name: c.name, reason: recipients.reason }),
          ),
        );
      } else c.recipient_count = recipients;
    }
    if (undone.size) due = due.filter((c) => !undone.has(c.id));
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
