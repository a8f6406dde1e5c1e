/**
 * `npm run check:image`: runs what the Dockerfile runs, without Docker (no engine on the build machines), and
 * asks the result what a production install must answer. Each stage gets a folder of its own standing for its
 * file system; COPY, WORKDIR, ENV and RUN are carried out as written, so a change to the Dockerfile is checked
 * as it is, not as a copy of it. The final stage's CMD is then started with NODE_ENV=production (the image's
 * own ENV) on a fresh database of the local PostgreSQL, and must serve the console at `/`,
 * `/api/v1/health` and the Cloud API's subscription handshake; the image's HEALTHCHECK must pass.
 *
 * Differences from a real build, on purpose: the machine's Node.js runs the steps (the base image's is not
 * here); USER is not switched, and a `chown` to a user this machine lacks (the base image's `node`) is
 * skipped by a stand-in first on PATH. RUN steps see the host's file system, so they name paths relative to
 * WORKDIR.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceHash } from './build-web.js';
import { type Instruction, parseDockerfile } from './image-check/dockerfile.js';
import { matchesIgnorePattern } from './image-check/ignore.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const PG_URL = process.env.CHECK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Stage {
  name: string;
  dir: string;
  workdir: string;
  env: Record<string, string>;
  cmd?: string[];
  healthcheck?: string[];
}

function fail(message: string): never {
  console.error(`FAIL: ${message}`);
  process.exit(1);
}

/** A path of the image (`/app/dist`) inside the folder standing for the stage's file system. */
function inStage(stage: Stage, imagePath: string): string {
  const absolute = path.posix.resolve(stage.workdir, imagePath);
  return path.join(stage.dir, absolute);
}

function dockerIgnored(): (rel: string) => boolean {
  const file = path.join(root, '.dockerignore');
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
    : [];
  return (rel) => patterns.some((p) => matchesIgnorePattern(rel, p));
}

function copy(
  stage: Stage,
  sources: string[],
  dest: string,
  from: Stage | null,
  ignored: (r: string) => boolean,
) {
  const target = inStage(stage, dest);
  const intoFolder = dest.endsWith('/') || sources.length > 1;
  for (const src of sources) {
    const source = from ? inStage(from, src) : path.join(root, src);
    if (!existsSync(source))
      fail(`COPY ${src}: not found${from ? ` in stage ${from.name}` : ' in the context'}`);
    const to = intoFolder ? path.join(target, path.basename(src)) : target;
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(source, to, {
      recursive: true,
      filter: (p) => from !== null || !ignored(path.relative(root, p)),
    });
  }
}

/** A `chown` that skips owners this machine does not have (the base image's users). */
function chownStandIn(workspace: string): string {
  const dir = path.join(workspace, 'bin');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'chown');
  writeFileSync(
    file,
    '#!/bin/sh\nfor a in "$@"; do case "$a" in -*) ;; *) owner=$(echo "$a" | cut -d: -f1); break;; esac; done\n' +
      'if id "$owner" >/dev/null 2>&1; then exec /bin/chown "$@"; fi\n' +
      'echo "   (chown to $owner skipped: no such user outside the image)"\n',
  );
  chmodSync(file, 0o755);
  return dir;
}

function run(stage: Stage, command: string, binDir: string): void {
  const cwd = inStage(stage, '.');
  mkdirSync(cwd, { recursive: true });
  console.log(`   [${stage.name}] RUN ${command}`);
  const started = Date.now();
  const result = spawnSync('bash', ['-c', command], {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...stage.env, CI: 'true', PATH: `${binDir}:${process.env.PATH}` },
  });
  if (result.status !== 0) fail(`RUN ${command} exited ${result.status}`);
  console.log(`   (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

function build(instructions: Instruction[], workspace: string): Stage {
  const stages: Stage[] = [];
  const ignored = dockerIgnored();
  const binDir = chownStandIn(workspace);
  let stage: Stage | undefined;
  for (const ins of instructions) {
    if (ins.kind === 'FROM') {
      stage = {
        name: ins.alias ?? String(stages.length),
        dir: path.join(workspace, `stage-${stages.length}`),
        workdir: '/',
        env: {},
      };
      mkdirSync(stage.dir, { recursive: true });
      stages.push(stage);
      continue;
    }
    if (!stage) fail(`${ins.kind} before FROM`);
    switch (ins.kind) {
      case 'WORKDIR':
        stage.workdir = path.posix.resolve(stage.workdir, ins.path);
        mkdirSync(inStage(stage, '.'), { recursive: true });
        break;
      case 'ENV':
        Object.assign(stage.env, ins.values);
        break;
      case 'COPY': {
        const from = ins.from ? stages.find((s) => s.name === ins.from) : null;
        if (ins.from && !from) fail(`COPY --from=${ins.from}: no such stage`);
        copy(stage, ins.sources, ins.dest, from ?? null, ignored);
        break;
      }
      case 'RUN':
        run(stage, ins.command, binDir);
        break;
      case 'CMD':
        stage.cmd = ins.argv;
        break;
      case 'HEALTHCHECK':
        stage.healthcheck = ins.argv;
        break;
    }
  }
  if (!stage?.cmd) fail('the final stage has no CMD');
  return stage;
}

/**
 * The console the image built, given to this checkout when the checkout's own build is missing or stale and
 * the image's was made from the same sources (its stamp is the checkout's source hash): the test run that
 * follows on CI then finds web/dist up to date instead of building the same bundle a second time.
 */
function shareConsoleBuild(image: Stage): void {
  const stampOf = (dir: string) => {
    const file = path.join(dir, '.build-stamp');
    return existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  };
  const built = inStage(image, 'web/dist');
  const local = path.join(root, 'web', 'dist');
  const wanted = sourceHash();
  if (stampOf(built) !== wanted || stampOf(local) === wanted) return;
  rmSync(local, { recursive: true, force: true });
  cpSync(built, local, { recursive: true });
  console.log("   the image's console is this checkout's web/dist too (same sources)");
}

async function adminQuery(statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) fail(`the service exited with ${child.exitCode} before it was healthy`);
    const res = await fetch(`${base}/api/v1/health`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  fail('no 200 from /api/v1/health within 120 s');
}

async function expect(label: string, url: string, check: (res: Response, body: string) => string | null) {
  const res = await fetch(url);
  const body = await res.text();
  const problem = check(res, body);
  if (problem) fail(`${label}: ${problem}`);
  console.log(`   ${label}: ${res.status} ${res.headers.get('content-type') ?? ''}`);
}

async function main(): Promise<void> {
  const workspace = mkdtempSync(path.join(tmpdir(), 'image-check-'));
  const database = `image_check_${randomBytes(4).toString('hex')}`;
  let child: ChildProcess | undefined;
  try {
    console.log(`== the Dockerfile's steps in ${workspace}`);
    const image = build(parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8')), workspace);
    shareConsoleBuild(image);

    await adminQuery(`CREATE DATABASE ${database}`);
    const dbUrl = new URL(PG_URL);
    dbUrl.pathname = `/${database}`;
    const port = 20000 + Math.floor(Math.random() * 20000);
    const verifyToken = randomBytes(12).toString('hex');
    const env = {
      PATH: process.env.PATH ?? '',
      ...image.env,
      PORT: String(port),
      DATA_DIR: inStage(image, image.env.DATA_DIR ?? './data'),
      DATABASE_URL: dbUrl.toString(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PAYMENT_PROVIDER_SECRET_KEY: 'image-check-payment-key',
      MESSAGING_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
      WHATSAPP_CLOUD_APP_SECRET: randomBytes(16).toString('hex'),
      WHATSAPP_CLOUD_VERIFY_TOKEN: verifyToken,
      LOG_LEVEL: 'warn',
    };
    if (image.env.NODE_ENV !== 'production')
      fail(`the image's NODE_ENV is ${image.env.NODE_ENV}, not production`);
    mkdirSync(env.DATA_DIR, { recursive: true });
    const [command, ...args] = image.cmd!;
    console.log(`== ${image.cmd!.join(' ')} (NODE_ENV=production, port ${port})`);
    child = spawn(command!, args, { cwd: inStage(image, '.'), env, stdio: ['ignore', 'inherit', 'inherit'] });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, child);

    await expect('GET /', `${base}/`, (res, body) =>
      res.status !== 200 ||
      !res.headers.get('content-type')?.startsWith('text/html') ||
      !body.includes('<div id="root"')
        ? `expected the console's page, got ${res.status} ${res.headers.get('content-type')}`
        : null,
    );
    await expect('GET /api/v1/health', `${base}/api/v1/health`, (res) =>
      res.status === 200 ? null : `status ${res.status}`,
    );
    const challenge = randomBytes(6).toString('hex');
    const handshake = `${base}/api/v1/webhooks/whatsapp-cloud?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=${challenge}`;
    await expect('Cloud API handshake', handshake, (res, body) =>
      res.status === 200 && body === challenge ? null : `status ${res.status}, body ${body.slice(0, 80)}`,
    );
    if (image.healthcheck) {
      const [hc, ...hcArgs] = image.healthcheck;
      const result = spawnSync(hc!, hcArgs, { cwd: inStage(image, '.'), env, timeout: 10_000 });
      if (result.status !== 0) fail(`HEALTHCHECK exited ${result.status}`);
      console.log('   HEALTHCHECK: passes');
    }
    console.log('OK: the image builds the server and the console, and serves both in production');
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    rmSync(workspace, { recursive: true, force: true });
  }
}

await main();
