import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase, runMigrations } from '../src/platform/db/client.js';

export interface TestDatabase {
  database: Database;
  /** The connection string of the fresh PostgreSQL database (unset on PGlite). */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: PGlite in memory, or, when TEST_DATABASE_URL is set, a new database on that
 * PostgreSQL server (dropped again by `drop`).
 */
export async function createTestDatabase(opts: { poolSize?: number } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await runMigrations(database);
    return { database, drop: () => database.close() };
  }
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: opts.poolSize ?? 10 });
  await runMigrations(database);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
