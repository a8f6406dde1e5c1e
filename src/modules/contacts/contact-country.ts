import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { countryOfPhone } from './phone.js';

/** Contacts derived per statement: small enough to keep each update's lock and trigger work short. */
export const COUNTRY_BATCH = 5000;

/**
 * Derives `country_code` of contacts that have none yet (docs/decisions/payments.md "How does a contact get
 * its country?"): rows written before the column existed, and those an import's bulk insert left to it.
 * The country comes from the phone through the phone library, which SQL cannot run, so it is read, derived
 * here and written back, `batch` rows a statement, of one business or of all (the backfill job). Rows other
 * writers hold are skipped, not waited for. Returns how many were set.
 */
export async function fillContactCountries(
  db: Db,
  businessId: string | null,
  opts: { batch?: number; maxBatches?: number } = {},
): Promise<number> {
  const batch = opts.batch ?? COUNTRY_BATCH;
  let filled = 0;
  for (let round = 0; round < (opts.maxBatches ?? Number.POSITIVE_INFINITY); round++) {
    const rows = await queryRows<{ id: string; phone_number: string }>(
      db,
      sql`SELECT id, phone_number FROM contacts
          WHERE country_code IS NULL ${businessId ? sql`AND business_id = ${businessId}` : sql``}
          LIMIT ${batch} FOR UPDATE SKIP LOCKED`,
    );
    if (!rows.length) break;
    await db.execute(sql`
      UPDATE contacts c SET country_code = v.country
      FROM unnest(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[],
                  ${`{${rows.map((r) => r.phone_number).join(',')}}`}::text[],
                  ${`{${rows.map((r) => countryOfPhone(r.phone_number)).join(',')}}`}::text[]) AS v(id, phone, country)
      -- A phone changed since it was read has its country written by its own writer.
      WHERE c.id = v.id AND c.phone_number = v.phone AND c.country_code IS NULL`);
    filled += rows.length;
    if (rows.length < batch) break;
  }
  return filled;
}
