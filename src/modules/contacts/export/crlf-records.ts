import { Transform, type TransformCallback } from 'node:stream';

const QUOTE = 0x22;
const LF = 0x0a;

/**
 * PostgreSQL's CSV ends each record with LF; the export's files end them with CRLF (RFC 4180, what the row
 * writer makes). This adds a CR before each LF that ends a record, and leaves alone an LF inside a quoted
 * cell (a name may hold a line break), tracking the quotes across chunks. Quotes are rare, so each chunk is
 * a few `indexOf` scans and one copy.
 */
export class CrlfRecords extends Transform {
  private quoted = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const ends: number[] = [];
    const n = chunk.length;
    let i = 0;
    let quote = chunk.indexOf(QUOTE, i);
    while (i < n) {
      if (this.quoted) {
        if (quote < 0) break;
        this.quoted = false;
        i = quote + 1;
        quote = chunk.indexOf(QUOTE, i);
        continue;
      }
      const lf = chunk.indexOf(LF, i);
      if (lf < 0) {
        // No record ends here; a quote opened after the last LF carries over to the next chunk.
        if (quote >= 0) this.quoted = countQuotes(chunk, quote) % 2 === 1;
        break;
      }
      if (quote >= 0 && quote < lf) {
        this.quoted = true;
        i = quote + 1;
        quote = chunk.indexOf(QUOTE, i);
        continue;
      }
      ends.push(lf);
      i = lf + 1;
    }
    if (!ends.length) {
      callback(null, chunk);
      return;
    }
    const out = Buffer.allocUnsafe(n + ends.length);
    let from = 0;
    let to = 0;
    for (const lf of ends) {
      to += chunk.copy(out, to, from, lf);
      out[to++] = 0x0d;
      from = lf;
    }
    chunk.copy(out, to, from, n);
    callback(null, out);
  }
}

function countQuotes(chunk: Buffer, from: number): number {
  let count = 0;
  for (let i = chunk.indexOf(QUOTE, from); i >= 0; i = chunk.indexOf(QUOTE, i + 1)) count++;
  return count;
}
