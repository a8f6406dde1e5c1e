import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { type WebhookEvent, webhookOutboxSql } from '../webhook-endpoints/index.js';
import type { ContactRow } from './contacts.repository.js';

/** The `contact.created` event of a contact just stored; `source` says how it came (docs/api.md). */
export function contactCreatedEvent(row: ContactRow, source: 'api' | 'inbound'): WebhookEvent {
  return {
    type: 'contact.created',
    at: row.createdAt,
    data: {
      contactId: row.id,
      phoneNumber: row.phoneNumber,
      firstName: row.firstName,
      lastName: row.lastName,
      optIn: row.optIn,
      tags: row.tags,
      source,
    },
  };
}

/** The `contact.opted_out` event of a contact just opted out; `reason` when the provider gave one. */
export function contactOptedOutEvent(
  row: { id: string; phoneNumber: string; firstName: string; lastName: string },
  reason: string | null,
): WebhookEvent {
  return {
    type: 'contact.opted_out',
    at: new Date(),
    data: {
      contactId: row.id,
      phoneNumber: row.phoneNumber,
      firstName: row.firstName,
      lastName: row.lastName,
      reason,
    },
  };
}

/**
 * The `contact.created` events of the contacts an import's transaction inserted (`source: "import"`), in that
 * transaction, before it commits. The rows are told apart by `xmin`: the import's insert skips numbers already
 * kept (ON CONFLICT DO NOTHING) and changes no other row, so the rows this transaction wrote are exactly the
 * contacts it made. Nothing is read when no endpoint of the business subscribes (the one-time filter).
 */
export async function announceImportedContacts(tx: Db, businessId: string): Promise<void> {
  await tx.execute(sql`
    WITH created AS (
      SELECT id, phone_number, first_name, last_name, opt_in, tags, created_at FROM contacts
      WHERE business_id = ${businessId}
        AND EXISTS (SELECT 1 FROM webhook_endpoints e
                    WHERE e.business_id = ${businessId} AND e.enabled AND 'contact.created' = ANY(e.event_types))
        AND xmin = (txid_current() % 4294967296)::text::xid
    ), hooks AS (${webhookOutboxSql(sql`
      SELECT ${businessId}::uuid, 'contact.created', created_at,
             jsonb_build_object('contactId', id, 'phoneNumber', phone_number, 'firstName', first_name,
                                'lastName', last_name, 'optIn', opt_in, 'tags', to_jsonb(tags), 'source', 'import')
      FROM created`)})
    SELECT 1`);
}
