import { describe, expect, it } from 'vitest';
import { undocumentedParts } from '../documented-responses.js';
import { createContacts, createUser, setMessagingCredentials } from '../factories.js';
import { type TestRequest, useTestApp } from '../harness.js';

/**
 * Real (successful) answers of the audience, estimate, report, message and analytics routes checked against the schemas
 * `/openapi.json` publishes (what the web console generates its client from): a field the code sends that
 * the document does not promise, or the reverse, fails here.
 */
describe('documented responses: audiences, estimate, report, messages, analytics', () => {
  const t = useTestApp();

  it('every answer matches the schema the API document publishes for its route and status', async () => {
    const problems: string[] = [];
    const call = async (
      method: 'GET' | 'POST',
      path: string,
      status: number,
      req: Omit<TestRequest, 'url' | 'method' | 'query'> & {
        params?: Record<string, string>;
        search?: string;
      } = {},
    ) => {
      const url =
        path.replace(/\{(\w+)\}/g, (_, name: string) => req.params?.[name] ?? '') + (req.search ?? '');
      const res = await t.request({ ...req, method, url });
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(status);
      problems.push(...(await undocumentedParts(t, method, path, res)));
      return res;
    };
    const user = await createUser(t, { businessVerified: 'accepted', credits: '50' });
    await setMessagingCredentials(t, user.businessId);
    const admin = await createUser(t, { role: 'admin' });
    await createContacts(t, user.businessId, 3, { tags: ['vip'] });
    const token = user.accessToken;

    await call('GET', '/contacts/tags', 200, { token });
    await call('POST', '/campaigns/estimate', 200, { token, body: { tags: ['vip'] } });
    await call('POST', '/campaigns/estimate', 200, { token, body: { tags: ['vip'], paymentMethod: 'plan' } });
    const created = await call('POST', '/campaigns', 201, {
      token,
      body: {
        name: 'Doc',
        message: 'Hi',
        sendToAllContact: false,
        tags: ['vip'],
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    const params = { id: created.body.data.id as string };
    await call('GET', '/campaigns/{id}/report', 200, { token, params });
    await call('GET', '/campaigns/{id}/messages', 200, { token, params, search: '?search=first' });
    await call('GET', '/analytics/overview', 200, { token });
    await call('GET', '/admin/analytics/overview', 200, { token: admin.accessToken });
    await call('GET', '/analytics/spend', 200, { token });
    await call('GET', '/admin/analytics/revenue', 200, { token: admin.accessToken });
    expect(problems).toEqual([]);
  });
});
