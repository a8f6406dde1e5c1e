import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Spool directories are named `contact-import-<pid>-<random>`: the process that made each one is known. */
const PREFIX = 'contact-import-';
/** No import spools for this long (uploads and downloads are capped well below it): past it, a leftover. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * An import file copied to local disk. Whoever spooled it removes it; only a process that died mid-import
 * leaves one behind, for `sweepAbandonedSpools` at the next start.
 */
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
  const dir = await mkdtemp(path.join(tmpdir(), `${PREFIX}${process.pid}-`));
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

/**
 * Removes the spool directories of processes that are gone (killed mid-import, so their `remove` never ran)
 * and any older than a day, and returns their names. A directory of a live process is kept: several API
 * processes of one host share the temporary directory (`npm run cluster`).
 */
export async function sweepAbandonedSpools(root = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(root)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(root, name);
    const info = await stat(dir).catch(() => undefined);
    if (!info?.isDirectory()) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(PREFIX.length))?.[1]);
    const ownerGone = Number.isInteger(pid) && pid !== process.pid && !isRunning(pid);
    if (!ownerGone && Date.now() - info.mtimeMs < ABANDONED_AFTER_MS) continue;
    await rm(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
