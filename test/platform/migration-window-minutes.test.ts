import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, runMigrations } from '../../src/platform/db/client.js';
import { databaseBefore } from './database-before.js';

const MIGRATION = '0035_messaging_window_minutes';

describe('the migration that counts the messaging window by the minute', () => {
  let before: Awaited<ReturnType<typeof databaseBefore>> | undefined;
  afterAll(async () => {
    await before?.close();
  });

  it('counts the people already in the window by the minute they entered it', async () => {
    before = await databaseBefore(MIGRATION);
    const db = before.database.db;
    const [business] = await queryRows<{ id: string }>(
      db,
      sql`WITH a AS (INSERT INTO accounts (name, email) VALUES ('W', 'w@x.test') RETURNING id)
          INSERT INTO businesses (account_id, company_name) SELECT id, 'W' FROM a RETURNING id`,
    );
    const entered = (phone: string, at: string) =>
      db.execute(
        sql`INSERT INTO messaging_window (business_id, phone_number, started_at)
            VALUES (${business!.id}, ${phone}, ${at}::timestamptz)`,
      );
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000);
    const at = (seconds: number) => new Date(minute.getTime() + seconds * 1000).toISOString();
    await entered('+2348030000001', at(1));
    await entered('+2348030000002', at(30));
    await entered('+2348030000003', at(59));
    await entered('+2348030000004', at(61));
    // Out of every window: not counted.
    await entered('+2348030000005', new Date(Date.now() - 2 * 86_400_000).toISOString());

    await runMigrations(before.database);

    const minutes = await queryRows<{ minute: string | Date; entered: number }>(
      db,
      sql`SELECT minute, entered FROM messaging_window_minutes WHERE business_id = ${business!.id} ORDER BY minute`,
    );
    expect(minutes.map((m) => [new Date(m.minute).toISOString(), Number(m.entered)])).toEqual([
      [minute.toISOString(), 3],
      [new Date(minute.getTime() + 60_000).toISOString(), 1],
    ]);
  });
});
