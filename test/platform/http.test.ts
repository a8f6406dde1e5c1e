import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDeps } from '../../src/app/create-deps.js';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/platform/config.js';
import { sendSuccess } from '../../src/platform/http/envelope.js';
import { BusinessRuleError, NotFoundError } from '../../src/platform/http/errors.js';
import { pageQuery, toPage } from '../../src/platform/http/pagination.js';
import { badText } from '../../src/platform/http/text-guard.js';
import type { ZodApp } from '../../src/platform/http/types.js';
import { createLogger } from '../../src/platform/logger.js';
import { RecordingRealtimeHub } from '../../src/platform/realtime-hub.js';
import { uniqueEmail } from '../factories.js';
import { type TestApp, useTestApp } from '../harness.js';

function routes(app: ZodApp) {
  app.post(
    '/api/v1/test/echo',
    {
      config: { auth: 'public', apiObject: 'echo' },
      schema: {
        body: z.object({
          name: z.string().min(1),
          count: z.number().int(),
          tags: z.array(z.string()).optional(),
        }),
      },
    },
    async (req, reply) => sendSuccess(reply, req.body, 'Echoed', 201),
  );
  app.get(
    '/api/v1/test/page',
    { config: { auth: 'public', apiObject: 'item' }, schema: { querystring: pageQuery } },
    async (req, reply) => sendSuccess(reply, toPage([], 57, req.query), 'Items'),
  );
  app.get('/api/v1/test/boom', { config: { auth: 'public', apiObject: 'boom' } }, async () => {
    throw new Error('relation "secret_table" does not exist at /srv/app/src/repo.ts:42');
  });
  app.get('/api/v1/test/rule', { config: { auth: 'public', apiObject: 'campaign' } }, async () => {
    throw new BusinessRuleError('Insufficient credits', { required: 10 });
  });
  app.get('/api/v1/test/missing', { config: { auth: 'public', apiObject: 'contact' } }, async () => {
    throw new NotFoundError('Contact');
  });
  app.get(
    '/api/v1/test/private',
    { config: { apiObject: 'me', permission: 'own-account' } },
    async (req, reply) => sendSuccess(reply, { id: req.auth.accountId }, 'Me'),
  );
  app.get(
    '/api/v1/test/items/:id',
    {
      config: { auth: 'public', apiObject: 'item' },
      schema: {
        params: z.object({ id: z.string() }),
        querystring: z.object({ search: z.string().optional() }),
      },
    },
    async (req, reply) => {
      handled += 1;
      return sendSuccess(reply, { id: req.params.id, search: req.query.search ?? null }, 'Item');
    },
  );
}

/** Calls that reached a handler of the routes above (the text guard must stop bad text before). */
let handled = 0;

describe('HTTP envelopes and error handling', () => {
  const t = useTestApp({ routes });

  it('wraps success in the envelope with the route apiObject and status code', async () => {
    const res = await t.request({ url: '/test/echo', body: { name: 'a', count: 2 } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      apiObject: 'echo',
      code: 201,
      status: 'success',
      message: 'Echoed',
      data: { name: 'a', count: 2 },
    });
  });

  it('lists each bad field of a validation error', async () => {
    const res = await t.request({ url: '/test/echo', body: { count: 1.5, tags: [3] } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ apiObject: 'echo', code: 400, status: 'failure' });
    const paths = res.body.errorMessage.fields.map((f: { path: string }) => f.path).sort();
    expect(paths).toEqual(['count', 'name', 'tags.0']);
    expect(res.body.message).toMatch(/name/);
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await t.request({
      url: '/test/echo',
      payload: '{"name": "a",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, status: 'failure', message: 'Malformed JSON body' });
  });

  it('answers a missing body with a validation error', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('failure');
  });

  it('rejects a prototype-poisoning body', async () => {
    const res = await t.request({
      url: '/test/echo',
      payload: '{"name":"a","count":1,"__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('answers an unsupported content type with 415 in the envelope', async () => {
    const res = await t.request({
      url: '/test/echo',
      payload: 'name=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body.status).toBe('failure');
  });

  it('answers a body over the limit with 413 in the envelope', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), count: 1 });
    const res = await t.request({
      url: '/test/echo',
      payload: huge,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.status).toBe('failure');
  });

  it('answers unknown routes with 404 in the envelope', async () => {
    const res = await t.request({ url: '/no/such/route' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ apiObject: 'general', code: 404, status: 'failure' });
    expect(res.body.message).toContain('/api/v1/no/such/route');
  });

  it('hides the cause of a 500 from the client and gives the request id instead', async () => {
    const res = await t.request({ url: '/test/boom', headers: { 'x-request-id': 'req-boom-1' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      apiObject: 'boom',
      code: 500,
      status: 'failure',
      message: 'Internal server error',
      errorMessage: { requestId: 'req-boom-1' },
    });
    expect(res.text).not.toMatch(/secret_table|repo\.ts|stack/);
  });

  it('maps business-rule and not-found errors to 400 and 404', async () => {
    const rule = await t.request({ url: '/test/rule' });
    expect(rule.status).toBe(400);
    expect(rule.body).toMatchObject({
      apiObject: 'campaign',
      message: 'Insufficient credits',
      errorMessage: { required: 10 },
    });
    const missing = await t.request({ url: '/test/missing' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ apiObject: 'contact', message: 'Contact not found' });
  });

  it('echoes a given request id, or makes one', async () => {
    const given = await t.request({ url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.request({ url: '/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('requires a token on API routes that do not say otherwise', async () => {
    const res = await t.request({ url: '/test/private' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ apiObject: 'me', code: 401, status: 'failure' });
  });
});

describe('text PostgreSQL cannot store, and URLs the router cannot read', () => {
  const t = useTestApp({ routes });
  const echo = (payload: string) =>
    t.request({ url: '/test/echo', payload, headers: { 'content-type': 'application/json' } });

  it.each([
    ['a NUL in a field', '{"name":"a\\u0000b","count":1}', 'name'],
    ['an unpaired high surrogate', '{"name":"\\ud800","count":1}', 'name'],
    ['an unpaired low surrogate in an array', '{"name":"a","count":1,"tags":["ok","x\\udfff"]}', 'tags.1'],
    ['a NUL in a key', '{"name":"a","count":1,"\\u0000":1}', '\u0000'],
  ])('answers %s with a 400 naming the field', async (_what, payload, field) => {
    const res = await echo(payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ apiObject: 'echo', code: 400, status: 'failure' });
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
  });

  it('walks only parsed data: a cyclic graph is cut off, a stream is not entered', () => {
    const loop: Record<string, unknown> = { name: 'a' };
    loop.self = loop;
    expect(badText(loop, '')).toEqual([{ path: '', message: 'has too many values' }]);
    const stream = Readable.from(['a\u0000b']);
    expect(badText(stream, '')).toEqual([]);
    expect(badText({ deep: [{ v: 'x\u0000' }] }, '').map((f) => f.path)).toEqual(['deep.0.v']);
  });

  it('keeps well-formed text, surrogate pairs and direction marks included', async () => {
    const res = await echo(JSON.stringify({ name: '👩‍👩‍👧 \u202Eabc \uD835\uDD4F', count: 1 }));
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe('👩‍👩‍👧 \u202Eabc \uD835\uDD4F');
  });

  it('refuses bad text in the query and the path before the handler runs', async () => {
    const before = handled;
    expect((await t.request({ url: '/test/items/a%00b' })).status).toBe(400);
    expect((await t.request({ url: '/test/items/x?search=a%00' })).status).toBe(400);
    expect(handled).toBe(before);
    expect((await t.request({ url: '/test/items/x?search=ok' })).status).toBe(200);
    expect(handled).toBe(before + 1);
  });

  it('answers a path parameter over the router limit with 414 in the envelope', async () => {
    const res = await t.request({
      url: `/test/items/${'x'.repeat(150)}`,
      headers: { 'x-request-id': 'req-too-long' },
    });
    expect(res.status).toBe(414);
    expect(res.body).toMatchObject({ apiObject: 'general', code: 414, status: 'failure' });
    expect(res.headers['x-request-id']).toBe('req-too-long');
  });

  it('answers a URL that is not valid percent-encoding with 400 in the envelope', async () => {
    for (const id of ['%E0%A4%A', '%ED%A0%80']) {
      const res = await t.request({ url: `/test/items/${id}` });
      expect(res.status, id).toBe(400);
      expect(res.body, id).toMatchObject({ apiObject: 'general', code: 400, status: 'failure' });
      expect(res.headers['x-request-id'], id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('pagination bounds', () => {
  const t = useTestApp({ routes });

  it('defaults to page 1 of 20', async () => {
    const res = await t.request({ url: '/test/page' });
    expect(res.body.data).toEqual({ items: [], page: 1, pageSize: 20, total: 57, totalPages: 3 });
  });

  it('clamps pageSize to 100', async () => {
    const res = await t.request({ url: '/test/page?pageSize=1000&page=2' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 2, pageSize: 100, totalPages: 1 });
  });

  it('clamps a pageSize of any length to 100', async () => {
    const res = await t.request({ url: `/test/page?pageSize=${'9'.repeat(30)}` });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, pageSize: 100 });
  });

  it.each([
    'page=0',
    'page=-1',
    'page=1.5',
    'page=abc',
    'page=',
    'page=0x10',
    'page=1e1',
    'page=0b11',
    'page=%202%20',
    'page=%2B2',
    'pageSize=0',
    'pageSize=2.5',
    'pageSize=x',
    'pageSize=1e2',
    'pageSize=0x10',
  ])('answers %s with 400', async (query) => {
    const res = await t.request({ url: `/test/page?${query}` });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields[0].path).toBe(query.split('=')[0]);
  });
});

describe('health and API reference', () => {
  const t = useTestApp();

  it('reports the database as up', async () => {
    const res = await t.request({ url: '/health' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      apiObject: 'health',
      status: 'success',
      data: { status: 'ok', db: 'ok' },
    });
  });

  it('serves the OpenAPI document and the reference page', async () => {
    const doc = await t.request({ url: '/openapi.json' });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(doc.body.paths['/api/v1/health']).toBeDefined();
    const page = await t.request({ url: '/docs/' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers 503 when the database is down', async () => {
    const ping = t.deps.database.ping;
    t.deps.database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await t.request({ url: '/health' });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 503, status: 'failure' });
    } finally {
      t.deps.database.ping = ping;
    }
  });
});

/** Another app on `t`'s database, configured by `env`: what the service is under other settings. */
function appsOn(t: TestApp) {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  return async (env: Record<string, string>) => {
    const config = testConfig(env);
    const deps = createDeps(config, t.testDb.database, createLogger('silent'), {
      realtime: new RecordingRealtimeHub(),
    });
    const app = await buildApp(deps);
    app.get('/api/v1/test/ip', { config: { auth: 'public' } }, async (req) => ({ ip: req.ip }));
    await app.ready();
    apps.push(app);
    return app;
  };
}

// Apps under other settings, built on one test app's database (each test app costs a fresh database).
describe('settings that change the HTTP edge', () => {
  const t = useTestApp();
  const appWith = appsOn(t);

  describe('CORS', () => {
    const preflight = (app: FastifyInstance, origin: string, method: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/v1/contacts/00000000-0000-0000-0000-000000000000',
        headers: { origin, 'access-control-request-method': method },
      });

    it('lets a browser on another origin update and delete, not only read and post', async () => {
      const app = await appWith({});
      for (const method of ['PATCH', 'PUT', 'DELETE']) {
        const res = await preflight(app, 'http://localhost:5173', method);
        expect(res.statusCode, method).toBe(204);
        expect(res.headers['access-control-allow-origin'], method).toBe('http://localhost:5173');
        expect(res.headers['access-control-allow-credentials'], method).toBe('true');
        expect(String(res.headers['access-control-allow-methods']).split(/,\s*/), method).toContain(method);
      }
    });

    it('outside production without CORS_ORIGINS, allows loopback origins only', async () => {
      const app = await appWith({});
      for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080']) {
        const res = await app.inject({ url: '/api/v1/health', headers: { origin } });
        expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
      }
      for (const origin of [
        'https://evil.example.net',
        'http://localhost.evil.example',
        'http://127.0.0.1.evil.example',
        'null',
      ]) {
        const res = await app.inject({ url: '/api/v1/health', headers: { origin } });
        expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
        const pre = await preflight(app, origin, 'DELETE');
        expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
      }
    });

    it('allows only the origins in CORS_ORIGINS when it is set', async () => {
      const app = await appWith({ CORS_ORIGINS: 'https://app.example.com' });
      const listed = await preflight(app, 'https://app.example.com', 'PATCH');
      expect(listed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(String(listed.headers['access-control-allow-methods'])).toContain('PATCH');
      const unlisted = await preflight(app, 'https://evil.example.net', 'PATCH');
      expect(unlisted.headers['access-control-allow-origin']).toBeUndefined();
      const read = await app.inject({
        url: '/api/v1/health',
        headers: { origin: 'https://evil.example.net' },
      });
      expect(read.statusCode).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('lets a browser read the 400 for a URL the router cannot decode, from allowed origins only', async () => {
      const app = await appWith({ CORS_ORIGINS: 'https://app.example.com' });
      const malformed = (origin: string) =>
        app.inject({ url: '/api/v1/contacts/%E0%A4%A', headers: { origin } });
      const listed = await malformed('https://app.example.com');
      expect(listed.statusCode).toBe(400);
      expect(listed.json()).toMatchObject({ code: 400, status: 'failure', message: 'Malformed URL' });
      expect(listed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(listed.headers['access-control-allow-credentials']).toBe('true');
      expect(String(listed.headers['access-control-expose-headers'])).toContain('X-Request-Id');
      expect(listed.headers.vary).toContain('Origin');
      const unlisted = await malformed('https://evil.example.net');
      expect(unlisted.statusCode).toBe(400);
      expect(unlisted.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('sends no CORS headers in production without CORS_ORIGINS', async () => {
      const app = await appWith({
        NODE_ENV: 'production',
        // Required in production; this app runs on the test database and never calls the provider.
        DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
        PAYMENT_PROVIDER_SECRET_KEY: 'sk_test_unused',
        MESSAGING_WEBHOOK_SECRET: 'unused-webhook-secret',
      });
      const pre = await preflight(app, 'https://app.example.com', 'PATCH');
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-methods']).toBeUndefined();
      const read = await app.inject({
        url: '/api/v1/health',
        headers: { origin: 'https://app.example.com' },
      });
      expect(read.statusCode).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
      const malformed = await app.inject({
        url: '/api/v1/contacts/%E0%A4%A',
        headers: { origin: 'https://app.example.com' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('client address behind a proxy (TRUST_PROXY)', () => {
    // app.inject connects from 127.0.0.1: the proxy. The client wrote the left part of the header itself.
    const ipSeen = async (app: FastifyInstance, forwardedFor: string) =>
      (await app.inject({ url: '/api/v1/test/ip', headers: { 'x-forwarded-for': forwardedFor } })).json().ip;

    it('with a hop count, takes the address the proxy saw, whatever the client wrote before it', async () => {
      const app = await appWith({ TRUST_PROXY: '1' });
      expect(await ipSeen(app, 'spoofed-1, 203.0.113.7')).toBe('203.0.113.7');
      expect(await ipSeen(app, '198.51.100.9, 203.0.113.7')).toBe('203.0.113.7');
      expect(await ipSeen(app, '203.0.113.7')).toBe('203.0.113.7');
    });

    it('with the proxies’ addresses or ranges, takes the first address that is not one of them', async () => {
      const app = await appWith({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
      expect(await ipSeen(app, 'spoofed-2, 203.0.113.7')).toBe('203.0.113.7');
      expect(await ipSeen(app, 'spoofed-3, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    });

    it('without it, ignores the header; with `true`, takes its left-most entry (only behind a proxy that overwrites it)', async () => {
      expect(await ipSeen(await appWith({ TRUST_PROXY: 'false' }), 'spoofed-4, 203.0.113.7')).toBe(
        '127.0.0.1',
      );
      expect(await ipSeen(await appWith({ TRUST_PROXY: 'true' }), 'spoofed-5, 203.0.113.7')).toBe(
        'spoofed-5',
      );
    });

    it('counts per-address limits by that address, so rotating the left-most entry does not escape them', async () => {
      const app = await appWith({ TRUST_PROXY: '1', RATE_LIMIT_ENABLED: 'true' });
      const sendCode = (i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/auth/send-code',
          headers: { 'x-forwarded-for': `spoofed-${i}, 203.0.113.77` },
          payload: { email: uniqueEmail('proxy') },
        });
      // send-code allows 10 per address per window (docs/decisions/accounts.md "Which abuse limits apply?").
      for (let i = 0; i < 10; i++) expect((await sendCode(i)).statusCode).toBe(200);
      const blocked = await sendCode(10);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 429, status: 'failure' });
    });
  });
});
