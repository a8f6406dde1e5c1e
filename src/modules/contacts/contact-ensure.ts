import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';

/**
 * The contact of a number that wrote to the business, in the caller's transaction: created with these
 * names when the number is new, never opted in by writing (consent is START or the business's own list).
 * An existing contact is left as it is. Returns its id.
 */
export async function ensureContact(
  tx: Db,
  businessId: string,
  phone: string,
  firstName: string,
  lastName: string,
): Promise<string> {
  const [created] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO contacts (business_id, first_name, last_name, phone_number, opt_in)
        VALUES (${businessId}, ${firstName}, ${lastName}, ${phone}, false)
        ON CONFLICT (business_id, phone_number) DO NOTHING
        RETURNING id`,
  );
  if (created) return created.id;
  const [existing] = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM contacts WHERE business_id = ${businessId} AND phone_number = ${phone}`,
  );
  return existing!.id;
}
