import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, queryRows } from '../../platform/db/client.js';
import { type RealtimeHub, rooms } from '../../platform/realtime-hub.js';
import { campaignCounters } from './counters.js';

/** At most one `campaignProgress` per campaign per this long, from one process. */
export const PROGRESS_INTERVAL_MS = 1_000;

export interface CampaignProgressPayload {
  campaignId: string;
  /** The campaign's status as the API shows it: `pending` while sending, `sent` once complete. */
  status: 'draft' | 'scheduled' | 'pending' | 'sent';
  recipients: number;
  /** The funnel: accepted by the gateway (failed after sent included), delivered (or read), read. */
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  /** Not sent yet (held, queued or sending): `recipients - pending` have been processed. */
  pending: number;
}

/**
 * `campaignProgress` to the business room while a campaign's messages move: coalesced in this process to
 * at most one per campaign per second (a trailing emit carries the latest counts), plus one at once when
 * the campaign completes. Each process (a worker writing outcomes, an API process taking receipts)
 * coalesces on its own, so a room may get one per second from each: clients take the latest. The counts
 * are read from the counters when the emit goes out, never carried in memory.
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
    if (this.timers.has(campaignId)) return;
    const wait = Math.max(0, (this.last.get(campaignId) ?? 0) + PROGRESS_INTERVAL_MS - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(campaignId);
      void this.emit(campaignId, businessId);
    }, wait);
    timer.unref();
    this.timers.set(campaignId, timer);
  }

  /** The campaign completed: the last emit, now. */
  async completed(campaignId: string, businessId: string): Promise<void> {
    clearTimeout(this.timers.get(campaignId));
    this.timers.delete(campaignId);
    await this.emit(campaignId, businessId);
    this.last.delete(campaignId);
  }

  private async emit(campaignId: string, businessId: string): Promise<void> {
    this.last.set(campaignId, Date.now());
    if (this.last.size > 10_000) this.last.clear();
    try {
      const payload = await campaignProgressOf(this.db, campaignId);
      if (payload) this.realtime.emit(rooms.business(businessId), 'campaignProgress', payload);
    } catch (err) {
      this.logger.warn({ err, campaignId }, 'campaign progress not sent');
    }
  }
}

export async function campaignProgressOf(
  db: Db,
  campaignId: string,
): Promise<CampaignProgressPayload | null> {
  const [campaign] = await queryRows<{ is_published: boolean; is_sent_out: boolean; completed: boolean }>(
    db,
    sql`SELECT is_published, is_sent_out, completed_at IS NOT NULL AS completed FROM campaigns
        WHERE id = ${campaignId}`,
  );
  if (!campaign) return null;
  const c = await campaignCounters(db, campaignId);
  const status = !campaign.is_published
    ? 'draft'
    : !campaign.is_sent_out
      ? 'scheduled'
      : campaign.completed
        ? 'sent'
        : 'pending';
  return {
    campaignId,
    status,
    recipients: c.recipients,
    sent: c.reached.sent,
    delivered: c.reached.delivered,
    read: c.reached.read,
    failed: c.failed,
    pending: c.pending,
  };
}

const perHub = new WeakMap<RealtimeHub, CampaignProgress>();

/** The process's progress reporter for this hub (one per hub, so coalescing spans every caller). */
export function campaignProgress(deps: { db: Db; realtime: RealtimeHub; logger: Logger }): CampaignProgress {
  let progress = perHub.get(deps.realtime);
  if (!progress) {
    progress = new CampaignProgress(deps.db, deps.realtime, deps.logger);
    perHub.set(deps.realtime, progress);
  }
  return progress;
}
