import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import type { CampaignLink } from './link-rewrite.js';

/** How long a tracked link keeps leading to its URL after its campaign went out. */
export const LINK_LIFETIME_DAYS = 180;

/** Stores a campaign's links once (every process derives the same ones from the fixed content). */
export async function saveCampaignLinks(db: Db, campaignId: string, links: readonly CampaignLink[]) {
  if (!links.length) return;
  await db.execute(sql`
    INSERT INTO campaign_links (campaign_id, position, url)
    SELECT ${campaignId}::uuid, position, url
    FROM jsonb_to_recordset(${JSON.stringify(links)}::jsonb) AS l(position smallint, url text)
    ON CONFLICT (campaign_id, position) DO NOTHING`);
}

/** A campaign's links as the redirect needs them; null for no such campaign. */
export interface CampaignLinks {
  urls: Map<number, string>;
  /** Links lead nowhere after this (the send-out plus the links' lifetime); null before the send-out. */
  expiresAt: number | null;
}

/** A campaign's links and when they expire: one read by the campaign's key. */
export async function loadCampaignLinks(db: Db, campaignId: string): Promise<CampaignLinks | null> {
  const rows = await queryRows<{ sent_out_ms: number | null; position: number | null; url: string | null }>(
    db,
    sql`SELECT (extract(epoch FROM k.sent_out_at) * 1000)::float8 AS sent_out_ms, l.position, l.url
        FROM campaigns k
        LEFT JOIN campaign_links l ON l.campaign_id = k.id
        WHERE k.id = ${campaignId}`,
  );
  if (!rows.length) return null;
  const sentOut = rows[0]!.sent_out_ms;
  return {
    urls: new Map(rows.filter((r) => r.url !== null).map((r) => [Number(r.position), r.url!])),
    expiresAt: sentOut === null ? null : Number(sentOut) + LINK_LIFETIME_DAYS * 86_400_000,
  };
}

export interface ClickBatchEntry {
  messageId: string;
  position: number;
  campaignId: string;
  clicks: number;
  at: string;
}

/**
 * Applies a batch of clicks: each message and link's row gains its clicks (created at the first), and each
 * link counts the messages that followed it for the first time and every click. Rows are written in key
 * order so concurrent batches lock them in one order. Returns the messages clicked and when first.
 */
export async function applyClicks(db: Db, batch: readonly ClickBatchEntry[]) {
  return queryRows<{ message_id: string; campaign_id: string; at: string }>(
    db,
    sql`
      WITH v AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
          AS v("messageId" uuid, position smallint, "campaignId" uuid, clicks int, at timestamptz)
      ), up AS (
        INSERT INTO message_clicks AS c (message_id, position, campaign_id, clicks, first_clicked_at)
        SELECT "messageId", position, "campaignId", clicks, at FROM v ORDER BY "messageId", position
        ON CONFLICT (message_id, position) DO UPDATE SET clicks = c.clicks + EXCLUDED.clicks
        RETURNING message_id, position, campaign_id, first_clicked_at, (xmax = 0) AS first
      ), links AS (
        UPDATE campaign_links l SET clicked = l.clicked + s.first, clicks = l.clicks + s.clicks
        FROM (SELECT up.campaign_id, up.position, count(*) FILTER (WHERE up.first)::int AS first,
                     sum(v.clicks)::int AS clicks
              FROM up JOIN v ON v."messageId" = up.message_id AND v.position = up.position
              GROUP BY 1, 2 ORDER BY 1, 2) s
        WHERE l.campaign_id = s.campaign_id AND l.position = s.position
        RETURNING 1
      )
      SELECT message_id, campaign_id, min(first_clicked_at)::text AS at FROM up
      GROUP BY message_id, campaign_id ORDER BY message_id`,
  );
}

/** A campaign's links with how many messages followed each and how many clicks they had, in order. */
export async function linkReport(db: Db, campaignId: string) {
  const rows = await queryRows<{ position: number; url: string; clicked: number; clicks: number }>(
    db,
    sql`SELECT position, url, clicked, clicks FROM campaign_links WHERE campaign_id = ${campaignId}
        ORDER BY position`,
  );
  return rows.map((r) => ({
    position: Number(r.position),
    url: r.url,
    clicked: Number(r.clicked),
    clicks: Number(r.clicks),
  }));
}
