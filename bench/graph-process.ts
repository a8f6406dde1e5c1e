/**
 * The Graph API (Cloud API) simulator in a process of its own, like bench/gateway-process.ts, so that in the
 * benchmark it does not share an event loop with the code being measured. Prints its URL; answers
 * `addAccount`, `addTemplate`, `setTemplateStatus` and `cpu` over IPC.
 */
import { GraphApiSimulator } from '../test/simulators/graph-api.js';
import { ownCpuSeconds } from './lib/cpu-meter.js';

const latencyMs = Number(process.argv[2] ?? 0);
const sim = await new GraphApiSimulator({ latencyMs, record: false }).start();

process.on('message', (msg: { type: string; id: number; args: never[] }) => {
  let value: unknown = null;
  if (msg.type === 'cpu') value = ownCpuSeconds();
  else if (msg.type === 'addAccount') value = sim.addAccount(...(msg.args as [never]));
  else if (msg.type === 'addTemplate') value = sim.addTemplate(...(msg.args as [never]));
  else if (msg.type === 'setTemplateStatus') value = sim.setTemplateStatus(...(msg.args as [never, never]));
  process.send!({ id: msg.id, value });
});

process.on('disconnect', () => void sim.stop().then(() => process.exit(0)));
process.send!({ id: 0, url: sim.url });
