import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { childrenOf } from './cpu-meter.js';

/**
 * `--split-cores`: the local PostgreSQL server on cores of its own (the first half), this process and the
 * simulator on the rest, as when the database runs on a server of its own. Without it, on a small machine
 * the baseline's client and simulator have every core to themselves, while end to end they share them with
 * PostgreSQL. Linux with `taskset`, and the right to change the server's processes (root, or the server's
 * user). Returns the function that gives the server its cores back; it also runs on Ctrl-C and SIGTERM.
 */
export function splitCores(postmaster: number, benchPids: number[]): () => void {
  const cores = os.cpus().length;
  if (cores < 2) throw new Error('--split-cores needs at least two cores');
  const dbCores = Math.floor(cores / 2);
  const dbList = dbCores === 1 ? '0' : `0-${dbCores - 1}`;
  const benchList = dbCores === cores - 1 ? String(dbCores) : `${dbCores}-${cores - 1}`;
  // As the operator set it (`taskset -p` prints "pid N's current affinity mask: 3").
  const originalMask = taskset(['-p', String(postmaster)])
    .trim()
    .split(' ')
    .pop()!;
  // New backends inherit the postmaster's mask; those already open are set one by one.
  const server = () => [postmaster, ...childrenOf(postmaster)];

  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
    for (const pid of server()) {
      try {
        taskset(['-a', '-p', originalMask, String(pid)]);
      } catch {
        // Exited meanwhile.
      }
    }
  };
  const onInterrupt = () => {
    restore();
    process.exit(130);
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  try {
    for (const pid of server()) taskset(['-a', '-p', '-c', dbList, String(pid)]);
    for (const pid of benchPids) taskset(['-a', '-p', '-c', benchList, String(pid)]);
  } catch (err) {
    restore();
    throw new Error(
      `--split-cores could not set CPU affinity with taskset (it needs the right to change the PostgreSQL ` +
        `server's processes): ${(err as Error).message}`,
    );
  }
  console.log(`split cores: PostgreSQL on CPU ${dbList}, this process and the simulator on CPU ${benchList}`);
  return restore;
}

function taskset(args: string[]): string {
  return execFileSync('taskset', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}
