/**
 * Sign-in throughput and timing parity. Sign-in is the heaviest public path (one argon2id verification per
 * attempt, by design), so this measures, in one run on one embedded database:
 *   - baseline: GET /health (the HTTP stack and one database round trip),
 *   - sign-in with the right password, with a wrong password, and with an unknown e-mail.
 * The wrong-password and unknown-e-mail figures should match: that parity is what keeps sign-in from
 * telling which e-mails have accounts.
 *
 *   npm run bench:auth -- [requestsPerCase=200] [concurrency=4]
 */

import { createDeps } from '../src/app/create-deps.js';
import { buildApp } from '../src/app.js';
import { insertAccountGraph } from '../src/modules/auth/registration.repository.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import { testConfig } from '../src/platform/config.js';
import { openDatabase, runMigrations } from '../src/platform/db/client.js';
import { createLogger } from '../src/platform/logger.js';

const total = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 4);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

async function main() {
  const config = testConfig({ LOG_LEVEL: 'silent' });
  const database = await openDatabase({});
  await runMigrations(database);
  const deps = createDeps(config, database, createLogger('silent'));
  const app = await buildApp(deps);
  await app.ready();

  const email = 'bench@example.test';
  const password = 'Bench-pass-123';
  const passwordHash = await hashPassword(password);
  await database.db.transaction((tx) =>
    insertAccountGraph(tx, { name: 'Bench', email, passwordHash, verified: true }),
  );

  type Case = { name: string; method: 'GET' | 'POST'; url: string; body?: object; expect: number };
  const signIn = (name: string, body: object, expect: number): Case => ({
    name,
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    body,
    expect,
  });
  const baseline: Case = { name: 'baseline GET /health', method: 'GET', url: '/api/v1/health', expect: 200 };
  const right = signIn('sign-in, right password', { email, password }, 200);
  const wrong = signIn('sign-in, wrong password', { email, password: 'Wrong-pass-000' }, 401);
  const unknown = signIn(
    'sign-in, unknown e-mail',
    { email: 'nobody@example.test', password: 'Wrong-pass-000' },
    401,
  );

  console.log(`requests per case: ${total}, concurrency: ${concurrency}`);
  await run([baseline]);
  await run([right]);
  // Interleaved, so that load from elsewhere on the machine weighs on both alike.
  await run([wrong, unknown]);

  async function run(mix: Case[]) {
    const latencies = new Map(mix.map((c) => [c, [] as number[]]));
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total * mix.length) {
          const c = mix[next++ % mix.length]!;
          const t0 = performance.now();
          const res = await app.inject({ method: c.method, url: c.url, payload: c.body });
          latencies.get(c)!.push(performance.now() - t0);
          if (res.statusCode !== c.expect) throw new Error(`${c.name}: got ${res.statusCode}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    for (const [c, l] of latencies) {
      l.sort((a, b) => a - b);
      const mean = l.reduce((s, v) => s + v, 0) / l.length;
      const p50 = l[Math.floor(l.length * 0.5)]!;
      const p95 = l[Math.floor(l.length * 0.95)]!;
      console.log(
        `${c.name.padEnd(26)} ${(total / seconds).toFixed(1).padStart(8)} req/s   mean ${mean.toFixed(1)} ms   p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms`,
      );
    }
  }
  clearInterval(sampler);
  console.log(`peak RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MiB`);
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
