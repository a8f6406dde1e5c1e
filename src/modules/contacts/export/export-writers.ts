import type { EventEmitter } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify as stringifyBatch } from 'csv-stringify/sync';
import type { Worksheet } from 'exceljs';
import type { Logger } from 'pino';
import { escapeCell } from '../spreadsheet-cells.js';
import type { Cell, RecordCursor } from './record-cursor.js';

/**
 * The import's own column names, in this order: an export imports back unchanged (the import ignores
 * `countryCode`, which it derives from the phone).
 */
export const EXPORT_COLUMNS = [
  'firstName',
  'lastName',
  'phoneNumber',
  'tags',
  'optIn',
  'countryCode',
] as const;

/** A file's header row and sheet name. */
export interface ExportLayout {
  columns: readonly string[];
  sheet: string;
}

export const CONTACT_LAYOUT: ExportLayout = { columns: EXPORT_COLUMNS, sheet: 'Contacts' };

/** Text escaped against formula injection; a yes/no stays one (XLSX keeps it a boolean); nothing is empty. */
function cell(value: Cell): string | boolean {
  if (value === null) return '';
  return typeof value === 'boolean' ? value : escapeCell(value);
}

/**
 * CRLF between records; a cell holding a line break (CR or LF alone, as a name may) is quoted, as RFC 4180
 * and PostgreSQL's COPY quote it (csv-stringify quotes only a whole CRLF once the delimiter is set).
 */
const CSV_OPTIONS = { record_delimiter: 'windows', quote_record_delimiter: true } as const;

const csvCell = (value: Cell) => {
  const c = cell(value);
  return typeof c === 'boolean' ? (c ? 'true' : 'false') : c;
};

/**
 * CSV (RFC 4180: CRLF, quotes where needed) streamed from the cursor: by the database's own COPY where the
 * cursor offers it (byte for byte the same file), else csv-stringify writes each batch in one call, so the
 * stream carries a chunk per few thousand rows rather than an object per row.
 */
export function csvExport(cursor: RecordCursor, logger: Logger, layout = CONTACT_LAYOUT): Readable {
  const header = stringifyBatch([], { header: true, columns: [...layout.columns], ...CSV_OPTIONS });
  const failed = (err: Error) => {
    // The response has begun: the client sees a cut download; the log keeps the cause.
    if (err.name !== 'AbortError' && !/premature close/i.test(err.message))
      logger.error({ err }, 'CSV export failed');
  };
  // PostgreSQL formats the same records itself, several times faster than rows through the driver; its
  // stream is the body itself, with nothing between it and the response but the idle guard.
  if (cursor.csv) {
    const records = cursor.csv(header);
    records.once('error', failed);
    return records;
  }
  async function* chunks() {
    yield header;
    for await (const batch of cursor.batches()) {
      const records = batch.map((r) => r.map(csvCell));
      yield stringifyBatch(records, CSV_OPTIONS);
    }
  }
  const out = new PassThrough();
  pipeline(chunks(), out).catch(failed);
  return out;
}

/**
 * XLSX through exceljs's streaming writer: inline strings (no shared-string table held in memory), no
 * styles, fast deflate. The writer ignores backpressure: each committed row goes at once into the zip
 * entry's input buffer, which grows without bound when the client reads slower than the database gives.
 * So after each batch the producer waits until that buffer and the response have drained: memory holds
 * about one batch, whatever the size of the export and the speed of the client.
 */
export function xlsxExport(cursor: RecordCursor, logger: Logger, layout = CONTACT_LAYOUT): Readable {
  const out = new PassThrough();
  const produce = async () => {
    // Loaded on the first XLSX export, not at start-up: most processes never write one.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
      zip: { zlib: { level: 1 } },
    });
    const sheet = workbook.addWorksheet(layout.sheet);
    sheet.addRow([...layout.columns]).commit();
    for await (const batch of cursor.batches()) {
      for (const r of batch) sheet.addRow(r.map(cell)).commit();
      const input = zipEntryInput(sheet);
      if (input && input._writableState.length > 0) await drainOrClose(input, out);
      if (out.writableNeedDrain) await drainOrClose(out, out);
      if (out.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  produce().catch((err: Error) => {
    if (!out.destroyed) {
      logger.error({ err }, 'XLSX export failed');
      out.destroy(err);
    }
  });
  return out;
}

type BufferedInput = EventEmitter & { _writableState: { length: number } };

/**
 * The stream exceljs writes a worksheet's XML into (archiver wraps the worksheet's own buffer in a
 * PassThrough it reads when it compresses), or null if a future exceljs builds it otherwise: then only the
 * response is watched.
 */
function zipEntryInput(sheet: Worksheet): BufferedInput | null {
  const pipes = (sheet as unknown as { _stream?: { pipes?: unknown[] } })._stream?.pipes;
  const input = pipes?.[0] as Partial<BufferedInput> | undefined;
  return input && typeof input.once === 'function' && input._writableState ? (input as BufferedInput) : null;
}

/** Waits until `stream` has drained, or the response is gone (a client that left must not hold the cursor). */
function drainOrClose(stream: EventEmitter, out: Writable): Promise<void> {
  if (out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      out.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    out.on('close', done);
  });
}
