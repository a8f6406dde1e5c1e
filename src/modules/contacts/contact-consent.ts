import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { enqueueWebhookEvents } from '../webhook-endpoints/index.js';
import { contactOptedOutEvent } from './contact-webhooks.js';
import { countryOfPhone } from './phone.js';

/** A contact as the consent rules and the send queue see it. */
export interface ConsentContact {
  id: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  countryCode: string | null;
}

const RETURNING = sql`RETURNING id, phone_number AS "phoneNumber", first_name AS "firstName", last_name AS "lastName", country_code AS "countryCode"`;

/** Opts a number in, in the caller's transaction: creates the contact with these names when it is new. */
export async function optInContact(
  tx: Db,
  businessId: string,
  phone: string,
  firstName: string,
  lastName: string,
): Promise<ConsentContact> {
  const [row] = await queryRows<ConsentContact & { created: boolean }>(
    tx,
    sql`
      INSERT INTO contacts (business_id, first_name, last_name, phone_number, opt_in, country_code)
      VALUES (${businessId}, ${firstName}, ${lastName}, ${phone}, true, ${countryOfPhone(phone)})
      ON CONFLICT (business_id, phone_number) DO UPDATE SET opt_in = true, opt_out_reason = NULL, updated_at = now()
      ${RETURNING}, (xmax = 0) AS created`,
  );
  const { created, ...contact } = row!;
  // A new number that opted in (START) is a contact made: the outgoing webhooks hear of it.
  if (created)
    await enqueueWebhookEvents(tx, businessId, [
      {
        type: 'contact.created',
        at: new Date(),
        data: {
          contactId: contact.id,
          phoneNumber: contact.phoneNumber,
          firstName: contact.firstName,
          lastName: contact.lastName,
          optIn: true,
          tags: [],
          source: 'opt-in',
        },
      },
    ]);
  return contact;
}

/** Opts a number out, in the caller's transaction; null when the business has no such contact. */
export async function optOutContact(
  tx: Db,
  businessId: string,
  phone: string,
  /** Why, when the provider said so (131050, a `user_preferences` stop); a STOP keyword gives none. */
  reason: string | null = null,
): Promise<ConsentContact | null> {
  const [row] = await queryRows<ConsentContact>(
    tx,
    sql`UPDATE contacts SET opt_in = false, opt_out_reason = ${reason}, updated_at = now()
        WHERE business_id = ${businessId} AND phone_number = ${phone}
        ${RETURNING}`,
  );
  if (row) await enqueueWebhookEvents(tx, businessId, [contactOptedOutEvent(row, reason)]);
  return row ?? null;
}
