import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TokenService } from '../../src/platform/auth/tokens.js';
import { type Database, openDatabase } from '../../src/platform/db/client.js';
import { SecretBox } from '../../src/platform/secret-box.js';
import type { TestApp } from '../harness.js';

const SRC = new URL('../../src/', import.meta.url);

/** The secrets every process of a test cluster shares, and the test's own factories sign with. */
export const SECRETS = {
  JWT_SECRET: 'cluster-test-secret-that-is-long-enough-for-hs256',
  ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
};

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * When the child has exited; with `output`, once its output has been read to the end too. Node emits 'exit'
 * possibly before the last lines written to a pipe are read ('close' comes after them): a test reading the
 * service's last log line (`stopped`) at 'exit' missed it on a busy machine.
 */
function exitOf(child: ChildProcess, { output = false } = {}): Promise<Exit> {
  return new Promise((resolve) => {
    const done = () => resolve({ code: child.exitCode, signal: child.signalCode });
    // 'close' comes once the child has exited and its stdio has been read to the end.
    if (output) child.once('close', done);
    else if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', done);
  });
}

export interface RunningCluster {
  launcher: ChildProcess;
  apis: { pid: number; url: string }[];
  workers: { pid: number; metricsUrl: string }[];
  /** What the launcher printed (stderr). */
  output: string[];
  exited: Promise<Exit>;
}

/**
 * `npm run cluster` from the sources (`node --import tsx src/cluster.ts`), which starts its processes the
 * same way (`node --import tsx src/main.ts`). Resolves once it prints `ready`, with the addresses it printed.
 */
export async function startCluster(env: NodeJS.ProcessEnv, args: string[] = []): Promise<RunningCluster> {
  const launcher = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('cluster.ts', SRC)), '--port=0', '--metrics-port=0', ...args],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const output: string[] = [];
  const exited = exitOf(launcher);
  const cluster: RunningCluster = { launcher, apis: [], workers: [], output, exited };
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: launcher.stderr! }).on('line', (line) => {
      output.push(line);
      const api = /^cluster: api-\d+\s+pid (\d+)\s+(http\S+)/.exec(line);
      if (api) cluster.apis.push({ pid: Number(api[1]), url: api[2]! });
      const worker = /^cluster: worker-\d+\s+pid (\d+)\s+metrics (http\S+)/.exec(line);
      if (worker) cluster.workers.push({ pid: Number(worker[1]), metricsUrl: worker[2]! });
      if (line.startsWith('cluster: ready')) resolve();
    });
    void exited.then((e) =>
      reject(new Error(`cluster exited before ready (${e.code}):\n${output.join('\n')}`)),
    );
  });
  return cluster;
}

export interface RunningService {
  child: ChildProcess;
  /** The HTTP API (unset for a worker). */
  url: string;
  /** Where /metrics is served, when METRICS_ENABLED. */
  metricsUrl?: string;
  /** Every JSON log line the process wrote, in order. */
  logs: Record<string, unknown>[];
  exited: Promise<Exit>;
}

/** One service process from the sources (`node --import tsx src/main.ts --role=<role>`) on a free port. */
export async function startService(env: NodeJS.ProcessEnv, role = 'all'): Promise<RunningService> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('main.ts', SRC)), `--role=${role}`],
    {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const logs: Record<string, unknown>[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      logs.push(JSON.parse(line));
    } catch {
      logs.push({ msg: line });
    }
  });
  const exited = exitOf(child, { output: true });
  const started = await new Promise<{ url?: string; metricsUrl?: string }>((resolve, reject) => {
    child.on('message', (m: { type?: string; url?: string; metricsUrl?: string }) => {
      if (m.type === 'started') resolve(m);
    });
    void exited.then((e) => reject(new Error(`service exited during start-up (${e.code})`)));
  });
  return { child, url: started.url ?? '', metricsUrl: started.metricsUrl, logs, exited };
}

/** A fresh database name on the test server, and helpers to reach and drop it. */
export function freshDatabaseUrl(serverUrl: string, prefix: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  return url.toString();
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * What the test factories need of a TestApp (`db`, `deps.tokens`, `deps.secretBox`), over a database that
 * service processes outside this one run on, with their secrets: tokens it issues work on them.
 */
export async function factoryHandle(databaseUrl: string): Promise<{ t: TestApp; database: Database }> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 3 });
  const deps = {
    tokens: new TokenService(SECRETS.JWT_SECRET),
    secretBox: new SecretBox(SECRETS.ENCRYPTION_KEY, []),
  };
  return { t: { db: database.db, deps } as unknown as TestApp, database };
}
