import type { WebhookEvent } from '../webhook-endpoints/index.js';
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
