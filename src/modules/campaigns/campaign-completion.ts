import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { queryRows } from '../../platform/db/client.js';
import { campaignStatesBefore } from '../../vocabulary/campaign-states.js';
import { campaignMessageSql } from '../messages/index.js';
import { isNotificationSettingOn } from '../notifications/index.js';
import { recordCampaignCompleted } from './campaign-notices.js';
import { campaignMovesSql } from './campaign-state.js';
import { campaignChanged } from './campaign-webhooks.js';

type CompletionDeps = Pick<AppDeps, 'db' | 'campaignProgress' | 'logger' | 'notifier'>;

const PENDING = campaignMessageSql.nonePending(sql`c.id`);
const SENT = campaignMessageSql.sentCount(sql`c.id`);
const FAILED = campaignMessageSql.failedCount(sql`c.id`);
/** Sent out and not complete: the states a campaign completes from (being delivered, paused, stopped). */
const DELIVERING = campaignMovesSql(sql`c.state`, campaignStatesBefore('completed'), ['completed']);

/**
 * Marks a campaign complete once every message is final, stores its counts and notifies the business
 * (when its `campaignCompletionPush` preference is on). The state guard (sending, paused or stopped),
 * evaluated under the row lock, lets exactly one caller complete it however many dispatchers check at once. The completion
 * and its notification are one transaction: if the database fails in between, neither is kept and the
 * completion sweep completes it later, notice included. A campaign completed earlier that received a late
 * message (an opt-in delivery) only has its counts refreshed.
 */
export async function completeIfDone(deps: CompletionDeps, campaignId: string): Promise<boolean> {
  const notifier = deps.notifier;
  const completed = await deps.db.transaction(async (tx) => {
    const [done] = await queryRows<{
      business_id: string;
      name: string;
      sent_count: number;
      failed_count: number;
    }>(
      tx,
      sql`
        UPDATE campaigns c
        SET state = 'completed', completed_at = now(), sent_count = ${SENT}, failed_count = ${FAILED},
            updated_at = now()
        WHERE c.id = ${campaignId} AND ${DELIVERING} AND ${PENDING}
        RETURNING c.business_id, c.name, c.sent_count, c.failed_count`,
    );
    if (!done) return null;
    await campaignChanged(
      tx,
      { id: campaignId, businessId: done.business_id, name: done.name },
      'completed',
      {
        sentCount: done.sent_count,
        failedCount: done.failed_count,
      },
    );
    if (!(await isNotificationSettingOn(tx, done.business_id, 'campaignCompletionPush')))
      return { notice: null, businessId: done.business_id };
    const notice = await recordCampaignCompleted(notifier, tx, done.business_id, {
      name: done.name,
      sentCount: done.sent_count,
      failedCount: done.failed_count,
    });
    return { notice, businessId: done.business_id };
  });
  if (!completed) {
    await deps.db.execute(sql`
      UPDATE campaigns c SET sent_count = ${SENT}, failed_count = ${FAILED}, updated_at = now()
      WHERE c.id = ${campaignId} AND c.state = 'completed' AND ${PENDING}
        AND (c.sent_count, c.failed_count) IS DISTINCT FROM (${SENT}, ${FAILED})`);
    return false;
  }
  if (completed.notice) notifier.announce(completed.notice);
  // The last `campaignProgress`, at once, with the campaign's final status.
  await deps.campaignProgress.completed(campaignId, completed.businessId);
  return true;
}
