import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { undocumentedParts } from '../documented-responses.js';
import { createUser } from '../factories.js';
import { type TestRequest, type TestResponse, useTestApp } from '../harness.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Real answers of the webhook-endpoint routes, success and errors, against the schemas /openapi.json publishes. */
describe('documented responses: webhook endpoints', () => {
  const t = useTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });

  it('every answer matches the schema the API document publishes for its route and status', async () => {
    const problems: string[] = [];
    const call = async (
      method: Method,
      path: string,
      status: number,
      req: Omit<TestRequest, 'url' | 'method'> & { params?: Record<string, string> } = {},
    ): Promise<TestResponse> => {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => req.params?.[name] ?? '');
      const res = await t.request({ ...req, method, url });
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(status);
      problems.push(...(await undocumentedParts(t, method, path, res)));
      return res;
    };
    const owner = await createUser(t, { businessVerified: 'accepted' });
    const as = { token: owner.accessToken };
    const body = { url: 'http://127.0.0.1:9/hook', eventTypes: ['message.sent'] };
    const created = await call('POST', '/webhook-endpoints', 201, { ...as, body });
    const params = { id: created.body.data.id as string };
    await call('POST', '/webhook-endpoints', 400, { ...as, body: { ...body, url: 'https://10.0.0.1/' } });
    await call('GET', '/webhook-endpoints', 200, as);
    await call('GET', '/webhook-endpoints/{id}', 200, { ...as, params });
    await call('GET', '/webhook-endpoints/{id}', 404, {
      ...as,
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    await call('GET', '/webhook-endpoints/{id}', 400, { ...as, params: { id: 'nope' } });
    await call('PATCH', '/webhook-endpoints/{id}', 200, { ...as, params, body: { description: 'CRM' } });
    await call('POST', '/webhook-endpoints/{id}/rotate-secret', 200, { ...as, params });
    await call('POST', '/webhook-endpoints/{id}/rotate-secret', 409, { ...as, params });
    const test = await call('POST', '/webhook-endpoints/{id}/test', 202, { ...as, params });
    const deliveryId = test.body.data.id as string;
    await call('GET', '/webhook-endpoints/{id}/deliveries', 200, { ...as, params });
    await call('POST', '/webhook-endpoints/{id}/deliveries/{deliveryId}/replay', 409, {
      ...as,
      params: { ...params, deliveryId },
    });
    await t.db.execute(sql`UPDATE webhook_deliveries SET status = 'failed' WHERE id = ${deliveryId}`);
    await call('POST', '/webhook-endpoints/{id}/deliveries/{deliveryId}/replay', 202, {
      ...as,
      params: { ...params, deliveryId },
    });
    await call('DELETE', '/webhook-endpoints/{id}', 200, { ...as, params });
    expect(problems).toEqual([]);
  });
});
