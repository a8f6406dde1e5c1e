import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalStorageAdapter } from '../../src/platform/storage/local.adapter.js';
import { useTestApp } from '../harness.js';

const root = mkdtempSync(path.join(tmpdir(), 'store-'));
const storage = new LocalStorageAdapter(root, 'http://127.0.0.1:4000', 'storage-test-secret', 60);

describe('embedded object storage', () => {
  const t = useTestApp({ ports: { storage } });
  const pathOf = (url: string) => url.replace('http://127.0.0.1:4000', '');

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
    const expired = new LocalStorageAdapter(root, 'http://127.0.0.1:4000', 'storage-test-secret', -1);
    const old = await expired.presignUpload({ key: 'b1/y.csv', contentType: 'text/csv', maxBytes: 10 });
    const res = await put(old.uploadUrl);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('URL expired');
  });

  it('refuses keys that climb out of the store', () => {
    expect(storage.keyFromUrl('http://127.0.0.1:4000/storage/../secrets.json')).toBeNull();
    expect(storage.keyFromUrl('http://evil.test/storage/b1/x.csv')).toBeNull();
    expect(() => storage.pathOf('../x')).toThrow();
  });
});
