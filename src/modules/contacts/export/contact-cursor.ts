import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { contacts } from '../../../platform/db/schema/index.js';
import { type ContactFilters, contactFilter } from '../contacts.repository.js';
import { sqlEscapedCell } from '../spreadsheet-cells.js';
import { openRecordCursor, type RecordCursor } from './record-cursor.js';

/** The exported fields of a contact, as columns: firstName, lastName, phoneNumber, tags (`a;b`), optIn. */
export type ExportRecord = [string, string, string, string, boolean];

export type ContactCursor = RecordCursor<ExportRecord>;

/** The business's matching contacts, newest first (the order of contacts_business_created_idx). */
export function openContactCursor(
  database: Database,
  businessId: string,
  filters: ContactFilters,
): Promise<ContactCursor> {
  return openRecordCursor<ExportRecord>(database, {
    name: 'contact_export',
    table: sql`${contacts}`,
    where: contactFilter(businessId, filters),
    // Tags leave the database already joined the way the import splits them: no array parsing per row.
    columns: [
      sql`${contacts.firstName}`,
      sql`${contacts.lastName}`,
      sql`${contacts.phoneNumber}`,
      sql`array_to_string(${contacts.tags}, ';')`,
      sql`${contacts.optIn}`,
    ],
    // The same cells as the row writer makes them (escaped, yes/no as true/false, empty as nothing), for
    // the CSV that PostgreSQL writes itself.
    csvColumns: [
      sqlEscapedCell(sql`${contacts.firstName}`),
      sqlEscapedCell(sql`${contacts.lastName}`),
      sqlEscapedCell(sql`${contacts.phoneNumber}`),
      sqlEscapedCell(sql`array_to_string(${contacts.tags}, ';')`),
      sql`CASE WHEN ${contacts.optIn} THEN 'true' ELSE 'false' END`,
    ],
    createdAt: sql`${contacts.createdAt}`,
    id: sql`${contacts.id}`,
  });
}
