import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, runMigrations } from '../../src/platform/db/client.js';
import { databaseBefore } from './database-before.js';

const MIGRATION = '0024_cloud_number_and_event_times';

describe('the migration that holds a Cloud phone-number id to one business', () => {
  let before: Awaited<ReturnType<typeof databaseBefore>> | undefined;
  afterAll(async () => {
    await before?.close();
  });

  it('keeps the earliest connection of a shared id; the others lose it and are told', async () => {
    // The schema as it was just before: every migration up to this one.
    before = await databaseBefore(MIGRATION);
    const { database } = before;

    const db = database.db;
    /** A business connected as `provider` with `phoneNumberId`, its number claimed `claimedAgo` ago. */
    const business = async (
      name: string,
      provider: string,
      phoneNumberId: string,
      number: string,
      claimedAgo: string | null,
    ) => {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`WITH a AS (INSERT INTO accounts (name, email) VALUES (${name}, ${`${name}@x.test`}) RETURNING id)
            INSERT INTO businesses (account_id, company_name, provider, provider_hsm_id, waba_number)
            SELECT id, ${name}, ${provider}, ${phoneNumberId}, ${number} FROM a RETURNING id`,
      );
      if (claimedAgo)
        await db.execute(
          sql`INSERT INTO waba_number_events (business_id, waba_number, action, created_at)
              VALUES (${row!.id}, ${number}, 'claimed', now() - ${claimedAgo}::interval)`,
        );
      return row!.id;
    };
    // Created first, but connected its number last.
    const late = await business('late', 'whatsapp-cloud', '5001', '2348030000001', '1 hour');
    const first = await business('first', 'whatsapp-cloud', '5001', '2348030000002', '3 days');
    const middle = await business('middle', 'whatsapp-cloud', '5001', '2348030000003', '1 day');
    const alone = await business('alone', 'whatsapp-cloud', '5002', '2348030000004', null);
    // Gateway logins are not phone-number ids: shared ones stay.
    const gatewayA = await business('gwa', 'gateway', '5001', '2348030000005', null);
    const gatewayB = await business('gwb', 'gateway', '5001', '2348030000006', null);

    await runMigrations(database);

    const rows = await queryRows<{ id: string; provider_hsm_id: string | null }>(
      db,
      sql`SELECT id, provider_hsm_id FROM businesses`,
    );
    const idOf = new Map(rows.map((r) => [r.id, r.provider_hsm_id]));
    expect(idOf.get(first)).toBe('5001');
    expect(idOf.get(late)).toBeNull();
    expect(idOf.get(middle)).toBeNull();
    expect(idOf.get(alone)).toBe('5002');
    expect(idOf.get(gatewayA)).toBe('5001');
    expect(idOf.get(gatewayB)).toBe('5001');
    const told = await queryRows<{ receiver_id: string; type: string }>(
      db,
      sql`SELECT receiver_id, type FROM notifications WHERE receiver_type = 'business'`,
    );
    expect(told.map((n) => n.receiver_id).sort()).toEqual([late, middle].sort());
    expect(new Set(told.map((n) => n.type))).toEqual(new Set(['business.waba_number_released']));
    // From now on the database refuses a second Cloud business on one id.
    await expect(
      db.execute(sql`UPDATE businesses SET provider_hsm_id = '5001' WHERE id = ${late}`),
    ).rejects.toThrow();
  }, 180_000);
});
