/**
 * The webhook fan-out benchmark's endpoint, in a process of its own so that it does not share an event
 * loop with the sender being measured: answers every POST 204 and counts them (and their distinct
 * `webhook-id`s). Prints its URL; answers `stats` / `cpu` over IPC.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ownCpuSeconds } from './lib/cpu-meter.js';

let requests = 0;
const ids = new Set<string>();
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    requests++;
    ids.add(String(req.headers['webhook-id']));
    res.statusCode = 204;
    res.end();
  });
});
server.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

process.on('message', (msg: { type: 'stats' | 'cpu'; id: number }) => {
  if (msg.type === 'cpu') process.send!({ id: msg.id, cpuSeconds: ownCpuSeconds() });
  else process.send!({ id: msg.id, value: { requests, distinct: ids.size } });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
process.send!({ id: 0, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` });
