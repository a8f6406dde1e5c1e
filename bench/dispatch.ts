/**
 * Dispatch by provider (docs/benchmark-notes.md): the same campaign sent through the enterprise gateway and
 * through the WhatsApp Cloud API, each against its loopback simulator, in the same run.
 *
 *   npm run bench:dispatch -- --recipients=20000 --rounds=2
 *
 * 1. Baseline: each adapter alone (same pool size and concurrency) sending `recipients` requests to its
 *    simulator, no database: what the HTTP path costs per message for each wire format.
 *    Then each adapter against one peer of equal, minimal cost for both formats (bench/wire-peer-process.ts):
 *    the simulators check every request and the Graph one does more per request than the gateway's, which
 *    the first figures include; against the equal peer only the service's own cost differs.
 * 2. End to end, alternating gateway and Cloud for `rounds` rounds: a campaign of `recipients` opted-in
 *    contacts published through the API (a Cloud campaign from an approved template with one variable per
 *    recipient and one fixed), sent by one dispatcher until completed, against the simulators and then
 *    against the equal peer (`--peer=simulators|equal|both`, default both). Reports messages/s for each and
 *    the Cloud path's rate as a share of the gateway's.
 * 3. Messaging limits, alternating for `rounds` rounds: the gateway campaign with no limit, and with a daily
 *    limit larger than the campaign (every claim takes the limited path: the advisory lock, the window's count
 *    and the window inserts, but nothing waits). Reports the limited rate as a share of the unlimited.
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a fresh database
 * is created and dropped afterwards.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { createDeps } from '../src/app/create-deps.js';
import { buildApp } from '../src/app.js';
import { Dispatcher, dispatcherOptions } from '../src/jobs/dispatcher.js';
import { testConfig } from '../src/platform/config.js';
import { queryRows } from '../src/platform/db/client.js';
import { businesses, campaigns, templates } from '../src/platform/db/schema/index.js';
import { createLogger } from '../src/platform/logger.js';
import { CloudMessagingAdapter } from '../src/providers/messaging/cloud.adapter.js';
import { GatewayMessagingAdapter } from '../src/providers/messaging/gateway.adapter.js';
import { createUser, setMessagingCredentials, type TestUser } from '../test/factories.js';
import type { TestApp } from '../test/harness.js';
import { ownCpuSeconds } from './lib/cpu-meter.js';
import { createBenchDatabase } from './lib/database.js';
import { arg, ENCRYPTION_KEY, JWT_SECRET } from './lib/harness.js';

const RECIPIENTS = Number(arg('recipients') ?? 20_000);
const ROUNDS = Number(arg('rounds') ?? 2);
const LATENCY_MS = Number(arg('latency') ?? 0);
const PEERS: readonly Peer[] =
  arg('peer') === 'simulators'
    ? ['simulators']
    : arg('peer') === 'equal'
      ? ['equal']
      : ['simulators', 'equal'];

type Provider = 'gateway' | 'cloud';
type Peer = 'simulators' | 'equal';

/** A simulator in a child process (bench/gateway-process.ts, bench/graph-process.ts), spoken to over IPC. */
class Simulator {
  private seq = 0;
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(script: string): Promise<Simulator> {
    const child = fork(fileURLToPath(new URL(script, import.meta.url)), [String(LATENCY_MS)], {
      execArgv: ['--import', 'tsx'],
    });
    const url = await new Promise<string>((resolve) =>
      child.once('message', (m: { url: string }) => resolve(m.url)),
    );
    return new Simulator(child, url);
  }

  call<T>(type: string, ...args: unknown[]): Promise<T> {
    const id = ++this.seq;
    return new Promise((resolve) => {
      const onMessage = (m: { id: number; value?: T; cpuSeconds?: T }) => {
        if (m.id !== id) return;
        this.child.off('message', onMessage);
        resolve((m.value ?? m.cpuSeconds) as T);
      };
      this.child.on('message', onMessage);
      this.child.send({ type, id, args });
    });
  }

  stop(): void {
    this.child.disconnect();
  }
}

/** Runs `work` and measures its wall time and the CPU this process and the simulator used for it. */
async function measured(sim: Simulator, count: number, work: () => Promise<void>) {
  const simStart = await sim.call<number>('cpu');
  const ownStart = ownCpuSeconds();
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  const own = ownCpuSeconds() - ownStart;
  const simulator = (await sim.call<number>('cpu')) - simStart;
  return {
    rate: count / seconds,
    ownUs: (own * 1e6) / count,
    simUs: (simulator * 1e6) / count,
  };
}

const describe = (m: { rate: number; ownUs: number; simUs: number }) =>
  `${m.rate.toFixed(0)}/s, CPU per message: service ${m.ownUs.toFixed(0)} µs, simulator ${m.simUs.toFixed(0)} µs`;

async function main(): Promise<void> {
  const bench = await createBenchDatabase('dispatch');
  const gatewaySim = await Simulator.start('./gateway-process.ts');
  const graphSim = await Simulator.start('./graph-process.ts');
  const peer = await Simulator.start('./wire-peer-process.ts');
  const config = testConfig({ JWT_SECRET, ENCRYPTION_KEY, DATABASE_URL: bench.url, LOG_LEVEL: 'warn' });
  const connections = config.DISPATCH_CONCURRENCY + 4;
  const simGateway = new GatewayMessagingAdapter({ baseUrl: gatewaySim.url, timeoutMs: 15_000, connections });
  const simCloud = new CloudMessagingAdapter({ baseUrl: graphSim.url, timeoutMs: 15_000, connections });
  const peerGateway = new GatewayMessagingAdapter({ baseUrl: peer.url, timeoutMs: 15_000, connections });
  const peerCloud = new CloudMessagingAdapter({ baseUrl: peer.url, timeoutMs: 15_000, connections });
  const deps = createDeps(config, bench.database, createLogger('warn', { role: 'bench' }), {
    messaging: simGateway,
    cloud: simCloud,
  });
  // The dispatcher of the equal-peer rounds: the same service, sending to the peer.
  const peerDeps = { ...deps, messaging: peerGateway, cloud: peerCloud };
  const app = await buildApp(deps);
  const t = { db: deps.db, deps } as unknown as TestApp;
  try {
    console.log(
      `dispatch by provider: ${RECIPIENTS} recipients, ${ROUNDS} rounds, concurrency ${config.DISPATCH_CONCURRENCY}, ` +
        `simulator latency ${LATENCY_MS} ms, load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );

    // 1. Baselines: each adapter alone against its simulator.
    const account = { token: 'bench-token', wabaId: '900100', phoneNumberId: '900200' };
    await graphSim.call('addAccount', account);
    await graphSim.call('addTemplate', {
      wabaId: account.wabaId,
      name: 'bench_raw',
      language: 'en_US',
      category: 'MARKETING',
      status: 'APPROVED',
      components: [{ type: 'BODY', text: 'Hello {{1}}, {{2}}' }],
    });
    const raw = (provider: Provider, count: number, against: Peer = 'simulators') => {
      let next = 0;
      const [gateway, cloud] = against === 'equal' ? [peerGateway, peerCloud] : [simGateway, simCloud];
      const sim = against === 'equal' ? peer : provider === 'gateway' ? gatewaySim : graphSim;
      return measured(sim, count, async () => {
        await Promise.all(
          Array.from({ length: config.DISPATCH_CONCURRENCY }, async () => {
            while (next < count) {
              const i = next++;
              const to = `+23480${String(i).padStart(8, '0')}`;
              if (provider === 'gateway')
                await gateway.send({ userId: 'bench', password: 'bench' }, { to, text: `Hello ${i}` });
              else
                await cloud.send(
                  { userId: account.phoneNumberId, password: account.token, provider: 'whatsapp-cloud' },
                  {
                    to,
                    text: `Hello ${i}`,
                    reference: `ref-${i}`,
                    template: {
                      name: 'bench_raw',
                      language: 'en_US',
                      components: [
                        {
                          type: 'body',
                          parameters: [
                            { type: 'text', text: `First${i}` },
                            { type: 'text', text: 'this week only' },
                          ],
                        },
                      ],
                    },
                  },
                );
            }
          }),
        );
      });
    };
    await raw('gateway', Math.min(RECIPIENTS, 3_000));
    await raw('cloud', Math.min(RECIPIENTS, 3_000));
    const rawGateway = await raw('gateway', RECIPIENTS);
    const rawCloud = await raw('cloud', RECIPIENTS);
    await raw('gateway', Math.min(RECIPIENTS, 3_000), 'equal');
    await raw('cloud', Math.min(RECIPIENTS, 3_000), 'equal');
    const peerGatewayRaw = await raw('gateway', RECIPIENTS, 'equal');
    const peerCloudRaw = await raw('cloud', RECIPIENTS, 'equal');
    console.log(`baseline   raw gateway adapter -> simulator:  ${describe(rawGateway)}`);
    console.log(`baseline   raw Cloud adapter   -> simulator:  ${describe(rawCloud)}`);
    console.log(`baseline   raw gateway adapter -> equal peer: ${describe(peerGatewayRaw)}`);
    console.log(`baseline   raw Cloud adapter   -> equal peer: ${describe(peerCloudRaw)}`);

    // 2. End to end, alternating, against each peer.
    for (const against of PEERS) {
      const results: Record<Provider, { rate: number; ownUs: number; simUs: number }[]> = {
        gateway: [],
        cloud: [],
      };
      for (let round = 1; round <= ROUNDS; round++) {
        for (const provider of (round % 2 ? ['gateway', 'cloud'] : ['cloud', 'gateway']) as Provider[]) {
          const sim = against === 'equal' ? peer : provider === 'gateway' ? gatewaySim : graphSim;
          const m = await endToEnd(
            t,
            app,
            against === 'equal' ? peerDeps : deps,
            graphSim,
            sim,
            provider,
            RECIPIENTS,
          );
          results[provider].push(m);
          console.log(
            `round ${round}  ${provider.padEnd(7)} -> ${against.padEnd(10)} publish -> completed: ${describe(m)}`,
          );
        }
      }
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const rate = (p: Provider) => mean(results[p].map((m) => m.rate));
      const cpu = (p: Provider) => mean(results[p].map((m) => m.ownUs));
      console.log(
        `end to end (${against}): gateway ${rate('gateway').toFixed(0)} messages/s (${cpu('gateway').toFixed(0)} µs CPU each), ` +
          `Cloud ${rate('cloud').toFixed(0)} messages/s (${cpu('cloud').toFixed(0)} µs CPU each): Cloud rate ` +
          `${((100 * rate('cloud')) / rate('gateway')).toFixed(0)}% of the gateway's, CPU ${((100 * cpu('cloud')) / cpu('gateway')).toFixed(0)}%; ` +
          `load average now ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
      );
    }

    // 3. Messaging limits off and on, alternating, the gateway against its simulator.
    const limits: Record<'off' | 'on', { rate: number; ownUs: number; simUs: number }[]> = {
      off: [],
      on: [],
    };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const mode of (round % 2 ? ['off', 'on'] : ['on', 'off']) as ('off' | 'on')[]) {
        const m = await endToEnd(t, app, deps, graphSim, gatewaySim, 'gateway', RECIPIENTS, mode === 'on');
        limits[mode].push(m);
        console.log(`round ${round}  limits ${mode.padEnd(3)} gateway publish -> completed: ${describe(m)}`);
      }
    }
    const average = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const limitRate = (k: 'off' | 'on') => average(limits[k].map((m) => m.rate));
    const limitCpu = (k: 'off' | 'on') => average(limits[k].map((m) => m.ownUs));
    console.log(
      `limits     off ${limitRate('off').toFixed(0)} messages/s (${limitCpu('off').toFixed(0)} µs CPU each), ` +
        `on ${limitRate('on').toFixed(0)} messages/s (${limitCpu('on').toFixed(0)} µs CPU each): limits-on rate ` +
        `${((100 * limitRate('on')) / limitRate('off')).toFixed(0)}% of limits-off`,
    );
  } finally {
    await app.close();
    await Promise.all([simGateway, simCloud, peerGateway, peerCloud].map((a) => a.close()));
    gatewaySim.stop();
    graphSim.stop();
    peer.stop();
    await bench.drop();
  }
}

let seq = 0;

/** A business of the provider with `count` contacts; a campaign published through the API, sent to completion. */
async function endToEnd(
  t: TestApp,
  app: Awaited<ReturnType<typeof buildApp>>,
  deps: ReturnType<typeof createDeps>,
  graphSim: Simulator,
  /** The process that answers the sends: its CPU is reported beside the service's. */
  answering: Simulator,
  provider: Provider,
  count: number,
  /** A daily messaging limit above the campaign's size: the limited claim runs, nothing waits. */
  limited = false,
) {
  seq++;
  const user: TestUser = await createUser(t, { businessVerified: 'accepted', credits: String(count) });
  const extra: Record<string, unknown> = {};
  if (provider === 'gateway') await setMessagingCredentials(t, user.businessId);
  else {
    const account = { token: `bench-${seq}`, wabaId: `8${seq}00`, phoneNumberId: `7${seq}00` };
    await graphSim.call('addAccount', account);
    await deps.db
      .update(businesses)
      .set({
        provider: 'whatsapp-cloud',
        providerHSMID: account.phoneNumberId,
        wabaProviderId: account.wabaId,
        providerHSMPasswordEnc: deps.secretBox.seal(account.token, user.businessId),
        wabaNumber: `23470${String(seq).padStart(8, '0')}`,
      })
      .where(eq(businesses.id, user.businessId));
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/templates',
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload: {
        name: 'bench_offer',
        language: 'en_US',
        category: 'MARKETING',
        components: [
          {
            type: 'BODY',
            text: 'Hello {{1}}, {{2}}: 20% off.',
            example: { body_text: [['Ada', 'this week']] },
          },
        ],
      },
    });
    if (created.statusCode !== 201) throw new Error(`template: ${created.statusCode} ${created.body}`);
    const template = JSON.parse(created.body).data as { id: string };
    const [row] = await deps.db.select().from(templates).where(eq(templates.id, template.id));
    await graphSim.call('setTemplateStatus', row!.providerTemplateId!, 'APPROVED');
    await deps.db.update(templates).set({ status: 'APPROVED' }).where(eq(templates.id, template.id));
    extra.templateId = template.id;
    extra.templateParameters = { body: [{ field: 'firstName' }, { text: 'this week only' }] };
  }
  await deps.db.execute(sql`
    INSERT INTO contacts (business_id, first_name, last_name, phone_number, opt_in)
    SELECT ${user.businessId}, 'First' || i, 'Last' || i, '+23481' || lpad((${seq * 1_000_000} + i)::text, 8, '0'), true
    FROM generate_series(1, ${count}) AS i`);
  await deps.db.execute(sql`ANALYZE contacts`);
  if (limited)
    await deps.db.execute(
      sql`INSERT INTO messaging_limits (business_id, daily_recipients) VALUES (${user.businessId}, ${count * 2})`,
    );
  const dispatcher = new Dispatcher(
    deps,
    dispatcherOptions(deps.config, { ratePerSecond: 0, pollMs: 100 }),
  ).start();
  let id = '';
  const m = await measured(answering, count, async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/campaigns',
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload: {
        name: `Bench ${provider} ${seq}`,
        message: 'Hello {{1}}, {{2}}: 20% off.',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
        ...extra,
      },
    });
    if (res.statusCode !== 201) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
    id = (JSON.parse(res.body) as { data: { id: string } }).data.id;
    for (;;) {
      const [row] = await deps.db
        .select({ completedAt: campaigns.completedAt, sent: campaigns.sentCount })
        .from(campaigns)
        .where(eq(campaigns.id, id));
      if (row?.completedAt) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  await dispatcher.stop();
  const [counts] = await queryRows<{ sent: number; failed: number }>(
    deps.db,
    sql`SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent,
               count(*) FILTER (WHERE status = 'failed')::int AS failed
        FROM campaign_messages WHERE campaign_id = ${id}`,
  );
  if (counts && counts.failed > 0) throw new Error(`${provider}: ${counts.failed} messages failed`);
  return m;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
