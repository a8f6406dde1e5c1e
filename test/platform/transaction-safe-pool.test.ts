import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TransactionSafePool } from '../../src/platform/db/transaction-safe-pool.js';

/**
 * A pool whose clients fail the statements named in `failing`, as a connection that dies between checkout
 * and its first statement does (a database restart). Records every release and what it was given.
 */
class FakePool {
  readonly releases: unknown[] = [];
  readonly statements: string[] = [];
  constructor(private readonly failing: RegExp) {}

  async connect() {
    return {
      query: async (query: { text: string } | string) => {
        const text = typeof query === 'string' ? query : query.text;
        this.statements.push(text);
        if (this.failing.test(text)) throw new Error('Connection terminated unexpectedly');
        return { rows: [], rowCount: 0, command: 'SELECT', fields: [] };
      },
      release: (err?: unknown) => {
        this.releases.push(err ?? 'healthy');
      },
    };
  }
}

/** drizzle's own transaction() on top of our facade, exactly as openDatabase wires it. */
const dbOn = (pool: FakePool) =>
  drizzle(new TransactionSafePool(pool as unknown as pg.Pool) as unknown as pg.Pool);

describe('transactions on a pool whose connection dies (drizzle-orm#6241 worked around)', () => {
  it('gives the client back, destroyed, when BEGIN fails, and never runs the callback', async () => {
    const pool = new FakePool(/^begin/i);
    let ran = false;
    await expect(
      dbOn(pool).transaction(async () => {
        ran = true;
      }),
    ).rejects.toThrow();
    expect(ran).toBe(false);
    // Released once, with the error: pg-pool destroys such a client instead of keeping it checked out.
    expect(pool.releases).toHaveLength(1);
    expect(pool.releases[0]).toBeInstanceOf(Error);
  });

  it('releases a healthy client once, after COMMIT, on the normal path', async () => {
    const pool = new FakePool(/^$/);
    const answer = await dbOn(pool).transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      return 42;
    });
    expect(answer).toBe(42);
    expect(pool.statements).toEqual(['begin', 'select 1', 'commit']);
    expect(pool.releases).toEqual(['healthy']);
  });

  it('releases once after a failing callback (ROLLBACK, then release)', async () => {
    const pool = new FakePool(/^$/);
    await expect(
      dbOn(pool).transaction(async () => {
        throw new Error('insufficient credits');
      }),
    ).rejects.toThrow('insufficient credits');
    expect(pool.statements).toEqual(['begin', 'rollback']);
    expect(pool.releases).toEqual(['healthy']);
  });
});
