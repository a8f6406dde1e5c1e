import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';

/** A contact as the consent rules and the send queue see it. */
export interface ConsentContact {
  id: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
}

const RETURNING = sql`RETURNING id, phone_number AS "phoneNumber", first_name AS "firstName", last_name AS "lastName"`;

/** Opts a number in, in the caller's transaction: creates the contact with these names when it is new. */
export async function optInContact(
  tx: Db,
  businessId: string,
  phone: string,
  firstName: string,
  lastName: string,
): Promise<ConsentContact> {
  const [contact] = await queryRows<ConsentContact>(
    tx,
    sql`
      INSERT INTO contacts (business_id, first_name, last_name, phone_number, opt_in)
      VALUES (${businessId}, ${firstName}, ${lastName}, ${phone}, true)
      ON CONFLICT (business_id, phone_number) DO UPDATE SET opt_in = true, updated_at = now()
      ${RETURNING}`,
  );
  return contact!;
}

/** Opts a number out, in the caller's transaction; null when the business has no such contact. */
export async function optOutContact(
  tx: Db,
  businessId: string,
  phone: string,
): Promise<ConsentContact | null> {
  const [row] = await queryRows<ConsentContact>(
    tx,
    sql`UPDATE contacts SET opt_in = false, updated_at = now()
        WHERE business_id = ${businessId} AND phone_number = ${phone}
        ${RETURNING}`,
  );
  return row ?? null;
}
