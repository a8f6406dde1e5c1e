import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP relay on loopback between the service and a server (PostgreSQL), which a test can cut and
 * restore. `cut()` is what a restart of that server looks like from the service's side: every open
 * connection drops at once, and new ones fail until `restore()`. Only the connections made through this
 * proxy are affected, so a test can "restart" the database of one service while other test files keep
 * using the shared server.
 */
export class TcpProxy {
  private server?: Server;
  private readonly pairs = new Set<[Socket, Socket]>();
  private down = false;
  /** Connections accepted while up (the service opening new pool clients). */
  connections = 0;
  /** Connections refused while cut. */
  refused = 0;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((client) => this.relay(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  /** Drops every relayed connection and refuses new ones until `restore`. */
  cut(): void {
    this.down = true;
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    this.pairs.clear();
  }

  restore(): void {
    this.down = false;
  }

  get open(): number {
    return this.pairs.size;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private relay(client: Socket): void {
    if (this.down) {
      // Accepted and reset at once: the client sees its connection fail, as against a server restarting.
      this.refused++;
      client.resetAndDestroy();
      return;
    }
    this.connections++;
    const upstream = tcpConnect(this.targetPort, this.targetHost);
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    const close = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  }
}

/** `postgres://…@host:port/db` with host and port replaced by the proxy's. */
export function throughProxy(databaseUrl: string, proxy: TcpProxy): string {
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.toString();
}
