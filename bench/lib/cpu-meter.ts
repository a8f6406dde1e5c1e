import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * CPU time per party, so that a benchmark can say where a phase's CPU went, not only how long it took.
 * Linux only (reads /proc); where /proc or the server is out of reach, the PostgreSQL figure is null.
 */

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux this runs on

function statFields(pid: number): string[] | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: split after its closing parenthesis.
    return raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The postmaster of a local PostgreSQL server, from any of its backends' pid (SELECT pg_backend_pid()). */
export function findPostmaster(backendPid: number): number | null {
  // A server on another machine: its backend's pid means nothing here (it may even be some local process).
  if (commandOf(backendPid) !== 'postgres') return null;
  const backend = statFields(backendPid);
  // After the split, index 0 is field 3 (state): field N is at N - 3, so ppid (4) is at 1.
  return backend ? Number(backend[1]) : null;
}

function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * All the CPU seconds a local PostgreSQL server has used: every live process under the postmaster, plus
 * what its exited children (closed connections) used, which the kernel adds to the postmaster's
 * cutime/cstime.
 */
export function postgresCpuSeconds(postmaster: number | null): number | null {
  const pm = postmaster === null ? null : statFields(postmaster);
  if (postmaster === null || !pm) return null;
  let ticks = Number(pm[11]) + Number(pm[12]) + Number(pm[13]) + Number(pm[14]); // utime stime cutime cstime
  for (const child of childrenOf(postmaster)) {
    const f = statFields(child);
    if (f) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/** The live processes whose parent is `parent` (a postmaster's backends and helpers). */
export function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === parent) continue;
    const f = statFields(Number(entry));
    if (f && Number(f[1]) === parent) children.push(Number(entry));
  }
  return children;
}

/** This process's CPU seconds (user + system). */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

export interface CpuReading {
  at: number;
  own: number;
  postgres: number | null;
  /** Another process's CPU seconds, where the benchmark can ask it (the simulator reports its own). */
  other: number | null;
}

export interface CpuSplit {
  seconds: number;
  own: number;
  postgres: number | null;
  other: number | null;
  /** Share of the machine's cores the three used together over the phase (when all three are known). */
  machineShare: number | null;
}

export function cpuSplit(a: CpuReading, b: CpuReading): CpuSplit {
  const seconds = (b.at - a.at) / 1000;
  const postgres = a.postgres !== null && b.postgres !== null ? b.postgres - a.postgres : null;
  const other = a.other !== null && b.other !== null ? b.other - a.other : null;
  const own = b.own - a.own;
  const machineShare =
    postgres !== null && other !== null ? (own + postgres + other) / (seconds * os.cpus().length) : null;
  return { seconds, own, postgres, other, machineShare };
}

/** "bench 63 µs, simulator 21 µs, PostgreSQL 50 µs of CPU per message; the 2 cores 84% busy". */
export function describeCpuPerItem(split: CpuSplit, items: number, names: { own: string; other: string }) {
  const us = (s: number | null) => (s === null ? 'n/a' : `${Math.round((s * 1e6) / items)} µs`);
  const busy =
    split.machineShare === null
      ? ''
      : `; the ${os.cpus().length} cores ${Math.round(100 * split.machineShare)}% busy with these three`;
  return (
    `CPU per item: ${names.own} ${us(split.own)}, ${names.other} ${us(split.other)}, ` +
    `PostgreSQL ${us(split.postgres)}${busy}`
  );
}
