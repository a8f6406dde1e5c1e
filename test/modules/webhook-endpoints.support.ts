import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local endpoint: records every POST and answers the statuses queued in `answers` (200 once they run
 * out), so a test can make it fail and then recover.
 */
export class Receiver {
  readonly received: Received[] = [];
  answers: number[] = [];
  /** How long the next answers wait (one entry per request, 0 once they run out). */
  delays: number[] = [];
  private server?: Server;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const status = this.answers.shift() ?? 200;
        const delay = this.delays.shift() ?? 0;
        setTimeout(() => {
          res.statusCode = status;
          if (status >= 300 && status < 400) res.setHeader('location', '/elsewhere');
          res.end('ok');
        }, delay);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/hook`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/**
 * Standard Webhooks verification written from the specification, independently of the service's code:
 * the key is the base64 after `whsec_`; one of the space-separated `v1,` signatures must match.
 */
export function verifies(secret: string, r: Received): boolean {
  const id = String(r.headers['webhook-id']);
  const ts = String(r.headers['webhook-timestamp']);
  const key = Buffer.from(secret.split('_')[1]!, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${r.body}`).digest();
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((part) => {
      const [version, sig] = part.split(',');
      const given = Buffer.from(sig ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}
