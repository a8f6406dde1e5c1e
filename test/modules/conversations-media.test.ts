import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMediaFetcher } from '../../src/jobs/media-fetcher.js';
import { fetchDueMedia } from '../../src/modules/conversations/index.js';
import { conversationMessages, conversations } from '../../src/platform/db/schema/index.js';
import { createUser, setMessagingCredentials, uniquePhone } from '../factories.js';
import { useTestApp } from '../harness.js';
import { cloudWebhookBody, type GraphAccount, signedHeaders } from '../simulators/graph-api.js';
import { APP_SECRET, cloudBusiness, useGraph } from './cloud-support.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const FAST = { retryBaseMs: 1, retryMaxMs: 5, deadlineMs: 3_000 };

/** A file server on loopback whose answers each test plans; it records every request. */
class MediaServer {
  readonly requests: string[] = [];
  handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(404).end();
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  url = '';

  constructor(private readonly host = '127.0.0.1') {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.requests.push(req.url ?? '');
      this.handler(req, res);
    });
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, this.host, resolve));
    this.url = `http://${this.host}:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/**
 * A medium a contact sends is kept with its message at once and fetched afterwards by a worker job: the
 * webhook never waits on the file's server, every download goes through the address guard (Cloud's two
 * steps included), a failing server is retried a bounded number of times before the message says the
 * medium could not be kept, and a type a browser could run is stored as a plain download.
 */
describe('inbound media, fetched in the background', () => {
  const graph = useGraph();
  // The test's file servers are on 127.0.0.1, allowed by name as an operator allows its media host;
  // 127.0.0.2 stands for a private address nobody allowed.
  const t = useTestApp({
    ...graph.appOptions,
    poolSize: 8,
    env: { ...graph.appOptions.env, MEDIA_ALLOWED_HOSTS: '127.0.0.1' },
  });
  const files = new MediaServer();
  const internal = new MediaServer('127.0.0.2');
  beforeAll(async () => {
    await files.start();
    await internal.start();
    internal.handler = (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  afterAll(async () => {
    await files.stop();
    await internal.stop();
  });

  let seq = 0;
  async function gatewayBusiness() {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const number = `23490${String(70_000_000 + ++seq).slice(-8)}`;
    await setMessagingCredentials(t, user.businessId, { wabaNumber: number });
    return { user, number };
  }
  const gatewayMedium = (number: string, path: string, extra: Record<string, unknown> = {}) =>
    t.request({
      url: '/webhooks/messaging-provider',
      body: {
        waNumber: number,
        mobile: `23481${String(70_000_000 + ++seq).slice(-8)}`,
        name: 'Ada Obi',
        type: 'image',
        text: null,
        mediaUrl: `${files.url}${path}`,
        caption: 'Look',
        timestamp: String(Math.floor(Date.now() / 1000)),
        ...extra,
      },
    });
  const messagesOf = async (businessId: string) =>
    t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.businessId, businessId))
      .orderBy(conversationMessages.seq);
  const pushedFor = (messageId: string) =>
    t.realtime.events
      .filter((e) => e.event === 'conversationMessage')
      .map((e) => (e.payload as { message: Record<string, unknown> }).message)
      .filter((m) => m.id === messageId);

  it('keeps two photos sent in the same second as two messages; the same callback twice is one', async () => {
    // The gateway sends no message id: the key is a digest, and a photo has no text, so its medium must be in it.
    const { user, number } = await gatewayBusiness();
    const from = { mobile: `23481${String(70_000_000 + ++seq).slice(-8)}`, timestamp: '1800000000' };
    const first = { ...from, mediaUrl: `${files.url}/one.png`, caption: 'Like this one?' };
    const second = { ...from, mediaUrl: `${files.url}/two.png`, caption: 'And this?' };
    for (const body of [first, second, first])
      expect((await gatewayMedium(number, '', body)).status).toBe(200);
    const texts = (await messagesOf(user.businessId)).map((m) => m.text);
    expect(texts).toEqual(['Like this one?', 'And this?']);
  });

  it('answers the webhook before the file server does; the job brings the medium later, live', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    files.handler = (req, res) => {
      if (req.url !== '/slow.png') return res.writeHead(404).end();
      void held.then(() => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
    };
    const { user, number } = await gatewayBusiness();
    const started = Date.now();
    const res = await gatewayMedium(number, '/slow.png');
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    const [row] = await messagesOf(user.businessId);
    expect(row).toMatchObject({ type: 'image', text: 'Look', mediaKey: null, mediaStatus: 'pending' });
    // The console hears of the message at once, its medium on the way.
    expect(pushedFor(row!.id)).toEqual([
      expect.objectContaining({ mediaUrl: null, mediaStatus: 'pending', text: 'Look' }),
    ]);
    const page = await t.request({
      url: `/conversations/${row!.conversationId}/messages`,
      token: user.accessToken,
    });
    expect(page.body.data.items[0]).toMatchObject({ mediaUrl: null, mediaStatus: 'pending' });

    const job = startMediaFetcher(t.deps, { intervalMs: 20, ...FAST });
    try {
      await vi.waitFor(() => expect(files.requests).toContain('/slow.png'), { timeout: 5_000 });
      release();
      await vi.waitFor(
        async () => expect((await messagesOf(user.businessId))[0]!.mediaStatus).toBe('fetched'),
        { timeout: 5_000 },
      );
    } finally {
      await job.stop();
    }
    const [after] = await messagesOf(user.businessId);
    expect(after).toMatchObject({ mediaType: 'image/png', error: null, attempts: 1 });
    const stored: Buffer[] = [];
    for await (const c of await t.deps.storage.read(after!.mediaKey!)) stored.push(c as Buffer);
    expect(Buffer.concat(stored).equals(PNG)).toBe(true);
    expect(pushedFor(row!.id).at(-1)).toMatchObject({
      mediaStatus: 'fetched',
      mediaUrl: t.deps.storage.urlOf(after!.mediaKey!),
    });
  });

  it('retries a failing file server a bounded number of times, then says the medium could not be kept', async () => {
    files.handler = (_req, res) => res.writeHead(503).end();
    const { user, number } = await gatewayBusiness();
    expect((await gatewayMedium(number, '/busy.png')).status).toBe(200);
    for (let round = 0; round < 6; round++) {
      await fetchDueMedia(t.deps, { ...FAST, maxAttempts: 3 });
      await new Promise((r) => setTimeout(r, 10));
    }
    const [row] = await messagesOf(user.businessId);
    expect(row).toMatchObject({ mediaStatus: 'failed', mediaKey: null, attempts: 3 });
    expect(row!.error).toMatch(/^The medium could not be kept: .*HTTP 503/);
    expect(files.requests.filter((u) => u === '/busy.png')).toHaveLength(3);
    const page = await t.request({
      url: `/conversations/${row!.conversationId}/messages`,
      token: user.accessToken,
    });
    expect(page.body.data.items[0]).toMatchObject({ mediaStatus: 'failed', error: row!.error });
    expect(pushedFor(row!.id).at(-1)).toMatchObject({ mediaStatus: 'failed', error: row!.error });
  });

  it('stores a medium of a type a browser could run as a download, served with nosniff', async () => {
    files.handler = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(document.cookie)</script>');
    const { user, number } = await gatewayBusiness();
    expect(
      (await gatewayMedium(number, '/page.html', { type: 'document', mimeType: 'text/html' })).status,
    ).toBe(200);
    await fetchDueMedia(t.deps, FAST);
    const [row] = await messagesOf(user.businessId);
    expect(row).toMatchObject({ mediaStatus: 'fetched', mediaType: 'application/octet-stream' });
    expect(row!.mediaKey).not.toMatch(/\.html?$/);
    const served = await t.request({ url: new URL(t.deps.storage.urlOf(row!.mediaKey!)).pathname });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps an allowed type as declared and serves it inline, with nosniff', async () => {
    files.handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
    const { user, number } = await gatewayBusiness();
    await gatewayMedium(number, '/invoice.pdf', { type: 'document', mimeType: 'application/pdf' });
    await fetchDueMedia(t.deps, FAST);
    const [row] = await messagesOf(user.businessId);
    expect(row).toMatchObject({ mediaStatus: 'fetched', mediaType: 'application/pdf' });
    const served = await t.request({ url: new URL(t.deps.storage.urlOf(row!.mediaKey!)).pathname });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBeUndefined();
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('two job runners never fetch the same medium twice', async () => {
    const N = process.env.TEST_DATABASE_URL ? 24 : 8;
    files.handler = (req, res) =>
      setTimeout(
        () => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
        20 + (req.url!.length % 7),
      );
    const { user, number } = await gatewayBusiness();
    for (let i = 0; i < N; i++) await gatewayMedium(number, `/race-${i}.png`);
    const before = files.requests.length;
    // Two processes' worth of runners, each taking small batches, side by side until nothing is due.
    const runner = (workerId: string) => async () => {
      while ((await fetchDueMedia(t.deps, { ...FAST, workerId, batchSize: 3 })) > 0);
    };
    await Promise.all([runner('worker-a')(), runner('worker-b')(), runner('worker-a2')()]);
    const rows = await messagesOf(user.businessId);
    expect(rows.map((r) => r.mediaStatus)).toEqual(Array(N).fill('fetched'));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    const fetched = files.requests.slice(before).sort();
    expect(fetched).toEqual(Array.from({ length: N }, (_, i) => `/race-${i}.png`).sort());
  });

  describe('through the Cloud API', () => {
    function cloudMedium(account: GraphAccount, mediaId: string, mime = 'image/jpeg') {
      const body = cloudWebhookBody(account.wabaId, 'messages', {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: '15550001234', phone_number_id: account.phoneNumberId },
        contacts: [{ wa_id: '2348012345678', profile: { name: 'Tunde Bello' } }],
        messages: [
          {
            from: uniquePhone().replace(/\D/g, ''),
            id: `wamid.media.${++seq}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'image',
            image: { id: mediaId, mime_type: mime },
          },
        ],
      });
      return t.request({
        url: '/webhooks/whatsapp-cloud',
        headers: signedHeaders(APP_SECRET, body),
        payload: body,
      });
    }
    const cloudRowOf = async (businessId: string) => {
      const [c] = await t.db.select().from(conversations).where(eq(conversations.businessId, businessId));
      return (await messagesOf(businessId)).find((m) => m.conversationId === c!.id)!;
    };

    it('fetches the medium with the business token through the job', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      const id = graph.sim.addMedia(account, PNG, 'image/png');
      expect((await cloudMedium(account, id, 'image/png')).status).toBe(200);
      expect(await cloudRowOf(user.businessId)).toMatchObject({ mediaStatus: 'pending', mediaKey: null });
      await fetchDueMedia(t.deps, FAST);
      expect(await cloudRowOf(user.businessId)).toMatchObject({
        mediaStatus: 'fetched',
        mediaType: 'image/png',
      });
      const downloads = graph.sim.requests.filter((r) => r.path === `/media-download/${id}`);
      expect(downloads.map((r) => r.authorization)).toEqual([`Bearer ${account.token}`]);
    });

    it('refuses a download URL on a private address, without a retry', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      const before = internal.requests.length;
      const id = graph.sim.addMedia(account, PNG, 'image/png', { url: `${internal.url}/metadata.png` });
      expect((await cloudMedium(account, id)).status).toBe(200);
      await fetchDueMedia(t.deps, FAST);
      await fetchDueMedia(t.deps, FAST);
      const row = await cloudRowOf(user.businessId);
      expect(row).toMatchObject({ mediaStatus: 'failed', mediaKey: null, attempts: 1 });
      expect(row.error).toMatch(/^The medium could not be kept: .*private/);
      expect(internal.requests.length).toBe(before);
    });

    it('refuses a download URL that redirects to a private address; the token never follows', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      const before = internal.requests.length;
      const seen: (string | undefined)[] = [];
      files.handler = (req, res) => {
        seen.push(req.headers.authorization);
        res.writeHead(302, { location: `${internal.url}/metadata.png` }).end();
      };
      const id = graph.sim.addMedia(account, PNG, 'image/png', { url: `${files.url}/hop.png` });
      expect((await cloudMedium(account, id)).status).toBe(200);
      await fetchDueMedia(t.deps, FAST);
      const row = await cloudRowOf(user.businessId);
      expect(row).toMatchObject({ mediaStatus: 'failed', mediaKey: null });
      expect(row.error).toMatch(/private/);
      expect(internal.requests.length).toBe(before);
      expect(seen).toEqual([`Bearer ${account.token}`]);
    });

    it('follows a redirect to another allowed origin without the token', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      const mirror = await new MediaServer().start();
      const seen: (string | undefined)[] = [];
      mirror.handler = (req, res) => {
        seen.push(req.headers.authorization);
        res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      };
      files.handler = (_req, res) => res.writeHead(302, { location: `${mirror.url}/copy.png` }).end();
      try {
        const id = graph.sim.addMedia(account, PNG, 'image/png', { url: `${files.url}/moved.png` });
        expect((await cloudMedium(account, id, 'image/png')).status).toBe(200);
        await fetchDueMedia(t.deps, FAST);
        expect(await cloudRowOf(user.businessId)).toMatchObject({ mediaStatus: 'fetched' });
        expect(seen).toEqual([undefined]);
      } finally {
        await mirror.stop();
      }
    });

    it('stores a declared text/html medium as an octet-stream download', async () => {
      const { user, account } = await cloudBusiness(t, graph.sim);
      const id = graph.sim.addMedia(account, Buffer.from('<script>1</script>'), 'text/html');
      expect((await cloudMedium(account, id, 'text/html')).status).toBe(200);
      await fetchDueMedia(t.deps, FAST);
      const row = await cloudRowOf(user.businessId);
      expect(row).toMatchObject({ mediaStatus: 'fetched', mediaType: 'application/octet-stream' });
      const served = await t.request({ url: new URL(t.deps.storage.urlOf(row.mediaKey!)).pathname });
      expect(served.headers['content-disposition']).toBe('attachment');
    });
  });
});
