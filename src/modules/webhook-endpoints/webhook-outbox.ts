import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import type { WebhookEvent } from './webhook-event-types.js';

/** An event's time as the body shows it: ISO 8601 in UTC, milliseconds, `Z`. */
export const isoSql = (ts: SQL) => sql`to_char(${ts} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A fresh `webhook-id`: `msg_` and 32 hex digits, made by the database so a set-based insert needs no round trip. */
const NEW_ID = sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/**
 * The outbox write as one statement over `source`, a relation of (business_id uuid, type text, at
 * timestamptz, data jsonb): one pending delivery per event and per enabled endpoint of its business that
 * subscribes to its type. A business without endpoints costs one index probe per distinct business and
 * inserts nothing. Usable as a data-modifying CTE inside a caller's statement (the receipts' write), so the
 * high-volume paths add neither a round trip nor a transaction.
 */
export function webhookOutboxSql(source: SQL): SQL {
  return sql`
    INSERT INTO webhook_deliveries (id, endpoint_id, business_id, event_type, payload, next_attempt_at)
    SELECT ${NEW_ID}, e.id, e.business_id, ev.type,
           jsonb_build_object('type', ev.type, 'timestamp', ${isoSql(sql`ev.at`)}, 'data', ev.data), now()
    FROM (${source}) AS ev(business_id, type, at, data)
    JOIN webhook_endpoints e ON e.business_id = ev.business_id AND e.enabled AND ev.type = ANY(e.event_types)
    RETURNING 1`;
}

/**
 * Writes `events` of one business to the outbox, in the caller's transaction (`tx`): they are sent only if
 * it commits, and never on its path (the sender worker posts them). One statement whatever the number of
 * events or endpoints.
 */
export async function enqueueWebhookEvents(
  tx: Db,
  businessId: string,
  events: WebhookEvent[],
): Promise<void> {
  if (!events.length) return;
  const rows = events.map((e) => ({ type: e.type, at: e.at.toISOString(), data: e.data }));
  await tx.execute(
    webhookOutboxSql(
      sql`SELECT ${businessId}::uuid, r.type, r.at, r.data
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(type text, at timestamptz, data jsonb)`,
    ),
  );
}

/**
 * A `webhook.test` event for one endpoint only, whatever it subscribes to; returns its delivery's id. Manual,
 * as a replay: one attempt, whose result neither starts nor ends the endpoint's failing time (a member's
 * test that succeeds must not hide an endpoint failing every automatic delivery).
 */
export async function enqueueTestEvent(db: Db, businessId: string, endpointId: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    INSERT INTO webhook_deliveries (id, endpoint_id, business_id, event_type, payload, next_attempt_at, manual)
    SELECT ${NEW_ID}, e.id, e.business_id, 'webhook.test',
           jsonb_build_object('type', 'webhook.test', 'timestamp', ${isoSql(sql`now()`)},
                              'data', jsonb_build_object('endpointId', e.id)), now(), true
    FROM webhook_endpoints e WHERE e.id = ${endpointId} AND e.business_id = ${businessId}
    RETURNING id`,
  );
  return rows[0]!.id;
}
