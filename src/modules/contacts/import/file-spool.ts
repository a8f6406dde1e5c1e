import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An import file copied to local disk. Whoever spooled it removes it; nothing else ever will. */
export interface SpooledFile {
  path: string;
  read(): Readable;
  /** Deletes the file and its directory; safe to call more than once. */
  remove(): Promise<void>;
}

/**
 * Copies `body` (already capped in size and time by its source) into a directory of its own under the OS
 * temporary directory (`TMPDIR`). Reading the whole file before any row is parsed is what lets an import
 * take its database connection only once the data is local: a server dripping bytes then holds a socket and
 * some disk, never a connection. It also gives XLSX random access, so no part is unpacked to disk.
 */
export async function spoolToTempFile(body: Readable): Promise<SpooledFile> {
  const dir = await mkdtemp(path.join(tmpdir(), 'contact-import-'));
  const file = path.join(dir, 'upload');
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await pipeline(body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    await remove();
    throw err;
  }
  return { path: file, read: () => createReadStream(file), remove };
}
