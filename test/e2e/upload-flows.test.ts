import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contacts } from '../../src/platform/db/schema/index.js';
import { LocalStorageAdapter } from '../../src/platform/storage/local.adapter.js';
import type { StoragePort } from '../../src/platform/storage/storage.port.js';
import { createContacts, createUser, setMessagingCredentials, type TestUser } from '../factories.js';
import { createTestApp, type TestApp } from '../harness.js';
import { testDispatcher, useGateway } from '../jobs/helpers.js';
import { type S3TestServer, startS3Server } from '../s3-server.js';

/**
 * Issue 8 end to end: files go up through the presigned flow (the service never sees their bytes) and come
 * back into the product: a CSV becomes contacts through import-file, an image goes out with a campaign.
 */
const CSV =
  'First Name,Last Name,Phone,Tags,Opt In\r\nAda,Lovelace,+2348031110001,vip;beta,yes\r\nAlan,Turing,08031110002,,no\r\n';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Backend = {
  name: string;
  storage: () => StoragePort;
  put: (t: TestApp, url: string, body: Buffer | string, type: string) => Promise<number>;
};

let s3: S3TestServer;
const local = new LocalStorageAdapter(
  mkdtempSync(path.join(tmpdir(), 'e2e-store-')),
  'http://127.0.0.1:4000',
  'e2e-secret',
  300,
);

const backends: Backend[] = [
  {
    name: 'embedded storage',
    storage: () => local,
    put: async (t, url, body, type) =>
      (
        await t.request({
          method: 'PUT',
          url: url.replace('http://127.0.0.1:4000', ''),
          payload: body,
          headers: { 'content-type': type },
        })
      ).status,
  },
  {
    name: 'S3-compatible storage',
    storage: () => s3.adapter(),
    put: async (_t, url, body, type) =>
      (await fetch(url, { method: 'PUT', body, headers: { 'content-type': type } })).status,
  },
];

beforeAll(async () => {
  s3 = await startS3Server('e2e');
});
afterAll(async () => {
  await s3?.close();
});

describe.each(backends)('uploads end to end on $name', (backend) => {
  let t: TestApp;
  const gateway = useGateway();
  beforeAll(async () => {
    t = await createTestApp({ ports: { storage: backend.storage() } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(user: TestUser, fileName: string, contentType: string, bytes: Buffer | string) {
    const signed = await t.request({
      url: '/upload/presigned-url',
      token: user.accessToken,
      body: { fileName, contentType, size: Buffer.byteLength(bytes) },
    });
    expect(signed.status).toBe(200);
    expect(await backend.put(t, signed.body.data.uploadUrl, bytes, contentType)).toBe(200);
    const confirmed = await t.request({
      url: '/upload/confirm',
      token: user.accessToken,
      body: { url: signed.body.data.fileUrl, fileName, type: contentType },
    });
    expect(confirmed.status).toBe(201);
    return confirmed.body.data as { url: string };
  }

  it('imports contacts from a CSV uploaded through the presigned flow', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    const file = await upload(user, 'contacts.csv', 'text/csv', CSV);
    const res = await t.request({
      url: '/contacts/import-file',
      token: user.accessToken,
      body: { fileUrl: file.url },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ imported: 2, duplicatesSkipped: 0, failed: [], rejectedValues: [] });
    const rows = await t.db.select().from(contacts).where(eq(contacts.businessId, user.businessId));
    expect(rows.map((r) => [r.firstName, r.phoneNumber, r.tags, r.optIn]).sort()).toEqual([
      ['Ada', '+2348031110001', ['vip', 'beta'], true],
      ['Alan', '+2348031110002', [], false],
    ]);
  });

  it("refuses to import another business's uploaded file", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const file = await upload(owner, 'mine.csv', 'text/csv', CSV);
    const res = await t.request({
      url: '/contacts/import-file',
      token: other.accessToken,
      body: { fileUrl: file.url },
    });
    expect(res.status).toBe(400);
    expect(await t.db.select().from(contacts).where(eq(contacts.businessId, other.businessId))).toHaveLength(
      0,
    );
  });

  it('sends an uploaded image with a campaign as a media message', async () => {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '10' });
    await setMessagingCredentials(t, user.businessId);
    const [contact] = await createContacts(t, user.businessId, 1);
    const image = await upload(user, 'banner.png', 'image/png', PNG);
    const created = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'With a picture',
        message: 'Hello {{firstName}}',
        sendToAllContact: true,
        isScheduled: false,
        uploadFileUrl: image.url,
        paymentMethod: 'credit',
      },
    });
    expect(created.status).toBe(201);
    const dispatcher = testDispatcher(t, gateway.adapter).start();
    try {
      const sent = await vi.waitFor(
        () => {
          const value = gateway.gateway.accepted.filter(
            (m) => m.form.send_to === contact!.phoneNumber.slice(1),
          );
          expect(value).toSatisfy((list) => list.length > 0);
          return value;
        },
        { timeout: 15_000, interval: 30 },
      );
      expect(sent).toHaveLength(1);
      expect(sent[0]!.form).toMatchObject({ method: 'SendMediaMessage', media_url: image.url });
      const fetched = await fetchImage(t, image.url);
      expect(Buffer.compare(fetched, PNG)).toBe(0);
    } finally {
      await dispatcher.stop();
    }
  });
});

/** What the gateway does with media_url: fetch it (through the app for embedded storage, over HTTP for S3). */
async function fetchImage(t: TestApp, url: string): Promise<Buffer> {
  if (url.startsWith('http://127.0.0.1:4000/')) {
    const res = await t.request({ url: url.replace('http://127.0.0.1:4000', '') });
    expect(res.status).toBe(200);
    return res.raw.rawPayload;
  }
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
