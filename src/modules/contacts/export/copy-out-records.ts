import { Readable } from 'node:stream';
import type pg from 'pg';

// Message codes of the protocol's copy-out mode.
const COPY_DATA = 0x64; // d
const COPY_DONE = 0x63; // c
const COPY_OUT_RESPONSE = 0x48; // H
// May come between CopyData messages; nothing of them belongs in the file.
const NOTICE_RESPONSE = 0x4e; // N
const PARAMETER_STATUS = 0x53; // S
const NOTIFICATION_RESPONSE = 0x41; // A

const LF = 0x0a;
const CR = 0x0d;
const HEADER = 5;

/** What one socket chunk of a copy-out held. */
export interface Decoded {
  /** The records it completed or continued, each ending with CRLF; null when none. */
  records: Buffer | null;
  /**
   * Set once copy-out mode is over (CopyDone, an ErrorResponse, anything else): the bytes from there on,
   * which belong to the driver (CommandComplete, ReadyForQuery, the error).
   */
  rest?: Buffer;
  /** Copy-out mode ended as it should, by CopyDone. */
  done: boolean;
}

/**
 * The CopyData messages of `COPY ... TO STDOUT WITH (FORMAT csv)` as CRLF records. The protocol sends one
 * CopyData message per row, ending with LF (whatever the server's platform), so a record ends where its
 * message does: the LF before each message's end becomes CRLF and an LF inside a quoted cell is left alone,
 * with no scan of the cells. Each chunk is walked from message header to message header, and the records
 * are written into one buffer: a few operations per row, none per byte.
 */
export class CopyOutDecoder {
  private code = 0;
  /** Inside a message's body, of which `left` bytes are still to come. */
  private inBody = false;
  private left = 0;
  /** A header cut by the end of a chunk. */
  private readonly head = Buffer.alloc(HEADER);
  private headLength = 0;

  decode(chunk: Buffer): Decoded {
    const n = chunk.length;
    // A record gains a byte (the CR) and leaves its message's five header bytes behind: only a message begun
    // in an earlier chunk has no header here to make room for its CR.
    const out = Buffer.allocUnsafe(n + 1);
    let o = 0;
    let i = 0;
    while (i < n) {
      if (!this.inBody) {
        let code: number;
        let length: number;
        let split = false;
        if (this.headLength === 0 && n - i >= HEADER) {
          code = chunk[i]!;
          length = chunk.readUInt32BE(i + 1);
          i += HEADER;
        } else {
          const take = Math.min(HEADER - this.headLength, n - i);
          chunk.copy(this.head, this.headLength, i, i + take);
          this.headLength += take;
          i += take;
          if (this.headLength < HEADER) break;
          code = this.head[0]!;
          length = this.head.readUInt32BE(1);
          this.headLength = 0;
          split = true;
        }
        if (code === COPY_DONE)
          return { records: o ? out.subarray(0, o) : null, rest: chunk.subarray(i), done: true };
        if (
          code !== COPY_DATA &&
          code !== COPY_OUT_RESPONSE &&
          code !== NOTICE_RESPONSE &&
          code !== PARAMETER_STATUS &&
          code !== NOTIFICATION_RESPONSE
        ) {
          // An ErrorResponse, or copy-out mode ended by another message: the driver reads it whole.
          const rest = split ? Buffer.concat([this.head, chunk.subarray(i)]) : chunk.subarray(i - HEADER);
          return { records: o ? out.subarray(0, o) : null, rest, done: false };
        }
        this.code = code;
        this.left = length - 4;
        this.inBody = this.left > 0;
        continue;
      }
      const end = i + Math.min(this.left, n - i);
      this.left -= end - i;
      if (this.code === COPY_DATA) {
        if (this.left === 0 && chunk[end - 1] === LF) {
          o += chunk.copy(out, o, i, end - 1);
          out[o++] = CR;
          out[o++] = LF;
        } else o += chunk.copy(out, o, i, end);
      }
      if (this.left === 0) this.inBody = false;
      i = end;
    }
    return { records: o ? out.subarray(0, o) : null, done: false };
  }
}

/** The driver's connection, as far as a copy-out reads it. */
interface DriverConnection {
  stream: Readable;
  query(text: string): void;
}

/**
 * `COPY ... TO STDOUT WITH (FORMAT csv)` run on a pg client (`client.query(new CopyOutRecords(sql))`) as a
 * stream of CRLF records. As pg-copy-streams does, it takes the socket from the driver for the copy and
 * hands it back with the bytes after CopyDone (or an error, which the driver reports here); unlike it, it
 * writes each socket chunk's rows into one buffer of records, rather than a slice per row joined later and
 * scanned again for the line ends.
 */
export class CopyOutRecords extends Readable implements pg.Submittable {
  private readonly decoder = new CopyOutDecoder();
  private connection: DriverConnection | null = null;
  private driverListener: ((chunk: Buffer) => void) | null = null;
  /** The consumer asked for more (push has not said stop since). */
  private wanted = false;
  private forwarding = false;
  private copying = false;
  private ended = false;
  private readonly onReadable = () => this.forward();

  /** `first`: what the stream gives before the records (the file's header row). */
  constructor(
    private readonly text: string,
    first?: Buffer,
  ) {
    super();
    if (first?.length) this.push(first);
  }

  submit(connection: pg.Connection): void {
    const driver = connection as unknown as DriverConnection;
    const socket = driver.stream;
    const listeners = socket.listeners('data');
    if (listeners.length !== 1) throw new Error('copy-out: the connection has no single data listener');
    this.connection = driver;
    this.driverListener = listeners[0] as (chunk: Buffer) => void;
    socket.removeListener('data', this.driverListener);
    socket.pause();
    this.copying = true;
    socket.on('readable', this.onReadable);
    driver.query(this.text);
  }

  override _read(): void {
    this.wanted = true;
    this.forward();
  }

  private forward(): void {
    // Destroyed (the download ended early): the socket stays ours until the cursor destroys the connection.
    if (this.forwarding || !this.copying || !this.wanted || this.destroyed) return;
    this.forwarding = true;
    const socket = this.connection!.stream;
    while (this.copying && this.wanted) {
      const chunk = socket.read() as Buffer | null;
      if (chunk === null) break;
      const { records, rest, done } = this.decoder.decode(chunk);
      if (records) this.wanted = this.push(records);
      if (rest) this.handBack(rest, done);
    }
    this.forwarding = false;
  }

  /** The copy is over: the driver reads the rest (CommandComplete and ReadyForQuery, or the error). */
  private handBack(rest: Buffer, done: boolean): void {
    this.copying = false;
    const socket = this.connection!.stream;
    const driverListener = this.driverListener!;
    socket.removeListener('readable', this.onReadable);
    socket.on('data', driverListener);
    if (rest.length) driverListener(rest);
    // The driver's listener may pause the socket itself; resume it once that call is over.
    process.nextTick(() => socket.resume());
    if (done) this.end();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.push(null);
  }

  /** Called by the driver: the COPY failed (or the connection did). */
  handleError(err: Error): void {
    this.destroy(err);
  }

  handleCommandComplete(): void {}

  /** Called by the driver once the statement is over; a copy-out ended by anything but CopyDone ends here. */
  handleReadyForQuery(): void {
    if (!this.destroyed) this.end();
  }
}
