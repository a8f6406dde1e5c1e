import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { type CampaignCounters, COUNTERS_WITH_IN_FLIGHT } from './counters.js';

/**
 * The counters of many campaigns in one primary-key read each (a ranking over a window's campaigns), keyed
 * by campaign id; a campaign without a counters row is absent. Same shape as `campaignCounters`.
 */
export async function countersOfCampaigns(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, CampaignCounters>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<Record<string, number | string>>(
    db,
    sql`${COUNTERS_WITH_IN_FLIGHT} WHERE c.campaign_id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const out = new Map<string, CampaignCounters>();
  for (const r of rows) {
    const n = (k: string) => Number(r[k] ?? 0);
    out.set(String(r.campaign_id), {
      recipients: n('recipients'),
      held: n('held'),
      queued: n('queued'),
      sending: n('sending'),
      sent: n('sent'),
      delivered: n('delivered'),
      read: n('read'),
      failed: n('failed'),
      failedAfterSent: n('failed_after_sent'),
      pending: n('held') + n('queued') + n('sending'),
      reached: {
        sent: n('sent') + n('delivered') + n('read') + n('failed_after_sent'),
        delivered: n('delivered') + n('read'),
        read: n('read'),
      },
    });
  }
  return out;
}
