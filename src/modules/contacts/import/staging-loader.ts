import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../../platform/db/client.js';
import type { ContactFields } from '../contact-fields.js';

/**
 * Where valid import rows wait before they become contacts: a temporary staging table, filled in batches as
 * the rows are read, then moved into `contacts` by ONE `INSERT ... SELECT ... ON CONFLICT DO NOTHING`.
 * Nothing reaches `contacts` before the whole input was read, so a failure half-way (a timeout, a malformed
 * file, a client gone) imports nothing; and the one statement makes the import a single round of inserts
 * whose row count says how many were new.
 */
export interface StagingLoader {
  add(row: number, contact: ContactFields): Promise<void>;
  /** Moves the staged rows into the business's contacts; returns how many were inserted. */
  commit(businessId: string): Promise<number>;
  /** Drops everything staged; safe to call after a failure, and more than once. */
  abort(): Promise<void>;
}

export async function openStagingLoader(database: Database): Promise<StagingLoader> {
  return database.kind === 'postgres'
    ? CopyStagingLoader.open(database.pool!)
    : BatchStagingLoader.open(database);
}

const STAGING_COLUMNS =
  '(row_no int, first_name text, last_name text, phone_number text, tags text[], opt_in boolean)';

/**
 * Of two rows with one phone the earlier is kept and the later counted as a duplicate (`row_no`). Rows go in
 * phone order, the order of the unique index they all probe: its pages are visited once each instead of at
 * random, and two imports running at once take their phones' locks in the same order, so they wait for
 * each other instead of deadlocking (test: "two imports of overlapping lists ... in opposite orders").
 */
const moveStaged = (table: string) => `
  INSERT INTO contacts (business_id, first_name, last_name, phone_number, tags, opt_in)
  SELECT $1::uuid, first_name, last_name, phone_number, tags, opt_in FROM ${table} ORDER BY phone_number, row_no
  ON CONFLICT (business_id, phone_number) DO NOTHING`;

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
function copyLine(row: number, c: ContactFields): string {
  return `${row}\t${copyText(c.firstName)}\t${copyText(c.lastName)}\t${copyText(c.phoneNumber)}\t${copyText(arrayLiteral(c.tags))}\t${c.optIn ? 't' : 'f'}\n`;
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

/** PostgreSQL: COPY into a temporary table (ON COMMIT DROP) on a dedicated connection, in one transaction. */
class CopyStagingLoader implements StagingLoader {
  private pending: string[] = [];
  private done = false;
  private copyError: unknown;

  private constructor(
    private readonly client: pg.PoolClient,
    private readonly copy: Writable,
  ) {
    // Kept until the next write or commit reports it; without a listener a server-side COPY error would crash.
    copy.on('error', (err) => {
      this.copyError = err;
    });
  }

  static async open(pool: pg.Pool): Promise<CopyStagingLoader> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`CREATE TEMPORARY TABLE contact_import ${STAGING_COLUMNS} ON COMMIT DROP`);
      const copy = client.query(copyFrom('COPY contact_import FROM STDIN'));
      return new CopyStagingLoader(client, copy);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
  }

  async add(row: number, contact: ContactFields): Promise<void> {
    this.pending.push(copyLine(row, contact));
    if (this.pending.length >= 1000) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.copyError) throw this.copyError;
    if (!this.pending.length) return;
    const chunk = this.pending.join('');
    this.pending = [];
    if (!this.copy.write(chunk)) await drained(this.copy);
  }

  async commit(businessId: string): Promise<number> {
    await this.flush();
    this.copy.end();
    await finished(this.copy);
    // A bigger sort area keeps the ORDER BY in memory for large files; LOCAL ends with the transaction.
    await this.client.query("SET LOCAL work_mem = '64MB'");
    const result = await this.client.query(moveStaged('contact_import'), [businessId]);
    await this.client.query('COMMIT');
    this.done = true;
    this.client.release();
    return result.rowCount ?? 0;
  }

  async abort(): Promise<void> {
    if (this.done) return;
    this.done = true;
    // The connection may be mid-COPY: destroying it is the one state that is sure to hold nothing.
    this.copy.destroy();
    this.client.release(new Error('import aborted'));
  }
}

/** PGlite: batched multi-row inserts into a temporary table of its own (the engine has one session). */
class BatchStagingLoader implements StagingLoader {
  private pending: { row: number; contact: ContactFields }[] = [];
  private done = false;

  private constructor(
    private readonly database: Database,
    private readonly table: string,
  ) {}

  static async open(database: Database): Promise<BatchStagingLoader> {
    const table = `contact_import_${randomBytes(6).toString('hex')}`;
    await database.db.execute(sql.raw(`CREATE TEMPORARY TABLE ${table} ${STAGING_COLUMNS}`));
    return new BatchStagingLoader(database, table);
  }

  async add(row: number, contact: ContactFields): Promise<void> {
    this.pending.push({ row, contact });
    if (this.pending.length >= 500) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.pending.length) return;
    const values = this.pending.map(
      ({ row, contact: c }) =>
        sql`(${row}, ${c.firstName}, ${c.lastName}, ${c.phoneNumber}, ${arrayLiteral(c.tags)}::text[], ${c.optIn})`,
    );
    this.pending = [];
    await this.database.db.execute(
      sql`INSERT INTO ${sql.raw(this.table)} VALUES ${sql.join(values, sql`, `)}`,
    );
  }

  async commit(businessId: string): Promise<number> {
    try {
      await this.flush();
      const result = await this.database.pglite!.query(moveStaged(this.table), [businessId]);
      return result.affectedRows ?? 0;
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
