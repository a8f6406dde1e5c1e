import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../harness.js';

// A built console as `vite build` leaves it: index.html, hashed assets with their precompressed forms.
const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-AbC123.js"></script></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
mkdirSync(path.join(dir, 'assets'));
writeFileSync(path.join(dir, 'index.html'), INDEX);
writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(path.join(dir, 'assets/app-AbC123.js'), SCRIPT);
writeFileSync(path.join(dir, 'assets/app-AbC123.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(path.join(dir, 'assets/app-AbC123.js.gz'), gzipSync(SCRIPT));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** The URL exactly as given (the harness's `request` would put /api/v1 in front of console paths). */
async function call(
  t: TestApp,
  url: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'POST' = 'GET',
) {
  const raw = await t.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });
  // biome-ignore lint/suspicious/noExplicitAny: a parsed JSON envelope, asserted field by field
  let body: any;
  try {
    body = JSON.parse(raw.body);
  } catch {
    body = undefined;
  }
  return { status: raw.statusCode, headers: raw.headers, text: raw.body, body, raw };
}

describe('web console serving', () => {
  const t = useTestApp({ env: { WEB_DIST_DIR: dir } });

  it('serves index.html at / and never lets it be cached', async () => {
    const res = await call(t, '/', HTML);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(INDEX);
  });

  it('serves index.html at / to a client that asks for no particular type (curl, a link checker)', async () => {
    const res = await call(t, '/');
    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX);
  });

  it('answers the application routes with index.html (history fallback) for a browser', async () => {
    for (const url of ['/contacts', '/campaigns/4a1b/edit?tab=audience', '/admin/businesses']) {
      const res = await call(t, url, HTML);
      expect(res.status, url).toBe(200);
      expect(res.text, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets immutable, brotli or gzip by Accept-Encoding, plain otherwise', async () => {
    const url = '/assets/app-AbC123.js';
    const br = await call(t, url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.raw.rawPayload).toString()).toBe(SCRIPT);

    const gz = await call(t, url, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.raw.rawPayload).toString()).toBe(SCRIPT);

    const plain = await call(t, url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
  });

  it('serves other built files without the immutable policy', async () => {
    const res = await call(t, '/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed asset 404, not with the page a browser would run as a script', async () => {
    const res = await call(t, '/assets/app-Old999.js', HTML);
    expect(res.status).toBe(404);
    expect(res.body.status).toBe('failure');
  });

  it('keeps the API, the reference and the metrics out of the fallback: JSON 404s and their own pages', async () => {
    for (const url of [
      '/api/v1/nothing-here',
      '/api',
      '/api/v2/contacts',
      '/openapi.json/x',
      '/metrics/',
      '/metrics/x',
    ]) {
      const res = await call(t, url, HTML);
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.body, url).toMatchObject({ status: 'failure', code: 404 });
    }
    const health = await call(t, '/api/v1/health', HTML);
    expect(health.status).toBe(200);
    expect(health.body.data.status).toBe('ok');
    const doc = await call(t, '/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    const docs = await call(t, '/docs/', HTML);
    expect(docs.status).toBe(200);
    expect(docs.text).not.toBe(INDEX);
  });

  it('answers a non-browser request for an unknown path with the JSON 404', async () => {
    const res = await call(t, '/no-such-page', { accept: 'application/json' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'failure', code: 404 });
  });

  it('still refuses unknown methods on console paths as JSON', async () => {
    const res = await call(t, '/contacts', HTML, 'POST');
    expect(res.status).toBe(404);
    expect(res.body.status).toBe('failure');
  });
});

describe('web console not built', () => {
  const t = useTestApp({ env: { WEB_DIST_DIR: path.join(dir, 'missing') } });

  it('serves nothing at / and leaves the API as it was', async () => {
    const res = await call(t, '/', HTML);
    expect(res.status).toBe(404);
    expect((await call(t, '/api/v1/health')).status).toBe(200);
  });
});
