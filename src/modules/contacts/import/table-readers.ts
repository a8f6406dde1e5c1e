import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { ValidationError } from '../../../platform/http/errors.js';
import { SafeFetchError } from '../../../platform/net/safe-fetch.js';

/** One row of a table file: its position (1 = first record of the file) and its cells as text. */
export interface TableRow {
  position: number;
  cells: string[];
}

/** The longest record accepted: a quote left open must not make one "record" of the whole file. */
const MAX_RECORD_BYTES = 64 * 1024;
const SNIFF_BYTES = 64 * 1024;

/**
 * The delimiter of a CSV, from its first line: the most frequent of comma, semicolon (spreadsheets in
 * many locales) and tab, outside quotes; comma on a tie.
 */
export function sniffDelimiter(firstLine: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/** Reads up to the first line break (or SNIFF_BYTES) and hands back those chunks with the rest of the stream. */
async function peekFirstLine(body: Readable): Promise<{ firstLine: string; stream: Readable }> {
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let size = 0;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    size += next.value.length;
    if (next.value.includes(10) || next.value.includes(13)) break;
  }
  const text = Buffer.concat(head)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  async function* replay() {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return {
    firstLine: text.split(/\r?\n|\r/, 1)[0] ?? '',
    stream: Readable.from(replay(), { objectMode: false }),
  };
}

/**
 * CSV records, streamed: UTF-8 BOM, CRLF/LF/CR line ends, quoted fields with delimiters, quotes and line
 * breaks all work. An empty line is a record of one empty cell, which the import skips as a blank row but
 * counts, so `position` is the record's place in the file, as a spreadsheet numbers its rows (with
 * `skip_empty_lines` the parser would not count them, and every row after one would be reported too early).
 * A malformed file (a quote never closed, a record over 64 KiB) is a 400 that names the line; since
 * nothing is written before the whole file is read, it imports nothing.
 */
export async function* csvRows(body: Readable): AsyncGenerator<TableRow> {
  const { firstLine, stream } = await peekFirstLine(body);
  const parser = parse({
    bom: true,
    delimiter: sniffDelimiter(firstLine),
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  const piping = pipeline(stream, parser).catch(() => {
    // The error reaches the parser (pipeline destroys it with the cause), so the loop below throws it.
  });
  let position = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      position++;
      yield { position, cells: record };
    }
  } catch (err) {
    throw fileError(err, 'CSV');
  } finally {
    stream.destroy();
    body.destroy();
    await piping;
  }
}

/** Limits and fetch failures keep their own message; anything else the parser threw means a malformed file. */
export function fileError(err: unknown, kind: 'CSV' | 'XLSX'): Error {
  if (err instanceof SafeFetchError || err instanceof ValidationError) return err;
  const detail = err instanceof Error ? err.message.split('\n')[0]!.slice(0, 200) : String(err);
  return ValidationError.field(
    'fileUrl',
    kind === 'CSV'
      ? `The CSV file could not be read: ${detail}`
      : `The file is not a readable XLSX workbook: ${detail}`,
  );
}
