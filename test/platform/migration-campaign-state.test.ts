import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, runMigrations } from '../../src/platform/db/client.js';
import { databaseBefore } from './database-before.js';

const MIGRATION = '0047_campaign_state';

describe('the migration that keeps a campaign state in one column', () => {
  let before: Awaited<ReturnType<typeof databaseBefore>> | undefined;
  afterAll(async () => {
    await before?.close();
  });

  it('gives each existing campaign the state its columns said', async () => {
    before = await databaseBefore(MIGRATION);
    const db = before.database.db;
    const [business] = await queryRows<{ id: string }>(
      db,
      sql`WITH a AS (INSERT INTO accounts (name, email) VALUES ('S', 's@x.test') RETURNING id)
          INSERT INTO businesses (account_id, company_name) SELECT id, 'S' FROM a RETURNING id`,
    );
    const campaign = (name: string, published: boolean, sentOut: boolean) =>
      db.execute(
        sql`INSERT INTO campaigns (business_id, name, message, send_to_all_contact, is_scheduled, is_published,
              is_sent_out)
            VALUES (${business!.id}, ${name}, 'Hi', true, false, ${published}, ${sentOut})`,
      );
    await campaign('a draft', false, false);
    await campaign('waiting', true, false);
    await campaign('waiting, paused by a quality drop', true, false);
    await db.execute(
      sql`UPDATE campaigns SET paused_at = now() WHERE name = 'waiting, paused by a quality drop'`,
    );
    await campaign('going out', true, true);
    await campaign('paused', true, true);
    await db.execute(sql`UPDATE campaigns SET paused_at = now() WHERE name = 'paused'`);
    await campaign('stopped', true, true);
    await db.execute(sql`UPDATE campaigns SET stopped_at = now() WHERE name = 'stopped'`);
    await campaign('stopped, then its last messages ended', true, true);
    await db.execute(
      sql`UPDATE campaigns SET stopped_at = now(), completed_at = now()
          WHERE name = 'stopped, then its last messages ended'`,
    );
    await campaign('done', true, true);
    await db.execute(sql`UPDATE campaigns SET completed_at = now() WHERE name = 'done'`);

    await runMigrations(before.database);

    const rows = await queryRows<{ name: string; state: string }>(
      db,
      sql`SELECT name, state FROM campaigns WHERE business_id = ${business!.id} ORDER BY created_at, name`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.state]))).toEqual({
      'a draft': 'draft',
      waiting: 'scheduled',
      'waiting, paused by a quality drop': 'scheduled',
      'going out': 'sending',
      paused: 'paused',
      stopped: 'stopped',
      'stopped, then its last messages ended': 'completed',
      done: 'completed',
    });
    // The database refuses a word the vocabulary does not have.
    await expect(
      db.execute(sql`UPDATE campaigns SET state = 'finished' WHERE business_id = ${business!.id}`),
    ).rejects.toThrow();
  }, 180_000); // every migration from the first, on an embedded database: slow on a busy machine
});
