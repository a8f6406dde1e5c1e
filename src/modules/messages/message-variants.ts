import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';

/**
 * An A/B test's split, in the publish's transaction: a random `testShare` of the campaign's messages is
 * dealt to the variants in turn (so each gets an equal part, its members at random); the rest wait, held
 * and without a variant, for the winner. Returns how many messages each variant and the rest got.
 */
export async function splitForTest(
  db: Db,
  campaignId: string,
  opts: { variants: number; testShare: number },
): Promise<{ perVariant: number[]; rest: number }> {
  const rows = await queryRows<{ variant: number | null; n: number }>(
    db,
    sql`WITH dealt AS (
          SELECT id, row_number() OVER (ORDER BY random()) AS rn, count(*) OVER () AS total
          FROM campaign_messages WHERE campaign_id = ${campaignId}
        ), moved AS (
          UPDATE campaign_messages m SET
            variant = CASE WHEN d.rn <= round(d.total * ${opts.testShare}::numeric)
                           THEN ((d.rn - 1) % ${opts.variants})::smallint END,
            status = CASE WHEN d.rn <= round(d.total * ${opts.testShare}::numeric) THEN m.status
                          ELSE 'held'::message_status END
          FROM dealt d WHERE m.id = d.id
          RETURNING m.variant
        )
        SELECT variant, count(*)::int AS n FROM moved GROUP BY variant`,
  );
  const perVariant = Array.from({ length: opts.variants }, (_, i) =>
    Number(rows.find((r) => r.variant !== null && Number(r.variant) === i)?.n ?? 0),
  );
  return { perVariant, rest: Number(rows.find((r) => r.variant === null)?.n ?? 0) };
}

/** The rest of an A/B campaign goes out with the winner: their variant set and queued now. */
export async function releaseRestWithWinner(db: Db, campaignId: string, winner: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`WITH released AS (
          UPDATE campaign_messages SET variant = ${winner}, status = 'queued', next_attempt_at = now(),
                 updated_at = now()
          WHERE campaign_id = ${campaignId} AND variant IS NULL AND status = 'held'
          RETURNING 1
        ) SELECT count(*)::int AS n FROM released`,
  );
  return Number(row?.n ?? 0);
}

export interface VariantCounts {
  variant: number;
  recipients: number;
  sent: number;
  delivered: number;
  read: number;
  clicked: number;
  replied: number;
  failed: number;
}

/**
 * Each variant's funnel, counted from its messages (the test's and, once chosen, the winner's rest): a
 * scan of the one campaign's messages, read by the decision and the variants view only.
 */
export async function variantCounts(db: Db, campaignId: string, variants: number): Promise<VariantCounts[]> {
  const rows = await queryRows<Record<string, number>>(
    db,
    sql`SELECT variant, count(*)::int AS recipients,
               count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent,
               count(*) FILTER (WHERE delivered_at IS NOT NULL)::int AS delivered,
               count(*) FILTER (WHERE read_at IS NOT NULL)::int AS read,
               count(*) FILTER (WHERE clicked_at IS NOT NULL)::int AS clicked,
               count(*) FILTER (WHERE replied_at IS NOT NULL)::int AS replied,
               count(*) FILTER (WHERE status = 'failed')::int AS failed
        FROM campaign_messages WHERE campaign_id = ${campaignId} AND variant IS NOT NULL
        GROUP BY variant`,
  );
  return Array.from({ length: variants }, (_, variant) => {
    const r = rows.find((x) => Number(x.variant) === variant);
    const n = (k: string) => Number(r?.[k] ?? 0);
    return {
      variant,
      recipients: n('recipients'),
      sent: n('sent'),
      delivered: n('delivered'),
      read: n('read'),
      clicked: n('clicked'),
      replied: n('replied'),
      failed: n('failed'),
    };
  });
}
