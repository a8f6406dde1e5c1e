import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/platform/db/schema/index.js';
import { isPublicAddress } from '../../src/platform/net/address-policy.js';
import { createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { type FileServer, startFileServer } from './contacts-fixtures.js';

const MAX_BYTES = 4096;
const TIMEOUT_MS = 1500;

describe('import-file guards: SSRF, size cap, timeout, redirects', () => {
  let server: FileServer;
  const env: Record<string, string> = {
    IMPORT_MAX_BYTES: String(MAX_BYTES),
    IMPORT_FETCH_TIMEOUT_MS: String(TIMEOUT_MS),
  };
  beforeAll(async () => {
    server = await startFileServer();
    // Only this exact host:port is trusted; every other loopback or private address stays refused.
    env.IMPORT_ALLOWED_HOSTS = server.host;
  });
  afterAll(() => server.close());
  const t = useTestApp({ env });

  const stored = (user: TestUser) =>
    t.db.select().from(contacts).where(eq(contacts.businessId, user.businessId));
  const importFile = (user: TestUser, fileUrl: string) =>
    t.request({ url: '/contacts/import-file', token: user.accessToken, body: { fileUrl } });
  const rowsCsv = (n: number, from = 0) =>
    'phoneNumber,firstName,lastName\n' +
    Array.from({ length: n }, (_, i) => `+23480312${String(from + i).padStart(5, '0')},Row,${i}\n`).join('');

  describe('SSRF', () => {
    it.each([
      ['localhost (loopback after DNS)', () => `http://localhost:${server.port}/secret.csv`],
      ['127.0.0.1 on another port', () => `http://127.0.0.1:${server.port + 1}/secret.csv`],
      ['127.0.0.2', () => `http://127.0.0.2:${server.port}/secret.csv`],
      ['127.1 (short form)', () => `http://127.1:${server.port + 1}/secret.csv`],
      ['2130706433 (decimal loopback)', () => `http://2130706433:${server.port + 1}/secret.csv`],
      ['[::1]', () => `http://[::1]:${server.port}/secret.csv`],
      ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${server.port}/secret.csv`],
      ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/x.csv'],
      ['10.0.0.1', () => 'http://10.0.0.1/contacts.csv'],
      ['192.168.1.1', () => 'https://192.168.1.1/contacts.csv'],
      ['172.16.0.1', () => 'http://172.16.0.1/contacts.csv'],
      ['0.0.0.0', () => `http://0.0.0.0:${server.port}/secret.csv`],
      ['[fd00:ec2::254]', () => 'http://[fd00:ec2::254]/latest.csv'],
    ])('refuses %s with a 400, sending no request and importing nothing', async (_name, url) => {
      server.file('/secret.csv', rowsCsv(1));
      const user = await createUser(t);
      const before = server.requests.length;
      const res = await importFile(user, url());
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/private or local address/);
      expect(res.body.errorMessage.fields[0].path).toBe('fileUrl');
      expect(server.requests.length).toBe(before);
      expect(await stored(user)).toHaveLength(0);
    });

    it.each([
      ['file://', 'file:///etc/passwd.csv'],
      ['ftp://', 'ftp://example.com/contacts.csv'],
      ['credentials in the URL', `http://user:pass@example.com/contacts.csv`],
    ])('refuses %s', async (_name, url) => {
      const user = await createUser(t);
      const res = await importFile(user, url);
      expect(res.status).toBe(400);
    });

    it('fetches from the allowed host itself (the guard is on, this host is trusted by configuration)', async () => {
      server.file('/allowed.csv', rowsCsv(2));
      const user = await createUser(t);
      const res = await importFile(user, server.url('/allowed.csv'));
      expect(res.body.data).toEqual({ imported: 2, duplicatesSkipped: 0, failed: [], rejectedValues: [] });
    });

    it('checks every redirect hop again: a redirect to a private address is refused, never followed', async () => {
      server.file('/target.csv', rowsCsv(1));
      server.route('/to-localhost.csv', (_req, res) =>
        res.writeHead(302, { location: `http://localhost:${server.port}/target.csv` }).end(),
      );
      server.route('/to-metadata.csv', (_req, res) =>
        res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      );
      server.route('/to-allowed.csv', (_req, res) => res.writeHead(301, { location: '/target.csv' }).end());
      server.route('/loop.csv', (_req, res) => res.writeHead(302, { location: '/loop.csv' }).end());
      const user = await createUser(t);

      for (const path of ['/to-localhost.csv', '/to-metadata.csv']) {
        const res = await importFile(user, server.url(path));
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/private or local address/);
      }
      expect(server.requests.filter((p) => p === '/target.csv')).toHaveLength(0);
      expect(await stored(user)).toHaveLength(0);

      const followed = await importFile(user, server.url('/to-allowed.csv'));
      expect(followed.body.data.imported).toBe(1);
      const loop = await importFile(user, server.url('/loop.csv'));
      expect(loop.status).toBe(400);
      expect(loop.body.message).toMatch(/redirects too many times/);
    });
  });

  describe('size cap (IMPORT_MAX_BYTES)', () => {
    it('refuses a file whose declared size is over the cap before reading it', async () => {
      const big = rowsCsv(200);
      expect(big.length).toBeGreaterThan(MAX_BYTES);
      server.file('/declared-big.csv', big);
      const user = await createUser(t);
      const res = await importFile(user, server.url('/declared-big.csv'));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`The file is larger than the import limit of ${MAX_BYTES} bytes`);
      expect(await stored(user)).toHaveLength(0);
    });

    it('stops a file without a declared size once it passes the cap, and imports none of its rows', async () => {
      server.route('/chunked-big.csv', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/csv' });
        // Valid rows first: they are parsed and staged before the cap is hit, and must not survive it.
        const body = rowsCsv(200);
        for (let i = 0; i < body.length; i += 512) res.write(body.slice(i, i + 512));
        res.end();
      });
      const user = await createUser(t);
      const res = await importFile(user, server.url('/chunked-big.csv'));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/larger than the import limit/);
      expect(await stored(user)).toHaveLength(0);
    });
  });

  describe('timeout (IMPORT_FETCH_TIMEOUT_MS)', () => {
    it('gives up on a server that never answers', async () => {
      server.route('/silent.csv', () => {
        // never answers
      });
      const user = await createUser(t);
      const started = Date.now();
      const res = await importFile(user, server.url('/silent.csv'));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/did not answer within 1500 ms/);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3000);
    });

    it('gives up on a body that stalls half-way, and imports none of the rows already read', async () => {
      server.route('/stalls.csv', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write(rowsCsv(20, 500));
        // ...and nothing more, ever.
      });
      const user = await createUser(t);
      const res = await importFile(user, server.url('/stalls.csv'));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/longer than 1500 ms/);
      expect(await stored(user)).toHaveLength(0);
    });
  });

  it('classifies addresses: public ones pass, every private, local and reserved range is refused', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '151.101.1.69',
      '2606:4700::1111',
      '2a00:1450:4001:80e::200e',
      '64:ff9b::808:808', // the well-known NAT64 prefix in front of a public IPv4
      '2002:808:808::1', // 6to4 of a public IPv4
    ])
      expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
      '2002:7f00::1', // 6to4 of 127.0.0.0: its last IPv4 group compressed away
      '2002:a00::', // 6to4 of 10.0.0.0
      '2002:0a00:0000:0000:0000:0000:0000:0001', // the same, spelt out
      '::7f00:1', // IPv4-compatible loopback
      '::8.8.8.8', // IPv4-compatible, even of a public address: deprecated, never routed
      '::ffff:0:7f00:1', // IPv4-translated
      '64:ff9b:1::a00:1', // local-use NAT64 prefix
      '0:0:0:0:0:ffff:7f00:1', // a mapped loopback spelt out in full
      'not-an-ip',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });
});
