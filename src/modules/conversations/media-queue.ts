import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import type { MediaRef } from './inbound.js';

/**
 * The media contacts sent, waiting to be copied into storage: inbound `conversation_messages` rows whose
 * `media_status` is `pending`. This file is every change to that status:
 *
 *   pending ──(claimed under a lease)──> fetched | failed | pending (again after a backoff)
 *
 * A claim moves `next_attempt_at` to the end of its lease, so a medium is taken by one runner at a time
 * (SKIP LOCKED among concurrent claims) and by another only once the lease of a runner that died is over.
 */

export interface ClaimedMedium {
  id: string;
  businessId: string;
  conversationId: string;
  source: MediaRef;
  /** This claim included. */
  attempts: number;
}

/** Takes up to `limit` due media (any business) under a lease of `leaseMs`. */
export async function claimDueMedia(
  db: Db,
  args: { limit: number; workerId: string; leaseMs: number },
): Promise<ClaimedMedium[]> {
  const rows = await queryRows<Omit<ClaimedMedium, 'source'> & { source: MediaRef | string | null }>(
    db,
    sql`
      UPDATE conversation_messages m
      SET attempts = m.attempts + 1, locked_by = ${args.workerId},
          lease_expires_at = now() + ${args.leaseMs} * interval '1 millisecond',
          next_attempt_at = now() + ${args.leaseMs} * interval '1 millisecond', updated_at = now()
      WHERE m.id = ANY(ARRAY(
        SELECT id FROM conversation_messages
        WHERE media_status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at LIMIT ${args.limit}
        FOR UPDATE SKIP LOCKED))
      RETURNING m.id, m.business_id AS "businessId", m.conversation_id AS "conversationId",
                m.media_source AS source, m.attempts`,
  );
  return rows.map((r) => ({
    ...r,
    attempts: Number(r.attempts),
    source: (typeof r.source === 'string' ? JSON.parse(r.source) : r.source) ?? {
      id: null,
      url: null,
      mimeType: null,
    },
  }));
}

export type MediaOutcome =
  | { kind: 'fetched'; key: string; type: string }
  | { kind: 'retry'; error: string; delayMs: number }
  | { kind: 'failed'; error: string };

/**
 * Writes what one fetch came to, fenced by the lease owner: false when this runner no longer holds the
 * medium (its lease ran out and another took it). A retry keeps the reason, for whoever looks.
 */
export async function recordMediaOutcome(
  db: Db,
  workerId: string,
  id: string,
  outcome: MediaOutcome,
): Promise<boolean> {
  const set =
    outcome.kind === 'fetched'
      ? sql`media_status = 'fetched', media_key = ${outcome.key}, media_type = ${outcome.type}, error = NULL,
            media_source = NULL, next_attempt_at = NULL`
      : outcome.kind === 'failed'
        ? sql`media_status = 'failed', error = ${outcome.error}, media_source = NULL, next_attempt_at = NULL`
        : sql`error = ${outcome.error},
              next_attempt_at = now() + ${outcome.delayMs} * interval '1 millisecond'`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE conversation_messages SET ${set}, lease_expires_at = NULL, locked_by = NULL, updated_at = now()
        WHERE id = ${id} AND locked_by = ${workerId} AND media_status = 'pending'
        RETURNING id`,
  );
  return rows.length > 0;
}
