/**
 * A burst of signed `charge.success` events at the payment webhook: how fast the service accepts them
 * (signature, inbox insert, 200) and settles them (row lock, wallet credit, notification), beside a baseline
 * of `GET /health` (HTTP plus one database round trip) measured in the same run on the same database.
 *
 *   npm run bench:payments-webhook                          # embedded PGlite
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:payments-webhook
 *   BENCH_EVENTS=5000 BENCH_CONCURRENCY=64 BENCH_BUSINESSES=100 npm run bench:payments-webhook
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createDeps } from '../src/app/create-deps.js';
import { buildApp } from '../src/app.js';
import { insertAccountGraph } from '../src/modules/auth/registration.repository.js';
import { testConfig } from '../src/platform/config.js';
import { queryRows } from '../src/platform/db/client.js';
import { transactions } from '../src/platform/db/schema/index.js';
import { createLogger } from '../src/platform/logger.js';
import type { SandboxPaymentAdapter } from '../src/providers/payment/sandbox.adapter.js';
import { createTestDatabase } from '../test/database.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 50);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

async function pool(n: number, concurrency: number, task: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (next < n) await task(next++);
    }),
  );
  return performance.now() - started;
}

async function main() {
  const testDb = await createTestDatabase({ poolSize: Math.max(10, CONCURRENCY) });
  const config = testConfig({ PUBLIC_URL: 'http://127.0.0.1:4000', RATE_LIMIT_ENABLED: 'false' });
  const deps = createDeps(config, testDb.database, createLogger('silent'));
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
  const sandbox = deps.payment as SandboxPaymentAdapter;

  // Pending credit purchases spread over a few businesses (settlements on one wallet queue on its lock).
  const wallets = await deps.db.transaction(async (tx) => {
    const ids: { businessId: string; walletId: string }[] = [];
    for (let b = 0; b < BUSINESSES; b++) {
      const { business } = await insertAccountGraph(tx, {
        name: `Bench ${b}`,
        email: `bench${b}@example.test`,
      });
      const [w] = await queryRows<{ id: string }>(
        tx,
        sql`SELECT id FROM wallets WHERE business_id = ${business.id}`,
      );
      ids.push({ businessId: business.id, walletId: w!.id });
    }
    return ids;
  });
  for (let start = 0; start < EVENTS; start += 1000) {
    await deps.db.insert(transactions).values(
      Array.from({ length: Math.min(1000, EVENTS - start) }, (_, k) => {
        const w = wallets[(start + k) % wallets.length]!;
        return {
          ...w,
          kind: 'credit_purchase' as const,
          status: 'pending' as const,
          reference: `credit-bench-${start + k}`,
          amount: '30.00',
          currency: 'NGN',
          providerAmount: 3000,
          credits: '1',
        };
      }),
    );
  }
  const bodies = Array.from({ length: EVENTS }, (_, i) =>
    JSON.stringify({
      event: 'charge.success',
      data: { id: i, status: 'success', reference: `credit-bench-${i}`, amount: 3000, currency: 'NGN' },
    }),
  );

  const baselineMs = await pool(EVENTS, CONCURRENCY, async () => {
    const res = await fetch(`${base}/health`);
    await res.arrayBuffer();
  });

  const rssBefore = peakRss;
  const started = performance.now();
  const acceptedMs = await pool(EVENTS, CONCURRENCY, async (i) => {
    const res = await fetch(`${base}/webhooks/payment-provider`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-payment-provider-signature': sandbox.sign(bodies[i]!),
      },
      body: bodies[i],
    });
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
    await res.arrayBuffer();
  });
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      deps.db,
      sql`SELECT count(*)::int AS n FROM webhook_events WHERE status <> 'received'`,
    );
    if (row!.n >= EVENTS) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const settledMs = performance.now() - started;

  const [check] = await queryRows<{ credited: string; settled: number }>(
    deps.db,
    sql`SELECT (SELECT sum(balance)::text FROM wallets) AS credited,
               (SELECT count(*)::int FROM transactions WHERE status = 'successful') AS settled`,
  );
  const rate = (ms: number) => Math.round((EVENTS / ms) * 1000);
  console.log(
    `engine ${testDb.database.kind}, ${EVENTS} events, concurrency ${CONCURRENCY}, ${BUSINESSES} wallets`,
  );
  console.log(`baseline GET /health          ${rate(baselineMs).toString().padStart(7)} req/s`);
  console.log(`webhook accepted (200)        ${rate(acceptedMs).toString().padStart(7)} events/s`);
  console.log(`webhook settled (credited)    ${rate(settledMs).toString().padStart(7)} events/s`);
  console.log(
    `peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB (${(rssBefore / 2 ** 20).toFixed(0)} MiB before the burst)`,
  );
  console.log(
    `check: ${check!.settled} settled, ${Number(check!.credited)} credits credited (expected ${EVENTS} each)`,
  );

  clearInterval(sampler);
  await app.close();
  await testDb.drop();
  if (check!.settled !== EVENTS || Number(check!.credited) !== EVENTS) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
