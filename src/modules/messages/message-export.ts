import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { campaignMessages } from '../../platform/db/schema/index.js';
import { type ExportLayout, openRecordCursor, type RecordCursor } from '../contacts/index.js';
import { type MessageFilters, messageFilter } from './message-reads.js';

/** A campaign's messages as a file: the recipient, the state and when each step happened (UTC, ISO 8601). */
export const MESSAGE_EXPORT_LAYOUT: ExportLayout = {
  columns: [
    'firstName',
    'lastName',
    'phoneNumber',
    'status',
    'sentAt',
    'deliveredAt',
    'readAt',
    'clickedAt',
    'failedAt',
    'errorCode',
    'failureReason',
  ],
  sheet: 'Messages',
};

const isoText = (column: unknown) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The messages of one campaign matching the list's filters, for `streamExport`. */
export function openMessageCursor(
  database: Database,
  campaignId: string,
  filters: MessageFilters,
): Promise<RecordCursor> {
  const m = campaignMessages;
  return openRecordCursor(database, {
    name: 'message_export',
    table: sql`${m}`,
    where: messageFilter(campaignId, filters),
    columns: [
      sql`${m.firstName}`,
      sql`${m.lastName}`,
      sql`${m.phoneNumber}`,
      sql`${m.status}::text`,
      isoText(m.sentAt),
      isoText(m.deliveredAt),
      isoText(m.readAt),
      isoText(m.clickedAt),
      isoText(m.failedAt),
      sql`${m.errorCode}`,
      // A reason shows only on a failed message, as in the list.
      sql`CASE WHEN ${m.status} = 'failed' THEN ${m.error} END`,
    ],
    createdAt: sql`${m.createdAt}`,
    id: sql`${m.id}`,
  });
}
