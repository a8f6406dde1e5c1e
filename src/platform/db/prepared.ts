import type { Db } from './client.js';

// The one cache on first use left outside `AppDeps`, as part of the driver: a prepared query is bound to the
// handle it was built from, so the statements belong to each handle a caller passes (the pool's, a
// transaction's), not to the process, and the callers are plain functions given a handle (platform's
// principal read among them, which reaches no module object).
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
