import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema/index.js';
import { TransactionSafePool } from './transaction-safe-pool.js';

/** The drizzle handle every repository takes; a transaction (`tx`) has the same type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Present on PostgreSQL: raw clients for COPY and LISTEN. */
  pool?: pg.Pool;
  /** Present on the embedded engine. */
  pglite?: PGlite;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A drizzle handle on a raw PostgreSQL client checked out of the pool (a COPY's connection), so repository
 * functions can write in the transaction that client holds open.
 */
export function dbOnClient(client: pg.PoolClient): Db {
  return drizzlePg(client, { schema, casing: 'snake_case' }) as unknown as Db;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; unset means the embedded engine. */
  url?: string;
  /** Folder of the embedded database; unset means in memory (tests). */
  pgliteDir?: string;
  /**
   * A data directory dumped by the embedded engine (`dumpDataDir`) to start from instead of an empty one: tests
   * open copies of one migrated database rather than migrating each.
   */
  pgliteDump?: Blob;
  poolSize?: number;
  logger?: Logger;
}

// numeric and bigint come back as strings: money is never turned into a binary float by the driver.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
    });
    // A client that loses its server (a restart) emits 'error'; with no listener that is an uncaught
    // exception, which would kill the process. The pool listens only while a client is idle in it, so a
    // client checked out (a drizzle transaction, between two statements) needs a listener of its own. The
    // statement in flight is rejected either way, and the pool discards the dead client on release.
    pool.on('connect', (client) =>
      client.on('error', (err) => opts.logger?.warn({ err: err.message }, 'database connection lost')),
    );
    // Idle clients' errors reach the pool too: already logged by the listener above.
    pool.on('error', () => {});
    const db = drizzlePg(new TransactionSafePool(pool) as unknown as pg.Pool, {
      schema,
      casing: 'snake_case',
    }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      ping: async () => {
        await pool.query('SELECT 1');
      },
      close: () => pool.end(),
    };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  // Loaded only here: a process on PostgreSQL never holds the embedded engine's code.
  const [{ PGlite }, { btree_gin }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gin'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create(opts.pgliteDir, {
    extensions: { pg_trgm, btree_gin },
    ...(opts.pgliteDump ? { loadDataDir: opts.pgliteDump } : {}),
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await client.query('SELECT 1');
    },
    close: () => client.close(),
  };
}

/**
 * The migrations folder, found from this file: `src/platform/db` and `dist/platform/db` sit at the same
 * depth, so one relative path serves the sources and the build.
 */
export const migrationsFolder = fileURLToPath(
  new URL('../../../src/platform/db/migrations', import.meta.url),
);

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    // One migrator at a time when several processes start together.
    const client = await database.pool!.connect();
    try {
      await client.query('SELECT pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
      client.release();
    }
    return;
  }
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  await migratePglite(drizzlePglite(database.pglite!), { migrationsFolder });
}

/** Runs a raw query and returns its rows, the same way on both engines. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `queryRows` as a named prepared statement: PostgreSQL parses and plans it once per connection instead of
 * on every call. Meant for statements that run thousands of times a minute and whose planning costs as much
 * as their execution, like the dispatcher's outcome write (3 ms of ~7 ms for 70 rows). `query` must produce
 * the same text on every call (only its parameters may vary), and `name` must be unique in the process. The
 * embedded engine has no named statements and runs it as `queryRows` does.
 *
 * drizzle has no public way to name a raw statement, so this calls what its own `db.execute` calls
 * (`session.prepareQuery` with a name): an upgrade of drizzle-orm must keep that internal call working; the
 * dispatcher tests fail if it does not.
 */
export async function queryRowsPrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as {
    session: {
      prepareQuery(
        q: unknown,
        fields: undefined,
        name: string,
        arrayMode: boolean,
      ): {
        execute(): Promise<{ rows: T[] }>;
      };
    };
    dialect: { sqlToQuery(q: SQL): unknown };
  };
  const result = await session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
  return result.rows;
}
