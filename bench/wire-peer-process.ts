/**
 * A provider peer of equal, minimal cost for both wire formats, in a process of its own: it answers every
 * gateway send and every Cloud API `POST .../messages` with a fixed answer of that provider's shape and checks
 * nothing. The simulators check each request (as the real providers would), and the Graph simulator does more
 * per request than the gateway's; against this peer, the difference between the two providers' rates and CPU
 * is the service's own. Prints its URL; answers `cpu` over IPC.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ownCpuSeconds } from './lib/cpu-meter.js';

let sequence = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const n = (++sequence).toString(36);
    const body = req.url?.endsWith('/messages')
      ? `{"messaging_product":"whatsapp","contacts":[{"input":"${n}","wa_id":"${n}"}],"messages":[{"id":"wamid.HBgLMjM0ODA${n}","message_status":"accepted"}]}`
      : `{"response":{"id":"${n}","phone":"${n}","details":"","status":"success"}}`;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;

process.on('message', (msg: { type: string; id: number }) => {
  if (msg.type === 'cpu') process.send!({ id: msg.id, cpuSeconds: ownCpuSeconds() });
  else process.send!({ id: msg.id });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
server.listen(0, '127.0.0.1', () => {
  process.send!({ id: 0, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
