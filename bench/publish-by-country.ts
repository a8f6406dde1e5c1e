/**
 * Publishing by country benchmark (issue "prices by country").
 *
 *   npm run bench:publish-by-country -- --recipients=100000 --rounds=3
 *
 * What a credit campaign's publish costs now that each recipient is priced by their country: the same
 * `POST /campaigns` (sendToAllContact, paymentMethod credit: the estimate, one debit for the sum, the card kept on
 * the campaign, the messages inserted with their country) for two businesses of `recipients` contacts each:
 *
 * - baseline: every contact in one country that has no row of its own on the card (it pays the defaults,
 *   as every recipient did under the flat rate);
 * - 20 countries: the contacts spread evenly over 20 countries, each with its own price on the card.
 *
 * The rounds alternate the two, so a machine whose speed drifts affects both alike; the figure is the median
 * of each and their ratio (goal: the 20-country publish within 10% of the baseline's time). No dispatcher runs:
 * the messages stay queued.
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a fresh
 * database is created on that server and dropped afterwards.
 */
import { sql } from 'drizzle-orm';
import { createDeps } from '../src/app/create-deps.js';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/platform/config.js';
import { createLogger } from '../src/platform/logger.js';
import { createUser, setMessagingCredentials } from '../test/factories.js';
import type { TestApp } from '../test/harness.js';
import { createBenchDatabase } from './lib/database.js';
import { arg, median, reportGoal } from './lib/harness.js';

const RECIPIENTS = Number(arg('recipients') ?? 100_000);
const ROUNDS = Number(arg('rounds') ?? 3);
const GOAL_RATIO = 1.1;

/** Twenty countries by calling code, and the marketing price each gets on the card when it has none. */
const COUNTRIES: [code: string, dial: string, price: string][] = [
  ['IN', '91', '0.45'],
  ['BR', '55', '1.6'],
  ['GB', '44', '1.4'],
  ['US', '1', '0.8'],
  ['ZA', '27', '1.1'],
  ['KE', '254', '0.7'],
  ['GH', '233', '0.9'],
  ['EG', '20', '1.2'],
  ['DE', '49', '1.9'],
  ['FR', '33', '1.8'],
  ['ES', '34', '0.9'],
  ['IT', '39', '0.95'],
  ['MX', '52', '0.6'],
  ['ID', '62', '0.5'],
  ['PK', '92', '0.65'],
  ['TR', '90', '0.15'],
  ['SA', '966', '0.6'],
  ['AE', '971', '0.55'],
  ['CO', '57', '0.2'],
  ['AR', '54', '0.85'],
];

async function main(): Promise<void> {
  const bench = await createBenchDatabase('bench_publish');
  const config = testConfig({ DATABASE_URL: bench.url });
  const database = bench.database;
  try {
    const deps = createDeps(config, database, createLogger('warn', { role: 'bench' }));
    const app = await buildApp(deps);
    const t = { db: deps.db, deps } as unknown as TestApp;

    // The card: a marketing price for each of the twenty countries (the starting card lists a few of them).
    for (const [code, , price] of COUNTRIES)
      await deps.db.execute(sql`
        INSERT INTO price_card (category, country_code, price) VALUES ('marketing', ${code}, ${price})
        ON CONFLICT (category, country_code) DO NOTHING`);

    const seed = async (spread: boolean) => {
      const user = await createUser(t, {
        businessVerified: 'accepted',
        credits: String(RECIPIENTS * 2 * (ROUNDS + 1)),
      });
      await setMessagingCredentials(t, user.businessId);
      const codes = spread ? COUNTRIES.map((c) => c[0]) : ['NG'];
      const dials = spread ? COUNTRIES.map((c) => c[1]) : ['234'];
      await deps.db.execute(sql`
        INSERT INTO contacts (business_id, first_name, last_name, phone_number, opt_in, country_code)
        SELECT ${user.businessId}, 'First' || i, 'Last' || i,
               '+' || (${JSON.stringify(dials)}::jsonb ->> (i % ${codes.length})) || lpad(i::text, 9, '0'), true,
               ${JSON.stringify(codes)}::jsonb ->> (i % ${codes.length})
        FROM generate_series(1, ${RECIPIENTS}) AS i`);
      return user;
    };
    const flat = await seed(false);
    const spread = await seed(true);
    await deps.db.execute(sql`ANALYZE`);

    const publish = async (token: string, round: number) => {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/campaigns',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          name: `Bench ${round}`,
          message: 'Hello {{firstName}}, this week only: 20% off.',
          sendToAllContact: true,
          isScheduled: false,
          paymentMethod: 'credit',
        },
      });
      const seconds = (performance.now() - started) / 1000;
      if (res.statusCode !== 201) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
      return { seconds, cost: (JSON.parse(res.body) as { data: { cost: number } }).data.cost };
    };

    console.log(`publish by country: ${RECIPIENTS} recipients, ${ROUNDS} rounds each, alternating`);
    await publish(flat.accessToken, 0); // warm-up: plans cached, pages read
    const times = { flat: [] as number[], spread: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      const first = round % 2 === 1 ? 'flat' : 'spread';
      for (const kind of first === 'flat' ? (['flat', 'spread'] as const) : (['spread', 'flat'] as const)) {
        const { seconds, cost } = await publish((kind === 'flat' ? flat : spread).accessToken, round);
        times[kind].push(seconds);
        console.log(`  round ${round} ${kind.padEnd(6)} ${seconds.toFixed(2)} s, charged ${cost} credits`);
      }
    }
    const base = median(times.flat);
    const by20 = median(times.spread);
    console.log(`baseline  one country (card defaults): ${base.toFixed(2)} s (median)`);
    console.log(`20 countries, each its own price:      ${by20.toFixed(2)} s (median)`);
    const ratio = by20 / base;
    reportGoal({
      path: `Publish of ${RECIPIENTS.toLocaleString('en')} recipients over 20 countries`,
      figure: `${by20.toFixed(2)} s`,
      baseline: `${base.toFixed(2)} s (one country, card defaults)`,
      value: ratio,
      shown: ratio.toFixed(2),
      goal: GOAL_RATIO,
      kind: 'max',
      goalShown: `≤ ${GOAL_RATIO}`,
    });
    await app.close();
  } finally {
    await bench.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
