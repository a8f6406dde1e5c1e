import type pg from 'pg';

/**
 * The pool as drizzle sees it. drizzle-orm 0.45's node-postgres `transaction()` checks a client out, then
 * runs BEGIN *before* the try/finally that releases it (drizzle-team/drizzle-orm#6241, #6023: open, no
 * release fixes it). When BEGIN fails (the connection died between checkout and BEGIN, which is what a
 * database restart does to a checked-out client), the client is never released: the pool loses it for the
 * life of the process, a few restarts leave every request waiting for a connection, and `pool.end()` never
 * returns (the PostgreSQL-restart fault test hung in its teardown on exactly this).
 *
 * So the clients drizzle checks out for a transaction are released with the error when their BEGIN fails
 * (pg-pool then destroys them), and any later `release()` of theirs is a no-op. A ROLLBACK that fails on a
 * dead connection needs nothing more: pg-pool already discards a client that can no longer take queries.
 * The class name must contain "Pool": that is how drizzle tells a pool from a single client.
 */
export class TransactionSafePool {
  constructor(private readonly pool: pg.Pool) {}

  /** Plain queries go straight to the pool (it checks a client out and back in around each). */
  query(...args: unknown[]): unknown {
    return (this.pool.query as (...a: unknown[]) => unknown)(...args);
  }

  async connect(): Promise<pg.PoolClient> {
    return releasedOnFailedBegin(await this.pool.connect());
  }
}

function statementText(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

function releasedOnFailedBegin(client: pg.PoolClient): pg.PoolClient {
  let released = false;
  const release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'release') return release;
      const value = Reflect.get(target, prop, target);
      if (prop !== 'query' || typeof value !== 'function') {
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!/^\s*begin\b/i.test(statementText(args[0])) || !(result instanceof Promise)) return result;
        return result.catch((err: Error) => {
          release(err);
          throw err;
        });
      };
    },
  });
}
