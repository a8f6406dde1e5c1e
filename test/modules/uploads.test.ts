import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sweepUnconfirmedUploads } from '../../src/modules/uploads/index.js';
import { safeFileName } from '../../src/modules/uploads/upload-keys.js';
import { uploadFiles } from '../../src/platform/db/schema/index.js';
import { LocalStorageAdapter } from '../../src/platform/storage/local.adapter.js';
import { createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';

const storage = new LocalStorageAdapter(
  mkdtempSync(path.join(tmpdir(), 'uploads-')),
  'http://127.0.0.1:4000',
  'uploads-test-secret',
  60,
);

describe('uploads (embedded storage)', () => {
  const t = useTestApp({
    ports: { storage },
    env: { UPLOAD_MAX_BYTES: '64', UPLOAD_ALLOWED_TYPES: 'text/csv, image/png' },
  });
  const local = (url: string) => url.replace('http://127.0.0.1:4000', '');

  // The size is required; the embedded store caps the PUT at it.
  const presign = (user: TestUser, body: object) =>
    t.request({ url: '/upload/presigned-url', token: user.accessToken, body: { size: 64, ...body } });
  const put = (uploadUrl: string, payload: string, type = 'text/csv') =>
    t.request({ method: 'PUT', url: local(uploadUrl), payload, headers: { 'content-type': type } });
  const confirm = (user: TestUser, body: unknown) =>
    t.request({ url: '/upload/confirm', token: user.accessToken, body });

  /** The whole client flow: sign, PUT the bytes, confirm. */
  async function upload(user: TestUser, fileName = 'contacts.csv', bytes = 'firstName\nAda\n') {
    const signed = await presign(user, { fileName, contentType: 'text/csv' });
    expect(signed.status).toBe(200);
    expect((await put(signed.body.data.uploadUrl, bytes)).status).toBe(200);
    const res = await confirm(user, { url: signed.body.data.fileUrl, fileName });
    expect(res.status).toBe(201);
    return { signed: signed.body.data, file: res.body.data };
  }

  describe('POST /upload/presigned-url', () => {
    it('signs a PUT under the business’s own key space, and the file is readable at fileUrl once confirmed', async () => {
      const user = await createUser(t);
      const res = await presign(user, {
        fileName: 'Summer Lïst (1).csv',
        contentType: 'text/csv',
        folder: 'imports',
      });
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(res.body.apiObject).toBe('upload');
      expect(data.key).toMatch(new RegExp(`^${user.businessId}/imports/[0-9a-f-]{36}-Summer-List-1.csv$`));
      expect(data).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'text/csv' }, maxBytes: 64 });
      expect(new Date(data.expiresAt).getTime()).toBeGreaterThan(Date.now());
      expect((await put(data.uploadUrl, 'a,b\n1,2\n')).status).toBe(200);
      // Not confirmed yet: nothing is served, neither at fileUrl nor where the URL wrote.
      expect((await t.request({ url: local(data.fileUrl) })).status).toBe(404);
      expect((await t.request({ url: local(data.uploadUrl).split('?')[0]! })).status).toBe(404);
      expect((await confirm(user, { url: data.fileUrl, fileName: 'list.csv' })).status).toBe(201);
      expect((await t.request({ url: local(data.fileUrl) })).text).toBe('a,b\n1,2\n');
      // What contact imports do with a fileUrl of ours.
      const key = t.deps.storage.keyFromUrl(data.fileUrl);
      expect(key).toBe(data.key);
      expect(await text(await t.deps.storage.read(key!))).toBe('a,b\n1,2\n');
    });

    it('puts files in the default folder and accepts a content type with parameters', async () => {
      const user = await createUser(t);
      const res = await presign(user, { fileName: 'x.csv', contentType: 'Text/CSV; charset=utf-8' });
      expect(res.status).toBe(200);
      expect(res.body.data.key).toMatch(new RegExp(`^${user.businessId}/files/`));
      expect(res.body.data.headers).toEqual({ 'Content-Type': 'text/csv' });
    });

    it('binds the content type and the size limit into the URL', async () => {
      const user = await createUser(t);
      const { body } = await presign(user, { fileName: 'x.csv', contentType: 'text/csv' });
      expect((await put(body.data.uploadUrl, 'x', 'image/png')).status).toBe(403);
      expect((await put(body.data.uploadUrl, 'x'.repeat(65))).status).toBe(413);
      expect(await storage.stat(body.data.key)).toBeNull();
      // A declared size narrows the limit to that size.
      const sized = await presign(user, { fileName: 'y.csv', contentType: 'text/csv', size: 5 });
      expect(sized.body.data.maxBytes).toBe(5);
      expect((await put(sized.body.data.uploadUrl, '123456')).status).toBe(413);
      expect((await put(sized.body.data.uploadUrl, '12345')).status).toBe(200);
    });

    it('refuses a URL of one key used for another', async () => {
      const user = await createUser(t);
      const { body } = await presign(user, { fileName: 'x.csv', contentType: 'text/csv' });
      const other = `${user.businessId}/files/${randomUUID()}-x.csv`;
      const res = await put(body.data.uploadUrl.replace(body.data.key, other), 'x');
      expect(res.status).toBe(403);
      expect(await storage.stat(other)).toBeNull();
    });

    it.each([
      [{ contentType: 'text/csv' }, 'fileName'],
      [{ fileName: 'x.csv' }, 'contentType'],
      [{ fileName: '', contentType: 'text/csv' }, 'fileName'],
      [{ fileName: 'x.exe', contentType: 'application/x-msdownload' }, 'contentType'],
      [{ fileName: 'x.pdf', contentType: 'application/pdf' }, 'contentType'],
      [{ fileName: 'x.csv', contentType: 'text/csv', folder: '../other' }, 'folder'],
      [{ fileName: 'x.csv', contentType: 'text/csv', size: 65 }, 'size'],
      [{ fileName: 'x.csv', contentType: 'text/csv', size: '10' }, 'size'],
    ])('rejects %j with a 400 naming %s', async (body, field) => {
      const res = await presign(await createUser(t), body);
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
    });

    it('answers 401 without a token', async () => {
      const res = await t.request({
        url: '/upload/presigned-url',
        body: { fileName: 'x.csv', contentType: 'text/csv' },
      });
      expect(res.status).toBe(401);
    });
  });

  describe('POST /upload/confirm', () => {
    it('records the uploaded file with the size storage reports', async () => {
      const user = await createUser(t);
      const signed = await presign(user, { fileName: 'people.csv', contentType: 'text/csv' });
      await put(signed.body.data.uploadUrl, 'firstName\nAda\n');
      const res = await confirm(user, {
        url: signed.body.data.fileUrl,
        fileName: 'people.csv',
        size: '999',
        type: 'text/csv',
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        url: signed.body.data.fileUrl,
        key: signed.body.data.key,
        fileName: 'people.csv',
        size: '14',
        type: 'text/csv',
      });
      const [row] = await t.db.select().from(uploadFiles).where(eq(uploadFiles.id, res.body.data.id));
      expect(row).toMatchObject({ businessId: user.businessId, key: signed.body.data.key, size: '14' });
    });

    it('answers 200 with the same record when confirmed again', async () => {
      const user = await createUser(t);
      const { signed, file } = await upload(user);
      const again = await confirm(user, { url: signed.fileUrl, fileName: 'contacts.csv' });
      expect(again.status).toBe(200);
      expect(again.body.data.id).toBe(file.id);
      expect(await t.db.select().from(uploadFiles).where(eq(uploadFiles.key, signed.key))).toHaveLength(1);
    });

    it('records one file when the same upload is confirmed several times at once', async () => {
      const user = await createUser(t);
      const signed = await presign(user, { fileName: 'race.csv', contentType: 'text/csv' });
      await put(signed.body.data.uploadUrl, 'x');
      const results = await Promise.all(
        [1, 2, 3, 4, 5].map(() => confirm(user, { url: signed.body.data.fileUrl, fileName: 'race.csv' })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
      expect(
        await t.db.select().from(uploadFiles).where(eq(uploadFiles.key, signed.body.data.key)),
      ).toHaveLength(1);
    });

    it('keeps a confirmed file as it was: a PUT again on its URL changes nothing served', async () => {
      const user = await createUser(t);
      const { signed, file } = await upload(user, 'fixed.csv', 'firstName\nAda\n');
      expect((await put(signed.uploadUrl, 'firstName\nEve\n')).status).toBe(200);
      expect((await t.request({ url: local(signed.fileUrl) })).text).toBe('firstName\nAda\n');
      expect(await text(await storage.read(signed.key))).toBe('firstName\nAda\n');
      // Confirming again answers the same record, still of the first file.
      const again = await confirm(user, { url: signed.fileUrl, fileName: 'fixed.csv' });
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ id: file.id, size: '14' });
      expect((await t.request({ url: local(signed.fileUrl) })).text).toBe('firstName\nAda\n');
    });

    it('answers 400 for a file that was never uploaded', async () => {
      const user = await createUser(t);
      const signed = await presign(user, { fileName: 'ghost.csv', contentType: 'text/csv' });
      const res = await confirm(user, { url: signed.body.data.fileUrl, fileName: 'ghost.csv' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Nothing has been uploaded to this URL yet');
      expect(
        await t.db.select().from(uploadFiles).where(eq(uploadFiles.businessId, user.businessId)),
      ).toHaveLength(0);
    });

    it('answers 400 for another business’s upload and for URLs outside our storage', async () => {
      const [user, other] = [await createUser(t), await createUser(t)];
      const { signed } = await upload(other);
      const malformed = 'http://127.0.0.1:4000/storage/%zz'; // not percent-encoding: once a 500
      for (const url of [signed.fileUrl, 'https://elsewhere.example/x.csv', 'not a url', malformed]) {
        const res = await confirm(user, { url, fileName: 'x.csv' });
        expect(res.status).toBe(400);
        expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toEqual(['url']);
      }
      expect(
        await t.db.select().from(uploadFiles).where(eq(uploadFiles.businessId, user.businessId)),
      ).toHaveLength(0);
    });

    it.each([
      [{ fileName: 'x.csv' }, 'url'],
      [{ url: 'http://127.0.0.1:4000/storage/x' }, 'fileName'],
      [{ url: 'http://127.0.0.1:4000/storage/x', fileName: 'x.csv', size: 12 }, 'size'],
    ])('rejects %j with a 400 naming %s', async (body, field) => {
      const res = await confirm(await createUser(t), body);
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
    });

    it('answers 401 without a token', async () => {
      expect((await t.request({ url: '/upload/confirm', body: { url: 'x', fileName: 'x' } })).status).toBe(
        401,
      );
    });
  });

  describe('GET /upload and DELETE /upload/{id}', () => {
    it('lists the business’s own files, newest first', async () => {
      const [user, other] = [await createUser(t), await createUser(t)];
      const a = await upload(user, 'a.csv');
      const b = await upload(user, 'b.csv');
      await t.db
        .update(uploadFiles)
        .set({ createdAt: new Date('2025-01-01Z') })
        .where(eq(uploadFiles.id, a.file.id));
      await upload(other, 'theirs.csv');
      const res = await t.request({ url: '/upload', token: user.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.data.map((f: { id: string }) => f.id)).toEqual([b.file.id, a.file.id]);
      expect((await t.request({ url: '/upload' })).status).toBe(401);
    });

    it('deletes a file from storage and from the list', async () => {
      const user = await createUser(t);
      const { signed, file } = await upload(user);
      const res = await t.request({ method: 'DELETE', url: `/upload/${file.id}`, token: user.accessToken });
      expect(res.status).toBe(200);
      expect(await storage.stat(signed.key)).toBeNull();
      expect(await t.db.select().from(uploadFiles).where(eq(uploadFiles.id, file.id))).toHaveLength(0);
      expect((await t.request({ url: local(signed.fileUrl) })).status).toBe(404);
      const again = await t.request({ method: 'DELETE', url: `/upload/${file.id}`, token: user.accessToken });
      expect(again.status).toBe(404);
    });

    it('answers 404 for another business’s file and leaves it in place', async () => {
      const [user, other] = [await createUser(t), await createUser(t)];
      const { signed, file } = await upload(other);
      const res = await t.request({ method: 'DELETE', url: `/upload/${file.id}`, token: user.accessToken });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ apiObject: 'upload', status: 'failure' });
      expect(await storage.stat(signed.key)).not.toBeNull();
      expect(await t.db.select().from(uploadFiles).where(eq(uploadFiles.id, file.id))).toHaveLength(1);
    });

    it('answers 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
      const user = await createUser(t);
      const del = (id: string, token?: string) =>
        t.request({ method: 'DELETE', url: `/upload/${id}`, token });
      expect((await del(randomUUID(), user.accessToken)).status).toBe(404);
      expect((await del('x', user.accessToken)).status).toBe(400);
      expect((await del(randomUUID())).status).toBe(401);
    });
  });
});

describe('uploads never confirmed (embedded storage)', () => {
  const t = useTestApp({ ports: { storage }, env: { UPLOAD_ALLOWED_TYPES: 'text/csv' } });

  it('are deleted by the sweep once their grace period is over; confirmed files stay', async () => {
    const user = await createUser(t);
    const sign = async (fileName: string) => {
      const res = await t.request({
        url: '/upload/presigned-url',
        token: user.accessToken,
        body: { fileName, contentType: 'text/csv', size: 4 },
      });
      const data = res.body.data;
      const put = await t.request({
        method: 'PUT',
        url: data.uploadUrl.replace('http://127.0.0.1:4000', ''),
        payload: 'x,y\n',
        headers: { 'content-type': 'text/csv' },
      });
      expect(put.status).toBe(200);
      return data as { fileUrl: string; key: string };
    };
    const kept = await sign('kept.csv');
    const confirmed = await t.request({
      url: '/upload/confirm',
      token: user.accessToken,
      body: { url: kept.fileUrl, fileName: 'kept.csv' },
    });
    expect(confirmed.status).toBe(201);
    const abandoned = await sign('abandoned.csv');

    // Within the grace period nothing goes.
    expect(await sweepUnconfirmedUploads(t.deps, 3_600_000)).toBe(0);
    // A cutoff a minute ahead: every unconfirmed object is past its grace period.
    // (Uploads other tests left unconfirmed in this store go too.)
    expect(await sweepUnconfirmedUploads(t.deps, -60_000)).toBeGreaterThanOrEqual(1);
    expect(await sweepUnconfirmedUploads(t.deps, -60_000)).toBe(0);
    const late = await t.request({
      url: '/upload/confirm',
      token: user.accessToken,
      body: { url: abandoned.fileUrl, fileName: 'abandoned.csv' },
    });
    expect(late.status).toBe(400);
    expect(await storage.stat(abandoned.key)).toBeNull();
    expect(await text(await storage.read(kept.key))).toBe('x,y\n');
    expect(
      await t.db.select().from(uploadFiles).where(eq(uploadFiles.businessId, user.businessId)),
    ).toHaveLength(1);
  });
});

describe('safe file names in keys', () => {
  it.each([
    ['report.csv', 'report.csv'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\Liste été.xlsx', 'Liste-ete.xlsx'],
    ['  spaces  and  tabs\t.png', 'spaces-and-tabs.png'],
    ['...', 'file'],
    ['日本語.csv', 'file.csv'],
    ['.csv', 'csv'],
    ['archive.tar.gz', 'archive.tar.gz'],
    ['no extension', 'no-extension'],
    [`${'a'.repeat(300)}.xlsx`, `${'a'.repeat(95)}.xlsx`],
  ])('%j becomes %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });
});
