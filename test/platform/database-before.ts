import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Database, migrationsFolder, openDatabase } from '../../src/platform/db/client.js';

/**
 * An embedded database with the schema as it was just before migration `tag` (every migration up to it), so a
 * test can seed what that migration finds, then run the rest with `runMigrations`. `close` also removes the
 * shortened copy of the migrations.
 */
export async function databaseBefore(tag: string): Promise<{ database: Database; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at <= 0) throw new Error(`No migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  const database = await openDatabase({});
  await migrate(drizzle(database.pglite!), { migrationsFolder: dir });
  return {
    database,
    close: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
