/**
 * The web console's first-screen weight: the JavaScript and CSS a browser must fetch to draw the sign-in
 * page (index.html's entry script, its preloads, the sign-in route's chunk and everything those import
 * statically), as sent: brotli and gzip, beside the raw bytes. The budget is 200 kB of compressed
 * JavaScript. Other screens load on demand; their chunks are listed by size.
 * Reads web/dist (built first when its sources changed). Lighthouse and the contacts-table timings are
 * not measured here yet.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'web', 'dist');
spawnSync('npm', ['run', 'build:web', '--silent'], { cwd: root, stdio: 'inherit' });

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const fromHtml = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const signIn = readdirSync(path.join(dist, 'assets')).find((f) => /^SignIn-.*\.js$/.test(f));
const queue = [...fromHtml, ...(signIn ? [`assets/${signIn}`] : [])];
const seen = new Set<string>();
while (queue.length) {
  const file = queue.shift()!;
  if (seen.has(file)) continue;
  seen.add(file);
  if (!file.endsWith('.js')) continue;
  const text = readFileSync(path.join(dist, file), 'utf8');
  // Static imports only (`import{..}from"./x.js"`); `import("./x.js")` is loaded on demand.
  for (const m of text.matchAll(/(?:^|[;\s}])import\s*(?:[\w${}\s,*]+from\s*)?"\.\/([^"]+\.js)"/g)) {
    queue.push(`assets/${m[1]}`);
  }
}

const size = (file: string) =>
  existsSync(file) ? statSync(file).size : statSync(file.replace(/\.(br|gz)$/, '')).size;
const sum = (files: string[], ext: '' | '.br' | '.gz') =>
  files.reduce((n, f) => n + size(path.join(dist, f) + ext), 0);
const js = [...seen].filter((f) => f.endsWith('.js'));
const css = [...seen].filter((f) => f.endsWith('.css'));
const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

console.log(`first screen (sign-in): ${js.length} JavaScript files, ${css.length} stylesheet(s)`);
console.log(`  JavaScript: raw ${kB(sum(js, ''))}, gzip ${kB(sum(js, '.gz'))}, brotli ${kB(sum(js, '.br'))}`);
console.log(
  `  CSS:        raw ${kB(sum(css, ''))}, gzip ${kB(sum(css, '.gz'))}, brotli ${kB(sum(css, '.br'))}`,
);
const budget = 200_000;
const worst = sum(js, '.gz');
console.log(
  `  budget 200 kB compressed JavaScript: ${worst <= budget ? 'within' : 'OVER'} (gzip, the larger)`,
);
const lazy = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !seen.has(`assets/${f}`))
  .map((f) => ({ f, br: size(path.join(dist, 'assets', `${f}.br`)) }))
  .sort((a, b) => b.br - a.br)
  .slice(0, 8);
console.log('largest chunks loaded on demand (brotli):');
for (const { f, br } of lazy) console.log(`  ${f.padEnd(40)} ${kB(br)}`);
if (worst > budget) process.exitCode = 1;
