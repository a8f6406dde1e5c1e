import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Database, type Db, dbOnClient } from '../../../platform/db/client.js';
import type { ContactFields } from '../contact-fields.js';
import type { FieldValue } from '../custom-fields/field-types.js';

/** A valid import row: the contact and its checked field values. */
export type StagedContact = ContactFields & { fields: Record<string, FieldValue> };

/**
 * Where valid import rows wait before they become contacts: a temporary staging table, filled as the rows
 * are read and moved into `contacts` by `INSERT ... SELECT ... ON CONFLICT DO NOTHING`, all in one
 * transaction. Nothing is visible in `contacts` before the whole input was read and committed, so a failure
 * half-way (a timeout, a malformed file, a client gone) imports nothing; the inserts' row counts say how many
 * were new.
 */
export interface StagingLoader {
  add(row: number, contact: StagedContact): Promise<void>;
  /**
   * Moves what is still staged into the business's contacts and commits; returns how many were inserted.
   * `beforeCommit` writes in the same transaction once the count is known (the import's audit entry): if it
   * fails, nothing is imported.
   */
  commit(beforeCommit?: BeforeCommit): Promise<number>;
  /** Drops everything staged; safe to call after a failure, and more than once. */
  abort(): Promise<void>;
}

export type BeforeCommit = (inserted: number, tx: Db) => Promise<void>;

export interface StagingOptions {
  /** Rows per chunk on PostgreSQL (STAGED_CHUNK_ROWS). */
  chunkRows?: number;
}

export async function openStagingLoader(
  database: Database,
  businessId: string,
  opts: StagingOptions = {},
): Promise<StagingLoader> {
  return database.kind === 'postgres'
    ? CopyStagingLoader.open(database.pool!, businessId, opts.chunkRows ?? STAGED_CHUNK_ROWS)
    : BatchStagingLoader.open(database, businessId);
}

const STAGING_COLUMNS =
  '(row_no int, first_name text, last_name text, phone_number text, tags text[], opt_in boolean, fields jsonb)';

/**
 * Of two rows with one phone the earlier is kept and the later counted as a duplicate (`row_no`; a later
 * chunk's rows come after every row of the earlier ones, which are already in `contacts`). Rows go in phone
 * order, the order of the unique index they all probe, so its pages are visited in sequence, not at random.
 */
const MOVE_INTO =
  'INSERT INTO contacts (business_id, first_name, last_name, phone_number, tags, opt_in, fields) SELECT ';
const moveFrom = (
  table: string,
) => `::uuid, first_name, last_name, phone_number, tags, opt_in, fields FROM ${table} ORDER BY phone_number, row_no
  ON CONFLICT (business_id, phone_number) DO NOTHING`;
const moveStaged = (table: string) => `${MOVE_INTO}$1${moveFrom(table)}`;

// COPY text format: backslash, tab and line breaks are escaped; arrays are written as array literals.
const COPY_SPECIAL = /[\\\t\n\r]/;
function copyText(value: string): string {
  if (!COPY_SPECIAL.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}
function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
function copyLine(row: number, c: StagedContact): string {
  return `${row}\t${copyText(c.firstName)}\t${copyText(c.lastName)}\t${copyText(c.phoneNumber)}\t${copyText(arrayLiteral(c.tags))}\t${c.optIn ? 't' : 'f'}\t${copyText(JSON.stringify(c.fields))}\n`;
}

/** Resolves once `stream` wants more, or rejects if it fails first (a drain that never comes would hang). */
async function drained(stream: Writable): Promise<void> {
  const ac = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: ac.signal }),
      once(stream, 'error', { signal: ac.signal }).then(([err]) => Promise.reject(err)),
      once(stream, 'close', { signal: ac.signal }).then(() =>
        Promise.reject(new Error('COPY stream closed')),
      ),
    ]);
  } finally {
    ac.abort();
  }
}

/**
 * Rows per staged chunk on PostgreSQL. While the database moves one chunk into `contacts`, the next is read
 * and checked: the service's CPU and the database's work overlap, so a large import takes about as long as
 * its inserts alone (BENCHMARKS.md "Contact import").
 */
export const STAGED_CHUNK_ROWS = 50_000;

/**
 * One import of a business at a time: chunks are each in phone order but not the whole input, so two
 * imports of overlapping lists could otherwise each wait for a phone the other inserted (a deadlock).
 */
const IMPORT_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('contact-import:' || $1, 0))";

/**
 * PostgreSQL: on a dedicated connection in one transaction, each chunk is COPYed into a temporary table
 * (ON COMMIT DROP), then moved into `contacts` while the next chunk is read.
 */
class CopyStagingLoader implements StagingLoader {
  private pending: string[] = [];
  private done = false;
  private inserted = 0;
  /** The move of the previous chunk, still running on the connection. */
  private moving: Promise<void> | null = null;

  private constructor(
    private readonly client: pg.PoolClient,
    private readonly businessId: string,
    private readonly chunkRows: number,
  ) {}

  static async open(pool: pg.Pool, businessId: string, chunkRows: number): Promise<CopyStagingLoader> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(IMPORT_LOCK, [businessId]);
      await client.query(`CREATE TEMPORARY TABLE contact_import ${STAGING_COLUMNS} ON COMMIT DROP`);
      // A bigger sort area keeps each chunk's ORDER BY in memory; LOCAL ends with the transaction.
      await client.query("SET LOCAL work_mem = '64MB'");
      return new CopyStagingLoader(client, businessId, chunkRows);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
  }

  async add(row: number, contact: StagedContact): Promise<void> {
    this.pending.push(copyLine(row, contact));
    if (this.pending.length >= this.chunkRows) await this.stageChunk();
  }

  /** Waits for the previous chunk's move, COPYs this chunk, and starts its move without waiting for it. */
  private async stageChunk(): Promise<void> {
    if (this.moving) await this.moving;
    this.moving = null;
    if (!this.pending.length) return;
    const chunk = this.pending.join('');
    this.pending = [];
    await this.copyIn(chunk);
    const move = this.move();
    // Read by the next stageChunk or commit; a failure in between must not be an unhandled rejection.
    move.catch(() => {});
    this.moving = move;
  }

  private async copyIn(chunk: string): Promise<void> {
    const copy: Writable = this.client.query(copyFrom('COPY contact_import FROM STDIN'));
    let copyError: unknown;
    // Without a listener a server-side COPY error would crash the process; `finished` reports it.
    copy.on('error', (err) => {
      copyError = err;
    });
    if (!copy.write(chunk)) await drained(copy);
    copy.end();
    await finished(copy);
    if (copyError) throw copyError;
  }

  private async move(): Promise<void> {
    const result = await this.client.query(moveStaged('contact_import'), [this.businessId]);
    this.inserted += result.rowCount ?? 0;
    await this.client.query('TRUNCATE contact_import');
  }

  async commit(beforeCommit?: BeforeCommit): Promise<number> {
    await this.stageChunk();
    if (this.moving) await this.moving;
    if (beforeCommit) await beforeCommit(this.inserted, dbOnClient(this.client));
    await this.client.query('COMMIT');
    this.done = true;
    this.client.release();
    return this.inserted;
  }

  async abort(): Promise<void> {
    if (this.done) return;
    this.done = true;
    // The connection may be mid-COPY or mid-insert: destroying it is the one state that is sure to hold nothing.
    this.client.release(new Error('import aborted'));
  }
}

/** PGlite: batched multi-row inserts into a temporary table of its own (the engine has one session). */
class BatchStagingLoader implements StagingLoader {
  private pending: { row: number; contact: StagedContact }[] = [];
  private done = false;

  private constructor(
    private readonly database: Database,
    private readonly table: string,
    private readonly businessId: string,
  ) {}

  static async open(database: Database, businessId: string): Promise<BatchStagingLoader> {
    const table = `contact_import_${randomBytes(6).toString('hex')}`;
    await database.db.execute(sql.raw(`CREATE TEMPORARY TABLE ${table} ${STAGING_COLUMNS}`));
    return new BatchStagingLoader(database, table, businessId);
  }

  async add(row: number, contact: StagedContact): Promise<void> {
    this.pending.push({ row, contact });
    if (this.pending.length >= 500) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.pending.length) return;
    const values = this.pending.map(
      ({ row, contact: c }) =>
        sql`(${row}, ${c.firstName}, ${c.lastName}, ${c.phoneNumber}, ${arrayLiteral(c.tags)}::text[], ${c.optIn}, ${JSON.stringify(c.fields)}::jsonb)`,
    );
    this.pending = [];
    await this.database.db.execute(
      sql`INSERT INTO ${sql.raw(this.table)} VALUES ${sql.join(values, sql`, `)}`,
    );
  }

  async commit(beforeCommit?: BeforeCommit): Promise<number> {
    try {
      await this.flush();
      if (!beforeCommit) {
        const result = await this.database.pglite!.query(moveStaged(this.table), [this.businessId]);
        return result.affectedRows ?? 0;
      }
      // The move and what must commit with it, in one transaction (the engine has one session: through drizzle).
      return await this.database.db.transaction(async (tx) => {
        const result = (await tx.execute(
          sql`${sql.raw(MOVE_INTO)}${this.businessId}${sql.raw(moveFrom(this.table))}`,
        )) as unknown as { affectedRows?: number };
        const inserted = result.affectedRows ?? 0;
        await beforeCommit(inserted, tx);
        return inserted;
      });
    } finally {
      await this.abort();
    }
  }

  async abort(): Promise<void> {
    if (this.done) return;
    this.done = true;
    await this.database.db.execute(sql.raw(`DROP TABLE IF EXISTS ${this.table}`));
  }
}
