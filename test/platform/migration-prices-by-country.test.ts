import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fillContactCountries } from '../../src/modules/contacts/index.js';
import { queryRows, runMigrations } from '../../src/platform/db/client.js';
import { databaseBefore } from './database-before.js';

const MIGRATION = '0043_prices_by_country';

describe('the migration that brings the rate card and the contacts country', () => {
  let before: Awaited<ReturnType<typeof databaseBefore>> | undefined;
  afterAll(async () => {
    await before?.close();
  });

  it("seeds the card's defaults from the saved rates (Nigeria has no row: it pays them); older contacts are backfilled after", async () => {
    before = await databaseBefore(MIGRATION);
    const db = before.database.db;
    await db.execute(sql`
      INSERT INTO app_settings (id, marketing_rate, utility_rate, service_rate, authentication_rate,
                                price_per_credit, low_credit_threshold, affiliate_percentage)
      VALUES (1, 2, 0.75, 0.25, 0.6, 0.02, 100, 10)`);
    const [business] = await queryRows<{ id: string }>(
      db,
      sql`WITH a AS (INSERT INTO accounts (name, email) VALUES ('P', 'p@x.test') RETURNING id)
          INSERT INTO businesses (account_id, company_name) SELECT id, 'P' FROM a RETURNING id`,
    );
    await db.execute(sql`
      INSERT INTO contacts (business_id, first_name, last_name, phone_number)
      VALUES (${business!.id}, 'A', 'B', '+2348031234567'), (${business!.id}, 'C', 'D', '+919812345678')`);

    await runMigrations(before.database);

    const card = await queryRows<{ category: string; country_code: string; price: string }>(
      db,
      sql`SELECT category, country_code, price::text AS price FROM price_card
          WHERE country_code IN ('*', 'NG', 'IN') ORDER BY category, country_code`,
    );
    expect(card.map((r) => [r.category, r.country_code, Number(r.price)])).toEqual([
      ['authentication', '*', 0.6],
      ['authentication', 'IN', 0.15],
      ['marketing', '*', 2],
      ['marketing', 'IN', 0.45],
      ['service', '*', 0.25],
      ['utility', '*', 0.75],
      ['utility', 'IN', 0.15],
    ]);
    const missing = sql`SELECT phone_number, country_code FROM contacts ORDER BY phone_number`;
    expect(
      (await queryRows<{ country_code: string | null }>(db, missing)).map((r) => r.country_code),
    ).toEqual([null, null]);
    expect(await fillContactCountries(db, null)).toBe(2);
    expect(
      (await queryRows<{ country_code: string | null }>(db, missing)).map((r) => r.country_code),
    ).toEqual(['NG', 'IN']);
  });
});
