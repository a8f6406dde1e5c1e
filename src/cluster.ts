/**
 * `npm run cluster`: the production shape on one machine, for trying it out and for tests. Starts API and
 * worker processes of this build (`node dist/main.js --role=...`; from the sources when run with tsx) on
 * one PostgreSQL database (created if missing) and one Redis, prints where each listens, forwards SIGINT
 * and SIGTERM to every process and exits once they have all stopped. It is a launcher, not a supervisor:
 * a process that dies is reported and not restarted.
 *
 *   npm run cluster -- [--apis=2] [--workers=2] [--port=4001] [--metrics-port=9101]
 *
 * API i listens on port+i-1, worker i (with METRICS_ENABLED) on metrics-port+i-1; 0 picks free ports.
 * Launcher messages go to stderr, the processes' JSON logs to stdout.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ConfigError, inheritedEnvironment, loadConfig } from './platform/config.js';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/campaigns';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const START_TIMEOUT_MS = 120_000;

type Role = 'api' | 'worker';

interface Started {
  url?: string;
  metricsUrl?: string;
}

interface Instance {
  name: string;
  role: Role;
  child: ChildProcess;
  started: Promise<Started>;
  exited: Promise<number>;
}

const say = (line: string) => process.stderr.write(`cluster: ${line}\n`);

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new ConfigError([`--${name}: must be a whole number`]);
  return value;
}

/** Creates the database named in `url` on its server unless it exists. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) throw new ConfigError(['DATABASE_URL: must name a database']);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    say(`created database ${name}`);
  } catch (err) {
    // Another launcher created it in between.
    if ((err as { code?: string }).code !== '42P04') throw err;
  } finally {
    await client.end();
  }
}

async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 5_000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}

function launch(name: string, role: Role, env: NodeJS.ProcessEnv): Instance {
  // The same build this launcher runs from: dist/main.js, or src/main.ts under tsx.
  const main = fileURLToPath(
    new URL(import.meta.url.endsWith('.ts') ? './main.ts' : './main.js', import.meta.url),
  );
  // Logs go straight through; the IPC channel tells where the process listens, whatever LOG_LEVEL says.
  const child = spawn(process.execPath, [...process.execArgv, main, `--role=${role}`], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
  const started = new Promise<Started>((resolve, reject) => {
    child.on('message', (m: Started & { type?: string }) => {
      if (m?.type === 'started') resolve({ url: m.url, metricsUrl: m.metricsUrl });
    });
    void exited.then((code) => reject(new Error(`${name} exited during start-up (code ${code})`)));
  });
  started.catch(() => {});
  return { name, role, child, started, exited };
}

async function main(): Promise<void> {
  const apis = option('apis', 2);
  const workers = option('workers', 2);
  const port = option('port', 4001);
  const metricsPort = option('metrics-port', 9101);
  const inherited = inheritedEnvironment();
  const base = {
    ...inherited,
    DATABASE_URL: inherited.DATABASE_URL || DEFAULT_DATABASE_URL,
    REDIS_URL: inherited.REDIS_URL || DEFAULT_REDIS_URL,
  };
  // Validated once here, with the same messages as each process; and one set of secrets for all of them,
  // or each would generate its own and no token would work across instances.
  const config = loadConfig(base);
  await ensureDatabase(config.DATABASE_URL!);
  await checkRedis(config.REDIS_URL!).catch((err: Error) => {
    throw new Error(`Redis at ${config.REDIS_URL} does not answer: ${err.message}`);
  });
  const env = { ...base, JWT_SECRET: config.JWT_SECRET, ENCRYPTION_KEY: config.ENCRYPTION_KEY };

  const instances = [
    ...Array.from({ length: apis }, (_, i) =>
      launch(`api-${i + 1}`, 'api', { ...env, PORT: String(port && port + i) }),
    ),
    ...Array.from({ length: workers }, (_, i) =>
      launch(`worker-${i + 1}`, 'worker', { ...env, METRICS_PORT: String(metricsPort && metricsPort + i) }),
    ),
  ];

  let stopping = false;
  let failed = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl-C means "now": the processes' own grace period is not waited for.
    const send: NodeJS.Signals = stopping ? 'SIGKILL' : signal;
    stopping = true;
    say(`${signal}: ${send === 'SIGKILL' ? 'killing' : 'stopping'} every process`);
    for (const i of instances)
      if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill(send);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (const i of instances) {
    void i.exited.then((code) => {
      if (!stopping) say(`${i.name} (pid ${i.child.pid}) exited with code ${code}; the others keep running`);
    });
  }

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('not every process started in time')), START_TIMEOUT_MS);
  });
  try {
    const started = await Promise.race([Promise.all(instances.map((i) => i.started)), timeout]);
    instances.forEach((i, n) => {
      const { url, metricsUrl } = started[n]!;
      const where =
        i.role === 'api' ? url : metricsUrl ? `metrics ${metricsUrl}` : 'no listener (METRICS_ENABLED=false)';
      say(`${i.name.padEnd(9)} pid ${i.child.pid}  ${where}`);
    });
    say(
      `ready: ${apis} api, ${workers} worker on ${redact(config.DATABASE_URL!)} and ${redact(config.REDIS_URL!)}`,
    );
  } catch (err) {
    failed = true;
    if (!stopping) {
      say(`start-up failed: ${(err as Error).message}; stopping the others`);
      stop('SIGTERM');
    }
  } finally {
    clearTimeout(timer);
  }

  const codes = await Promise.all(instances.map((i) => i.exited));
  const clean = stopping && !failed && codes.every((c) => c === 0);
  say(clean ? 'stopped' : `stopped (exit codes ${codes.join(', ')})`);
  process.exit(clean ? 0 : 1);
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

main().catch((err: Error) => {
  say(err instanceof ConfigError ? err.message : `failed: ${err.message}`);
  process.exit(1);
});
