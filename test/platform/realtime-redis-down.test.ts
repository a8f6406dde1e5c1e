import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { RealtimeGateway } from '../../src/platform/realtime.js';

/**
 * Redis going away while the service runs: the Socket.IO Redis adapter fires its commands without awaiting
 * them, and each one that fails would be an unhandled rejection, which ends a Node.js process. Every API and
 * worker process would die together with Redis; instead each failure is logged and the process carries on.
 * Runs without a Redis server: the client points at a port where none listens.
 */
describe('real-time channel while Redis is unreachable', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  const lines: string[] = [];
  const logger = createLogger(
    'warn',
    {},
    new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  let redis: Redis | undefined;
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
    redis?.disconnect();
  });

  it('logs failed publishes and subscriptions instead of leaving them unhandled', async () => {
    process.on('unhandledRejection', onUnhandled);
    // Port 9 (discard) has no Redis; one retry per command keeps the failures quick.
    redis = new Redis('redis://127.0.0.1:9', { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
    redis.on('error', () => {});
    const gateway = new RealtimeGateway({ logger, redis, corsOrigin: true });

    const businessId = '00000000-0000-4000-8000-000000000000';
    gateway.emit(`business:${businessId}`, 'notification', {
      id: 'n1',
      type: 'campaign.sent',
      title: 'Sent',
      message: 'x',
      isRead: false,
      createdAt: new Date().toISOString(),
      receiverId: businessId,
      receiverType: 'business',
    });
    gateway.disconnectAccount('00000000-0000-4000-8000-000000000001');
    const publishFailed = (line: string) =>
      line.includes('"msg":"real-time Redis command failed"') && line.includes('"command":"publish"');
    const logged = await vi.waitFor(
      () => {
        const value = lines.join('').split('\n');
        expect(value).toSatisfy((all) => all.some(publishFailed));
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    expect(logged.some(publishFailed)).toBe(true);
    await gateway.close();
    // Give any rejection left unhandled time to be reported (they surface on the next turns of the loop).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(unhandled).toEqual([]);
  });
});
