import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';

/** A stored first answer. */
export interface StoredAnswer {
  statusCode: number;
  response: string;
  contentType: string | null;
}

/** What a key holds when a request claims it. */
export type Claim =
  | { state: 'claimed' }
  | { state: 'answered'; answer: StoredAnswer }
  | { state: 'running' }
  | { state: 'other-request' };

interface KeyRow {
  fingerprint: string;
  statusCode: number | null;
  response: string | null;
  contentType: string | null;
  claimed: boolean;
}

/**
 * Claims `key` for a request, in one statement: a new key (or one past its day) is taken by this request; a
 * live one tells what its first request left. Two requests claiming at once: the primary key lets one in.
 */
export async function claimKey(
  db: Db,
  input: { scope: string; key: string; fingerprint: string; expiresAt: Date },
  attempt = 1,
): Promise<Claim> {
  const [row] = await queryRows<KeyRow>(
    db,
    sql`WITH taken AS (
          INSERT INTO idempotency_keys AS k (scope, key, fingerprint, expires_at)
          VALUES (${input.scope}, ${input.key}, ${input.fingerprint}, ${input.expiresAt})
          ON CONFLICT (scope, key) DO UPDATE
            SET fingerprint = EXCLUDED.fingerprint, status_code = NULL, response = NULL, content_type = NULL,
                created_at = now(), expires_at = EXCLUDED.expires_at
            WHERE k.expires_at <= now()
          RETURNING k.fingerprint
        )
        SELECT fingerprint, NULL::int AS "statusCode", NULL AS response, NULL AS "contentType", TRUE AS claimed
        FROM taken
        UNION ALL
        SELECT fingerprint, status_code, response, content_type, FALSE
        FROM idempotency_keys
        WHERE scope = ${input.scope} AND key = ${input.key} AND NOT EXISTS (SELECT 1 FROM taken)`,
  );
  // Neither taken nor seen: its holder released it (or committed it) after this statement's snapshot. The
  // next statement sees which.
  if (!row) {
    if (attempt >= 5) return { state: 'running' };
    return claimKey(db, input, attempt + 1);
  }
  if (row.claimed) return { state: 'claimed' };
  if (row.fingerprint !== input.fingerprint) return { state: 'other-request' };
  if (row.statusCode === null) return { state: 'running' };
  return {
    state: 'answered',
    answer: { statusCode: row.statusCode, response: row.response ?? '', contentType: row.contentType },
  };
}

/** Keeps the first answer of the request that claimed the key. */
export async function storeAnswer(db: Db, scope: string, key: string, answer: StoredAnswer): Promise<void> {
  await db.execute(
    sql`UPDATE idempotency_keys
        SET status_code = ${answer.statusCode}, response = ${answer.response}, content_type = ${answer.contentType}
        WHERE scope = ${scope} AND key = ${key} AND status_code IS NULL`,
  );
}

/** Frees a key whose request failed on our side: its retry runs again. */
export async function releaseKey(db: Db, scope: string, key: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM idempotency_keys WHERE scope = ${scope} AND key = ${key} AND status_code IS NULL`,
  );
}

/** Drops keys past their day; returns how many. */
export async function purgeExpiredKeys(db: Db): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`DELETE FROM idempotency_keys WHERE expires_at <= now() RETURNING key`,
  );
  return rows.length;
}
