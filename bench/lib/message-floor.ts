import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/platform/db/client.js';
import { type CpuReading, type CpuSplit, cpuSplit } from './cpu-meter.js';

const BATCH = 500;

/**
 * The least database work a campaign of `count` messages needs, done in bulk with nothing else running: one
 * message row inserted per recipient (the publish) and one update per message recording its outcome, in
 * batches of 500 by the ready index, with no claim, lease, send or fencing. Run in a copy of
 * `campaign_messages` with its indexes but no foreign keys, so it is a lower bound for the real queue.
 * What it costs per message, set beside the raw send rate, says how much CPU is left for everything else.
 */
export async function measureMessageFloor(
  db: Db,
  count: number,
  readCpu: () => Promise<CpuReading>,
): Promise<{ seconds: number; cpu: CpuSplit }> {
  const campaignId = randomUUID();
  const businessId = randomUUID();
  await db.execute(
    sql`CREATE TABLE floor_messages (LIKE campaign_messages INCLUDING DEFAULTS INCLUDING INDEXES)`,
  );
  try {
    const start = await readCpu();
    await db.execute(sql`
      INSERT INTO floor_messages (campaign_id, business_id, phone_number, first_name, last_name)
      SELECT ${campaignId}, ${businessId}, '+23480' || lpad(i::text, 8, '0'), 'First' || i, 'Last' || i
      FROM generate_series(1, ${count}) AS i`);
    for (let left = count; left > 0; ) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`
          WITH done AS (
            UPDATE floor_messages
            SET status = 'sent', attempts = 1, provider_message_id = 'floor-' || id, sent_at = now(),
                updated_at = now()
            WHERE id = ANY(ARRAY(
              SELECT id FROM floor_messages
              WHERE business_id = ${businessId} AND status = 'queued' AND next_attempt_at <= now()
              ORDER BY next_attempt_at LIMIT ${BATCH}))
            RETURNING 1
          )
          SELECT count(*)::int AS n FROM done`,
      );
      if (!row?.n) break;
      left -= row.n;
    }
    const end = await readCpu();
    return { seconds: (end.at - start.at) / 1000, cpu: cpuSplit(start, end) };
  } finally {
    await db.execute(sql`DROP TABLE floor_messages`);
  }
}
