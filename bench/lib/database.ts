import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase, runMigrations } from '../../src/platform/db/client.js';

export const BENCH_SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  database: Database;
  drop(): Promise<void>;
}

/** A fresh, migrated PostgreSQL database for one benchmark run, dropped afterwards (unless KEEP_DB is set). */
export async function createBenchDatabase(prefix = 'bench'): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  await runMigrations(database);
  return {
    url: url.toString(),
    database,
    drop: async () => {
      await database.close();
      if (process.env.KEEP_DB) {
        console.log(`kept database ${name}`);
        return;
      }
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
