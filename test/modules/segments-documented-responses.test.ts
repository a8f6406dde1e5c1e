import { describe, expect, it } from 'vitest';
import { undocumentedParts } from '../documented-responses.js';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';

/**
 * Real answers of the contact field, segment and bulk-tag routes, and a contact with field values, checked
 * against the schemas `/openapi.json` publishes for their status.
 */
describe('documented responses: contact fields and segments', () => {
  const t = useTestApp();

  it('every answer matches the schema the API document publishes for its route and status', async () => {
    const problems: string[] = [];
    const user = await createUser(t, { countryCode: 'NG', businessVerified: 'accepted', credits: '10' });
    const token = user.accessToken;
    const call = async (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      path: string,
      url: string,
      status: number,
      body?: unknown,
    ) => {
      const res = await t.request({ method, url, token, ...(body !== undefined && { body }) });
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(status);
      // Error envelopes are the platform's (docs/api.md "Errors"); the routes document their successes.
      if (status < 400) problems.push(...(await undocumentedParts(t, method, path, res)));
      return res;
    };
    const field = await call('POST', '/contact-fields', '/contact-fields', 201, {
      key: 'plan',
      label: 'Plan',
      type: 'choice',
      choices: ['Gold'],
    });
    await call('POST', '/contact-fields', '/contact-fields', 400, {
      key: 'plan',
      label: 'Plan',
      type: 'text',
    });
    await call('GET', '/contact-fields', '/contact-fields', 200);
    const fid = field.body.data.id;
    await call('PATCH', '/contact-fields/{id}', `/contact-fields/${fid}`, 200, { label: 'Tier' });
    const contact = await call('POST', '/contacts', '/contacts', 201, {
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '08031234500',
      fields: { plan: 'gold' },
    });
    await call('GET', '/contacts/{id}', `/contacts/${contact.body.data.id}`, 200);
    await call('POST', '/contacts/import', '/contacts/import', 200, {
      contacts: [{ firstName: 'C', lastName: 'D', phoneNumber: '08031234501', fields: { plan: 'x' } }],
    });
    const filter = { match: 'all', conditions: [{ on: 'field', key: 'plan', op: 'equals', value: 'Gold' }] };
    const seg = await call('POST', '/segments', '/segments', 201, { name: 'Gold', filter });
    const sid = seg.body.data.id;
    await call('GET', '/segments', '/segments', 200);
    await call('GET', '/segments/{id}', `/segments/${sid}`, 200);
    await call('GET', '/segments/{id}/count', `/segments/${sid}/count`, 200);
    await call('POST', '/segments/preview', '/segments/preview', 200, { filter });
    await call('POST', '/segments/preview', '/segments/preview', 400, {
      filter: { match: 'all', conditions: [{ on: 'field', key: 'nope', op: 'isEmpty' }] },
    });
    await call('GET', '/contacts', `/contacts?segmentId=${sid}`, 200);
    await call('POST', '/contacts/bulk-tag', '/contacts/bulk-tag', 200, { tags: ['gold'], segmentId: sid });
    await call('POST', '/campaigns/estimate', '/campaigns/estimate', 200, { audience: { segmentId: sid } });
    await call('DELETE', '/contact-fields/{id}', `/contact-fields/${fid}`, 409);
    await call('PATCH', '/segments/{id}', `/segments/${sid}`, 200, { name: 'Gold 2' });
    await call('DELETE', '/segments/{id}', `/segments/${sid}`, 200);
    await call('GET', '/segments/{id}', `/segments/${sid}`, 404);
    await call('DELETE', '/contact-fields/{id}', `/contact-fields/${fid}`, 200);
    expect(problems).toEqual([]);
  });
});
