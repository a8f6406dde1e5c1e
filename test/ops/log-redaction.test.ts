import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { useTestApp } from '../harness.js';

/** Every line the service's own logger writes (the production logger, with its redaction rules). */
const written: string[] = [];
const logger = createLogger(
  'info',
  {},
  new Writable({
    write(chunk: Buffer, _enc, done) {
      written.push(chunk.toString());
      done();
    },
  }),
);

const TOKEN = 'webhook-token-0123456789abcdef';

/**
 * A gateway callback carries the messaging webhook's shared secret in its URL (`?token=`), and a presigned
 * storage URL its signature: Fastify logs every request URL, so those values must never reach a log line.
 */
describe('secrets in request URLs', () => {
  const t = useTestApp({ logger, env: { MESSAGING_WEBHOOK_SECRET: TOKEN } });

  it('logs the webhook callback with its token redacted, and still accepts it', async () => {
    const mark = written.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/messaging-provider?source=gw&token=${TOKEN}`,
      payload: { waNumber: '2340000000000', mobile: '2348031234567', type: 'text', text: 'hello' },
    });
    expect(res.statusCode).toBe(200);
    const lines = written.slice(mark).join('');
    expect(lines).toContain('/api/v1/webhooks/messaging-provider?source=gw&token=[redacted]');
    expect(lines).not.toContain(TOKEN);
  });

  it('redacts a presigned signature but keeps the rest of the URL', async () => {
    const mark = written.length;
    await t.app.inject({ method: 'GET', url: '/storage/some/key.csv?expires=1&signature=abcdef0123456789' });
    const lines = written.slice(mark).join('');
    expect(lines).toContain('/storage/some/key.csv?expires=1&signature=[redacted]');
    expect(lines).not.toContain('abcdef0123456789');
  });
});
