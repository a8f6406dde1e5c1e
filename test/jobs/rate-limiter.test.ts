import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import {
  bucketCapacity,
  PostgresRateLimiter,
  type RateLimiter,
  RedisRateLimiter,
  UnlimitedRateLimiter,
} from '../../src/jobs/rate-limiter.js';
import { messagingLimits } from '../../src/platform/db/schema/index.js';
import type { MessagingPort } from '../../src/providers/messaging/messaging.port.js';
import { useTestApp } from '../harness.js';
import { campaignRow, queuedCampaign, testDispatcher, useGateway } from './helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The bucket semantics both shared stores must keep. */
function bucketContract(make: (rate: number) => RateLimiter) {
  /** A bucket (40/s, so 10 tokens) left to fill up. */
  async function full(limiter: RateLimiter): Promise<string> {
    const key = randomUUID();
    await limiter.take(key, 1);
    await sleep(350);
    return key;
  }

  it('starts empty, fills up to the bucket, then grants nothing until it refills, saying how long to wait', async () => {
    const limiter = make(40); // capacity 10
    const key = randomUUID();
    const started = Date.now();
    const first = await limiter.take(key, 100);
    // Empty at creation: only what refilled while the call itself ran (a busy machine takes a while).
    expect(first.granted).toBeLessThanOrEqual(Math.floor((40 * (Date.now() - started)) / 1000));
    if (first.granted === 0) expect(first.waitMs).toBeLessThanOrEqual(30);
    await sleep(350);
    expect(await limiter.take(key, 100)).toEqual({ granted: 10, waitMs: 0 });
    const empty = await limiter.take(key, 100);
    expect(empty.granted).toBe(0);
    await sleep(empty.waitMs + 60);
    const refilled = await limiter.take(key, 100);
    expect(refilled.granted).toBeGreaterThan(0);
    expect(refilled.granted).toBeLessThanOrEqual(10);
  });

  it("a key drawn at its own rate (a number's throughput) fills at that rate, to that rate's bucket", async () => {
    const limiter = make(40); // the default: capacity 10
    const key = randomUUID();
    await limiter.take(key, 1, 1, 8); // 8/s: capacity 2
    await sleep(350);
    expect(await limiter.take(key, 100, 1, 8)).toEqual({ granted: 2, waitMs: 0 });
    const empty = await limiter.take(key, 100, 1, 8);
    expect(empty.granted).toBe(0);
    // One token at 8/s takes 125 ms (against 25 ms at the default 40/s).
    expect(empty.waitMs).toBeGreaterThan(25);
  });

  it('waits for `min` tokens rather than granting one at a time', async () => {
    const limiter = make(40);
    const key = await full(limiter);
    await limiter.take(key, 10);
    const early = await limiter.take(key, 10, 5);
    expect(early.granted).toBe(0);
    expect(early.waitMs).toBeGreaterThan(50);
  });

  it('takes back tokens drawn but not used, never beyond the bucket', async () => {
    const limiter = make(40);
    const key = await full(limiter);
    await limiter.take(key, 10);
    const started = Date.now();
    await limiter.giveBack(key, 4);
    const back = (await limiter.take(key, 100)).granted;
    expect(back).toBeGreaterThanOrEqual(4);
    expect(back).toBeLessThanOrEqual(4 + Math.ceil((40 * (Date.now() - started)) / 1000));
    await limiter.giveBack(key, 500);
    expect((await limiter.take(key, 100)).granted).toBe(10);
  });

  it('shares one bucket between processes: concurrent draws never exceed it', async () => {
    const limiters = [make(40), make(40), make(40), make(40)];
    const key = await full(limiters[0]!);
    const started = Date.now();
    const draws = await Promise.all(
      limiters.flatMap((l) => [l.take(key, 3), l.take(key, 3), l.take(key, 3)]),
    );
    const refill = Math.ceil((40 * (Date.now() - started)) / 1000);
    const total = draws.reduce((sum, d) => sum + d.granted, 0);
    // Twelve draws of three asked for 36: the shared bucket held 10, plus what refilled meanwhile.
    expect(total).toBeLessThanOrEqual(10 + refill);
    expect(total).toBeGreaterThanOrEqual(9);
  });
}

describe('rate limiter', () => {
  const t = useTestApp({ poolSize: 12 });
  const sim = useGateway();

  it('sizes the bucket at a quarter second of sending, at least one message', () => {
    expect(bucketCapacity(80)).toBe(20);
    expect(bucketCapacity(1)).toBe(1);
  });

  it('grants everything when unlimited', async () => {
    expect(await new UnlimitedRateLimiter().take('x', 500)).toEqual({ granted: 500, waitMs: 0 });
  });

  describe('in PostgreSQL', () => {
    bucketContract((rate) => new PostgresRateLimiter(t.db, rate));
  });

  describe.skipIf(!process.env.TEST_REDIS_URL)('in Redis', () => {
    const redis = process.env.TEST_REDIS_URL ? new Redis(process.env.TEST_REDIS_URL) : undefined;
    const prefix = `test-rate:${randomUUID()}:`;
    afterAll(() => redis?.disconnect());
    bucketContract((rate) => new RedisRateLimiter(redis!, rate, prefix));
  });

  describe('held by dispatchers', () => {
    const running: Dispatcher[] = [];
    afterEach(async () => {
      await Promise.all(running.splice(0).map((d) => d.stop()));
    });

    it('keeps one business within its rate across two dispatchers', async () => {
      const rate = 20;
      const { campaign } = await queuedCampaign(t, 50);
      const sendsBefore = sim.gateway.sendTimes.length;
      const startedAt = Date.now();
      for (let i = 0; i < 2; i++) {
        running.push(testDispatcher(t, sim.adapter, { ratePerSecond: rate, concurrency: 8 }).start());
      }
      const done = await vi.waitFor(
        async () => {
          const value = await campaignRow(t, campaign.id);
          expect(value).toSatisfy((c) => c.completedAt !== null);
          return value;
        },
        { timeout: 20_000, interval: 30 },
      );
      expect(done.sentCount).toBe(50);
      const times = sim.gateway.sendTimes.slice(sendsBefore).sort((a, b) => a - b);
      // The bucket starts empty and holds a quarter second: by any moment, the gateway can have seen at
      // most rate x elapsed + one bucket of sends, however the two dispatchers interleave.
      const burst = bucketCapacity(rate);
      times.forEach((at, i) => {
        expect(i + 1).toBeLessThanOrEqual(Math.floor((rate * (at - startedAt)) / 1000) + burst);
      });
    });

    it("paces a business at its number's own throughput, below the dispatcher's rate", async () => {
      const own = 8;
      const { campaign } = await queuedCampaign(t, 24);
      await t.db.insert(messagingLimits).values({ businessId: campaign.businessId, messagesPerSecond: own });
      const started: number[] = [];
      const port: MessagingPort = {
        requiresCredentials: sim.adapter.requiresCredentials,
        send: (credentials, message) => {
          started.push(Date.now());
          return sim.adapter.send(credentials, message);
        },
      };
      const startedAt = Date.now();
      running.push(testDispatcher(t, port, { ratePerSecond: 100, concurrency: 8 }).start());
      await vi.waitFor(
        async () => expect(await campaignRow(t, campaign.id)).toSatisfy((c) => c.completedAt !== null),
        { timeout: 20_000, interval: 30 },
      );
      // At 100/s all 24 would go within a quarter second; at 8/s no moment has seen more than 8/s plus a bucket.
      const burst = bucketCapacity(own);
      started
        .sort((x, y) => x - y)
        .forEach((at, i) => {
          expect(i + 1).toBeLessThanOrEqual(Math.floor((own * (at - startedAt)) / 1000) + burst);
        });
    });

    it('keeps to the rate when a slow gateway recovers: no second sees more than the rate plus one bucket', async () => {
      const rate = 10;
      const { campaign } = await queuedCampaign(t, 60);
      // When the dispatcher hands each send to the port: right after it drew the send's token. The gateway's
      // receive times are not used: on a loaded machine requests started a second apart can arrive together.
      const started: number[] = [];
      const port: MessagingPort = {
        requiresCredentials: sim.adapter.requiresCredentials,
        send: (credentials, message) => {
          started.push(Date.now());
          return sim.adapter.send(credentials, message);
        },
      };
      // A slow spell: two sends in flight taking a second each, so two a second, well under the rate.
      sim.gateway.latencyMs = 1_000;
      running.push(testDispatcher(t, port, { ratePerSecond: rate, concurrency: 2 }).start());
      await vi.waitFor(
        () => {
          const value = started.length;
          expect(value).toSatisfy((n) => n >= 8);
          return value;
        },
        { timeout: 20_000, interval: 30 },
      );
      sim.gateway.latencyMs = 0;
      const done = await vi.waitFor(
        async () => {
          const value = await campaignRow(t, campaign.id);
          expect(value).toSatisfy((c) => c.completedAt !== null);
          return value;
        },
        { timeout: 30_000, interval: 30 },
      );
      expect(done.sentCount).toBe(60);
      // Tokens are drawn as sends start, so a second can see at most the bucket (full after the slow spell)
      // plus a second of refill; tokens drawn at claim time and held through the slow spell came out as one
      // burst of dozens.
      const times = [...started].sort((a, b) => a - b);
      let busiest = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i]! - times[j]! >= 1_000) j++;
        busiest = Math.max(busiest, i - j + 1);
      }
      expect(busiest).toBeLessThanOrEqual(rate + bucketCapacity(rate));
    });
  });
});
