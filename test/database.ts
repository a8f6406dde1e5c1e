import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, migrationsFolder, openDatabase, runMigrations } from '../src/platform/db/client.js';

export interface TestDatabase {
  database: Database;
  /** The connection string of the fresh PostgreSQL database (unset on PGlite). */
  url?: string;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  poolSize?: number;
  /**
   * Run every migration on an empty database, as a deployment does, instead of copying the migrated one the
   * run shares: for the tests of the migrations themselves.
   */
  migrate?: boolean;
}

/**
 * A fresh, migrated database: PGlite in memory, or, when TEST_DATABASE_URL is set, a new database on that
 * PostgreSQL server (dropped again by `drop`). Migrating costs seconds and every test file makes at least one,
 * so the migrations run once per set of migration files and each database is a copy of the result: a
 * template database on PostgreSQL, a dumped data directory on PGlite.
 */
export async function createTestDatabase(opts: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase(opts.migrate ? {} : { pgliteDump: await migratedPgliteDump() });
    if (opts.migrate) await runMigrations(database);
    return { database, drop: () => database.close() };
  }
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(
    serverUrl,
    opts.migrate
      ? `CREATE DATABASE ${name}`
      : `CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate(serverUrl)}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: opts.poolSize ?? 10 });
  if (opts.migrate) await runMigrations(database);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Names what the migrated database holds: the migration files the migrator reads (journal and SQL) and the
 * versions of the migrator and, on PGlite, of the engine whose data directory is dumped.
 */
function migrationsKey(engine: 'pglite' | 'postgres'): string {
  const hash = createHash('sha256');
  const files = [
    'meta/_journal.json',
    ...readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .sort(),
  ];
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(migrationsFolder, file)))
      .update('\0');
  const require = createRequire(import.meta.url);
  const packages = ['drizzle-orm', ...(engine === 'pglite' ? ['@electric-sql/pglite'] : [])];
  for (const name of packages) {
    // The package's main entry sits in its own folder or a dist/ below it; walk up to its package.json.
    let dir = path.dirname(require.resolve(name));
    while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
    const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      version: string;
    };
    hash.update(`${name}@${version}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

// Read when this module loads: a test that points TMPDIR at a folder of its own (to see what it leaves there)
// does so later, and must find neither the dump nor a new one in it.
const dumpFolder = path.join(tmpdir(), 'campaign-messaging-test-databases');
let pgliteDump: Promise<Blob> | undefined;

/**
 * The data directory of a migrated PGlite database, kept as a file in the system's temporary folder so the
 * run's other test processes (and the next run) load it instead of migrating. Written to a temporary name
 * and renamed: a process reading it never sees half a file, and two processes making it at once both
 * write a whole one.
 */
function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(dumpFolder, `pglite-${migrationsKey('pglite')}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await openDatabase({});
    try {
      await runMigrations(database);
      // Written to the data files now, so a copy starts without replaying the migrations' log.
      await database.pglite!.exec('CHECKPOINT');
      const dump = await database.pglite!.dumpDataDir('none');
      mkdirSync(dumpFolder, { recursive: true });
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await database.close();
    }
  })();
  return pgliteDump;
}

// Held on the server's own database while one process makes the template; the others wait for it.
const TEMPLATE_LOCK = 727_275;
let template: Promise<string> | undefined;

/**
 * The name of a migrated template database on the test server, made by the first process that needs it.
 * It exists only once complete: it is migrated under another name and renamed at the end, so a process that
 * died half-way leaves only the other name, which the next one drops. Connections to it are refused, since
 * PostgreSQL copies a template only while nobody is connected to it.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `test_template_${migrationsKey('postgres')}`;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    const exists = async (db: string) =>
      (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [db])).rowCount === 1;
    try {
      if (await exists(name)) return name;
      await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      if (await exists(name)) return name;
      const partial = `${name}_partial`;
      await client.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${partial}`);
      const url = new URL(serverUrl);
      url.pathname = `/${partial}`;
      const database = await openDatabase({ url: url.toString(), poolSize: 1 });
      try {
        await runMigrations(database);
      } finally {
        await database.close();
      }
      await client.query(`ALTER DATABASE ${partial} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`);
      // The pool's connection may still be closing on the server: renaming needs it gone.
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        partial,
      ]);
      for (let attempt = 0; ; attempt++) {
        try {
          await client.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt === 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      return name;
    } finally {
      await client.end();
    }
  })();
  return template;
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
