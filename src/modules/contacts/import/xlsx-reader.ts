import type { Readable } from 'node:stream';
import { ValidationError } from '../../../platform/http/errors.js';
import { cellTooLong, MAX_CELL_CHARS, readSharedStrings, SharedStrings } from './shared-strings.js';
import { fileError, type TableRow } from './table-readers.js';
import { locateWorkbookParts } from './workbook-parts.js';
import { xmlChunks } from './xml-events.js';
import { PartTooLargeError, ZipArchive } from './zip-archive.js';

/**
 * Columns read per row. A contact file has a handful; a cell written at column XFD would otherwise make
 * every row 16,384 cells wide from 30 bytes of XML.
 */
const MAX_COLUMNS = 1024;

/** Column index (0 = A) of a cell reference such as `AB12`, or null when it has none. */
function columnOf(ref: string | undefined): number | null {
  const letters = ref ? /^[A-Za-z]{1,3}/.exec(ref)?.[0] : undefined;
  if (!letters) return null;
  let index = 0;
  for (const ch of letters.toUpperCase()) index = index * 26 + (ch.charCodeAt(0) - 64);
  return index - 1;
}

/** The text a spreadsheet shows for a cell of type `type` whose value is `raw` (formulas: their cached result). */
function cellText(type: string, raw: string, strings: SharedStrings): string {
  switch (type) {
    case 's':
      return strings.get(Number.parseInt(raw, 10));
    case 'b':
      return raw.trim() === '' ? '' : Number(raw) !== 0 ? 'true' : 'false';
    case 'e':
      return '';
    case 'n': {
      const n = raw.trim() === '' ? Number.NaN : Number(raw);
      if (!Number.isFinite(n)) return raw;
      return Number.isInteger(n) ? n.toFixed(0) : String(n);
    }
    default: // str (a formula's text), inlineStr, d (ISO date)
      return raw;
  }
}

/**
 * The rows of `<sheetData>`, streamed: `position` is the row's `r` (the number the sheet shows), cells are
 * placed by their reference, so an empty cell or row keeps its place. Reading stops at `</sheetData>`.
 */
async function* sheetRows(source: Readable, strings: SharedStrings): AsyncGenerator<TableRow> {
  const ready: TableRow[] = [];
  let inData = false;
  let done = false;
  let row: { position: number; cells: string[] } | null = null;
  let lastPosition = 0;
  let cell: { column: number; type: string; parts: string[]; chars: number } | null = null;
  let column = -1;
  let capture = false;
  let phonetic = 0;

  const chunks = xmlChunks(source, {
    open(name, a) {
      if (name === 'sheetData') inData = true;
      else if (!inData) return;
      else if (name === 'row') {
        const r = Number.parseInt(a.r ?? '', 10);
        lastPosition = Number.isInteger(r) && r > 0 ? r : lastPosition + 1;
        row = { position: lastPosition, cells: [] };
        column = -1;
      } else if (name === 'c' && row) {
        column = columnOf(a.r) ?? column + 1;
        cell = { column, type: a.t ?? 'n', parts: [], chars: 0 };
      } else if (name === 'rPh') phonetic++;
      else if (cell && !phonetic && (name === 'v' || (name === 't' && cell.type === 'inlineStr'))) {
        capture = true;
      }
    },
    text(text) {
      if (!capture || !cell) return;
      cell.chars += text.length;
      if (cell.chars > MAX_CELL_CHARS) throw cellTooLong();
      cell.parts.push(text);
    },
    close(name) {
      if (name === 'v' || name === 't') capture = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'c' && row && cell) {
        if (cell.column < MAX_COLUMNS)
          row.cells[cell.column] = cellText(cell.type, cell.parts.join(''), strings);
        cell = null;
      } else if (name === 'row' && row) {
        ready.push({ position: row.position, cells: Array.from(row.cells, (c) => c ?? '') });
        row = null;
      } else if (name === 'sheetData') done = true;
    },
  });
  for await (const _ of chunks) {
    yield* ready.splice(0);
    if (done) return;
  }
  yield* ready;
}

/**
 * The rows of an XLSX workbook's first sheet (tab order), read from a local file with random access: the
 * workbook and its relationships to find the sheet, the shared strings, then that one sheet, streamed.
 * Every part is cut off at `maxPartBytes` unpacked (a 400), and nothing is unpacked to disk.
 */
export async function* xlsxRows(filePath: string, maxPartBytes: number): AsyncGenerator<TableRow> {
  let zip: ZipArchive | undefined;
  try {
    zip = await ZipArchive.open(filePath);
    const parts = await locateWorkbookParts(zip, maxPartBytes);
    const strings = parts.sharedStrings
      ? await readSharedStrings(await zip.read(parts.sharedStrings, maxPartBytes))
      : new SharedStrings();
    yield* sheetRows(await zip.read(parts.sheet, maxPartBytes), strings);
  } catch (err) {
    if (err instanceof PartTooLargeError) {
      throw ValidationError.field(
        'fileUrl',
        `The workbook is too large once unpacked: ${err.part} is over the limit of ${err.maxBytes} bytes`,
      );
    }
    throw fileError(err, 'XLSX');
  } finally {
    zip?.close();
  }
}
