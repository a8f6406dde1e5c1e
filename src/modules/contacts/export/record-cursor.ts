import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type Database, queryRows } from '../../../platform/db/client.js';
import { CopyOutRecords } from './copy-out-records.js';

/** A cell of an exported row: text, a yes/no, or nothing. */
export type Cell = string | boolean | null;

export interface RecordCursor<R extends readonly Cell[] = readonly Cell[]> {
  /** How many rows `batches` yields (the same snapshot on PostgreSQL). */
  total: number;
  batches(): AsyncGenerator<R[]>;
  /**
   * The same rows as CSV records (RFC 4180 quoting, CRLF), written by the database itself with
   * `COPY (SELECT ...) TO STDOUT`, after `header`: present on PostgreSQL when the spec gives `csvColumns`.
   * Use either this or `batches`, once.
   */
  csv?(header: string): Readable;
  /** Releases the connection; safe to call more than once. */
  close(): Promise<void>;
}

/**
 * What to export: these columns of the rows of `table` matching `where`. PostgreSQL reads them in the order
 * the table stores them, which no index walk beats: newest first made the database visit a million rows
 * of one import (one creation time, random ids) in random order, five times slower than reading them as
 * stored. The keyset cursor (PGlite) needs an order to page by and goes newest first (created_at, id).
 */
export interface CursorSpec {
  /** The server-side cursor's name (one per connection at a time). */
  name: string;
  table: SQL;
  where: SQL;
  columns: SQL[];
  createdAt: SQL;
  id: SQL;
  /**
   * Each column as its final CSV cell, text (escaped as the row writer escapes it) or null for an empty
   * cell: with these, `csv()` lets PostgreSQL format the file.
   */
  csvColumns?: SQL[];
  /**
   * A cheaper statement giving the number of rows `where` matches (one column, `n`), such as a read of kept
   * counts; run in the cursor's snapshot. Without it the rows are counted.
   */
  count?: SQL;
}

const countOf = (s: CursorSpec) => s.count ?? sql`SELECT count(*)::int AS n FROM ${s.table} WHERE ${s.where}`;

// Small enough that a batch dies young: 5,000-row batches outlived two scavenges and were promoted, which
// grew the old generation by a batch every ~20 ms of a fast export; 1,000 rows export as fast.
const BATCH = 1000;
const dialect = new PgDialect();

/**
 * The matching rows, a batch at a time, with no more than one batch in memory.
 * PostgreSQL: a server-side cursor in a read-only REPEATABLE READ transaction on a dedicated connection, so
 * the count (X-Record-Count) and the rows come from one snapshot. PGlite has a single session that a long
 * transaction would block for every other request, so there the "cursor" is keyset pagination.
 */
export async function openRecordCursor<R extends readonly Cell[]>(
  database: Database,
  spec: CursorSpec,
): Promise<RecordCursor<R>> {
  return database.kind === 'postgres'
    ? openServerCursor<R>(database.pool!, spec)
    : openKeysetCursor<R>(database, spec);
}

const newestFirst = (s: CursorSpec) => sql`${s.createdAt} DESC, ${s.id} DESC`;

async function openServerCursor<R extends readonly Cell[]>(
  pool: pg.Pool,
  spec: CursorSpec,
): Promise<RecordCursor<R>> {
  const client = await pool.connect();
  let open = true;
  let fetching: Promise<unknown> = Promise.resolve();
  // Ending normally or early (the client went away) leaves an idle connection: end the transaction and
  // keep it. After an error its state is unknown: destroy it. The export may close the cursor while a FETCH
  // is under way (the response ended): that FETCH finishes first, and none follows, since a FETCH sent after
  // the release would run in whatever transaction the connection serves next.
  // A COPY under way cannot be stopped but by closing its connection.
  let copying = false;
  const close = async (failure?: unknown) => {
    if (!open) return;
    open = false;
    if (copying) failure ??= new Error('CSV export ended before its COPY');
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
    const count = dialect.sqlToQuery(countOf(spec));
    const { rows } = await client.query<{ n: number }>(count.sql, count.params);
    const cursor: RecordCursor<R> = {
      total: rows[0]!.n,
      close: () => close(),
      async *batches() {
        const declare = dialect.sqlToQuery(
          sql`DECLARE ${sql.raw(spec.name)} NO SCROLL CURSOR FOR SELECT ${sql.join(spec.columns, sql`, `)}
              FROM ${spec.table} WHERE ${spec.where}`,
        );
        const fetchBatch = () => {
          if (!open) return null;
          const next = client.query<R & unknown[]>({
            text: `FETCH ${BATCH} FROM ${spec.name}`,
            rowMode: 'array',
          });
          next.catch(() => {}); // awaited below; an early stop may leave it unread
          fetching = next;
          return next;
        };
        try {
          await client.query(declare.sql, declare.params);
          // The next batch is asked for before this one is handed over: the database reads while we write.
          for (let next = fetchBatch(); next; ) {
            const batch: pg.QueryResult<R & unknown[]> = await next;
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
    const csvColumns = spec.csvColumns;
    if (csvColumns)
      cursor.csv = (header) => {
        // COPY takes no parameters, so the filter's values are written into the statement as literals
        // (drizzle doubles the quotes; standard_conforming_strings is on unless a server was set otherwise,
        // which this statement rules out for its transaction).
        const copy = dialect.sqlToQuery(
          sql`COPY (SELECT ${sql.join(csvColumns, sql`, `)} FROM ${spec.table} WHERE ${spec.where})
              TO STDOUT WITH (FORMAT csv)`.inlineParams(),
        );
        const records = new CopyOutRecords(copy.sql, Buffer.from(header));
        copying = true;
        const run = (async () => {
          await client.query('SET LOCAL standard_conforming_strings = on');
          client.query(records);
          await finished(records);
          copying = false;
        })();
        run.then(
          () => close(),
          (err) => {
            // A COPY cut short leaves the connection mid-protocol: it is destroyed, never reused.
            void close(err);
            records.destroy(err as Error);
          },
        );
        // The response ended before the COPY did (a client gone, the idle guard): close() destroys the
        // connection, which stops the server sending.
        records.once('close', () => void close());
        return records;
      };
    return cursor;
  } catch (err) {
    await close(err);
    throw err;
  }
}

async function openKeysetCursor<R extends readonly Cell[]>(
  database: Database,
  spec: CursorSpec,
): Promise<RecordCursor<R>> {
  const { db } = database;
  const [count] = await queryRows<{ n: number }>(db, countOf(spec));
  // Aliased by position, so each row maps back to an array in column order.
  const columns = sql.join(
    spec.columns.map((c, i) => sql`${c} AS ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  const width = spec.columns.length;
  return {
    total: count?.n ?? 0,
    close: async () => {},
    async *batches() {
      let after: { k: string; id: string } | null = null;
      for (;;) {
        const keyset: SQL = after
          ? sql` AND (${spec.createdAt}, ${spec.id}) < (${after.k}::timestamptz, ${after.id}::uuid)`
          : sql``;
        // created_at as text keeps its microseconds, which a JS Date would round away and skip or repeat rows.
        const rows: Record<string, Cell>[] = await queryRows<Record<string, Cell>>(
          db,
          sql`SELECT ${columns}, ${spec.createdAt}::text AS k, ${spec.id} AS kid FROM ${spec.table}
              WHERE ${spec.where}${keyset} ORDER BY ${newestFirst(spec)} LIMIT ${BATCH}`,
        );
        if (rows.length)
          yield rows.map((r) => Array.from({ length: width }, (_, i) => r[`c${i}`]) as unknown as R);
        if (rows.length < BATCH) return;
        const last = rows[rows.length - 1]!;
        after = { k: String(last.k), id: String(last.kid) };
      }
    },
  };
}
