import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUnconfirmedUploads } from '../../src/modules/uploads/index.js';
import { uploadFiles } from '../../src/platform/db/schema/index.js';
import { S3StorageAdapter } from '../../src/platform/storage/s3.adapter.js';
import { createUser } from '../factories.js';
import { createTestApp, type TestApp } from '../harness.js';
import { type S3TestServer, startS3Server } from '../s3-server.js';

/** A PUT as a browser sends it to a presigned URL: no authorisation, just the headers it was told. */
const putTo = (url: string, body: string, headers: Record<string, string> = { 'content-type': 'text/csv' }) =>
  fetch(url, { method: 'PUT', body, headers });

describe('S3 storage adapter against an S3-compatible server', () => {
  let s3: S3TestServer;
  let storage: S3StorageAdapter;
  beforeAll(async () => {
    s3 = await startS3Server();
    storage = s3.adapter();
  });
  afterAll(() => s3?.close());

  it('accepts a PUT on a presigned URL, then stats, reads and removes the object', async () => {
    const up = await storage.presignUpload({
      key: 'b1/files/u1-list.csv',
      contentType: 'text/csv',
      maxBytes: 100,
    });
    expect(up.uploadUrl).toContain('X-Amz-Signature=');
    expect(up.uploadUrl).toContain('X-Amz-SignedHeaders=content-type%3Bhost');
    expect(up.uploadUrl).not.toContain('x-amz-checksum');
    expect(up.fileUrl).toBe(`${s3.endpoint}/uploads/b1/files/u1-list.csv`);
    const res = await putTo(up.uploadUrl, 'a,b\n1,2\n');
    expect(res.status).toBe(200);
    expect(await storage.stat('b1/files/u1-list.csv')).toEqual({ size: 8, contentType: 'text/csv' });
    expect(await text(await storage.read(storage.keyFromUrl(up.fileUrl)!))).toBe('a,b\n1,2\n');
    await storage.remove('b1/files/u1-list.csv');
    expect(await storage.stat('b1/files/u1-list.csv')).toBeNull();
    await storage.remove('b1/files/u1-list.csv'); // a second delete is harmless
  });

  it('stores bytes the service fetched itself, with their type (media a contact sent)', async () => {
    await storage.put('conversations/b1/m1.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(await storage.stat('conversations/b1/m1.jpg')).toEqual({ size: 10, contentType: 'image/jpeg' });
    expect(await text(await storage.read('conversations/b1/m1.jpg'))).toBe('jpeg bytes');
  });

  it('stores a fetched medium of a type outside the media list as an octet-stream download', async () => {
    await storage.put('conversations/b1/m2', Buffer.from('<script>alert(1)</script>'), 'text/html');
    expect(await storage.stat('conversations/b1/m2')).toEqual({
      size: 25,
      contentType: 'application/octet-stream',
    });
    // As a browser would read it from the bucket's origin: a download, never a page.
    const served = await fetch(storage.urlOf('conversations/b1/m2'));
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toBe('attachment');
    const image = await fetch(storage.urlOf('conversations/b1/m1.jpg'));
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('content-disposition')).toBeNull();
  });

  it('refuses a PUT with another content type than the one signed', async () => {
    const up = await storage.presignUpload({
      key: 'b1/files/u2.csv',
      contentType: 'text/csv',
      maxBytes: 100,
    });
    const res = await putTo(up.uploadUrl, '<svg/>', { 'content-type': 'image/svg+xml' });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('SignatureDoesNotMatch');
    expect(await storage.stat('b1/files/u2.csv')).toBeNull();
  });

  it('binds a declared size: any other length is refused', async () => {
    const up = await storage.presignUpload({
      key: 'b1/files/u3.csv',
      contentType: 'text/csv',
      maxBytes: 5,
      contentLength: 5,
    });
    expect(up.uploadUrl).toContain('X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost');
    expect((await putTo(up.uploadUrl, '123456')).status).toBe(403);
    expect((await putTo(up.uploadUrl, '1234')).status).toBe(403);
    expect(await storage.stat('b1/files/u3.csv')).toBeNull();
    expect((await putTo(up.uploadUrl, '12345')).status).toBe(200);
  });

  it('refuses a tampered URL: another signature, another key, a longer lifetime', async () => {
    const up = await storage.presignUpload({
      key: 'b1/files/u4.csv',
      contentType: 'text/csv',
      maxBytes: 100,
    });
    const url = new URL(up.uploadUrl);
    const sig = url.searchParams.get('X-Amz-Signature')!;
    const tampered = [
      up.uploadUrl.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`),
      up.uploadUrl.replace('b1/files/u4.csv', 'b2/files/u4.csv'),
      up.uploadUrl.replace(/X-Amz-Expires=\d+/, 'X-Amz-Expires=604800'),
    ];
    for (const bad of tampered) {
      const res = await putTo(bad, 'x');
      expect(res.status).toBe(403);
    }
    expect(await storage.stat('b1/files/u4.csv')).toBeNull();
    expect(await storage.stat('b2/files/u4.csv')).toBeNull();
  });

  it('refuses an expired URL', async () => {
    const past = s3.adapter({ uploadTtlSeconds: 60, now: () => new Date(Date.now() - 3600_000) });
    const up = await past.presignUpload({ key: 'b1/files/u5.csv', contentType: 'text/csv', maxBytes: 100 });
    expect(up.expiresAt.getTime()).toBeLessThan(Date.now());
    const res = await putTo(up.uploadUrl, 'x');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
    expect(await storage.stat('b1/files/u5.csv')).toBeNull();
  });

  it('recognises its own URLs only, in every style it hands out', () => {
    const key = 'b1/files/u6-a.csv';
    expect(storage.keyFromUrl(`${s3.endpoint}/uploads/${key}`)).toBe(key);
    expect(storage.keyFromUrl(`${s3.endpoint}/uploads/${key}?X-Amz-Signature=abc`)).toBe(key);
    expect(storage.keyFromUrl(`${s3.endpoint}/other-bucket/${key}`)).toBeNull();
    expect(storage.keyFromUrl(`http://evil.test/uploads/${key}`)).toBeNull();
    expect(storage.keyFromUrl(`${s3.endpoint}/uploads/b1/..%2Fsecrets`)).toBeNull();
    expect(storage.keyFromUrl(`${s3.endpoint}/uploads/%E0%A4%A`)).toBeNull();
    expect(storage.keyFromUrl('not a url')).toBeNull();

    const cdn = s3.adapter({ publicUrl: 'https://cdn.example.test/media/' });
    expect(cdn.urlOf(key)).toBe(`https://cdn.example.test/media/${key}`);
    expect(cdn.keyFromUrl(`https://cdn.example.test/media/${key}`)).toBe(key);
    expect(cdn.keyFromUrl(`${s3.endpoint}/uploads/${key}`)).toBe(key);
    expect(cdn.keyFromUrl(`https://cdn.example.test/${key}`)).toBeNull();

    const vhost = new S3StorageAdapter({
      region: 'eu-west-1',
      bucket: 'media',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: false,
      uploadTtlSeconds: 60,
    });
    expect(vhost.urlOf(key)).toBe(`https://media.s3.eu-west-1.amazonaws.com/${key}`);
    expect(vhost.keyFromUrl(`https://media.s3.eu-west-1.amazonaws.com/${key}`)).toBe(key);
    vhost.close();
  });
});

describe('uploads through the API on S3 storage', () => {
  let s3: S3TestServer;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({
      ports: { storage: s3.adapter() },
      env: { UPLOAD_MAX_BYTES: '64', UPLOAD_ALLOWED_TYPES: 'text/csv,image/png' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('signs, receives the PUT at S3, confirms, reads back through keyFromUrl, lists and deletes', async () => {
    const user = await createUser(t);
    const signed = await t.request({
      url: '/upload/presigned-url',
      token: user.accessToken,
      body: { fileName: 'people.csv', contentType: 'text/csv', folder: 'imports', size: 32 },
    });
    expect(signed.status).toBe(200);
    const { uploadUrl, fileUrl, key, headers } = signed.body.data;
    expect(key.startsWith(`${user.businessId}/imports/`)).toBe(true);
    expect((await putTo(uploadUrl, 'firstName,lastName\nAda,Lovelace\n', headers)).status).toBe(200);

    const confirmed = await t.request({
      url: '/upload/confirm',
      token: user.accessToken,
      body: { url: fileUrl, fileName: 'people.csv' },
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data).toMatchObject({ key, size: '32', type: 'text/csv' });
    // What contact import-file does with a fileUrl of our own storage.
    const ownKey = t.deps.storage.keyFromUrl(fileUrl)!;
    expect(await text(await t.deps.storage.read(ownKey))).toBe('firstName,lastName\nAda,Lovelace\n');

    const listed = await t.request({ url: '/upload', token: user.accessToken });
    expect(listed.body.data.map((f: { key: string }) => f.key)).toEqual([key]);

    const del = await t.request({
      method: 'DELETE',
      url: `/upload/${confirmed.body.data.id}`,
      token: user.accessToken,
    });
    expect(del.status).toBe(200);
    expect(await t.deps.storage.stat(key)).toBeNull();
    expect(await t.db.select().from(uploadFiles).where(eq(uploadFiles.key, key))).toHaveLength(0);
  });

  it('binds the declared size into the URL: S3 refuses a longer body, and an undeclared size gets no URL', async () => {
    const user = await createUser(t);
    const undeclared = await t.request({
      url: '/upload/presigned-url',
      token: user.accessToken,
      body: { fileName: 'big.csv', contentType: 'text/csv' },
    });
    expect(undeclared.status).toBe(400);
    const signed = await t.request({
      url: '/upload/presigned-url',
      token: user.accessToken,
      body: { fileName: 'big.csv', contentType: 'text/csv', size: 10 },
    });
    expect(signed.status).toBe(200);
    const { uploadUrl, key, headers } = signed.body.data;
    expect((await putTo(uploadUrl, 'x'.repeat(64), headers)).status).toBe(403);
    expect(await t.deps.storage.stat(`incoming/${key}`)).toBeNull();
    expect((await putTo(uploadUrl, 'x'.repeat(10), headers)).status).toBe(200);
  });

  it('keeps a confirmed file as it was: a PUT again with the same URL changes nothing served', async () => {
    const user = await createUser(t);
    const signed = await t.request({
      url: '/upload/presigned-url',
      token: user.accessToken,
      body: { fileName: 'fixed.csv', contentType: 'text/csv', size: 14 },
    });
    const { uploadUrl, fileUrl, key, headers } = signed.body.data;
    expect((await putTo(uploadUrl, 'firstName\nAda\n', headers)).status).toBe(200);
    // Nothing is served at fileUrl before confirm.
    expect((await fetch(fileUrl)).status).toBe(404);
    const confirmed = await t.request({
      url: '/upload/confirm',
      token: user.accessToken,
      body: { url: fileUrl, fileName: 'fixed.csv' },
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data).toMatchObject({ key, size: '14', type: 'text/csv' });

    // The URL has not expired, and S3 takes the bytes; the confirmed file does not change.
    expect((await putTo(uploadUrl, 'firstName\nEve\n', headers)).status).toBe(200);
    const served = await fetch(fileUrl);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('firstName\nAda\n');
    expect(await text(await t.deps.storage.read(key))).toBe('firstName\nAda\n');
    const again = await t.request({
      url: '/upload/confirm',
      token: user.accessToken,
      body: { url: fileUrl, fileName: 'fixed.csv' },
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: confirmed.body.data.id, size: '14' });
  });

  it('deletes uploads never confirmed once their grace period is over, and only those', async () => {
    const user = await createUser(t);
    const sign = async (fileName: string) => {
      const res = await t.request({
        url: '/upload/presigned-url',
        token: user.accessToken,
        body: { fileName, contentType: 'text/csv', size: 4 },
      });
      expect((await putTo(res.body.data.uploadUrl, 'a,b\n', res.body.data.headers)).status).toBe(200);
      return res.body.data as { fileUrl: string; key: string };
    };
    const kept = await sign('kept.csv');
    const confirmed = await t.request({
      url: '/upload/confirm',
      token: user.accessToken,
      body: { url: kept.fileUrl, fileName: 'kept.csv' },
    });
    expect(confirmed.status).toBe(201);
    const abandoned = await sign('abandoned.csv');

    expect(await sweepUnconfirmedUploads(t.deps, 3_600_000)).toBe(0);
    // A cutoff a minute ahead: every unconfirmed object is past its grace period (others' too).
    expect(await sweepUnconfirmedUploads(t.deps, -60_000)).toBeGreaterThanOrEqual(1);
    expect(await sweepUnconfirmedUploads(t.deps, -60_000)).toBe(0);
    const late = await t.request({
      url: '/upload/confirm',
      token: user.accessToken,
      body: { url: abandoned.fileUrl, fileName: 'abandoned.csv' },
    });
    expect(late.status).toBe(400);
    expect(await t.deps.storage.stat(abandoned.key)).toBeNull();
    expect(await text(await t.deps.storage.read(kept.key))).toBe('a,b\n');
    expect(
      await t.db.select().from(uploadFiles).where(eq(uploadFiles.businessId, user.businessId)),
    ).toHaveLength(1);
  });

  it('answers 400 at confirm for another business’s object', async () => {
    const [user, other] = [await createUser(t), await createUser(t)];
    const signed = await t.request({
      url: '/upload/presigned-url',
      token: other.accessToken,
      body: { fileName: 'theirs.csv', contentType: 'text/csv', size: 1 },
    });
    await putTo(signed.body.data.uploadUrl, 'x');
    const res = await t.request({
      url: '/upload/confirm',
      token: user.accessToken,
      body: { url: signed.body.data.fileUrl, fileName: 'theirs.csv' },
    });
    expect(res.status).toBe(400);
    expect(
      await t.db.select().from(uploadFiles).where(eq(uploadFiles.key, signed.body.data.key)),
    ).toHaveLength(0);
  });
});
