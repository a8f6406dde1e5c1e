import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import type { ClaimedMessage } from './message-queue.js';

/** The rolling window a messaging limit counts distinct recipients over. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

/** Where the 24-hour window that ends at `now` starts: people who entered after it are in the window. */
export const windowStartOf = (now: Date): string => new Date(now.getTime() - WINDOW_MS).toISOString();

/** Where a business stands against its messaging limit at `now`. */
export interface WindowUsage {
  /** Distinct people whose conversation started within the last 24 hours. */
  used: number;
  /** When the oldest of them leaves the window (frees one place); null when none is in it. */
  freesAt: Date | null;
}

/**
 * How many people are in a business's window that starts at `since`: the minutes kept in
 * `messaging_window_minutes` after the minute `since` falls in, plus that minute's people counted one by one
 * (some of them entered before `since`). A person is in the window from the minute they enter until a day
 * later, and is not moved before (an upsert moves only an expired start), so each minute's count holds.
 */
export function windowCountSql(businessId: SQL, since: SQL): SQL {
  return sql`((SELECT coalesce(sum(entered), 0) FROM messaging_window_minutes
               WHERE business_id = ${businessId} AND minute > date_trunc('minute', ${since}, 'UTC'))
              + (SELECT count(*) FROM messaging_window
                 WHERE business_id = ${businessId} AND started_at > ${since}
                   AND started_at < date_trunc('minute', ${since}, 'UTC') + interval '1 minute'))::int`;
}

/** When the oldest person in the window entered it (the first row of the started_at index). */
export function windowOldestSql(businessId: SQL, since: SQL): SQL {
  return sql`(SELECT min(started_at) FROM messaging_window
              WHERE business_id = ${businessId} AND started_at > ${since})`;
}

/**
 * Counts the people a statement just put in the window (`entered`, a CTE returning their `started_at`) in
 * their minutes, and drops the minutes no window can reach any more. For the WITH list of that statement.
 */
function keepMinutes(businessId: string, since: string): SQL {
  return sql`minutes AS (
      INSERT INTO messaging_window_minutes AS k (business_id, minute, entered)
      SELECT ${businessId}, date_trunc('minute', started_at, 'UTC'), count(*)::int FROM entered GROUP BY 2
      ON CONFLICT (business_id, minute) DO UPDATE SET entered = k.entered + excluded.entered
      RETURNING 1
    ),
    pruned AS (
      DELETE FROM messaging_window_minutes
      WHERE business_id = ${businessId} AND minute < ${since}::timestamptz - interval '1 hour'
      RETURNING 1
    )`;
}

export async function windowUsage(db: Db, businessId: string, now: Date): Promise<WindowUsage> {
  const since = sql`${windowStartOf(now)}::timestamptz`;
  const [row] = await queryRows<{ used: number; oldest: string | Date | null }>(
    db,
    sql`SELECT ${windowCountSql(sql`${businessId}::uuid`, since)} AS used,
               ${windowOldestSql(sql`${businessId}::uuid`, since)} AS oldest`,
  );
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { used: Number(row?.used ?? 0), freesAt: oldest ? new Date(oldest.getTime() + WINDOW_MS) : null };
}

/** When the place of the `n`-th oldest person in the window frees (1 = the oldest); null if fewer are in it. */
export async function windowFreesAt(db: Db, businessId: string, now: Date, n: number): Promise<Date | null> {
  const [row] = await queryRows<{ started_at: string | Date }>(
    db,
    sql`SELECT started_at FROM messaging_window
        WHERE business_id = ${businessId} AND started_at > ${windowStartOf(now)}::timestamptz
        ORDER BY started_at OFFSET ${Math.max(0, n - 1)} LIMIT 1`,
  );
  return row ? new Date(new Date(row.started_at).getTime() + WINDOW_MS) : null;
}

/** The result of a claim under a messaging limit. */
export interface LimitedClaim {
  messages: ClaimedMessage[];
  /** Due messages left queued because they would start conversations past the limit. */
  heldBack: number;
  /** When the window next frees a place (when `heldBack` > 0). */
  freesAt: Date | null;
}

/**
 * The dispatcher's claim for a business with a messaging limit: like `claimMessages`, but a message to a
 * person not yet in the 24-hour window is claimed only while the window has room, and its recipient enters
 * the window in the same transaction. A transaction-scoped advisory lock per business orders every process's
 * claims of that business, so together they never start more conversations than `dailyRecipients`. A
 * message to someone already in the window is always claimed (it starts no new conversation). A place taken
 * is kept even if the send then fails: the limit is never exceeded, at the cost of a place.
 */
export async function claimWithinLimit(
  db: Db,
  args: {
    businessId: string;
    limit: number;
    workerId: string;
    leaseMs: number;
    dailyRecipients: number;
    now: Date;
  },
): Promise<LimitedClaim> {
  return db.transaction(async (tx) => {
    // Its own statement: the count below must be read after the lock is held (a statement's snapshot is
    // taken when it starts).
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext('messaging-window'), hashtext(${args.businessId}))`,
    );
    const since = windowStartOf(args.now);
    // The window's count and the due messages in one round trip; `used` is repeated on each row.
    const candidates = await queryRows<{ id: string; phone_number: string; known: boolean; used: number }>(
      tx,
      sql`SELECT m.id, m.phone_number,
                 EXISTS (SELECT 1 FROM messaging_window w
                         WHERE w.business_id = m.business_id AND w.phone_number = m.phone_number
                           AND w.started_at > ${since}::timestamptz) AS known,
                 ${windowCountSql(sql`${args.businessId}::uuid`, sql`${since}::timestamptz`)} AS used
          FROM campaign_messages m
          WHERE m.business_id = ${args.businessId} AND m.status = 'queued' AND m.next_attempt_at <= now()
          ORDER BY m.next_attempt_at
          LIMIT ${args.limit}
          FOR UPDATE OF m SKIP LOCKED`,
    );
    if (!candidates.length) return { messages: [], heldBack: 0, freesAt: null };
    let room = Math.max(0, args.dailyRecipients - Number(candidates[0]!.used));
    const entering = new Set<string>();
    const picked: string[] = [];
    let heldBack = 0;
    for (const c of candidates) {
      if (c.known || entering.has(c.phone_number)) {
        picked.push(c.id);
      } else if (room > 0) {
        room--;
        entering.add(c.phone_number);
        picked.push(c.id);
      } else heldBack++;
    }
    const messages = picked.length ? await claimIds(tx, picked, [...entering], args) : [];
    const freesAt = heldBack > 0 ? (await windowUsage(tx, args.businessId, args.now)).freesAt : null;
    return { messages, heldBack, freesAt };
  });
}

/**
 * A conversation reply that starts a conversation (a template outside the customer-service window) takes a
 * place in the same window, under the same per-business lock as `claimWithinLimit`: a person already in it
 * costs none; a new one enters while there is room. Returns whether it may be sent now and, when not, when the
 * window next frees a place. Like a campaign message's, the place is kept whatever the send does.
 */
export async function takeWindowPlace(
  db: Db,
  args: { businessId: string; phoneNumber: string; dailyRecipients: number; now: Date },
): Promise<{ taken: boolean; freesAt: Date | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext('messaging-window'), hashtext(${args.businessId}))`,
    );
    const since = windowStartOf(args.now);
    const [row] = await queryRows<{ known: boolean; used: number }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM messaging_window
                         WHERE business_id = ${args.businessId} AND phone_number = ${args.phoneNumber}
                           AND started_at > ${since}::timestamptz) AS known,
                 ${windowCountSql(sql`${args.businessId}::uuid`, sql`${since}::timestamptz`)} AS used`,
    );
    if (row?.known) return { taken: true, freesAt: null };
    if (Number(row?.used ?? 0) >= args.dailyRecipients)
      return { taken: false, freesAt: (await windowUsage(tx, args.businessId, args.now)).freesAt };
    await tx.execute(sql`
      WITH entered AS (
        INSERT INTO messaging_window (business_id, phone_number, started_at)
        VALUES (${args.businessId}, ${args.phoneNumber}, ${args.now.toISOString()}::timestamptz)
        ON CONFLICT (business_id, phone_number) DO UPDATE SET started_at = excluded.started_at
        WHERE messaging_window.started_at <= ${since}::timestamptz
        RETURNING started_at
      ), ${keepMinutes(args.businessId, since)}
      SELECT 1`);
    return { taken: true, freesAt: null };
  });
}

/** Claims the picked messages and enters their new recipients in the window, in one statement. */
async function claimIds(
  tx: Db,
  ids: string[],
  entering: string[],
  args: { businessId: string; workerId: string; leaseMs: number; now: Date },
): Promise<ClaimedMessage[]> {
  const rows = await queryRows<{
    id: string;
    campaign_id: string;
    business_id: string;
    phone_number: string;
    first_name: string;
    last_name: string;
    attempts: number;
    variant: number | null;
    deferred: boolean | null;
    contact_id: string | null;
  }>(
    tx,
    sql`WITH entered AS (
          INSERT INTO messaging_window (business_id, phone_number, started_at)
          SELECT ${args.businessId}, p, ${args.now.toISOString()}::timestamptz
          FROM unnest(${sql.param(entering)}::text[]) AS p
          ON CONFLICT (business_id, phone_number) DO UPDATE SET started_at = excluded.started_at
          WHERE messaging_window.started_at <= ${windowStartOf(args.now)}::timestamptz
          RETURNING started_at
        ), ${keepMinutes(args.businessId, windowStartOf(args.now))}
        UPDATE campaign_messages m
        SET status = 'sending', attempts = m.attempts + 1, locked_by = ${args.workerId},
            lease_expires_at = now() + ${args.leaseMs} * interval '1 millisecond', updated_at = now()
        WHERE m.id = ANY(${sql.param(ids)}::uuid[]) AND m.status = 'queued'
        RETURNING m.id, m.campaign_id, m.business_id, m.phone_number, m.first_name, m.last_name, m.attempts,
                  m.contact_id, m.variant, m.failure_outcome = 'defer' AS deferred`,
  );
  return rows.map((r) => ({
    id: r.id,
    campaignId: r.campaign_id,
    businessId: r.business_id,
    phoneNumber: r.phone_number,
    firstName: r.first_name,
    lastName: r.last_name,
    attempts: Number(r.attempts),
    variant: r.variant === null ? null : Number(r.variant),
    deferred: r.deferred === true,
    contactId: r.contact_id,
    fields: null,
  }));
}
