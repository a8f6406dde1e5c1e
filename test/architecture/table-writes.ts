/**
 * Finds every write to a table in a source tree and who made it, for the one-writer-per-table rule.
 * A module declares the tables it owns in `src/modules/<m>/owned-tables.ts` (`OWNED_TABLES`); the send
 * engine's own tables are declared in `src/jobs/owned-tables.ts`. A write is a Drizzle `.insert(t)`,
 * `.update(t)` or `.delete(t)` of a schema table, or SQL text `INSERT INTO t`, `UPDATE t`, `DELETE FROM t` or
 * `COPY t` naming a table; comments are left out. `platform/db/functions.ts` is the database's own code
 * (triggers keep the counter tables for their owners) and is not read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Write {
  file: string;
  table: string;
  writer: string;
}

export interface OwnershipReport {
  /** table -> the declaring owners (more than one is a violation). */
  owners: Map<string, string[]>;
  /** Writes by a file whose owner does not own the table. */
  strays: Write[];
  /** Schema tables no one declares. */
  unowned: string[];
}

const NOT_READ = ['src/platform/db/functions.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The Drizzle name of each table (`campaignMessages`) and its SQL name (`campaign_messages`). */
function schemaTables(root: string): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of sourceFiles(path.join(root, 'src/platform/db/schema')))
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'([a-z_0-9]+)'/g))
      tables.set(m[1]!, m[2]!);
  return tables;
}

/** Who a file writes for: its module, `jobs`, or the folder it sits in outside both. */
function writerOf(rel: string): string {
  const inModule = /^src\/modules\/([^/]+)\//.exec(rel);
  if (inModule) return inModule[1]!;
  if (rel.startsWith('src/jobs/')) return 'jobs';
  return rel.split('/').slice(0, 2).join('/');
}

function declaredOwners(root: string): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  const declarations = sourceFiles(path.join(root, 'src')).filter((f) => f.endsWith('/owned-tables.ts'));
  for (const file of declarations) {
    const writer = writerOf(path.relative(root, file));
    const list = /OWNED_TABLES[^=]*=\s*\[([^\]]*)\]/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
    for (const m of list.matchAll(/'([a-z_0-9]+)'/g))
      owners.set(m[1]!, [...(owners.get(m[1]!) ?? []), writer]);
  }
  return owners;
}

/** The text of a file without its comments (strings and SQL templates kept). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

export function tableWrites(root: string): Write[] {
  const byIdentifier = schemaTables(root);
  const sqlNames = new Set(byIdentifier.values());
  const writes: Write[] = [];
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const rel = path.relative(root, file);
    if (NOT_READ.includes(rel) || rel.startsWith('src/platform/db/schema/')) continue;
    const text = withoutComments(readFileSync(file, 'utf8'));
    const found = new Set<string>();
    for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const table = byIdentifier.get(m[1]!);
      if (table) found.add(table);
    }
    for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from|copy)\s+"?([a-z_0-9]+)"?/gi)) {
      const table = m[1]!.toLowerCase();
      if (sqlNames.has(table)) found.add(table);
    }
    for (const table of found) writes.push({ file: rel, table, writer: writerOf(rel) });
  }
  return writes;
}

export function checkOwnership(root: string): OwnershipReport {
  const owners = declaredOwners(root);
  const strays = tableWrites(root).filter((w) => !(owners.get(w.table) ?? []).includes(w.writer));
  const unowned = [...new Set(schemaTables(root).values())].filter((t) => !owners.has(t)).sort();
  return { owners, strays, unowned };
}
