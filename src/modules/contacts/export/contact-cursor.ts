import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { contactCounts, contacts, contactTagSets } from '../../../platform/db/schema/index.js';
import { type ContactFilters, contactFilter } from '../contacts.repository.js';
import { sqlEscapedCell } from '../spreadsheet-cells.js';
import { openRecordCursor, type RecordCursor } from './record-cursor.js';

/**
 * The exported fields of a contact, as columns: firstName, lastName, phoneNumber, tags (`a;b`), optIn,
 * countryCode, then one column per contact field of the business, its value as text (empty when it has none).
 */
export type ExportRecord = [string, string, string, string, boolean, string, ...(string | null)[]];

export type ContactCursor = RecordCursor<ExportRecord>;

/** The business's matching contacts, for `streamExport`. */
export function openContactCursor(
  database: Database,
  businessId: string,
  filters: ContactFilters,
  fieldKeys: readonly string[] = [],
): Promise<ContactCursor> {
  // Values leave as the import reads them back: text, numbers, YYYY-MM-DD, true/false.
  const fieldCells = fieldKeys.map((k) => sql`(${contacts.fields} ->> ${k})`);
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
      sql`coalesce(${contacts.countryCode}, '')`,
      ...fieldCells,
    ],
    // The same cells as the row writer makes them (escaped, yes/no as true/false, empty as nothing), for
    // the CSV that PostgreSQL writes itself.
    csvColumns: [
      sqlEscapedCell(sql`${contacts.firstName}`),
      sqlEscapedCell(sql`${contacts.lastName}`),
      sqlEscapedCell(sql`${contacts.phoneNumber}`),
      sqlEscapedCell(sql`array_to_string(${contacts.tags}, ';')`),
      sql`CASE WHEN ${contacts.optIn} THEN 'true' ELSE 'false' END`,
      // NULL, not '': COPY quotes an empty string ("") where the row writer writes nothing. A code needs no quotes.
      sql`${contacts.countryCode}`,
      ...fieldCells.map((cell) => sqlEscapedCell(cell)),
    ],
    count: keptCount(businessId, filters),
    createdAt: sql`${contacts.createdAt}`,
    id: sql`${contacts.id}`,
  });
}

/**
 * X-Record-Count from the counts the triggers keep in the writing transaction, read in the export's own
 * snapshot, so it equals the rows written without counting a million of them: contact_counts for everyone
 * or by opt-in, the sum over the business's tag sets holding the tag for a tag. A search is counted.
 */
function keptCount(businessId: string, filters: ContactFilters): SQL | undefined {
  if (filters.search || filters.where) return undefined;
  const pick = (total: SQL, optedIn: SQL) =>
    filters.optIn === undefined ? total : filters.optIn ? optedIn : sql`${total} - ${optedIn}`;
  if (filters.tag)
    return sql`SELECT coalesce(sum(${pick(sql`${contactTagSets.total}`, sql`${contactTagSets.optedIn}`)}), 0)::int AS n
               FROM ${contactTagSets}
               WHERE ${contactTagSets.businessId} = ${businessId} AND ${contactTagSets.tags} @> ARRAY[${filters.tag}]::text[]`;
  return sql`SELECT coalesce((SELECT ${pick(sql`${contactCounts.total}`, sql`${contactCounts.optedIn}`)}
                              FROM ${contactCounts} WHERE ${contactCounts.businessId} = ${businessId}), 0)::int AS n`;
}
