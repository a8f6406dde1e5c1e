import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type Database, queryRows } from '../../../platform/db/client.js';
import { contacts } from '../../../platform/db/schema/index.js';
import { type ContactFilters, contactFilter, newestFirst } from '../contacts.repository.js';

/** The exported fields of a contact, as columns: firstName, lastName, phoneNumber, tags (`a;b`), optIn. */
export type ExportRecord = [string, string, string, string, boolean];

export interface ContactCursor {
  /** How many rows `batches` yields (the same snapshot on PostgreSQL). */
  total: number;
  batches(): AsyncGenerator<ExportRecord[]>;
  /** Releases the connection; safe to call more than once. */
  close(): Promise<void>;
}

// Small enough that a batch dies young: 5,000-row batches outlived two scavenges and were promoted, which
// grew the old generation by a batch every ~20 ms of a fast export; 1,000 rows export as fast.
const BATCH = 1000;
const dialect = new PgDialect();
// Tags leave the database already joined the way the import splits them: no array parsing per row.
const columns = sql`${contacts.firstName}, ${contacts.lastName}, ${contacts.phoneNumber}, array_to_string(${contacts.tags}, ';') AS tags, ${contacts.optIn}`;

/**
 * The business's matching contacts, a batch at a time, newest first, with no more than one batch in memory.
 * PostgreSQL: a server-side cursor in a read-only REPEATABLE READ transaction on a dedicated connection, so
 * the count in X-Record-Count and the rows come from one snapshot. PGlite has a single session that a long
 * transaction would block for every other request, so there the "cursor" is keyset pagination.
 */
export async function openContactCursor(
  database: Database,
  businessId: string,
  filters: ContactFilters,
): Promise<ContactCursor> {
  return database.kind === 'postgres'
    ? openServerCursor(database.pool!, businessId, filters)
    : openKeysetCursor(database, businessId, filters);
}

async function openServerCursor(
  pool: pg.Pool,
  businessId: string,
  filters: ContactFilters,
): Promise<ContactCursor> {
  const client = await pool.connect();
  let open = true;
  let fetching: Promise<unknown> = Promise.resolve();
  // Ending normally or early (the client went away) leaves an idle connection: end the transaction and
  // keep it. After an error its state is unknown: destroy it. The export may close the cursor while a FETCH
  // is under way (the response ended): that FETCH finishes first, and none follows, since a FETCH sent after
  // the release would run in whatever transaction the connection serves next.
  const close = async (failure?: unknown) => {
    if (!open) return;
    open = false;
    if (failure) return client.release(failure as Error);
    try {
      await fetching.catch(() => {});
      await client.query('ROLLBACK');
      client.release();
    } catch (err) {
      client.release(err as Error);
    }
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const where = contactFilter(businessId, filters);
    const count = dialect.sqlToQuery(sql`SELECT count(*)::int AS n FROM ${contacts} WHERE ${where}`);
    const { rows } = await client.query<{ n: number }>(count.sql, count.params);
    const declare = dialect.sqlToQuery(
      sql`DECLARE contact_export NO SCROLL CURSOR FOR SELECT ${columns} FROM ${contacts} WHERE ${where} ORDER BY ${sql.join(newestFirst, sql`, `)}`,
    );
    await client.query(declare.sql, declare.params);
    return {
      total: rows[0]!.n,
      close: () => close(),
      async *batches() {
        const fetchBatch = () => {
          if (!open) return null;
          const next = client.query<ExportRecord>({
            text: `FETCH ${BATCH} FROM contact_export`,
            rowMode: 'array',
          });
          next.catch(() => {}); // awaited below; an early stop may leave it unread
          fetching = next;
          return next;
        };
        try {
          // The next batch is asked for before this one is handed over: the database reads while we write.
          for (let next = fetchBatch(); next; ) {
            const batch: pg.QueryResult<ExportRecord> = await next;
            next = batch.rows.length === BATCH ? fetchBatch() : null;
            if (batch.rows.length) yield batch.rows;
          }
        } catch (err) {
          await close(err);
          throw err;
        } finally {
          await close();
        }
      },
    };
  } catch (err) {
    await close(err);
    throw err;
  }
}

interface KeysetRow {
  first_name: string;
  last_name: string;
  phone_number: string;
  tags: string;
  opt_in: boolean;
  k: string;
  id: string;
}

async function openKeysetCursor(
  database: Database,
  businessId: string,
  filters: ContactFilters,
): Promise<ContactCursor> {
  const { db } = database;
  const where = contactFilter(businessId, filters);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${contacts} WHERE ${where}`,
  );
  return {
    total: count?.n ?? 0,
    close: async () => {},
    async *batches() {
      let after: { createdAt: string; id: string } | null = null;
      for (;;) {
        const keyset: SQL = after
          ? sql` AND (${contacts.createdAt}, ${contacts.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : sql``;
        // created_at as text keeps its microseconds, which a JS Date would round away and skip or repeat rows.
        const rows: KeysetRow[] = await queryRows<KeysetRow>(
          db,
          sql`SELECT ${columns}, ${contacts.createdAt}::text AS k, ${contacts.id} FROM ${contacts}
              WHERE ${where}${keyset} ORDER BY ${sql.join(newestFirst, sql`, `)} LIMIT ${BATCH}`,
        );
        if (rows.length)
          yield rows.map(
            (r) => [r.first_name, r.last_name, r.phone_number, r.tags, r.opt_in] as ExportRecord,
          );
        if (rows.length < BATCH) return;
        const last: { k: string; id: string } = rows[rows.length - 1]!;
        after = { createdAt: last.k, id: last.id };
      }
    },
  };
}
