import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReceiptEmitter } from '../../src/providers/messaging/receipt-emitter.js';

describe('sandbox delivery reports (ReceiptEmitter)', () => {
  const posts: { token: string | undefined; events: { externalId: string; eventType: string }[] }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      posts.push({ token: req.headers['x-webhook-token'] as string | undefined, events: JSON.parse(body) });
      res.end('{}');
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/reports`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('posts delivered, read and failed in the configured shares, in JSON batches of 20 with the token', async () => {
    // A fixed sequence of draws (every third message fails, every third is read), replayed below.
    const draws = [0.5, 0.01, 0.5, 0.5, 0.2, 0.1, 0.5, 0.5, 0.9, 0.9];
    let n = 0;
    const random = () => draws[n++ % draws.length]!;
    const emitter = new ReceiptEmitter(
      {
        url,
        token: 'secret-token-secret',
        deliveredDelayMs: 0,
        readDelayMs: 0,
        failedShare: 0.05,
        readShare: 0.5,
      },
      undefined,
      random,
    );
    for (let i = 0; i < 30; i++) emitter.accepted(`id-${i}`, '+2348000000000');
    // The same draws replayed: per message its delay, fail?, then which failure, or read? and its delay.
    const expected = { FAILED: 0, DELIVERED: 0, READ: 0 };
    for (let i = 0, k = 0; i < 30; i++) {
      k++;
      const fails = draws[k++ % draws.length]! < 0.05;
      if (fails) {
        k++;
        expected.FAILED++;
        continue;
      }
      expected.DELIVERED++;
      if (draws[k++ % draws.length]! < 0.5) {
        expected.READ++;
        k++;
      }
    }
    const total = expected.FAILED + expected.DELIVERED + expected.READ;
    const events = await vi.waitFor(
      () => {
        const all = posts.flatMap((p) => p.events);
        expect(all.length).toBe(total);
        return all;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(posts.every((p) => p.token === 'secret-token-secret' && p.events.length <= 20)).toBe(true);
    const byType = (type: string) => events.filter((e) => e.eventType === type).length;
    expect({ FAILED: byType('FAILED'), DELIVERED: byType('DELIVERED'), READ: byType('READ') }).toEqual(
      expected,
    );
    expect(expected.FAILED).toBeGreaterThan(0);
    expect(expected.READ).toBeGreaterThan(0);
  });
});

describe('sandbox delivery reports the callback did not take', () => {
  // Answers each post with the next status of `answers` (200 once they run out), and records what it got.
  const answers: number[] = [];
  const posts: { status: number; ids: string[] }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const status = answers.shift() ?? 200;
      posts.push({ status, ids: JSON.parse(body).map((e: { externalId: string }) => e.externalId) });
      res.statusCode = status;
      res.end('{}');
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/reports`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const emitter = (target = url) =>
    new ReceiptEmitter(
      { url: target, deliveredDelayMs: 0, readDelayMs: 0, failedShare: 0, readShare: 0, retryDelayMs: 10 },
      undefined,
      () => 0.5,
    );

  it('posts a batch again after a 503 and a 429, until it is taken, as the gateway retries', async () => {
    posts.length = 0;
    answers.push(503, 429);
    emitter().accepted('id-retried', '+2348000000000');
    await vi.waitFor(() => expect(posts.map((p) => p.status)).toEqual([503, 429, 200]), { timeout: 5_000 });
    expect(posts.every((p) => p.ids.join() === 'id-retried')).toBe(true);
  });

  it('does not post a refused batch again', async () => {
    posts.length = 0;
    answers.push(401);
    emitter().accepted('id-refused', '+2348000000000');
    await vi.waitFor(() => expect(posts).toHaveLength(1), { timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(posts.map((p) => p.status)).toEqual([401]);
  });

  it('gives up after six posts that found no callback', async () => {
    // A port nothing listens on: every post fails to connect.
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const warnings: unknown[] = [];
    const logger = { info: () => {}, warn: (o: unknown) => warnings.push(o) };
    const e = new ReceiptEmitter(
      {
        url: `http://127.0.0.1:${port}/reports`,
        deliveredDelayMs: 0,
        readDelayMs: 0,
        failedShare: 0,
        readShare: 0,
        retryDelayMs: 5,
      },
      logger as never,
      () => 0.5,
    );
    e.accepted('id-lost', '+2348000000000');
    await vi.waitFor(() => expect(warnings).toHaveLength(1), { timeout: 5_000 });
    expect(warnings[0]).toMatchObject({ attempt: 6, events: 1 });
  });
});
