// A load generator in a process of its own (so the service's CPU is measured apart from the client's):
// `node --import tsx bench/lib/http-load.ts <baseUrl> <pathsFile> <seconds> <connections>` runs autocannon
// over the paths of the file in turn (one per line) and prints its result as one JSON line.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [base, pathsFile, seconds, connections] = process.argv.slice(2);
const paths = readFileSync(pathsFile!, 'utf8').split('\n').filter(Boolean);
let next = 0;
const result = await autocannon({
  url: base!,
  duration: Number(seconds),
  connections: Number(connections),
  headers: {
    // A phone's browser: the redirect counts it as a person's click.
    'user-agent':
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  },
  requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) }],
});
console.log(
  JSON.stringify({
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statuses: {
      '2xx': result['2xx'],
      '3xx': result['3xx'],
      '4xx': result['4xx'],
      '5xx': result['5xx'],
    },
    errors: result.errors,
  }),
);
