import type { FastifyRequest } from 'fastify';
import type { ZodApp } from '../platform/http/types.js';

/** Whether the server is closing: requests arriving then are refused (see `installRequestGuard`). */
export interface Drain {
  readonly draining: boolean;
}

/**
 * Graceful shutdown. Closing the server stops new connections and closes idle ones, but a keep-alive
 * connection busy at that moment would stay open after its answer (until the client's keep-alive timeout:
 * a load balancer keeps them for a minute), holding the process past its grace period. So once closing,
 * every answer says `Connection: close`, and a request that still arrives is refused with a 503, which a
 * load balancer retries on another instance.
 *
 * Closing the server waits for open connections, not for handlers: a handler whose client went away keeps
 * running (a sign-in hashing a password, a transaction) and must finish before the database is closed.
 * A handler counts from preHandler until it sends its answer (onSend), whatever became of its client.
 */
export function installDrain(app: ZodApp): Drain {
  const state = { draining: false };
  app.addHook('preClose', async () => {
    state.draining = true;
  });
  const running = new Set<FastifyRequest>();
  let settled: (() => void) | undefined;
  app.addHook('preHandler', async (req) => {
    running.add(req);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (state.draining) reply.header('Connection', 'close');
    if (running.delete(req) && running.size === 0) settled?.();
    return payload;
  });
  app.addHook('onClose', async () => {
    if (running.size > 0) await new Promise<void>((resolve) => (settled = resolve));
  });
  return state;
}
