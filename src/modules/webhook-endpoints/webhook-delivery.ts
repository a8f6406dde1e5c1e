import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { type Db, queryRows } from '../../platform/db/client.js';
import type { WebhookPoster } from './webhook-post.js';
import { DISABLE_AFTER_MS, MAX_ATTEMPTS, retryDelayMs } from './webhook-retry.js';
import { signatureHeader } from './webhook-signature.js';

/**
 * The sender's round: due deliveries are claimed under a lease (`next_attempt_at` moved to its end, SKIP
 * LOCKED among concurrent claims, so several workers share them and a dead one's claims come back once its
 * lease is over), posted, and their outcome written fenced by the claim's owner. Everything is in the
 * database: a restarted worker finds what was pending.
 */
interface ClaimedDelivery {
  id: string;
  endpointId: string;
  businessId: string;
  payload: unknown;
  attempts: number;
  manual: boolean;
  url: string;
  secret: string;
  previousSecret: string | null;
}

export interface SendOptions {
  batchSize: number;
  leaseMs: number;
  workerId: string;
}

async function claimDue(db: Db, opts: SendOptions): Promise<ClaimedDelivery[]> {
  const rows = await queryRows<ClaimedDelivery & { payload: unknown }>(
    db,
    sql`
      UPDATE webhook_deliveries d
      SET attempts = d.attempts + 1, locked_by = ${opts.workerId},
          next_attempt_at = now() + ${opts.leaseMs} * interval '1 millisecond', updated_at = now()
      FROM webhook_endpoints e
      WHERE e.id = d.endpoint_id AND d.id = ANY(ARRAY(
        SELECT id FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at LIMIT ${opts.batchSize}
        FOR UPDATE SKIP LOCKED))
      RETURNING d.id, d.endpoint_id AS "endpointId", d.business_id AS "businessId", d.payload, d.attempts,
                d.manual, e.url, e.secret,
                CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END AS "previousSecret"`,
  );
  return rows.map((r) => ({
    ...r,
    attempts: Number(r.attempts),
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
  }));
}

type Outcome =
  | { kind: 'succeeded'; status: number }
  | { kind: 'failed'; status: number | null; error: string; final: boolean };

/** Successes written per statement: one write for many deliveries, not a transaction each. */
const SUCCESS_FLUSH = 100;

/**
 * Claims and posts up to `batchSize` due deliveries; returns how many it claimed. `concurrency` bounds the
 * posts in flight (a slow endpoint holds one slot until its timeout, never the others). Successes are
 * written together, every `SUCCESS_FLUSH` and at the end of the round; a failure is written at once (it
 * may switch its endpoint off). A worker that dies before writing leaves them claimed: its lease brings
 * them back, and they are posted again under the same `webhook-id` (receivers deduplicate by it).
 */
export async function sendDueWebhooks(
  deps: Pick<AppDeps, 'db' | 'secretBox' | 'notifier'>,
  poster: WebhookPoster,
  opts: SendOptions & { concurrency: number },
  log: Logger,
): Promise<number> {
  const claimed = await claimDue(deps.db, opts);
  const keys = new Map<string, string>();
  /** The endpoint's secrets, opened once per round. */
  const open = (sealed: string, endpointId: string) => {
    let plain = keys.get(sealed);
    if (plain === undefined) {
      plain = deps.secretBox.open(sealed, endpointId);
      keys.set(sealed, plain);
    }
    return plain;
  };
  let succeeded: Succeeded[] = [];
  const flush = async () => {
    const batch = succeeded;
    succeeded = [];
    if (!batch.length) return;
    try {
      await recordSuccesses(deps.db, opts.workerId, batch);
    } catch (err) {
      log.error({ err, deliveries: batch.length }, 'webhook delivery outcomes not written');
    }
  };
  let next = 0;
  const lane = async () => {
    while (next < claimed.length) {
      const d = claimed[next++]!;
      try {
        const outcome = await attempt(poster, d, open);
        if (outcome.kind === 'succeeded') {
          succeeded.push({ id: d.id, endpointId: d.endpointId, status: outcome.status, manual: d.manual });
          if (succeeded.length >= SUCCESS_FLUSH) await flush();
        } else await failed(deps, opts.workerId, d, outcome, log);
      } catch (err) {
        // The lease brings it back: the outcome write failed, not the delivery's own state.
        log.error({ err, deliveryId: d.id }, 'webhook delivery outcome not written');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, claimed.length) }, lane));
  await flush();
  return claimed.length;
}

interface Succeeded {
  id: string;
  endpointId: string;
  status: number;
  manual: boolean;
}

/** One POST of a delivery, signed with the endpoint's secret (and the one a rotation replaced, for a day). */
async function attempt(
  poster: WebhookPoster,
  d: ClaimedDelivery,
  open: (sealed: string, endpointId: string) => string,
): Promise<Outcome> {
  const secrets = [open(d.secret, d.endpointId)];
  if (d.previousSecret) secrets.push(open(d.previousSecret, d.endpointId));
  const body = JSON.stringify(d.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await poster.post(
    d.url,
    {
      'webhook-id': d.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, d.id, timestamp, body),
    },
    body,
  );
  if (res.ok) return { kind: 'succeeded', status: res.status };
  if (res.status === null) return { kind: 'failed', status: null, error: res.error, final: res.final };
  return {
    kind: 'failed',
    status: res.status,
    error: `The endpoint answered HTTP ${res.status}`,
    final: false,
  };
}

/**
 * Successful attempts, in one statement fenced by the claim's owner; the automatic ones end their
 * endpoint's failing time (a replay's does not).
 */
async function recordSuccesses(db: Db, workerId: string, batch: Succeeded[]): Promise<void> {
  await db.execute(sql`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        AS v(id text, "endpointId" uuid, status int, manual boolean)
    ), done AS (
      UPDATE webhook_deliveries d
      SET status = 'succeeded', last_status_code = v.status, last_error = NULL, last_attempt_at = now(),
          next_attempt_at = NULL, locked_by = NULL, updated_at = now()
      FROM v WHERE d.id = v.id AND d.locked_by = ${workerId} AND d.status = 'pending'
      RETURNING d.endpoint_id, d.manual
    )
    UPDATE webhook_endpoints e SET failing_since = NULL, updated_at = now()
    WHERE e.id IN (SELECT endpoint_id FROM done WHERE NOT manual) AND e.failing_since IS NOT NULL`);
}

async function failed(
  deps: Pick<AppDeps, 'db' | 'notifier'>,
  workerId: string,
  d: ClaimedDelivery,
  outcome: Extract<Outcome, { kind: 'failed' }>,
  log: Logger,
): Promise<void> {
  const disabled = await recordOutcome(deps.db, workerId, d, outcome);
  if (!disabled) return;
  log.warn(
    { endpointId: d.endpointId, businessId: d.businessId },
    'webhook endpoint disabled after a day of failures',
  );
  await deps.notifier
    .toBusiness(d.businessId, {
      type: 'webhook.endpoint_disabled',
      title: 'Webhook endpoint switched off',
      message: `Deliveries to ${d.url} have failed for 24 hours, so the endpoint was switched off. Fix it, then enable it again.`,
    })
    .catch((err) => log.error({ err }, 'webhook endpoint disabled: notification failed'));
}

export const DISABLED_AFTER_FAILURES = 'Deliveries failed for 24 hours';

/**
 * Writes one attempt's outcome, fenced by the claim's owner, and the endpoint's failing time: an
 * automatic attempt that succeeds ends it, one that fails starts it (if not started), and a day of it
 * switches the endpoint off, its pending deliveries failed with it. A manual replay's attempt does neither
 * (docs/decisions/outgoing-webhooks.md). Returns true when this attempt switched the endpoint off.
 */
async function recordOutcome(db: Db, workerId: string, d: ClaimedDelivery, o: Outcome): Promise<boolean> {
  return db.transaction(async (tx) => {
    const final = o.kind === 'succeeded' || d.manual || o.final || d.attempts >= MAX_ATTEMPTS;
    const status = o.kind === 'succeeded' ? 'succeeded' : final ? 'failed' : 'pending';
    const next = final ? null : retryDelayMs(d.attempts);
    const written = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE webhook_deliveries
          SET status = ${status}, last_status_code = ${o.status}, last_error = ${o.kind === 'failed' ? o.error : null},
              last_attempt_at = now(), locked_by = NULL, updated_at = now(),
              next_attempt_at = ${next === null ? sql`NULL` : sql`now() + ${next} * interval '1 millisecond'`}
          WHERE id = ${d.id} AND locked_by = ${workerId} AND status = 'pending'
          RETURNING id`,
    );
    if (!written.length || d.manual) return false;
    if (o.kind === 'succeeded') {
      await tx.execute(sql`UPDATE webhook_endpoints SET failing_since = NULL, updated_at = now()
                           WHERE id = ${d.endpointId} AND failing_since IS NOT NULL`);
      return false;
    }
    const off = await queryRows<{ enabled: boolean }>(
      tx,
      sql`UPDATE webhook_endpoints
          SET failing_since = COALESCE(failing_since, now()), updated_at = now(),
              enabled = NOT COALESCE(failing_since <= now() - ${DISABLE_AFTER_MS} * interval '1 millisecond', false),
              disabled_reason = CASE WHEN failing_since <= now() - ${DISABLE_AFTER_MS} * interval '1 millisecond'
                                     THEN ${DISABLED_AFTER_FAILURES} END
          WHERE id = ${d.endpointId} AND enabled
          RETURNING enabled`,
    );
    const switchedOff = off.length > 0 && !off[0]!.enabled;
    if (switchedOff) await failPendingOf(tx, d.endpointId, 'The endpoint was switched off');
    return switchedOff;
  });
}

/** The pending deliveries of an endpoint switched off fail with `reason` (a claimed one's outcome is then not written). */
export async function failPendingOf(db: Db, endpointId: string, reason: string): Promise<void> {
  await db.execute(sql`
    UPDATE webhook_deliveries SET status = 'failed', last_error = ${reason}, next_attempt_at = NULL,
           locked_by = NULL, updated_at = now()
    WHERE endpoint_id = ${endpointId} AND status = 'pending'`);
}

/** How long the delivery log keeps a delivery. */
export const DELIVERY_RETENTION_DAYS = 30;

/** Removes up to `limit` deliveries older than the retention; returns how many. */
export async function purgeOldDeliveries(db: Db, limit = 10_000): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM webhook_deliveries WHERE id = ANY(ARRAY(
            SELECT id FROM webhook_deliveries
            WHERE created_at < now() - ${DELIVERY_RETENTION_DAYS} * interval '1 day' AND status <> 'pending'
            LIMIT ${limit}))
          RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return Number(rows[0]?.n ?? 0);
}

export const newWorkerId = () => `webhooks-${randomUUID()}`;
