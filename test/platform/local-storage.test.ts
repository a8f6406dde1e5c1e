import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalStorageAdapter } from '../../src/platform/storage/local.adapter.js';
import { useTestApp } from '../harness.js';

const root = mkdtempSync(path.join(tmpdir(), 'store-'));
const SECRET = 'storage-test-secret';
const storage = new LocalStorageAdapter(root, 'http://127.0.0.1:4000', SECRET, 60);

const t = useTestApp({ ports: { storage } });

describe('embedded object storage', () => {
  const pathOf = (url: string) => url.replace('http://127.0.0.1:4000', '');
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts a PUT on a presigned URL and serves the file on its read URL', async () => {
    const up = await storage.presignUpload({
      key: 'b1/contacts.csv',
      contentType: 'text/csv',
      maxBytes: 1000,
    });
    const put = await t.request({
      method: 'PUT',
      url: pathOf(up.uploadUrl),
      payload: 'a,b\n1,2\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(put.status).toBe(200);
    expect(await storage.stat('b1/contacts.csv')).toEqual({ size: 8 });
    const get = await t.request({ url: pathOf(up.fileUrl) });
    expect(get.status).toBe(200);
    expect(get.text).toBe('a,b\n1,2\n');
    expect(get.headers['content-type']).toBe('text/csv');
    expect(storage.keyFromUrl(up.fileUrl)).toBe('b1/contacts.csv');
  });

  it('refuses a tampered signature, another key, an expired URL, a wrong type and an oversize body', async () => {
    const up = await storage.presignUpload({ key: 'b1/x.csv', contentType: 'text/csv', maxBytes: 10 });
    const put = (url: string, body = 'x', type = 'text/csv') =>
      t.request({ method: 'PUT', url: pathOf(url), payload: body, headers: { 'content-type': type } });
    expect(
      (await put(up.uploadUrl.replace(/signature=(.)/, (_m, c) => `signature=${c === 'a' ? 'b' : 'a'}`)))
        .status,
    ).toBe(403);
    expect((await put(up.uploadUrl.replace('b1/x.csv', 'b2/x.csv'))).status).toBe(403);
    expect((await put(up.uploadUrl, 'x', 'image/png')).status).toBe(403);
    expect((await put(up.uploadUrl, 'x'.repeat(11))).status).toBe(413);
    expect(await storage.stat('b1/x.csv')).toBeNull();
    const expired = new LocalStorageAdapter(root, 'http://127.0.0.1:4000', SECRET, -1);
    const old = await expired.presignUpload({ key: 'b1/y.csv', contentType: 'text/csv', maxBytes: 10 });
    const res = await put(old.uploadUrl);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('URL expired');
  });

  it('signs with a key derived from the secret: an upload signed with the secret itself is refused', async () => {
    const expires = Math.floor(Date.now() / 1000) + 60;
    const canonical = ['PUT', 'b1/forged.csv', expires, 'text/csv', 100].join('\n');
    const forged = createHmac('sha256', SECRET).update(canonical).digest('hex');
    const res = await t.request({
      method: 'PUT',
      url: `/storage/b1/forged.csv?expires=${expires}&contentType=text%2Fcsv&maxBytes=100&signature=${forged}`,
      payload: 'x',
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(403);
    expect(await storage.stat('b1/forged.csv')).toBeNull();
  });

  it('stores bytes the service fetched itself and serves them on their read URL; refuses unsafe keys', async () => {
    await storage.put('conversations/b1/m1.png', Buffer.from('png bytes'), 'image/png');
    const res = await t.request({ url: pathOf(storage.urlOf('conversations/b1/m1.png')) });
    expect(res.status).toBe(200);
    expect(res.text).toBe('png bytes');
    await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow();
  });

  it('refuses keys that climb out of the store', () => {
    expect(storage.keyFromUrl('http://127.0.0.1:4000/storage/../secrets.json')).toBeNull();
    expect(storage.keyFromUrl('http://evil.test/storage/b1/x.csv')).toBeNull();
    expect(() => storage.pathOf('../x')).toThrow();
  });

  it('reads a URL that is not valid percent-encoding as no key of ours', () => {
    expect(storage.keyFromUrl('http://127.0.0.1:4000/storage/%zz')).toBeNull();
    expect(storage.keyFromUrl('http://127.0.0.1:4000/storage/b1/%E0%A4%A.csv')).toBeNull();
  });

  it('keeps serving a stored fileUrl long after the upload URL expired', async () => {
    const up = await storage.presignUpload({ key: 'b1/kept.csv', contentType: 'text/csv', maxBytes: 100 });
    const put = await t.request({
      method: 'PUT',
      url: pathOf(up.uploadUrl),
      payload: 'kept',
      headers: { 'content-type': 'text/csv' },
    });
    expect(put.status).toBe(200);
    // A read URL as issued before reads became permanent: signed, with a 7-day expiry.
    const issued = Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
    const signature = createHmac('sha256', SECRET)
      .update(['GET', 'b1/kept.csv', issued, '', ''].join('\n'))
      .digest('hex');
    const legacyUrl = `/storage/b1/kept.csv?expires=${issued}&signature=${signature}`;

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30 * 24 * 3600 * 1000);
    for (const url of [pathOf(up.fileUrl), legacyUrl]) {
      const get = await t.request({ url });
      expect(get.status, url).toBe(200);
      expect(get.text, url).toBe('kept');
    }
    // Uploads still need a live signature.
    const late = await t.request({
      method: 'PUT',
      url: pathOf(up.uploadUrl),
      payload: 'late',
      headers: { 'content-type': 'text/csv' },
    });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe('URL expired');
  });

  it('copies and writes the same key many times at once, each call whole (concurrent confirms)', async () => {
    await storage.put('b1/source.csv', Buffer.from('a,b\n'), 'text/csv');
    const copies = await Promise.all(
      Array.from({ length: 8 }, () => storage.copy('b1/source.csv', 'b1/target.csv')),
    );
    expect(copies).toEqual(Array(8).fill(true));
    await Promise.all(
      Array.from({ length: 8 }, () => storage.put('b1/twice.csv', Buffer.from('x'), 'text/csv')),
    );
    expect((await storage.stat('b1/target.csv'))?.size).toBe(4);
    expect((await storage.stat('b1/twice.csv'))?.size).toBe(1);
  });

  it('answers 404 for an object that is not there, or a folder', async () => {
    expect((await t.request({ url: '/storage/b1/none.csv' })).status).toBe(404);
    expect((await t.request({ url: '/storage/b1' })).status).toBe(404);
  });
});

// app.inject hands routes a finite fake request; only a real socket gives the request stream as it is.
describe('embedded object storage over a real socket', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  const live = (url: string) => url.replace('http://127.0.0.1:4000', base);
  const bytes = Buffer.from([0, 1, 2, 0xff, 0x00, 0x7f, ...Buffer.from('\u0000 not text')]);

  it('stores a PUT on a presigned URL and serves the same bytes back', async () => {
    const up = await storage.presignUpload({
      key: 'live/photo.png',
      contentType: 'image/png',
      maxBytes: 100,
    });
    const put = await fetch(live(up.uploadUrl), {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);
    const get = await fetch(live(up.fileUrl));
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await get.arrayBuffer())).toEqual(bytes);
  });

  it('refuses a bad signature with 403 in the envelope, storing nothing', async () => {
    const up = await storage.presignUpload({ key: 'live/bad.png', contentType: 'image/png', maxBytes: 100 });
    const forged = up.uploadUrl.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`);
    const res = await fetch(live(forged), {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'image/png' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 403, status: 'failure', message: 'Invalid signature' });
    expect(await storage.stat('live/bad.png')).toBeNull();
  });

  it('stores an empty body as an empty file', async () => {
    const up = await storage.presignUpload({
      key: 'live/empty.png',
      contentType: 'image/png',
      maxBytes: 100,
    });
    const res = await fetch(live(up.uploadUrl), {
      method: 'PUT',
      body: '',
      headers: { 'content-type': 'image/png' },
    });
    expect(res.status).toBe(200);
    expect(await storage.stat('live/empty.png')).toEqual({ size: 0 });
    const get = await fetch(live(up.fileUrl));
    expect(get.status).toBe(200);
    expect((await get.arrayBuffer()).byteLength).toBe(0);
  });

  it('still refuses bad text in the query of a storage URL', async () => {
    const res = await fetch(`${base}/storage/live/photo.png?x=a%00b`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, status: 'failure' });
  });
});
