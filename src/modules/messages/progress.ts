import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, queryRows } from '../../platform/db/client.js';
import type { CampaignProgressPayload } from '../../platform/realtime-events.js';
import { type RealtimeHub, rooms } from '../../platform/realtime-hub.js';
import { type CampaignState, campaignStatusOf } from '../../vocabulary/campaign-states.js';
import { campaignCounters } from './counters.js';

/** At most one `campaignProgress` per campaign per this long, across processes. */
export const PROGRESS_INTERVAL_MS = 1_000;

export type { CampaignProgressPayload } from '../../platform/realtime-events.js';

/**
 * `campaignProgress` to the business room while a campaign's messages move: at most one per campaign per
 * second, whichever processes move them (workers writing outcomes, API processes taking receipts), plus one
 * at once when the campaign completes. Each process coalesces its own touches into one timer per campaign;
 * when it fires, the process emits only if no process has emitted for that campaign in the last second
 * (`campaign_progress_emits`, one conditional upsert), and otherwise tries again a second later, so the
 * latest counts always go out. The counts are read from the counters when the emit goes out.
 */
export class CampaignProgress {
  private readonly last = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly realtime: RealtimeHub,
    private readonly logger: Logger,
  ) {}

  /** Something moved in the campaign: an emit within a second. */
  touched(campaignId: string, businessId: string): void {
    const wait = Math.max(0, (this.last.get(campaignId) ?? 0) + PROGRESS_INTERVAL_MS - Date.now());
    this.schedule(campaignId, businessId, wait);
  }

  /** The campaign completed: the last emit, now, whenever the previous one went out. */
  async completed(campaignId: string, businessId: string): Promise<void> {
    clearTimeout(this.timers.get(campaignId));
    this.timers.delete(campaignId);
    await this.emit(campaignId, businessId, { gated: false });
    this.last.delete(campaignId);
  }

  private schedule(campaignId: string, businessId: string, wait: number): void {
    if (this.timers.has(campaignId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(campaignId);
      void this.emit(campaignId, businessId, { gated: true });
    }, wait);
    timer.unref();
    this.timers.set(campaignId, timer);
  }

  private async emit(campaignId: string, businessId: string, opts: { gated: boolean }): Promise<void> {
    this.last.set(campaignId, Date.now());
    if (this.last.size > 10_000) this.last.clear();
    try {
      const turn = await takeProgressTurn(this.db, campaignId, opts.gated);
      if (turn === 'gone') return;
      if (turn === 'wait') {
        // Another process emitted within the second: this one's counts go out on its next turn.
        this.schedule(campaignId, businessId, PROGRESS_INTERVAL_MS);
        return;
      }
      const payload = await campaignProgressOf(this.db, campaignId);
      if (payload) this.realtime.emit(rooms.business(businessId), 'campaignProgress', payload);
    } catch (err) {
      this.logger.warn({ err, campaignId }, 'campaign progress not sent');
    }
  }
}

/**
 * Records an emit for the campaign now, and says whether this process may make it: always when not
 * `gated`, otherwise only when no emit was recorded in the last `PROGRESS_INTERVAL_MS` (one statement, so two
 * processes never both win the same second). `gone` for a campaign deleted meanwhile.
 */
async function takeProgressTurn(
  db: Db,
  campaignId: string,
  gated: boolean,
): Promise<'taken' | 'wait' | 'gone'> {
  const [row] = await queryRows<{ found: number; taken: number }>(
    db,
    sql`WITH c AS (SELECT id FROM campaigns WHERE id = ${campaignId}),
        turn AS (
          INSERT INTO campaign_progress_emits AS e (campaign_id, emitted_at)
          SELECT id, clock_timestamp() FROM c
          ON CONFLICT (campaign_id) DO UPDATE SET emitted_at = EXCLUDED.emitted_at
          WHERE NOT ${gated}
             OR e.emitted_at <= clock_timestamp() - ${PROGRESS_INTERVAL_MS} * interval '1 millisecond'
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM c)::int AS found, (SELECT count(*) FROM turn)::int AS taken`,
  );
  if (!row?.found) return 'gone';
  return row.taken ? 'taken' : 'wait';
}

export async function campaignProgressOf(
  db: Db,
  campaignId: string,
): Promise<CampaignProgressPayload | null> {
  const [campaign] = await queryRows<{ state: CampaignState }>(
    db,
    sql`SELECT state FROM campaigns WHERE id = ${campaignId}`,
  );
  if (!campaign) return null;
  const c = await campaignCounters(db, campaignId);
  return {
    campaignId,
    status: campaignStatusOf(campaign.state),
    state: campaign.state,
    recipients: c.recipients,
    ...c.reached,
    failed: c.failed,
    pending: c.pending,
  };
}
