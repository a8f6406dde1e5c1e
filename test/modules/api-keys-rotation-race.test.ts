/**
 * Rotations racing each other and the requests of the programs still on the old secret: an API key's or a
 * webhook endpoint's. Concurrent rotations are one success and 409s (a second one while an overlap runs
 * would end the old secret at once); a request with the old key during the overlap is never a 401, whenever
 * the rotation lands. On PostgreSQL the requests really race (`npm run test:pg -- <this file>`); PGlite runs
 * one statement at a time.
 */
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';

const RACERS = 6;

describe('rotations racing', () => {
  const t = useTestApp({ poolSize: 12, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });

  async function keyOf(token: string) {
    const res = await t.request({
      url: '/api-keys',
      token,
      body: { name: 'Shop', scopes: ['contacts:read'] },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: string; key: string };
  }
  const withKey = (key: string) =>
    t.request({ method: 'GET', url: '/contacts', headers: { authorization: `Bearer ${key}` } });

  it('concurrent rotations of a key: one succeeds, the others are 409s, and both secrets work', async () => {
    const owner = await createUser(t);
    const made = await keyOf(owner.accessToken);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        t.request({
          url: `/api-keys/${made.id}/rotate`,
          token: owner.accessToken,
          body: { overlapHours: 24 },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(RACERS - 1).fill(409)]);
    const won = answers.find((a) => a.status === 200)!;
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.body.errorMessage).toMatchObject({ status: 'rotating' });
    expect((await withKey(made.key)).status).toBe(200);
    expect((await withKey(won.body.data.key as string)).status).toBe(200);
  });

  it('requests with the old key while it is rotated: none is refused', async () => {
    const owner = await createUser(t);
    const made = await keyOf(owner.accessToken);
    const rotation = t.request({
      url: `/api-keys/${made.id}/rotate`,
      token: owner.accessToken,
      body: { overlapHours: 1 },
    });
    const [rotated, ...calls] = await Promise.all([
      rotation,
      ...Array.from({ length: 3 * RACERS }, () => withKey(made.key)),
    ]);
    expect(rotated.status, rotated.text).toBe(200);
    expect(calls.map((c) => c.status)).toEqual(Array(3 * RACERS).fill(200));
    // Another rotation during the overlap is refused; the old key still works after it.
    const again = await t.request({
      url: `/api-keys/${made.id}/rotate`,
      token: owner.accessToken,
      body: { overlapHours: 0 },
    });
    expect(again.status).toBe(409);
    expect((await withKey(made.key)).status).toBe(200);
  });

  it("concurrent rotations of an endpoint's secret: one succeeds, the others are 409s", async () => {
    const owner = await createUser(t, { businessVerified: 'accepted' });
    const ep = await t.request({
      url: '/webhook-endpoints',
      token: owner.accessToken,
      body: { url: 'http://127.0.0.1:9/hook', eventTypes: ['message.sent'] },
    });
    expect(ep.status, ep.text).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        t.request({
          method: 'POST',
          url: `/webhook-endpoints/${ep.body.data.id}/rotate-secret`,
          token: owner.accessToken,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(RACERS - 1).fill(409)]);
    const shown = await t.request({ url: `/webhook-endpoints/${ep.body.data.id}`, token: owner.accessToken });
    expect(shown.body.data.previousSecretExpiresAt).toBe(
      answers.find((a) => a.status === 200)!.body.data.previousSecretExpiresAt,
    );
  });
});
