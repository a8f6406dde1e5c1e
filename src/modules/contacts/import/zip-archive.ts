import { type Readable, Transform } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** More entries than any workbook has: the directory is held in memory, so a zip of millions is refused. */
const MAX_ENTRIES = 10_000;

/** A part of the archive unpacks to more than the caller allows (a zip bomb, or a workbook too big to read). */
export class PartTooLargeError extends Error {
  constructor(
    readonly part: string,
    readonly maxBytes: number,
  ) {
    super(`${part} unpacks to more than ${maxBytes} bytes`);
    this.name = 'PartTooLargeError';
  }
}

/**
 * A zip file on disk read with random access (yauzl): the central directory first, then only the entries
 * asked for, in the order asked for, each unpacked as a stream and cut off past a byte limit. Nothing is
 * written anywhere. Entry names are matched without case, as OOXML part names are.
 */
export class ZipArchive {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
  ) {}

  static async open(filePath: string): Promise<ZipArchive> {
    const zip = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.open(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, z) =>
        err ? reject(err) : resolve(z),
      ),
    );
    try {
      if (zip.entryCount > MAX_ENTRIES) throw new Error(`the archive has over ${MAX_ENTRIES} entries`);
      const entries = new Map<string, Entry>();
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: Entry) => {
          entries.set(entry.fileName.toLowerCase(), entry);
          zip.readEntry();
        });
        zip.once('end', resolve);
        zip.once('error', reject);
        zip.readEntry();
      });
      return new ZipArchive(zip, entries);
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  /**
   * The unpacked bytes of `name`. Fails with PartTooLargeError before reading when the directory declares
   * more than `maxBytes`, and while reading once more than that came out (a declared size can lie).
   */
  async read(name: string, maxBytes: number): Promise<Readable> {
    const entry = this.entries.get(name.toLowerCase());
    if (!entry) throw new Error(`the workbook has no ${name}`);
    if (entry.uncompressedSize > maxBytes) throw new PartTooLargeError(name, maxBytes);
    const unpacked = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))),
    );
    let seen = 0;
    const capped = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        seen += chunk.length;
        if (seen > maxBytes) cb(new PartTooLargeError(name, maxBytes));
        else cb(null, chunk);
      },
    });
    unpacked.on('error', (err) => capped.destroy(err));
    capped.on('close', () => unpacked.destroy());
    return unpacked.pipe(capped);
  }

  close(): void {
    this.zip.close();
  }
}
