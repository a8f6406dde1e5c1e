import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalise, retryDelayMs, SendGate } from '../../src/jobs/send-policy.js';
import { GatewayMessagingAdapter, retryAfterMs } from '../../src/providers/messaging/gateway.adapter.js';
import { MessagingError } from '../../src/providers/messaging/messaging.port.js';
import { MessagingGatewaySimulator } from '../simulators/messaging-gateway.js';

const creds = { userId: '2000001', password: 's3cret' };

async function failure(promise: Promise<unknown>): Promise<MessagingError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof MessagingError) return err;
    throw err;
  }
  throw new Error('expected the send to fail');
}

describe('gateway adapter (against the simulator on loopback)', () => {
  const gateway = new MessagingGatewaySimulator({ accounts: { [creds.userId]: creds.password } });
  let adapter: GatewayMessagingAdapter;
  beforeAll(async () => {
    await gateway.start();
    adapter = new GatewayMessagingAdapter({ baseUrl: gateway.url, timeoutMs: 400, connections: 4 });
  });
  afterAll(async () => {
    await adapter.close();
    await gateway.stop();
  });

  it("sends text with SendMessage in the gateway's form and returns its message id", async () => {
    const result = await adapter.send(creds, {
      to: '+2348031234567',
      text: 'Hello & welcome',
      reference: 'ref-1',
    });
    expect(result.providerMessageId).toMatch(/\w+/);
    const { form } = gateway.accepted.at(-1)!;
    expect(form).toEqual({
      userid: '2000001',
      password: 's3cret',
      send_to: '2348031234567',
      v: '1.1',
      auth_scheme: 'plain',
      format: 'json',
      isHSM: 'false',
      method: 'SendMessage',
      msg_type: 'TEXT',
      msg: 'Hello & welcome',
      msg_id: 'ref-1',
    });
  });

  it('sends attachments with SendMediaMessage, typed by extension, documents with a file name', async () => {
    await adapter.send(creds, {
      to: '+2348031234567',
      text: 'Our brochure',
      mediaUrl: 'https://cdn.example/files/Price%20list.pdf?sig=1',
      messageType: 'marketing',
    });
    expect(gateway.accepted.at(-1)!.form).toMatchObject({
      method: 'SendMediaMessage',
      msg_type: 'DOCUMENT',
      caption: 'Our brochure',
      filename: 'Price list.pdf',
      isHSM: 'true',
    });
    await adapter.send(creds, { to: '+2348031234567', text: 'Watch', mediaUrl: 'https://cdn.example/v.MP4' });
    expect(gateway.accepted.at(-1)!.form.msg_type).toBe('VIDEO');
  });

  it("fails at once, with the gateway's reason, when it rejects the message", async () => {
    const auth = await failure(
      adapter.send({ ...creds, password: 'wrong' }, { to: '+2348031234567', text: 'x' }),
    );
    expect(auth.transient).toBe(false);
    expect(auth.reason).toBe('Authentication failed due to invalid userId or password. (code 102)');
    gateway.rejectRecipient('2348030000001', 'Number Opted Out', '1012');
    const optedOut = await failure(adapter.send(creds, { to: '+2348030000001', text: 'x' }));
    expect(optedOut).toMatchObject({ transient: false, reason: 'Number Opted Out (code 1012)' });
  });

  it('treats 429 as throttling with its Retry-After, 5xx and downtime as transient', async () => {
    gateway.throttleNext(1, 7);
    const throttled = await failure(adapter.send(creds, { to: '+2348031234567', text: 'x' }));
    expect(throttled).toMatchObject({ transient: true, throttled: true, retryAfterMs: 7000 });
    gateway.goDown('503');
    const unavailable = await failure(adapter.send(creds, { to: '+2348031234567', text: 'x' }));
    expect(unavailable).toMatchObject({ transient: true, throttled: false });
    expect(unavailable.reason).toMatch(/HTTP 503/);
    gateway.goDown('reset');
    const reset = await failure(adapter.send(creds, { to: '+2348031234567', text: 'x' }));
    expect(reset.transient).toBe(true);
    expect(reset.reason).toMatch(/^Gateway unreachable/);
    gateway.goUp();
  });

  it('gives up on a slow gateway after its timeout (transient)', async () => {
    gateway.latencyMs = 1_000;
    const slow = await failure(adapter.send(creds, { to: '+2348031234567', text: 'x' }));
    gateway.latencyMs = 0;
    expect(slow.transient).toBe(true);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

describe('gateway adapter (unusual answers)', () => {
  const server = createServer((req, res) => {
    if (req.url?.includes('html')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy error</html>');
    } else {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ response: { status: 'error', details: 'Bad parameters' } }));
    }
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('retries an unreadable 200 and fails a 4xx at once', async () => {
    const html = new GatewayMessagingAdapter({ baseUrl: `${base}/html`, timeoutMs: 1000, connections: 1 });
    const bad = new GatewayMessagingAdapter({ baseUrl: `${base}/rest`, timeoutMs: 1000, connections: 1 });
    expect(await failure(html.send(creds, { to: '+2348031234567', text: 'x' }))).toMatchObject({
      transient: true,
    });
    const rejected = await failure(bad.send(creds, { to: '+2348031234567', text: 'x' }));
    expect(rejected).toMatchObject({
      transient: false,
      reason: 'Gateway rejected the request (HTTP 400): Bad parameters',
    });
    await Promise.all([html.close(), bad.close()]);
  });

  it('calls an unreachable gateway transient', async () => {
    const closed = new GatewayMessagingAdapter({
      baseUrl: 'http://127.0.0.1:1/rest',
      timeoutMs: 500,
      connections: 1,
    });
    expect(await failure(closed.send(creds, { to: '+2348031234567', text: 'x' }))).toMatchObject({
      transient: true,
    });
    await closed.close();
  });
});

describe('send policy', () => {
  it('fills {{firstName}} and {{lastName}}, spaces inside the braces allowed, nothing else', () => {
    expect(
      personalise('Hi {{firstName}} {{ lastName }}, {{email}}', { firstName: 'Ada', lastName: 'L' }),
    ).toBe('Hi Ada L, {{email}}');
  });

  it('backs off exponentially with jitter, capped, never sooner than Retry-After', () => {
    const opts = { baseMs: 1000, maxMs: 10_000 };
    expect(retryDelayMs(1, opts, () => 0)).toBe(500);
    expect(retryDelayMs(1, opts, () => 1)).toBe(1000);
    expect(retryDelayMs(3, opts, () => 1)).toBe(4000);
    expect(retryDelayMs(10, opts, () => 1)).toBe(10_000);
    expect(retryDelayMs(1, { ...opts, retryAfterMs: 7000 }, () => 0)).toBe(7000);
  });

  it('opens the circuit after repeated transport failures, probes with one message, closes on success', () => {
    const gate = new SendGate({ threshold: 2, firstPauseMs: 100, maxPauseMs: 1000 });
    expect(gate.claimAllowance(50, 0)).toEqual({ limit: 50, probe: false });
    gate.transportFailed(0);
    expect(gate.holdsBack(0)).toBe(false);
    gate.transportFailed(0);
    expect(gate.claimAllowance(50, 50)).toEqual({ limit: 0, probe: false });
    expect(gate.holdsBack(50)).toBe(true);
    expect(gate.claimAllowance(50, 100)).toEqual({ limit: 1, probe: true });
    expect(gate.claimAllowance(50, 100)).toEqual({ limit: 0, probe: false });
    gate.transportFailed(100);
    expect(gate.pauseLeft(100)).toBe(200);
    expect(gate.claimAllowance(50, 300)).toEqual({ limit: 1, probe: true });
    gate.succeeded();
    expect(gate.claimAllowance(50, 300)).toEqual({ limit: 50, probe: false });
  });

  it("pauses for a 429's Retry-After without counting an outage", () => {
    const gate = new SendGate({ threshold: 1, firstPauseMs: 100, maxPauseMs: 1000 });
    gate.throttled(2000, 0);
    expect(gate.claimAllowance(10, 1999).limit).toBe(0);
    expect(gate.claimAllowance(10, 2000)).toEqual({ limit: 10, probe: false });
  });
});
