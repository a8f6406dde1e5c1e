import { once } from 'node:events';
import { readdirSync, readlinkSync } from 'node:fs';
import { get, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactTransferService } from '../../src/modules/contacts/contact-transfer.service.js';
import { ExportIdleError } from '../../src/modules/contacts/export/idle-guard.js';
import { FILE_IMPORTS_PER_PROCESS } from '../../src/modules/contacts/transfer-limits.js';
import type { AuthContext } from '../../src/platform/auth/principal.js';
import { createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { type FileServer, startFileServer } from './contacts-fixtures.js';

/** A pool of 4 connections: a quarter of it, one transfer slot, serves imports and exports together. */
const POOL = 4;
/** Far more CSV (~12 MB) than the socket buffers between a server and a client that does not read (~4 MB). */
const MANY_CONTACTS = 100_000;

describe('imports and exports cannot take the pool from everyone else', () => {
  let server: FileServer;
  const env: Record<string, string> = { DATABASE_POOL_SIZE: String(POOL), IMPORT_FETCH_TIMEOUT_MS: '60000' };
  beforeAll(async () => {
    server = await startFileServer();
    env.IMPORT_ALLOWED_HOSTS = server.host;
  });
  afterAll(() => server.close());
  const t = useTestApp({ env, poolSize: POOL });

  /** Connections checked out of the pool right now (PostgreSQL; PGlite has one session and no pool). */
  const busyConnections = () => {
    const pool = t.deps.database.pool;
    return pool ? pool.totalCount - pool.idleCount : 0;
  };
  /** This process's open descriptors on import spool files (a removed one shows as "... (deleted)"). */
  const openSpoolFiles = () =>
    readdirSync('/proc/self/fd')
      .map((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      })
      .filter((target) => target.includes('contact-import-'));
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
  const importFile = (user: TestUser, fileUrl: string) =>
    t.request({ url: '/contacts/import-file', token: user.accessToken, body: { fileUrl } });
  const exportOf = (user: TestUser) => t.request({ url: '/contacts/export', token: user.accessToken });
  const seed = (user: TestUser, n: number) =>
    t.db.execute(sql`
      INSERT INTO contacts (business_id, first_name, last_name, phone_number, opt_in)
      SELECT ${user.businessId}::uuid, 'First' || i, 'Last' || i || repeat('x', 80), '+2348' || lpad(i::text, 9, '0'), true
      FROM generate_series(1, ${n}::int) AS i`);

  it('downloads stalled imports holding no connection: other tenants are served, extra imports get 429', async () => {
    // Each file sends its header and first row, then nothing until the test lets it finish.
    const stalled: ServerResponse[] = [];
    const phone = (i: number, j: number) =>
      `+23480317${String(i).padStart(2, '0')}${String(j).padStart(3, '0')}`;
    for (let i = 0; i < FILE_IMPORTS_PER_PROCESS; i++) {
      server.route(`/stall-${i}.csv`, (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write(`phoneNumber,firstName,lastName\n${phone(i, 1)},A,B\n`);
        stalled.push(res);
      });
    }
    const importers = await Promise.all(
      Array.from({ length: FILE_IMPORTS_PER_PROCESS }, () => createUser(t, { countryCode: 'NG' })),
    );
    const imports = importers.map((user, i) => importFile(user, server.url(`/stall-${i}.csv`)));
    await expect.poll(() => stalled.length, { timeout: 20_000 }).toBe(FILE_IMPORTS_PER_PROCESS);

    expect(busyConnections()).toBe(0);
    const other = await createUser(t);
    const list = await t.request({ url: '/contacts', token: other.accessToken });
    expect(list.status).toBe(200);
    const created = await t.request({
      url: '/contacts',
      token: other.accessToken,
      body: { firstName: 'Still', lastName: 'Served', phoneNumber: '+2348031799999' },
    });
    expect(created.status).toBe(201);
    expect((await t.request({ url: '/health' })).status).toBe(200);

    // A second import of a business whose first is running, and one past the process's bound: 429.
    const again = await importFile(importers[0]!, server.url('/stall-0.csv'));
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ status: 'failure', code: 429, apiObject: 'contact' });
    expect(again.body.message).toMatch(/import or export of this business is still running/);
    const oneTooMany = await importFile(other, server.url('/stall-0.csv'));
    expect(oneTooMany.status).toBe(429);
    expect(oneTooMany.headers['retry-after']).toBe('5');
    expect(oneTooMany.body.message).toMatch(/Too many contact imports/);

    // Once the files arrive, every stalled import finishes with its rows.
    for (const [i, res] of stalled.entries()) res.end(`${phone(i, 2)},C,D\n`);
    const results = await Promise.all(imports);
    expect(results.map((r) => r.status)).toEqual(importers.map(() => 200));
    expect(results.map((r) => r.body.data.imported)).toEqual(importers.map(() => 2));
    // The ended imports let the next one of the same business in.
    server.file('/after.csv', `phoneNumber,firstName,lastName\n${phone(0, 3)},E,F\n`);
    expect((await importFile(importers[0]!, server.url('/after.csv'))).body.data.imported).toBe(1);
  });

  // Seeding 100,000 contacts takes PGlite half a minute; the slot rule itself is checked on both engines below.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answers 429 to an export while every slot is held by an export whose client does not read',
    async () => {
      const big = await createUser(t);
      await seed(big, MANY_CONTACTS);
      const other = await createUser(t);
      const small = await createUser(t);

      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const held = get(`http://127.0.0.1:${port}/api/v1/contacts/export`, {
        headers: { authorization: `Bearer ${big.accessToken}` },
      });
      const [res] = (await once(held, 'response')) as [IncomingMessage];
      expect(res.statusCode).toBe(200);
      res.pause(); // ...and never read again

      const refused = await exportOf(other);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.body).toMatchObject({ status: 'failure', code: 429, apiObject: 'contact' });
      expect(refused.body.message).toMatch(/Too many contact exports and imports/);

      // The client leaves: its slot and connection come back, and the next export is served.
      held.destroy();
      await expect.poll(async () => (await exportOf(small)).status, { timeout: 20_000 }).toBe(200);
      await expect.poll(busyConnections, { timeout: 10_000 }).toBe(0);
    },
  );

  it('ends an export whose client stops reading, and gives its slot and connection back', async () => {
    const user = await createUser(t);
    await seed(user, 20_000);
    const auth = authOf(user);
    const service = new ContactTransferService(t.deps, { exportIdleMs: 200 });
    try {
      const first = await service.export(auth, { format: 'csv' });
      await expect(service.export(auth, { format: 'csv' })).rejects.toMatchObject({ statusCode: 429 });
      // Nobody reads `first.body`.
      await new Promise((resolve) => first.body.once('close', resolve));
      expect(first.body.errored).toBeInstanceOf(ExportIdleError);
      await expect.poll(busyConnections, { timeout: 10_000 }).toBe(0);
      const next = await service.export(auth, { format: 'csv' });
      next.body.destroy();
    } finally {
      await service.close();
    }
  });

  it('closes the spooled file of an import whose staging fails before any row is read', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    server.file('/staging-fails.csv', 'phoneNumber,firstName\n+2348031700001,A\n');
    // A pool that cannot hand out a connection (exhausted, or the database gone) fails the staging step.
    const database = {
      ...t.deps.database,
      kind: 'postgres' as const,
      pool: { connect: () => Promise.reject(new Error('no connection for staging')) },
    } as unknown as typeof t.deps.database;
    const service = new ContactTransferService({ ...t.deps, database });
    const auth = authOf(user);
    try {
      await expect(service.importFile(auth, server.url('/staging-fails.csv'))).rejects.toThrow(
        'no connection for staging',
      );
      expect(openSpoolFiles()).toEqual([]);
    } finally {
      await service.close();
    }
  });
});
