import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dispatcher, dispatcherOptions } from '../../src/jobs/dispatcher.js';
import { GatewayMessagingAdapter } from '../../src/providers/messaging/gateway.adapter.js';
import { createTestApp, type TestApp } from '../harness.js';
import { campaignRow, messagesOf, queuedCampaign, statusCounts } from '../jobs/helpers.js';
import { MessagingGatewaySimulator } from '../simulators/messaging-gateway.js';

const TIMEOUT_MS = 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The messaging gateway stops answering (it reads each request and never replies). The dispatcher must
 * give up on each call after PROVIDER_TIMEOUT_MS, keep the messages (a timeout is transient, and the
 * circuit breaker stops it burning attempts), and deliver each one once the gateway answers again. The
 * adapter is the one the service builds from its configuration, so the timeout setting is what is tested.
 */
describe('messaging provider timeouts', () => {
  const gateway = new MessagingGatewaySimulator();
  let t: TestApp;
  let dispatcher: Dispatcher | undefined;

  beforeAll(async () => {
    await gateway.start();
    t = await createTestApp({
      env: { MESSAGING_PROVIDER_BASE_URL: gateway.url, PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await t?.deps.messaging.close?.();
    await t?.close();
    await gateway.stop();
  });

  it('gives up on a hanging gateway after the timeout, retries, and delivers each message once it answers', async () => {
    expect(t.deps.messaging).toBeInstanceOf(GatewayMessagingAdapter);
    const { campaign, phones } = await queuedCampaign(t, 12);
    gateway.goDown('hang');
    dispatcher = new Dispatcher(
      t.deps,
      dispatcherOptions(t.deps.config, {
        pollMs: 50,
        concurrency: 4,
        batchSize: 20,
        maxAttempts: 3,
        ratePerSecond: 0,
        retryBaseMs: 50,
        retryMaxMs: 200,
        breaker: { threshold: 3, firstPauseMs: 200, maxPauseMs: 400 },
      }),
    ).start();

    // The dispatcher hung up on the requests itself, after waiting about the configured timeout.
    await vi.waitFor(
      () => {
        const value = gateway.abandonedAfterMs.length;
        expect(value).toSatisfy((n) => n >= 6);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    expect(gateway.abandonedAfterMs.length).toBeGreaterThanOrEqual(6);
    for (const waited of gateway.abandonedAfterMs) expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS * 0.8);
    // Longer than three timeouts in a row: without the breaker every message would have failed by now.
    await sleep(4 * TIMEOUT_MS);
    expect((await statusCounts(t, campaign.id)).failed ?? 0).toBe(0);
    expect(gateway.totalSends).toBe(0);

    gateway.goUp();
    const done = await vi.waitFor(
      async () => {
        const value = await campaignRow(t, campaign.id);
        expect(value).toSatisfy((c) => c.completedAt !== null);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    expect(done).toMatchObject({ sentCount: 12, failedCount: 0 });
    for (const phone of phones) expect(gateway.sendsTo(phone)).toBe(1);
    const rows = await messagesOf(t, campaign.id);
    expect(rows.some((m) => m.attempts > 1)).toBe(true);
    expect(rows.every((m) => m.attempts <= 3 && m.status === 'sent')).toBe(true);
  });
});
