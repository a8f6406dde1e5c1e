import { sql } from 'drizzle-orm';
import { insertAccountGraph } from '../src/modules/auth/registration.repository.js';
import { applyReceipts } from '../src/modules/messages/index.js';
import { queryRows } from '../src/platform/db/client.js';
import { createBenchDatabase } from './lib/database.js';

const N = 100_000;
const bench = await createBenchDatabase('bench_explain');
const db = bench.database.db;
const { business } = await db.transaction((tx) =>
  insertAccountGraph(tx, { name: 'B', email: 'b@example.test' }),
);
const [c] = await queryRows<{ id: string }>(
  db,
  sql`INSERT INTO campaigns (business_id, name, message, send_to_all_contact, is_scheduled, is_published, is_sent_out, published_at, sent_out_at, recipient_count)
  VALUES (${business.id}, 'B', 'Hello', true, false, true, true, now(), now(), ${N}) RETURNING id`,
);
await db.execute(sql`INSERT INTO campaign_messages (campaign_id, business_id, phone_number, status, attempts, provider_message_id, sent_at)
  SELECT ${c!.id}, ${business.id}, '+234' || lpad(i::text, 10, '0'), 'sent', 1, 'bench-' || i, now() - interval '1 hour' FROM generate_series(0, ${N - 1}) AS i`);
await db.execute(sql`VACUUM ANALYZE campaign_messages`);
const events = (type: string, from: number, n: number) =>
  Array.from({ length: n }, (_, k) => ({
    providerMessageId: `bench-${from + k}`,
    recipient: `234${String(from + k).padStart(10, '0')}`,
    event: type as 'delivered',
    at: new Date(),
    errorCode: null,
    reason: null,
  }));
const mode = process.argv[2] ?? 'explain';
const captured: unknown[] = [];
const fake = new Proxy(db, {
  get(t, p) {
    if (p === 'execute')
      return async (q: unknown) => {
        captured.push(q);
        return (db as any).execute(mode === 'explain' ? sql`EXPLAIN (ANALYZE, BUFFERS, TIMING) ${q}` : q);
      };
    return (t as any)[p];
  },
});
for (let round = 0; round < 5; round++) {
  const t = performance.now();
  const r = await db.transaction(async (tx) => {
    const f = new Proxy(tx, {
      get(t2, p) {
        if (p === 'execute')
          return async (q: any) => {
            const res = await (tx as any).execute(
              mode === 'explain' && round === 4 ? sql`EXPLAIN (ANALYZE, BUFFERS) ${q}` : q,
            );
            if (mode === 'explain' && round === 4)
              console.log(res.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
            return res;
          };
        return (t2 as any)[p];
      },
    });
    return applyReceipts(f as any, events('delivered', round * 2000, 2000) as any).catch((e) => String(e));
  });
  console.log(
    `round ${round}: ${(performance.now() - t).toFixed(0)} ms`,
    typeof r === 'string' ? r.slice(0, 80) : (r as any).applied,
  );
}
void fake;
void captured;
await bench.drop();
