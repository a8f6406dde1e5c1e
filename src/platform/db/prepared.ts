import type { Db } from './client.js';

const byDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A named prepared statement, built once per database handle: the hot reads of every request (the caller,
 * the business profile) skip drizzle's query building, and PostgreSQL parses them once per connection.
 * `build` must return `query.prepare(name)`; `name` must be unique in the process.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let statements = byDb.get(db);
  if (!statements) {
    statements = new Map();
    byDb.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}
