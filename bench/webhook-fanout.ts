/**
 * Outgoing webhooks keep up with the dispatcher (issue 40): in the same run, a gateway campaign is sent
 * from publish to completed (the dispatch rate), then `events` message-status events are written to the
 * outbox, in batches the size of the receipt writer's, and delivered by one worker's webhook sender to a
 * local endpoint in a process of its own (the fan-out rate).
 *
 *   npm run bench:webhooks -- --events=100000 --recipients=20000
 *
 * Reports both rates and the fan-out's as a share of the dispatch's (the goal: at least 100 %), with the CPU
 * each delivery cost. Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { createDeps } from '../src/app/create-deps.js';
import { buildApp } from '../src/app.js';
import { Dispatcher, dispatcherOptions } from '../src/jobs/dispatcher.js';
import { startWebhookSender } from '../src/jobs/webhook-sender.js';
import { enqueueWebhookEvents, type WebhookEvent } from '../src/modules/webhook-endpoints/index.js';
import { testConfig } from '../src/platform/config.js';
import { queryRows } from '../src/platform/db/client.js';
import { campaigns } from '../src/platform/db/schema/index.js';
import { createLogger } from '../src/platform/logger.js';
import { GatewayMessagingAdapter } from '../src/providers/messaging/gateway.adapter.js';
import { createUser, setMessagingCredentials } from '../test/factories.js';
import type { TestApp } from '../test/harness.js';
import { ownCpuSeconds } from './lib/cpu-meter.js';
import { createBenchDatabase } from './lib/database.js';
import { arg, ENCRYPTION_KEY, JWT_SECRET, reportGoal } from './lib/harness.js';

const EVENTS = Number(arg('events') ?? 100_000);
const RECIPIENTS = Number(arg('recipients') ?? 20_000);
/** The receipt writer's largest write: one outbox statement per this many events. */
const BATCH = 2_000;

/** A helper process (the gateway simulator, the endpoint), spoken to over IPC. */
class Peer {
  private seq = 0;
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(script: string): Promise<Peer> {
    const child = fork(fileURLToPath(new URL(script, import.meta.url)), ['0'], {
      execArgv: ['--import', 'tsx'],
    });
    const url = await new Promise<string>((resolve) =>
      child.once('message', (m: { url: string }) => resolve(m.url)),
    );
    return new Peer(child, url);
  }

  call<T>(type: string): Promise<T> {
    const id = ++this.seq;
    return new Promise((resolve) => {
      const onMessage = (m: { id: number; value?: T; cpuSeconds?: T }) => {
        if (m.id !== id) return;
        this.child.off('message', onMessage);
        resolve((m.value ?? m.cpuSeconds) as T);
      };
      this.child.on('message', onMessage);
      this.child.send({ type, id });
    });
  }

  stop(): void {
    this.child.disconnect();
  }
}

async function measured(peer: Peer, count: number, work: () => Promise<void>) {
  const peerStart = await peer.call<number>('cpu');
  const ownStart = ownCpuSeconds();
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    rate: count / seconds,
    ownUs: ((ownCpuSeconds() - ownStart) * 1e6) / count,
    peerUs: (((await peer.call<number>('cpu')) - peerStart) * 1e6) / count,
  };
}

const fmt = (m: { rate: number; ownUs: number; peerUs: number }, what: string) =>
  `${m.rate.toFixed(0)} ${what}/s, CPU each: service ${m.ownUs.toFixed(0)} µs, peer ${m.peerUs.toFixed(0)} µs`;

async function main(): Promise<void> {
  const bench = await createBenchDatabase('webhooks');
  const gatewaySim = await Peer.start('./gateway-process.ts');
  const receiver = await Peer.start('./webhook-receiver-process.ts');
  const config = testConfig({
    JWT_SECRET,
    ENCRYPTION_KEY,
    DATABASE_URL: bench.url,
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  });
  const gateway = new GatewayMessagingAdapter({
    baseUrl: gatewaySim.url,
    timeoutMs: 15_000,
    connections: config.DISPATCH_CONCURRENCY + 4,
  });
  const deps = createDeps(config, bench.database, createLogger('warn', { role: 'bench' }), {
    messaging: gateway,
  });
  const app = await buildApp(deps);
  const t = { db: deps.db, deps } as unknown as TestApp;
  try {
    console.log(
      `webhook fan-out: ${EVENTS} events, dispatch of ${RECIPIENTS} recipients, sender concurrency ` +
        `${config.WEBHOOK_SEND_CONCURRENCY}, load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );

    // 1. The dispatch rate: a gateway campaign, publish to completed.
    const sender = await createUser(t, { businessVerified: 'accepted', credits: String(RECIPIENTS) });
    await setMessagingCredentials(t, sender.businessId);
    await deps.db.execute(sql`
      INSERT INTO contacts (business_id, first_name, last_name, phone_number, opt_in)
      SELECT ${sender.businessId}, 'First' || i, 'Last' || i, '+23481' || lpad(i::text, 8, '0'), true
      FROM generate_series(1, ${RECIPIENTS}) AS i`);
    await deps.db.execute(sql`ANALYZE contacts`);
    const dispatcher = new Dispatcher(
      deps,
      dispatcherOptions(deps.config, { ratePerSecond: 0, pollMs: 100 }),
    ).start();
    const dispatch = await measured(gatewaySim, RECIPIENTS, async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/campaigns',
        headers: { authorization: `Bearer ${sender.accessToken}` },
        payload: {
          name: 'Bench webhooks',
          message: 'Hello {{1}}: 20% off.',
          sendToAllContact: true,
          isScheduled: false,
          paymentMethod: 'credit',
        },
      });
      if (res.statusCode !== 201) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
      const id = (JSON.parse(res.body) as { data: { id: string } }).data.id;
      for (;;) {
        const [row] = await deps.db
          .select({ completedAt: campaigns.completedAt })
          .from(campaigns)
          .where(eq(campaigns.id, id));
        if (row?.completedAt) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    await dispatcher.stop();
    console.log(`dispatch   publish -> completed: ${fmt(dispatch, 'messages')}`);

    // 2. The outbox: status events written as the receipt writer writes them, one statement per batch.
    const owner = await createUser(t, { businessVerified: 'accepted' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      headers: { authorization: `Bearer ${owner.accessToken}` },
      payload: { url: receiver.url, eventTypes: ['message.sent', 'message.delivered', 'message.read'] },
    });
    if (created.statusCode !== 201) throw new Error(`endpoint: ${created.statusCode} ${created.body}`);
    const types = ['message.sent', 'message.delivered', 'message.read'] as const;
    const outboxStart = performance.now();
    for (let from = 0; from < EVENTS; from += BATCH) {
      const events: WebhookEvent[] = Array.from({ length: Math.min(BATCH, EVENTS - from) }, (_, k) => {
        const i = from + k;
        return {
          type: types[i % 3]!,
          at: new Date(),
          data: {
            messageId: `m-${i}`,
            campaignId: 'bench',
            phoneNumber: `+23481${i}`,
            status: types[i % 3]!.slice(8),
          },
        };
      });
      await deps.db.transaction((tx) => enqueueWebhookEvents(tx, owner.businessId, events));
    }
    const outboxRate = EVENTS / ((performance.now() - outboxStart) / 1000);
    console.log(`outbox     ${outboxRate.toFixed(0)} events/s written (${BATCH} per statement)`);

    // 3. The fan-out: one worker's sender drains the outbox to the endpoint.
    const fanout = await measured(receiver, EVENTS, async () => {
      const job = startWebhookSender(deps, { intervalMs: 20 });
      try {
        for (;;) {
          const [row] = await queryRows<{ n: number }>(
            deps.db,
            sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`,
          );
          if (!row?.n) break;
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        await job.stop();
      }
    });
    const stats = await receiver.call<{ requests: number; distinct: number }>('stats');
    const [done] = await queryRows<{ ok: number; failed: number }>(
      deps.db,
      sql`SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS ok,
                 count(*) FILTER (WHERE status = 'failed')::int AS failed FROM webhook_deliveries`,
    );
    console.log(`fan-out    outbox -> endpoint: ${fmt(fanout, 'deliveries')}`);
    console.log(
      `           ${stats.requests} requests, ${stats.distinct} distinct webhook-ids, ${done?.ok} succeeded, ${done?.failed} failed`,
    );
    const share = (100 * fanout.rate) / dispatch.rate;
    console.log(
      `goal       fan-out ${fanout.rate.toFixed(0)} deliveries/s vs dispatch ${dispatch.rate.toFixed(0)} messages/s: ` +
        `${share.toFixed(0)}% (goal >= 100%) ${share >= 100 ? 'MET' : 'NOT MET'}`,
    );
    reportGoal({
      path: `Webhook fan-out (${EVENTS.toLocaleString('en')} status events to a local endpoint)`,
      figure: `${Math.round(fanout.rate).toLocaleString('en')}/s`,
      baseline: `${Math.round(dispatch.rate).toLocaleString('en')}/s (dispatch, same run)`,
      value: share / 100,
      shown: `${share.toFixed(0)}% of dispatch`,
      goal: 1,
      kind: 'min',
      goalShown: '≥ 100% of dispatch',
    });
  } finally {
    await app.close();
    await gateway.close();
    gatewaySim.stop();
    receiver.stop();
    await bench.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
