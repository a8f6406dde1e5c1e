/**
 * The gateway simulator in a process of its own, so that in the benchmark it does not share an event loop
 * with the code being measured. Prints its URL; answers `stats` / `reset` / `cpu`
 * (the CPU seconds it has used, for the benchmark's CPU split) over IPC.
 */
import { MessagingGatewaySimulator } from '../test/simulators/messaging-gateway.js';
import { ownCpuSeconds } from './lib/cpu-meter.js';

const latencyMs = Number(process.argv[2] ?? 0);
/** Optional: the delivery-report callback, to report on what it accepts like the gateway (see ReceiptEmitter). */
const receiptsUrl = process.argv[3];
const gateway = await new MessagingGatewaySimulator({
  latencyMs,
  record: false,
  receipts: receiptsUrl
    ? { url: receiptsUrl, deliveredDelayMs: 2_000, readDelayMs: 10_000, failedShare: 0.03, readShare: 0.65 }
    : undefined,
}).start();

process.on('message', (msg: { type: 'stats' | 'reset' | 'cpu'; id: number }) => {
  if (msg.type === 'cpu') {
    process.send!({ id: msg.id, cpuSeconds: ownCpuSeconds() });
    return;
  }
  if (msg.type === 'reset') {
    gateway.reset();
    process.send!({ id: msg.id });
    return;
  }
  const times = gateway.sendTimes;
  let worstSecond = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1_000) j++;
    worstSecond = Math.max(worstSecond, i - j + 1);
  }
  process.send!({
    id: msg.id,
    totalRequests: gateway.totalRequests,
    totalSends: gateway.totalSends,
    recipients: gateway.recipients().size,
    duplicates: gateway.duplicates(),
    first: times[0] ?? null,
    last: times.at(-1) ?? null,
    worstSecond,
    maxInFlight: gateway.maxInFlight,
  });
});

process.on('disconnect', () => void gateway.stop().then(() => process.exit(0)));
process.send!({ id: 0, url: gateway.url });
