/**
 * The audit log's entries for outgoing webhooks (walked here rather than in audit-coverage.test.ts, which
 * names this file): each change a member makes through the API leaves exactly one entry with its actor and
 * the endpoint as target; a refused change leaves none.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/platform/db/client.js';
import { createMember, createUser } from '../factories.js';
import { useTestApp } from '../harness.js';

describe('outgoing webhooks in the audit log', () => {
  const t = useTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });

  it('one entry per change, by the member who made it, about the endpoint', async () => {
    const owner = await createUser(t, { businessVerified: 'accepted' });
    const admin = await createMember(t, owner, 'admin');
    const entries = async (action: string) => {
      const res = await t.request({
        url: `/audit-log?pageSize=100&action=${action}`,
        token: owner.accessToken,
      });
      expect(res.status, res.text).toBe(200);
      return res.body.data.items as { actorId: string; targetType: string; targetId: string }[];
    };
    const expectOne = async (action: string, endpointId: string) => {
      const got = await entries(action);
      expect(got, action).toHaveLength(1);
      expect(got[0]).toMatchObject({
        actorId: admin.accountId,
        targetType: 'webhook_endpoint',
        targetId: endpointId,
      });
    };

    const refused = await t.request({
      url: '/webhook-endpoints',
      token: admin.accessToken,
      body: { url: 'https://localhost/x', eventTypes: ['message.sent'] },
    });
    expect(refused.status).toBe(400);
    expect(await entries('webhook_endpoint.created')).toHaveLength(0);

    const created = await t.request({
      url: '/webhook-endpoints',
      token: admin.accessToken,
      body: { url: 'http://127.0.0.1:9/hook', eventTypes: ['message.sent'] },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as string;
    await expectOne('webhook_endpoint.created', id);

    const patched = await t.request({
      method: 'PATCH',
      url: `/webhook-endpoints/${id}`,
      token: admin.accessToken,
      body: { description: 'ERP' },
    });
    expect(patched.status).toBe(200);
    await expectOne('webhook_endpoint.updated', id);

    const rotated = await t.request({
      method: 'POST',
      url: `/webhook-endpoints/${id}/rotate-secret`,
      token: admin.accessToken,
    });
    expect(rotated.status).toBe(200);
    await expectOne('webhook_endpoint.secret_rotated', id);

    const test = await t.request({
      method: 'POST',
      url: `/webhook-endpoints/${id}/test`,
      token: admin.accessToken,
    });
    expect(test.status).toBe(202);
    await t.db.execute(sql`UPDATE webhook_deliveries SET status = 'failed' WHERE endpoint_id = ${id}`);
    const replayed = await t.request({
      method: 'POST',
      url: `/webhook-endpoints/${id}/deliveries/${test.body.data.id}/replay`,
      token: admin.accessToken,
    });
    expect(replayed.status, replayed.text).toBe(202);
    await expectOne('webhook_delivery.replayed', id);

    const deleted = await t.request({
      method: 'DELETE',
      url: `/webhook-endpoints/${id}`,
      token: admin.accessToken,
    });
    expect(deleted.status).toBe(200);
    await expectOne('webhook_endpoint.deleted', id);
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM webhook_endpoints`,
    );
    expect(left!.n).toBe(0);
  });

  it('members without webhooks:manage are refused and leave no entry', async () => {
    const owner = await createUser(t, { businessVerified: 'accepted' });
    const marketer = await createMember(t, owner, 'marketer');
    const res = await t.request({
      url: '/webhook-endpoints',
      token: marketer.accessToken,
      body: { url: 'http://127.0.0.1:9/hook', eventTypes: ['message.sent'] },
    });
    expect(res.status).toBe(403);
    const list = await t.request({ url: '/webhook-endpoints', token: marketer.accessToken });
    expect(list.status).toBe(403);
  });
});
