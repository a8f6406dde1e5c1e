import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { webhookOutboxSql } from '../webhook-endpoints/index.js';
import { countryOfPhone } from './phone.js';

/**
 * The contacts of numbers that wrote to the business (in the caller's transaction when it has one): created with these names
 * when new, never opted in by writing (consent is START or the business's own list); existing ones are left
 * as they are. Returns each number's contact id.
 *
 * `unflushedCommit`, for a caller that runs it as a statement of its own (no transaction around it) and then
 * commits a write naming the contacts: the statement commits without waiting for its WAL to reach disk. New
 * contacts move the business's contact counts, a row each writer holds locked until its commit, so waiting
 * for the flush under that lock queues every delivery with new numbers behind the one before. The caller's
 * next commit flushes this one too (the WAL is flushed in order); a crash before it loses only contacts
 * nothing durable names yet, with their outbox rows.
 */
export async function ensureContacts(
  tx: Db,
  businessId: string,
  people: { phone: string; firstName: string; lastName: string }[],
  opts: { unflushedCommit?: boolean } = {},
): Promise<Map<string, string>> {
  if (!people.length) return new Map();
  const rows = await queryRows<{ id: string; phone: string }>(
    tx,
    sql`
      WITH p AS (
        SELECT DISTINCT ON (phone) * FROM jsonb_to_recordset(${JSON.stringify(people.map((p) => ({ ...p, country: countryOfPhone(p.phone) })))}::jsonb)
          AS p(phone text, "firstName" text, "lastName" text, country text)
        ORDER BY phone
      ),${
        opts.unflushedCommit
          ? sql`
      -- Local to this statement's own transaction; read when it commits.
      unflushed AS (SELECT set_config('synchronous_commit', 'off', true)),`
          : sql``
      } created AS (
        INSERT INTO contacts (business_id, first_name, last_name, phone_number, opt_in, country_code)
        SELECT ${businessId}, "firstName", "lastName", phone, false, country FROM p${
          opts.unflushedCommit ? sql` CROSS JOIN unflushed` : sql``
        } ORDER BY phone
        ON CONFLICT (business_id, phone_number) DO NOTHING
        RETURNING id, phone_number, first_name, last_name, created_at
      ),
      -- Outgoing webhooks: the contacts this made (a new number wrote to the business).
      hooks AS (${webhookOutboxSql(sql`
        SELECT ${businessId}::uuid, 'contact.created', created_at,
               jsonb_build_object('contactId', id, 'phoneNumber', phone_number, 'firstName', first_name,
                                  'lastName', last_name, 'optIn', false, 'tags', '[]'::jsonb, 'source', 'inbound')
        FROM created`)})
      SELECT id, phone_number AS phone FROM created
      UNION ALL
      -- LATERAL with LIMIT: one probe of the (business, phone) index per number, never a join over all the
      -- business's contacts (the planner's choice when it misjudges how many numbers come in).
      SELECT c.id, c.phone_number FROM p CROSS JOIN LATERAL (
        SELECT id, phone_number FROM contacts
        WHERE business_id = ${businessId} AND phone_number = p.phone LIMIT 1
      ) c`,
  );
  return new Map(rows.map((r) => [r.phone, r.id]));
}
