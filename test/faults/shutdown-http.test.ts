import { type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../harness.js';

/** One GET over a keep-alive connection: status, headers and parsed body. */
function get(url: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { connection: 'keep-alive' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('HTTP during shutdown', () => {
  it('answers a request in flight with Connection: close, refuses late ones with a 503 envelope, and closes', async () => {
    const slow = gate();
    // A slow preClose hook of the test's own keeps the listener open a moment after shutdown began,
    // which is when a late request can still arrive.
    const preClose = gate();
    const t = await createTestApp({
      routes: (app) => {
        app.get('/slow', { config: { auth: 'public', apiObject: 'test' } }, async () => {
          await slow.opened;
          return { ok: true };
        });
        app.addHook('preClose', async () => {
          await preClose.opened;
        });
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    const inFlight = get(`${base}/slow`);
    await pause(50);
    const closing = t.app.close();
    await pause(50);

    const late = await get(`${base}/api/v1/health`);
    expect(late.status).toBe(503);
    expect(late.body).toMatchObject({ apiObject: 'health', code: 503, status: 'failure' });
    expect((late.body as { message: string }).message).toMatch(/shutting down/);
    expect(late.headers.connection).toBe('close');

    preClose.open();
    slow.open();
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({ ok: true });
    // Its keep-alive connection is closed after the answer instead of being kept for the client's
    // keep-alive timeout, which would hold the close (and the process) until the grace period ran out.
    expect(answered.headers.connection).toBe('close');
    await closing;
    await expect(get(`${base}/api/v1/health`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await t.close();
  });

  it('waits for a handler whose client went away before it closes (the database is closed next)', async () => {
    const slow = gate();
    let finished = false;
    const t = await createTestApp({
      routes: (app) => {
        app.get('/abandoned', { config: { auth: 'public', apiObject: 'test' } }, async () => {
          await slow.opened;
          finished = true;
          return { ok: true };
        });
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const req = request(`${base}/abandoned`);
    req.on('error', () => {});
    req.end();
    await pause(100);
    req.destroy();
    await pause(50);

    let closed = false;
    const closing = t.app.close().then(() => {
      closed = true;
    });
    await pause(200);
    expect(closed).toBe(false);
    slow.open();
    await closing;
    expect(finished).toBe(true);
    await t.close();
  });
});
