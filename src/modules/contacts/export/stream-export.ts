import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { TransferLimits } from '../transfer-limits.js';
import { csvExport, type ExportLayout, xlsxExport } from './export-writers.js';
import { endWhenIdle } from './idle-guard.js';
import type { RecordCursor } from './record-cursor.js';

export interface FileExport {
  body: Readable;
  contentType: string;
  fileName: string;
  count: number;
}

/**
 * A CSV or XLSX download of a cursor's rows, under the process's transfer limits: a 429 when the business
 * already runs its share of transfers or every slot is taken; the slot is held until the body closes (read
 * to the end, cut by the client, ended by the idle guard when the client stops reading, or by the deadline). Contacts and campaign messages both export through this.
 */
export async function streamExport(args: {
  limits: TransferLimits;
  /** Whose export: it counts against that business's share. */
  businessId: string;
  open: () => Promise<RecordCursor>;
  layout: ExportLayout;
  format: 'csv' | 'xlsx';
  fileBase: string;
  idleMs: number;
  logger: Logger;
}): Promise<FileExport> {
  const ticket = args.limits.begin(args.businessId);
  let releaseSlot: () => void;
  try {
    releaseSlot = args.limits.trySlot();
  } catch (err) {
    ticket.release();
    throw err;
  }
  const release = () => {
    releaseSlot();
    ticket.release();
  };
  let cursor: RecordCursor;
  try {
    cursor = await args.open();
  } catch (err) {
    release();
    throw err;
  }
  const written =
    args.format === 'xlsx'
      ? xlsxExport(cursor, args.logger, args.layout)
      : csvExport(cursor, args.logger, args.layout);
  const body = endWhenIdle(written, args.idleMs);
  // A client reading slowly but steadily passes the idle guard; the deadline ends it all the same.
  const stop = () => body.destroy(ticket.signal.reason as Error);
  ticket.signal.addEventListener('abort', stop, { once: true });
  body.once('close', () => {
    ticket.signal.removeEventListener('abort', stop);
    // The writer closes the cursor when it stops; this covers a body ended before the writer began.
    cursor
      .close()
      .catch(() => {})
      .finally(release);
  });
  const date = new Date().toISOString().slice(0, 10);
  return args.format === 'xlsx'
    ? {
        body,
        contentType: 'application/xlsx',
        fileName: `${args.fileBase}-${date}.xlsx`,
        count: cursor.total,
      }
    : {
        body,
        contentType: 'text/csv; charset=utf-8',
        fileName: `${args.fileBase}-${date}.csv`,
        count: cursor.total,
      };
}
