import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { webhookEvents } from '../../platform/db/schema/index.js';

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/**
 * The webhook inbox (docs/architecture.md "Module map"): an event is stored under its unique (provider, key) before it
 * is processed. Returns the new row, or null when the same event was already received: the caller then does nothing,
 * which is what makes a replayed or concurrently duplicated delivery a no-op.
 */
export async function receiveEvent(
  db: Db,
  event: { provider: string; eventKey: string; eventType: string; payload: unknown },
): Promise<WebhookEventRow | null> {
  const [row] = await db.insert(webhookEvents).values(event).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * `receiveEvent` for many events in one statement: the rows stored now (replays are left out). The events
 * travel as one JSON parameter, not a parameter per column and row: a delivery's batch costs the same to
 * build and send whatever its size. `outcome`: for events already handled before they are recorded (their
 * own store was their inbox), stored with it and the time.
 */
export async function receiveEvents(
  db: Db,
  events: { provider: string; eventKey: string; eventType: string; payload: unknown }[],
  outcome?: { status: 'processed' | 'ignored' | 'failed'; error?: string },
): Promise<{ id: string; eventKey: string }[]> {
  if (!events.length) return [];
  const rows = events.map((e) => ({ p: e.provider, k: e.eventKey, t: e.eventType, d: e.payload }));
  return queryRows<{ id: string; eventKey: string }>(
    db,
    sql`INSERT INTO webhook_events (provider, event_key, event_type, payload, status, error, processed_at)
        SELECT p, k, t, d, ${outcome?.status ?? 'received'}::webhook_status, ${outcome?.error ?? null}::text,
               ${outcome ? sql`now()` : sql`NULL`}
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(p text, k text, t text, d jsonb)
        ON CONFLICT DO NOTHING
        RETURNING id, event_key AS "eventKey"`,
  );
}

/** `markEvent` for many events with the same outcome. */
export async function markEvents(
  db: Db,
  ids: string[],
  status: 'processed' | 'ignored' | 'failed',
  error?: string,
): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    UPDATE webhook_events SET status = ${status}, error = ${error ?? null}, processed_at = now()
    WHERE id = ANY(${sql.param(ids)}::uuid[])`);
}

export async function markEvent(
  db: Db,
  id: string,
  status: 'processed' | 'ignored' | 'failed',
  error?: string,
): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ status, error: error ?? null, processedAt: new Date() })
    .where(eq(webhookEvents.id, id));
}

/** How many times a retry sweep handles one event before it gives up and leaves it `failed` for a person. */
export const MAX_EVENT_ATTEMPTS = 5;

/**
 * Claims up to `limit` events of `provider` that were stored but not finished (the process died between
 * storing and handling, or handling failed), oldest first, for a retry sweep. Filtered in SQL on the
 * `(status, received_at)` index, so a sweep costs the same whatever the inbox's history. Claiming stamps
 * `last_attempt_at` and counts an attempt in the same statement, under SKIP LOCKED: two workers never take
 * the same event, a claimed event waits a whole interval before its next try, and one that keeps failing
 * stops after MAX_EVENT_ATTEMPTS instead of being retried every tick forever. `received_at` is left as it
 * was, so events come back in the order they happened. `maxAgeMs`: events received longer ago than that
 * are no longer taken.
 */
export async function claimUnfinishedEvents(
  db: Db,
  provider: string,
  olderThanMs: number,
  opts: { limit?: number; maxAgeMs?: number } = {},
): Promise<WebhookEventRow[]> {
  const maxAge =
    opts.maxAgeMs === undefined
      ? sql``
      : sql`AND received_at >= now() - ${opts.maxAgeMs} * interval '1 millisecond'`;
  const ids = await queryRows<{ id: string }>(
    db,
    sql`UPDATE webhook_events SET last_attempt_at = now(), attempts = attempts + 1
        WHERE id = ANY(ARRAY(
          SELECT id FROM webhook_events
          WHERE provider = ${provider} AND status IN ('received', 'failed')
            AND attempts < ${MAX_EVENT_ATTEMPTS}
            AND received_at < now() - ${olderThanMs} * interval '1 millisecond' ${maxAge}
            AND (last_attempt_at IS NULL OR last_attempt_at < now() - ${olderThanMs} * interval '1 millisecond')
          ORDER BY received_at LIMIT ${opts.limit ?? 100}
          FOR UPDATE SKIP LOCKED))
        RETURNING id`,
  );
  if (!ids.length) return [];
  // Read back through drizzle so the rows have their mapped types (jsonb payload, Date timestamps).
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(sql`${webhookEvents.id} = ANY(${sql.param(ids.map((r) => r.id))}::uuid[])`);
  return rows.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.id.localeCompare(b.id));
}
