import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ANALYZE_AFTER_ROWS,
  type ImportRow,
  importContacts,
} from '../../src/modules/contacts/import/contact-import.js';
import { refreshContactStatistics } from '../../src/modules/contacts/import/statistics-refresh.js';
import { queryRows } from '../../src/platform/db/client.js';
import { contacts } from '../../src/platform/db/schema/index.js';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';

/**
 * A large import is staged and inserted in chunks on PostgreSQL (the next chunk is read while the database
 * inserts the previous one). Small chunks here stand in for the 50,000-row ones: the report, the
 * earlier-row-wins rule and all-or-nothing must hold across chunk boundaries. On the embedded database the
 * rows go in one insert, and the same expectations hold.
 */
describe('contact imports in chunks', () => {
  const t = useTestApp();

  const stored = (businessId: string) =>
    t.db
      .select({ firstName: contacts.firstName, phoneNumber: contacts.phoneNumber })
      .from(contacts)
      .where(eq(contacts.businessId, businessId))
      .orderBy(asc(contacts.phoneNumber));
  const phone = (i: number) => `+23480377${String(i).padStart(5, '0')}`;
  const numbered = (cells: { firstName: string; phoneNumber: string }[]): ImportRow[] =>
    cells.map((values, i) => ({ row: i + 1, values: { lastName: 'Chunk', ...values } }));

  it('keeps the earliest row of a phone repeated in a later chunk, and counts the rest as duplicates', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    const rows = numbered([
      { firstName: 'First', phoneNumber: phone(1) },
      { firstName: 'Second', phoneNumber: phone(2) },
      { firstName: 'Third', phoneNumber: phone(3) },
      { firstName: 'Repeat of first', phoneNumber: phone(1) },
      { firstName: 'Broken', phoneNumber: 'not a phone' },
      { firstName: 'Fourth', phoneNumber: phone(4) },
      { firstName: 'Repeat of fourth', phoneNumber: phone(4) },
    ]);
    const report = await importContacts(t.deps.database, user.businessId, 'NG', rows, undefined, {
      chunkRows: 2,
    });
    expect(report).toEqual({
      imported: 4,
      duplicatesSkipped: 2,
      rejectedValues: [],
      failed: [{ row: 5, reason: expect.stringContaining('phoneNumber') }],
      failedCount: 1,
    });
    expect(await stored(user.businessId)).toEqual([
      { firstName: 'First', phoneNumber: phone(1) },
      { firstName: 'Second', phoneNumber: phone(2) },
      { firstName: 'Third', phoneNumber: phone(3) },
      { firstName: 'Fourth', phoneNumber: phone(4) },
    ]);
  });

  it('imports nothing when reading fails after some chunks were inserted', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    async function* failingHalfWay(): AsyncGenerator<ImportRow> {
      for (let i = 1; i <= 7; i++)
        yield { row: i, values: { firstName: 'Gone', phoneNumber: phone(100 + i) } };
      throw new Error('the client went away');
    }
    await expect(
      importContacts(t.deps.database, user.businessId, 'NG', failingHalfWay(), undefined, { chunkRows: 2 }),
    ).rejects.toThrow('the client went away');
    expect(await stored(user.businessId)).toEqual([]);
    // The connection was given back: the business can import again at once.
    const again = await importContacts(
      t.deps.database,
      user.businessId,
      'NG',
      numbered([{ firstName: 'Back', phoneNumber: phone(100) }]),
      undefined,
      { chunkRows: 2 },
    );
    expect(again.imported).toBe(1);
  });

  it('keeps each phone once when two chunked imports share phones at their two ends, in opposite orders', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    const own = (from: number) =>
      Array.from({ length: 3000 }, (_, i) => ({ firstName: 'Own', phoneNumber: phone(from + i) }));
    const shared = (i: number) => ({ firstName: 'Shared', phoneNumber: phone(90000 + i) });
    // Each list's first chunk holds a phone the other list's last chunk holds: with both first chunks
    // inserted, each import would wait for the other at its last chunk (a deadlock) unless one import of a
    // business runs at a time.
    const first = numbered([shared(1), ...own(10000), shared(2)]);
    const second = numbered([shared(2), ...own(20000), shared(1)]);
    const [a, b] = await Promise.all([
      importContacts(t.deps.database, user.businessId, 'NG', first, undefined, { chunkRows: 500 }),
      importContacts(t.deps.database, user.businessId, 'NG', second, undefined, { chunkRows: 500 }),
    ]);
    expect(a.imported + b.imported).toBe(6002);
    expect(a.duplicatesSkipped + b.duplicatesSkipped).toBe(2);
    expect(await stored(user.businessId)).toHaveLength(6002);
  });

  it('refreshes the planner statistics of contacts after a large import, not after a small one', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    const estimate = async () => {
      const rows = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'contacts'::regclass`,
      );
      return Number(rows[0]!.n);
    };
    const before = await estimate();
    const small = Array.from({ length: 50 }, (_, i) => ({ firstName: 'Few', phoneNumber: phone(40000 + i) }));
    await importContacts(t.deps.database, user.businessId, 'NG', numbered(small));
    // The statistics still describe the table as it was: nothing sampled it.
    expect(await estimate()).toBe(before);

    const many = Array.from({ length: ANALYZE_AFTER_ROWS }, (_, i) => ({
      firstName: 'Many',
      phoneNumber: phone(50000 + i),
    }));
    const report = await importContacts(t.deps.database, user.businessId, 'NG', numbered(many));
    expect(report.imported).toBe(ANALYZE_AFTER_ROWS);
    // Sampled right away: the first search plans for the table as it now is.
    expect(await estimate()).toBeGreaterThanOrEqual(ANALYZE_AFTER_ROWS);
  });
  it('leaves the statistics alone when a large import keeps the business near the size they show', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    const reltuples = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            t.db,
            sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'contacts'::regclass`,
          )
        )[0]!.n,
      );
    const rows = (from: number, n: number) =>
      numbered(Array.from({ length: n }, (_, i) => ({ firstName: 'Big', phoneNumber: phone(from + i) })));
    // Three times the threshold, already sampled: the planner knows a business of that size.
    await t.db.execute(sql`
      INSERT INTO contacts (business_id, first_name, last_name, phone_number)
      SELECT ${user.businessId}, 'Big', 'Chunk', '+23480388' || lpad(i::text, 5, '0')
      FROM generate_series(1, ${3 * ANALYZE_AFTER_ROWS}) AS i`);
    await t.db.execute(sql`ANALYZE contacts`);
    const sampled = await reltuples();
    expect(sampled).toBeGreaterThanOrEqual(3 * ANALYZE_AFTER_ROWS);
    // A third more: the estimate (scaled by the table's pages) is still right within half; nothing sampled.
    const more = await importContacts(t.deps.database, user.businessId, 'NG', rows(0, ANALYZE_AFTER_ROWS));
    expect(more.imported).toBe(ANALYZE_AFTER_ROWS);
    expect(await reltuples()).toBe(sampled);
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs one ANALYZE for imports finishing together, and each waits for the one that sees its rows',
    async () => {
      const pool = t.deps.database.pool!;
      // An ANALYZE "in progress": another process holds the running lock.
      const other = await pool.connect();
      try {
        await other.query("SELECT pg_advisory_lock(hashtext('contacts-analyze'), 1)");
        const waitingOnLock = async () =>
          Number(
            (
              await pool.query(
                "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
              )
            ).rows[0].n,
          );
        const first = refreshContactStatistics(t.deps.database);
        while ((await waitingOnLock()) < 1) await new Promise((r) => setTimeout(r, 20));
        const later = [refreshContactStatistics(t.deps.database), refreshContactStatistics(t.deps.database)];
        while ((await waitingOnLock()) < 3) await new Promise((r) => setTimeout(r, 20));
        let settled = false;
        const all = Promise.all([first, ...later]).then((r) => {
          settled = true;
          return r;
        });
        await new Promise((r) => setTimeout(r, 100));
        // Nobody answers while the ANALYZE that may have missed their rows still runs.
        expect(settled).toBe(false);
        await other.query("SELECT pg_advisory_unlock(hashtext('contacts-analyze'), 1)");
        expect(await all).toEqual([true, false, false]);
      } finally {
        other.release();
      }
    },
  );
});
