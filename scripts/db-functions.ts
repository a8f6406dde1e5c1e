/**
 * Makes a migration from `src/platform/db/functions.ts`, the one source of the database's functions and
 * triggers: `npm run db:functions -- <name>` migrates an empty embedded database, compares what the
 * migrations so far create with the source (and the `message_status` enum with the message states), and
 * writes `src/platform/db/migrations/<next>_<name>.sql` with what differs, plus its journal entry. Nothing to
 * write when they agree. `test/platform/db-functions.test.ts` fails while they differ.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  type Db,
  migrationsFolder,
  openDatabase,
  queryRows,
  runMigrations,
} from '../src/platform/db/client.js';
import {
  createFunctionSql,
  DB_FUNCTIONS,
  DB_TRIGGERS,
  type DbFunction,
  triggerDefinition,
} from '../src/platform/db/functions.js';
import { MESSAGE_STATES } from '../src/vocabulary/message-states.js';

const VOLATILITY = { v: 'VOLATILE', s: 'STABLE', i: 'IMMUTABLE' } as const;

/** The functions (not the extensions'), triggers and message states of a migrated database. */
export async function databaseDefinitions(db: Db) {
  const functions = await queryRows<{
    name: string;
    args: string;
    returns: string;
    language: DbFunction['language'];
    volatility: keyof typeof VOLATILITY;
    body: string;
  }>(
    db,
    sql`SELECT p.proname AS name, pg_get_function_identity_arguments(p.oid) AS args,
               pg_get_function_result(p.oid) AS returns, l.lanname AS language, p.provolatile AS volatility,
               p.prosrc AS body
        FROM pg_proc p
        JOIN pg_namespace n ON n.oid = p.pronamespace
        JOIN pg_language l ON l.oid = p.prolang
        WHERE n.nspname = 'public'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
        ORDER BY p.proname`,
  );
  const triggers = await queryRows<{ name: string; table: string; definition: string }>(
    db,
    sql`SELECT t.tgname AS name, c.relname AS table, pg_get_triggerdef(t.oid) AS definition
        FROM pg_trigger t
        JOIN pg_class c ON c.oid = t.tgrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND NOT t.tgisinternal
        ORDER BY t.tgname`,
  );
  const states = await queryRows<{ state: string }>(
    db,
    sql`SELECT unnest(enum_range(NULL::message_status))::text AS state`,
  );
  return {
    functions: functions.map((f) => ({ ...f, volatility: VOLATILITY[f.volatility] })),
    triggers,
    messageStates: states.map((s) => s.state),
  };
}

export type DatabaseDefinitions = Awaited<ReturnType<typeof databaseDefinitions>>;

/**
 * The statements that bring a database with `current` definitions to the source's, in order: new enum
 * values, dropped triggers and functions, (re)created functions, (re)created triggers. Empty when equal.
 */
export function migrationStatements(current: DatabaseDefinitions): string[] {
  const out: string[] = [];
  const missingStates = MESSAGE_STATES.filter((s) => !current.messageStates.includes(s));
  const removedStates = current.messageStates.filter(
    (s) => !(MESSAGE_STATES as readonly string[]).includes(s),
  );
  if (removedStates.length)
    throw new Error(
      `message_status values no longer in the model (${removedStates}): write that migration by hand`,
    );
  for (const state of missingStates) {
    const i = MESSAGE_STATES.indexOf(state);
    const next = MESSAGE_STATES.slice(i + 1).find((s) => current.messageStates.includes(s));
    out.push(`ALTER TYPE "public"."message_status" ADD VALUE '${state}'${next ? ` BEFORE '${next}'` : ''};`);
  }

  const sourceTriggers = new Map(DB_TRIGGERS.map((t) => [t.name, t]));
  const sourceFunctions = new Map(DB_FUNCTIONS.map((f) => [f.name, f]));
  const currentFunctions = new Map(current.functions.map((f) => [f.name, f]));
  // A function whose arguments or result change is dropped and created again (with its triggers).
  const recreated = new Set(
    DB_FUNCTIONS.filter((f) => {
      const c = currentFunctions.get(f.name);
      return c && (c.args !== f.args || c.returns !== f.returns);
    }).map((f) => f.name),
  );
  const triggersToCreate = DB_TRIGGERS.filter((t) => {
    const c = current.triggers.find((x) => x.name === t.name);
    return !c || c.definition !== triggerDefinition(t) || recreated.has(t.function);
  });
  for (const t of current.triggers) {
    const source = sourceTriggers.get(t.name);
    if (!source || triggersToCreate.includes(source))
      out.push(`DROP TRIGGER IF EXISTS ${t.name} ON ${t.table};`);
  }
  for (const f of current.functions) {
    if (!sourceFunctions.has(f.name) || recreated.has(f.name))
      out.push(`DROP FUNCTION ${f.name}(${f.args});`);
  }
  for (const f of DB_FUNCTIONS) {
    const c = currentFunctions.get(f.name);
    const same =
      c &&
      !recreated.has(f.name) &&
      c.body === f.body &&
      c.language === f.language &&
      c.volatility === f.volatility;
    if (!same) out.push(createFunctionSql(f));
  }
  for (const t of triggersToCreate) out.push(`${triggerDefinition(t).replace(' ON public.', ' ON ')};`);
  return out;
}

/** The definitions of a database migrated with every migration so far (embedded, in memory). */
export async function migratedDefinitions(): Promise<DatabaseDefinitions> {
  const database = await openDatabase({});
  try {
    await runMigrations(database);
    return await databaseDefinitions(database.db);
  } finally {
    await database.close();
  }
}

const JOURNAL = join(migrationsFolder, 'meta', '_journal.json');

async function writeMigration(name: string, statements: string[]): Promise<string> {
  const journal = JSON.parse(await readFile(JOURNAL, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const idx = Math.max(...journal.entries.map((e) => e.idx)) + 1;
  const tag = `${String(idx).padStart(4, '0')}_${name}`;
  const file = join(migrationsFolder, `${tag}.sql`);
  const header = '-- Written by `npm run db:functions` from src/platform/db/functions.ts.\n';
  await writeFile(file, `${header}${statements.join('\n--> statement-breakpoint\n')}\n`);
  journal.entries.push({ idx, version: '7', when: Date.now(), tag, breakpoints: true });
  await writeFile(JOURNAL, `${JSON.stringify(journal, null, 2)}\n`);
  return file;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    console.error('usage: npm run db:functions -- <migration_name> (lower case, digits, underscores)');
    process.exit(2);
  }
  const statements = migrationStatements(await migratedDefinitions());
  if (!statements.length) {
    console.log('the migrations already create every function and trigger of the source: nothing to write');
  } else {
    console.log(`wrote ${await writeMigration(name, statements)} (${statements.length} statements)`);
  }
  process.exit(0);
}
