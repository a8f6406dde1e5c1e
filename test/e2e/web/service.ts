import { createServer } from 'node:net';
import { startWorker } from '../../../src/jobs/index.js';
import { createLogger } from '../../../src/platform/logger.js';
import { RealtimeGateway } from '../../../src/platform/realtime.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../../harness.js';

export interface ConsoleService extends TestApp {
  /** `http://127.0.0.1:<port>`: the console, the API and the real-time channel. */
  url: string;
  /** The real-time channel, to wait until a page has joined its room before emitting to it. */
  gateway: RealtimeGateway;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The whole product on a random port, as `npm start` runs it: API, console, real-time channel and the
 * worker's jobs (scheduler, dispatcher), on a fresh database with the sandboxes and the SMTP peer.
 * PUBLIC_URL is the real address, so presigned uploads and the sandbox checkout come back here.
 */
export async function startConsoleService(
  opts: TestAppOptions & {
    /** More environment that depends on the service's own address (a provider's redirect back to it). */
    envFor?: (url: string) => Record<string, string>;
  } = {},
): Promise<ConsoleService> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const gateway = new RealtimeGateway({ logger: createLogger('silent'), corsOrigin: [url] });
  const t = await createTestApp({
    ...opts,
    env: {
      PUBLIC_URL: url,
      // Where the sandbox gateway posts its delivery reports when a journey turns them on.
      SANDBOX_RECEIPTS_URL: `${url}/api/v1/webhooks/messaging-provider/delivery-reports`,
      ...opts.env,
      ...opts.envFor?.(url),
    },
    ports: { realtime: gateway, sessionSockets: gateway, ...opts.ports },
  });
  gateway.attach(t.app.server, t.deps);
  await t.app.listen({ host: '127.0.0.1', port });
  await gateway.ready();
  const jobs = await startWorker(t.deps);
  const closeApp = t.close;
  return Object.assign(t, {
    url,
    gateway,
    close: async () => {
      await Promise.all(jobs.map((j) => j.stop()));
      await gateway.close();
      await closeApp();
    },
  });
}
