import type { Readable } from 'node:stream';
import { ValidationError } from '../../../platform/http/errors.js';
import { parseXml } from './xml-events.js';

/** Excel's own limit on the text of one cell: nothing longer comes from a spreadsheet. */
export const MAX_CELL_CHARS = 32_767;

/**
 * Memory the shared-string table of one import may take: UTF-8 text plus 8 bytes of index per string.
 * Enough for a million contacts whose names and phones are all distinct text (about 50 MiB); a table of
 * repeated tiny strings that unpacks from a few hundred KB (the zip bomb) stops here, not in the heap.
 */
export const SHARED_STRINGS_MAX_BYTES = 64 * 1024 * 1024;

export const cellTooLong = () =>
  ValidationError.field('fileUrl', `A cell of the workbook holds more than ${MAX_CELL_CHARS} characters`);

/** The table's text is kept in blocks of this size, so it grows without ever copying what it holds. */
const BLOCK_BYTES = 1024 * 1024;

/**
 * Excel's table of distinct texts (cells of type `s` hold an index into it), kept compactly: the strings'
 * UTF-8 bytes end to end in 1 MiB blocks (a string never spans two) and their positions in typed arrays,
 * with no object per string. Millions of short strings as JS strings would cost some 40 bytes each before
 * their text.
 */
export class SharedStrings {
  private readonly blocks: Buffer[] = [];
  private used = BLOCK_BYTES; // in the last block; full, so the first string opens one
  private bytes = 0;
  private starts: Uint32Array = new Uint32Array(1024);
  private ends: Uint32Array = new Uint32Array(1024);
  private count = 0;

  constructor(private readonly maxBytes = SHARED_STRINGS_MAX_BYTES) {}

  /** Throws when `chars` more characters (at least as many bytes) would not fit the budget. */
  ensureRoom(chars: number): void {
    if (this.bytes + (this.count + 1) * 8 + chars > this.maxBytes) {
      throw ValidationError.field(
        'fileUrl',
        `The workbook's shared strings take more than ${this.maxBytes} bytes: split the file or save it as CSV`,
      );
    }
  }

  add(text: string): void {
    const size = Buffer.byteLength(text);
    this.ensureRoom(size);
    if (this.used + size > BLOCK_BYTES) {
      this.blocks.push(Buffer.allocUnsafe(Math.max(BLOCK_BYTES, size)));
      this.used = 0;
    }
    if (this.count === this.ends.length) {
      this.starts = grown(this.starts);
      this.ends = grown(this.ends);
    }
    const block = this.blocks.length - 1;
    // Positions are block * BLOCK_BYTES + offset: a string is found from its index alone.
    this.starts[this.count] = block * BLOCK_BYTES + this.used;
    this.used += this.blocks[block]!.write(text, this.used);
    this.ends[this.count++] = block * BLOCK_BYTES + this.used;
    this.bytes += size;
  }

  /** The string at `index`; an index the table does not have reads as an empty cell. */
  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return '';
    const start = this.starts[index]!;
    const block = Math.floor(start / BLOCK_BYTES);
    const offset = block * BLOCK_BYTES;
    return this.blocks[block]!.toString('utf8', start - offset, this.ends[index]! - offset);
  }
}

function grown(array: Uint32Array): Uint32Array {
  const bigger = new Uint32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * Reads `sharedStrings.xml`: each `<si>` is the text of its `<t>` elements (plain, or the runs of rich
 * text), without phonetic guides (`<rPh>`), which are annotations rather than the cell's text.
 */
export async function readSharedStrings(
  source: Readable,
  maxBytes = SHARED_STRINGS_MAX_BYTES,
): Promise<SharedStrings> {
  const table = new SharedStrings(maxBytes);
  let parts: string[] | null = null;
  let chars = 0;
  let inText = false;
  let phonetic = 0;
  await parseXml(source, {
    open(name) {
      if (name === 'si') {
        parts = [];
        chars = 0;
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && parts && !phonetic) inText = true;
    },
    text(text) {
      if (!inText || !parts) return;
      chars += text.length;
      if (chars > MAX_CELL_CHARS) throw cellTooLong();
      table.ensureRoom(chars);
      parts.push(text);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && parts) {
        table.add(parts.join(''));
        parts = null;
      }
    },
  });
  return table;
}
