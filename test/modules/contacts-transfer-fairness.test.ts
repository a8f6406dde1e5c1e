import type { ServerResponse } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactTransferService } from '../../src/modules/contacts/contact-transfer.service.js';
import { TransferDeadlineError } from '../../src/modules/contacts/transfer-limits.js';
import type { AuthContext } from '../../src/platform/auth/principal.js';
import { contacts } from '../../src/platform/db/schema/index.js';
import { createUser, type TestUser } from '../factories.js';
import { type TestApp, useTestApp } from '../harness.js';
import { type FileServer, startFileServer } from './contacts-fixtures.js';

/** What the routes hand the service for a verified business's request. */
const authOf = (user: TestUser): AuthContext => ({
  accountId: user.accountId,
  sessionId: user.sessionId,
  email: user.email,
  role: 'business',
  verified: true,
  businessId: user.businessId,
  memberRole: 'owner',
  businessVerified: 'accepted',
  businessType: null,
  businessCountryCode: null,
  apiKey: null,
});

const seed = (t: TestApp, user: TestUser, n: number) =>
  t.db.execute(sql`
    INSERT INTO contacts (business_id, first_name, last_name, phone_number, opt_in)
    SELECT ${user.businessId}::uuid, 'First' || i, 'Last' || i, '+2348' || lpad(i::text, 9, '0'), true
    FROM generate_series(1, ${n}::int) AS i`);

const exportOf = (t: TestApp, user: TestUser) =>
  t.request({ url: '/contacts/export', token: user.accessToken });

describe('each business has its own share of the transfer slots', () => {
  /** A pool of 8: two transfer slots in the process. */
  const POOL = 8;
  let server: FileServer;
  const env: Record<string, string> = { DATABASE_POOL_SIZE: String(POOL) };
  beforeAll(async () => {
    server = await startFileServer();
    env.IMPORT_ALLOWED_HOSTS = server.host;
  });
  afterAll(() => server.close());
  const t = useTestApp({ env, poolSize: POOL });

  it("one business's slow exports do not take every slot: another business's export is served", async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    await seed(t, a, 50);
    await seed(t, b, 3);
    const service = new ContactTransferService(t.deps);
    try {
      // A's first export is running; its client reads nothing yet.
      const held = await service.export(authOf(a), { format: 'csv' });
      // A's second export is refused with where it stands, instead of taking the other slot.
      await expect(service.export(authOf(a), { format: 'csv' })).rejects.toMatchObject({ statusCode: 429 });
      const second = await exportOf(t, a);
      expect(second.status).toBe(429);
      expect(second.headers['retry-after']).toBe('5');
      expect(second.body).toMatchObject({
        status: 'failure',
        code: 429,
        apiObject: 'contact',
        errorMessage: { reason: 'business-transfer-running', running: 1, limit: 1, retryAfterSeconds: 5 },
      });
      expect(second.body.message).toMatch(/import or export of this business is still running/);

      // B is served meanwhile, in full.
      const other = await exportOf(t, b);
      expect(other.status).toBe(200);
      expect(other.headers['x-record-count']).toBe('3');

      // Once A's first export ends, A may start the next.
      held.body.destroy();
      await expect.poll(async () => (await exportOf(t, a)).status, { timeout: 10_000 }).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('a running file import is the business’s transfer: its export waits, another business’s does not', async () => {
    const [a, b] = [await createUser(t, { countryCode: 'NG' }), await createUser(t)];
    await seed(t, b, 2);
    let stalled: ServerResponse | undefined;
    server.route('/slow.csv', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('phoneNumber,firstName,lastName\n+2348031711001,A,B\n');
      stalled = res;
    });
    const importing = t.request({
      url: '/contacts/import-file',
      token: a.accessToken,
      body: { fileUrl: server.url('/slow.csv') },
    });
    await expect.poll(() => stalled !== undefined, { timeout: 10_000 }).toBe(true);

    const refused = await exportOf(t, a);
    expect(refused.status).toBe(429);
    expect(refused.body.errorMessage).toMatchObject({ reason: 'business-transfer-running' });
    const json = await t.request({
      url: '/contacts/import',
      token: a.accessToken,
      body: { contacts: [{ firstName: 'X', lastName: 'Y', phoneNumber: '+2348031711009' }] },
    });
    expect(json.status).toBe(429);
    expect((await exportOf(t, b)).status).toBe(200);

    stalled!.end('+2348031711002,C,D\n');
    expect((await importing).body.data.imported).toBe(2);
    expect((await exportOf(t, a)).status).toBe(200);
  });
});

describe('every transfer has a deadline', () => {
  let server: FileServer;
  const env: Record<string, string> = { TRANSFER_DEADLINE_MS: '1000', IMPORT_FETCH_TIMEOUT_MS: '600000' };
  beforeAll(async () => {
    server = await startFileServer();
    env.IMPORT_ALLOWED_HOSTS = server.host;
  });
  afterAll(() => server.close());
  const t = useTestApp({ env });

  it('stops an import from a URL that drips bytes, imports nothing, and frees the business’s share', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    const drips: NodeJS.Timeout[] = [];
    server.route('/drip.csv', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('phoneNumber,firstName,lastName\n');
      let i = 0;
      const drip = setInterval(
        () => res.write(`+2348031722${String(i++ % 1000).padStart(3, '0')},A,B\n`),
        50,
      );
      drips.push(drip);
      res.on('close', () => clearInterval(drip));
    });
    try {
      const res = await t.request({
        url: '/contacts/import-file',
        token: user.accessToken,
        body: { fileUrl: server.url('/drip.csv') },
      });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields[0].path).toBe('fileUrl');
      expect(res.body.message).toMatch(
        /ran longer than its limit of 1 s and was stopped; nothing was imported/,
      );
      expect(await t.db.select().from(contacts).where(eq(contacts.businessId, user.businessId))).toEqual([]);
    } finally {
      for (const drip of drips) clearInterval(drip);
    }
    // The share is free again: the next import of the business runs.
    server.file('/quick.csv', 'phoneNumber,firstName,lastName\n+2348031722999,Q,R\n');
    const next = await t.request({
      url: '/contacts/import-file',
      token: user.accessToken,
      body: { fileUrl: server.url('/quick.csv') },
    });
    expect(next.status).toBe(200);
    expect(next.body.data.imported).toBe(1);
  });

  it('ends an export past its deadline even while the idle guard would wait, and frees its slot', async () => {
    const user = await createUser(t);
    await seed(t, user, 20);
    const service = new ContactTransferService(t.deps, { exportIdleMs: 600_000 });
    try {
      const slow = await service.export(authOf(user), { format: 'csv' });
      // Its client never reads: only the deadline can end it.
      await new Promise((resolve) => slow.body.once('close', resolve));
      expect(slow.body.errored).toBeInstanceOf(TransferDeadlineError);
      const next = await exportOf(t, user);
      expect(next.status).toBe(200);
      expect(next.headers['x-record-count']).toBe('20');
    } finally {
      await service.close();
    }
  });
});
