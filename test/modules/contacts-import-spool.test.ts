import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spoolToTempFile, sweepAbandonedSpools } from '../../src/modules/contacts/import/file-spool.js';

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('import spool files', () => {
  let root: string;
  const savedTmpdir = process.env.TMPDIR;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'spool-sweep-'));
  });
  afterEach(async () => {
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmpdir;
    await rm(root, { recursive: true, force: true });
  });

  /** A spool directory with a file in it, last modified `ageMs` ago. */
  const spoolDir = async (name: string, ageMs = 0) => {
    const dir = path.join(root, name);
    await mkdir(dir);
    await writeFile(path.join(dir, 'upload'), 'firstName,phoneNumber\n');
    const when = new Date(Date.now() - ageMs);
    await utimes(dir, when, when);
    return dir;
  };
  const twoDays = 2 * 24 * 60 * 60 * 1000;

  it('names each spool after the process that made it, and removes it with the file', async () => {
    process.env.TMPDIR = root;
    const spooled = await spoolToTempFile(Readable.from(['a,b\n']));
    const [dir] = await readdir(root);
    expect(dir).toMatch(new RegExp(`^contact-import-${process.pid}-`));
    expect(spooled.path).toBe(path.join(root, dir!, 'upload'));
    await spooled.remove();
    expect(await readdir(root)).toEqual([]);
  });

  it('sweeps the spools of dead processes and old ones, keeping those of live processes', async () => {
    const dead = await deadPid();
    await spoolDir(`contact-import-${dead}-aaaaaa`);
    await spoolDir(`contact-import-${process.pid}-bbbbbb`);
    await spoolDir(`contact-import-${process.ppid}-cccccc`);
    await spoolDir(`contact-import-${process.ppid}-dddddd`, twoDays);
    await spoolDir('contact-import-Ab12Cd'); // named before the pid was in the name: kept for a day
    await spoolDir('contact-import-Ef34Gh', twoDays);
    await spoolDir('someone-elses-dir', twoDays);
    await writeFile(path.join(root, `contact-import-${dead}-file`), 'not a directory');

    const removed = await sweepAbandonedSpools(root);
    expect(removed.sort()).toEqual(
      [
        `contact-import-${dead}-aaaaaa`,
        `contact-import-${process.ppid}-dddddd`,
        'contact-import-Ef34Gh',
      ].sort(),
    );
    expect((await readdir(root)).sort()).toEqual(
      [
        `contact-import-${process.pid}-bbbbbb`,
        `contact-import-${process.ppid}-cccccc`,
        'contact-import-Ab12Cd',
        'someone-elses-dir',
        `contact-import-${dead}-file`,
      ].sort(),
    );
    expect(existsSync(path.join(root, `contact-import-${dead}-aaaaaa`))).toBe(false);
  });
});
