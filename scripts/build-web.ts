/**
 * Builds the web console when its sources changed since the last build: `npm start` runs this, so a fresh
 * clone builds it and an unchanged checkout starts at once. The stamp is a hash of every input of the
 * build (sources, configuration, the lockfile), written into web/dist only after a build succeeded.
 * `--force` builds whatever the stamp says.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = path.join(root, 'web');
const stampFile = path.join(web, 'dist', '.build-stamp');
const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'postcss.config.cjs',
  'package.json',
];

/** Every file of the build's inputs, relative to web/, in a stable order. */
function inputFiles(): string[] {
  const out: string[] = [];
  for (const rel of INPUTS) {
    const full = path.join(web, rel);
    if (!existsSync(full)) continue;
    if (!statSync(full).isDirectory()) out.push(rel);
    else
      for (const e of readdirSync(full, { withFileTypes: true, recursive: true }))
        if (e.isFile()) out.push(path.relative(web, path.join(e.parentPath, e.name)));
  }
  return out.sort();
}

/** The hash of everything the build reads. */
export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const rel of inputFiles())
    hash
      .update(rel)
      .update('\0')
      .update(readFileSync(path.join(web, rel)))
      .update('\0');
  hash.update(readFileSync(path.join(root, 'package-lock.json')));
  hash.update('production bundle');
  return hash.digest('hex');
}

function main(): void {
  const force = process.argv.includes('--force');
  const wanted = sourceHash();
  const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (!force && current === wanted && existsSync(path.join(web, 'dist', 'index.html'))) {
    console.log('web console: up to date');
    return;
  }
  console.log('web console: building (sources changed since the last build)');
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '--silent', '--workspace', 'web'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    // Always the production bundle: run from a test runner (NODE_ENV=test) Vite would build React's
    // development runtime, twice as large and slower.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('web console: build failed');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, `${wanted}\n`);
  console.log(`web console: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
