import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalStorageAdapter } from '../../src/platform/storage/local.adapter.js';
import { createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

const storage = new LocalStorageAdapter(
  mkdtempSync(path.join(tmpdir(), 'uploads-quota-')),
  'http://127.0.0.1:4000',
  'uploads-quota-secret',
  60,
);

describe('uploads are capped: a signed size, a quota per business, presigns per business', () => {
  const t = useTestApp({
    ports: { storage },
    env: {
      UPLOAD_MAX_BYTES: '64',
      UPLOAD_ALLOWED_TYPES: 'text/csv',
      UPLOAD_QUOTA_BYTES: '100',
      UPLOAD_PRESIGNS_PER_HOUR: '4',
    },
  });
  const local = (url: string) => url.replace('http://127.0.0.1:4000', '');
  const presign = (user: TestUser, body: object) =>
    t.request({ url: '/upload/presigned-url', token: user.accessToken, body });

  async function upload(user: TestUser, bytes: string) {
    const signed = await presign(user, { fileName: 'f.csv', contentType: 'text/csv', size: bytes.length });
    expect(signed.status).toBe(200);
    const put = await t.request({
      method: 'PUT',
      url: local(signed.body.data.uploadUrl),
      payload: bytes,
      headers: { 'content-type': 'text/csv' },
    });
    expect(put.status).toBe(200);
    const confirmed = await t.request({
      url: '/upload/confirm',
      token: user.accessToken,
      body: { url: signed.body.data.fileUrl, fileName: 'f.csv' },
    });
    return confirmed;
  }

  it('a presign must declare the size: the URL is bound to it', async () => {
    const user = await createUser(t);
    const res = await presign(user, { fileName: 'f.csv', contentType: 'text/csv' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/size/);
  });

  it('a business whose stored files would pass its quota gets a clear 400 and no URL', async () => {
    const user = await createUser(t);
    expect((await upload(user, 'x'.repeat(60))).status).toBe(201);
    const full = await presign(user, { fileName: 'g.csv', contentType: 'text/csv', size: 50 });
    expect(full.status).toBe(400);
    expect(full.body.message).toMatch(/storage/i);
    expect(full.body.data?.uploadUrl).toBeUndefined();
    // What still fits is signed; another business has its own quota.
    expect((await presign(user, { fileName: 'g.csv', contentType: 'text/csv', size: 40 })).status).toBe(200);
    const other = await createUser(t);
    expect((await presign(other, { fileName: 'g.csv', contentType: 'text/csv', size: 60 })).status).toBe(200);
  });

  it('presigns are limited per business and hour', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 4; i++)
      expect((await presign(user, { fileName: 'f.csv', contentType: 'text/csv', size: 5 })).status).toBe(200);
    const over = await presign(user, { fileName: 'f.csv', contentType: 'text/csv', size: 5 });
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an unconfirmed upload is not readable', async () => {
    const user = await createUser(t);
    const signed = await presign(user, { fileName: 'f.csv', contentType: 'text/csv', size: 3 });
    await t.request({
      method: 'PUT',
      url: local(signed.body.data.uploadUrl),
      payload: 'a,b',
      headers: { 'content-type': 'text/csv' },
    });
    expect((await t.request({ url: local(signed.body.data.fileUrl) })).status).toBe(404);
    expect((await t.request({ url: local(signed.body.data.uploadUrl).split('?')[0]! })).status).toBe(404);
  });
});
