import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, createReadStream, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
export const ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');
/** The messaging gateway's callback token the service started by `startService` expects. */
export const BENCH_WEBHOOK_TOKEN = 'bench-messaging-webhook-secret';

/** `--rows=N` or BENCH_ROWS; the default size is a million. */
export function rowsArg(fallback = 1_000_000): number {
  const arg = process.argv.find((a) => a.startsWith('--rows='))?.slice(7) ?? process.env.BENCH_ROWS;
  const n = arg ? Number(arg.replace(/_/g, '')) : fallback;
  if (!Number.isInteger(n) || n < 1) throw new Error(`--rows must be a positive integer (got ${arg})`);
  return n;
}

export function arg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

export interface ServiceProcess {
  url: string;
  pid: number;
  /** Resident memory now, MiB. */
  rssMb(): number;
  /** Peak resident memory since start or since the last resetPeak(), MiB (VmHWM). */
  peakRssMb(): number;
  /** Starts a new peak measurement (Linux: writing 5 to clear_refs resets VmHWM). */
  resetPeak(): void;
  /** CPU time the process has used so far (user and system), ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

function statusKb(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D/g, '') ?? 0);
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ServiceOptions {
  /**
   * Start it as `npm start` does: `node dist/main.js` with the configured role (all: the worker's loops run
   * in the same process) and the default log level (info: a line per request), its log written to a file
   * rather than the terminal. Otherwise an API process logging warnings only.
   */
  asNpmStart?: boolean;
  /**
   * Another build to run (a directory beside dist/ holding a copy of an earlier dist/, e.g. scratch/): a before
   * and an after measured in the same run. Default: BENCH_DIST, else dist.
   */
  dist?: string;
}

/**
 * Starts the service as production runs it: the compiled build (`npm run build`, incremental), `node
 * dist/main.js --role=api`, in a process of its own so that its memory is its own; against `databaseUrl`.
 */
export async function startService(
  databaseUrl: string,
  env: Record<string, string> = {},
  opts: ServiceOptions = {},
): Promise<ServiceProcess> {
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  const port = await freePort();
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const dist = opts.dist ?? process.env.BENCH_DIST ?? 'dist';
  const role = opts.asNpmStart ? [] : ['--role=api'];
  const logFile = opts.asNpmStart ? path.join(tmpdir(), `bench-service-${port}.log`) : undefined;
  const stdout = logFile ? openSync(logFile, 'w') : 'inherit';
  if (logFile) console.log(`service (${dist}) started as npm start starts it; its log: ${logFile}`);
  const child: ChildProcess = spawn(process.execPath, [...profile, `${dist}/main.js`, ...role], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      ENCRYPTION_KEY,
      PAYMENT_PROVIDER_SECRET_KEY: 'sk_bench',
      MESSAGING_WEBHOOK_SECRET: BENCH_WEBHOOK_TOKEN,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? (opts.asNpmStart ? 'info' : 'warn'),
      // `npm start` keeps the per-route limits on; the load benchmarks would only measure the 429s.
      ...(opts.asNpmStart ? {} : { RATE_LIMIT_ENABLED: 'false' }),
      DATA_DIR: env.DATA_DIR ?? path.join(tmpdir(), 'bench-data'),
      ...env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  if (typeof stdout === 'number') closeSync(stdout);
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`service exited (${code})`);
  });
  exited.catch(() => {});
  const url = `http://127.0.0.1:${port}`;
  for (let ready = false; !ready; ) {
    await Promise.race([sleep(200), exited]);
    ready = await fetch(`${url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    rssMb: () => statusKb(pid, 'VmRSS') / 1024,
    peakRssMb: () => statusKb(pid, 'VmHWM') / 1024,
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    cpuMs: () => {
      // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second on Linux).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Serves one file over HTTP on 127.0.0.1 (a stand-in for object storage) and returns its URL. */
export async function serveFile(
  file: string,
): Promise<{ url: string; host: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv', 'content-length': statSync(file).size });
    createReadStream(file).pipe(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${path.basename(file)}`,
    host: `127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** Prints the result table: one line per measurement, the baseline beside it. */
export function report(title: string, lines: [string, string][]): void {
  const width = Math.max(...lines.map(([k]) => k.length));
  console.log(`\n${title}`);
  for (const [k, v] of lines) console.log(`  ${k.padEnd(width)}  ${v}`);
}

/** One line of the goals table `npm run bench` prints: a hot path's figure against its goal. */
export interface GoalResult {
  /** What is measured, e.g. "CSV export of 1M vs COPY TO". */
  path: string;
  /** The service's figure as measured, e.g. "612,000 rows/s". */
  figure: string;
  /** The baseline measured in the same run, e.g. "1,020,000 rows/s (COPY TO)"; "-" when the goal is absolute. */
  baseline: string;
  /** What the goal compares: the ratio to the baseline, or the figure itself (rows/s, ms). */
  value: number;
  /** How `value` is written in the table, e.g. "0.61" or "38 ms". */
  shown: string;
  goal: number;
  /** `min`: value must be at least goal; `max`: value must stay below goal. */
  kind: 'min' | 'max';
  /** The goal as written in the table, e.g. "≥ 0.5" or "< 50 ms". */
  goalShown: string;
}

/** The marker `scripts/bench-all.ts` reads from a benchmark's output. */
export const GOAL_MARKER = 'BENCH-GOAL ';

export const goalMet = (g: Pick<GoalResult, 'value' | 'goal' | 'kind'>): boolean =>
  g.kind === 'min' ? g.value >= g.goal : g.value < g.goal;

/** Prints a goal line for `npm run bench` (and a readable line for a benchmark run on its own). */
export function reportGoal(g: GoalResult): void {
  console.log(`${GOAL_MARKER}${JSON.stringify(g)}`);
}

/** The median of some measurements (a benchmark that repeats a case reports its middle run). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
