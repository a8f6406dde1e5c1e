import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import {
  type CampaignCounters,
  COUNTERS_WITH_IN_FLIGHT,
  type CountersRow,
  toCampaignCounters,
} from './counters.js';

/**
 * The counters of many campaigns in one primary-key read each (a ranking over a window's campaigns), keyed
 * by campaign id; a campaign without a counters row is absent. Same shape as `campaignCounters`.
 */
export async function countersOfCampaigns(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, CampaignCounters>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<CountersRow>(
    db,
    sql`${COUNTERS_WITH_IN_FLIGHT} WHERE c.campaign_id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((r) => [String(r.campaign_id), toCampaignCounters(r)]));
}
