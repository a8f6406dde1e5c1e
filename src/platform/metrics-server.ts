import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Database } from './db/client.js';
import type { ErrorEnvelope } from './http/envelope.js';
import { successEnvelope } from './http/envelope.js';
import { registry } from './metrics.js';

export interface MetricsServer {
  /** `http://host:port` it listens on. */
  url: string;
  close(): Promise<void>;
}

/**
 * A worker process has no HTTP API, so with METRICS_ENABLED it opens this small listener on METRICS_PORT:
 * `GET /metrics` (the process's Prometheus registry: its dispatcher counters, the queue depth) and
 * `GET /health` (the same answer as the API's health check, for a container health check). Nothing else.
 */
export async function startMetricsServer(opts: {
  host: string;
  port: number;
  database: Pick<Database, 'ping'>;
  logger: Logger;
}): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    void answer(req, res, opts).catch((err) => {
      opts.logger.error({ err }, 'metrics listener: request failed');
      if (!res.headersSent)
        send(res, 500, 'application/json', JSON.stringify(failure(500, 'Internal error')));
      else res.destroy();
    });
  });
  // A scraper's keep-alive connection must not hold the process open at shutdown.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  // Bound to every interface: loopback is where an operator on this machine reaches it.
  const local = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  const host = local.includes(':') ? `[${local}]` : local;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { database: Pick<Database, 'ping'>; logger: Logger },
): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return send(res, 405, 'application/json', JSON.stringify(failure(405, 'Method not allowed')));
  }
  if (path === '/metrics') return send(res, 200, registry.contentType, await registry.metrics());
  if (path === '/health') {
    try {
      await opts.database.ping();
    } catch (err) {
      opts.logger.error({ err }, 'health check: database unreachable');
      return send(res, 503, 'application/json', JSON.stringify(failure(503, 'Database unreachable')));
    }
    const body = successEnvelope('health', { status: 'ok', db: 'ok' }, 'Service healthy');
    return send(res, 200, 'application/json', JSON.stringify(body));
  }
  send(res, 404, 'application/json', JSON.stringify(failure(404, `Route GET ${path} not found`)));
}

function failure(code: number, message: string): ErrorEnvelope {
  return {
    apiObject: code === 503 ? 'health' : 'general',
    code,
    status: 'failure',
    message,
    errorMessage: {},
  };
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
