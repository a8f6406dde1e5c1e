import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContactCursor,
  type ExportRecord,
  openContactCursor,
} from '../../src/modules/contacts/export/contact-cursor.js';
import { CopyOutDecoder } from '../../src/modules/contacts/export/copy-out-records.js';
import { csvExport, xlsxExport } from '../../src/modules/contacts/export/export-writers.js';
import { escapeCell, unescapeCell } from '../../src/modules/contacts/spreadsheet-cells.js';
import { contacts } from '../../src/platform/db/schema/index.js';
import { createContacts, createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { type FileServer, parseCsv, readXlsx, startFileServer } from './contacts-fixtures.js';

describe('contact export: streamed CSV and XLSX', () => {
  let server: FileServer;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    server = await startFileServer();
    env.IMPORT_ALLOWED_HOSTS = server.host;
  });
  afterAll(() => server.close());
  const t = useTestApp({ env });

  const exportOf = (user: TestUser, query = '') =>
    t.request({ url: `/contacts/export${query}`, token: user.accessToken });
  const contactsOf = async (businessId: string) =>
    (
      await t.db
        .select()
        .from(contacts)
        .where(eq(contacts.businessId, businessId))
        .orderBy(asc(contacts.phoneNumber))
    ).map((c) => ({
      firstName: c.firstName,
      lastName: c.lastName,
      phoneNumber: c.phoneNumber,
      tags: c.tags,
      optIn: c.optIn,
    }));

  /** Contacts a spreadsheet would choke on: formulas, quotes, separators, line breaks, accents. */
  const tricky = [
    {
      firstName: '=HYPERLINK("http://evil.example","x")',
      lastName: '+1+1',
      phoneNumber: '+2348031110201',
      tags: ['=cmd', 'vip'],
      optIn: true,
    },
    { firstName: '-2', lastName: '@SUM(A1:A9)', phoneNumber: '+447911123456', tags: [], optIn: false },
    { firstName: "'=already", lastName: "O'Neill", phoneNumber: '+2348031110203', tags: ["'x"], optIn: true },
    {
      firstName: 'Ngozi, "Jr."',
      lastName: 'Line\nBreak',
      phoneNumber: '+2348031110204',
      tags: ['lagos', 'b-2'],
      optIn: false,
    },
    { firstName: 'Émeka', lastName: 'Ọkafor', phoneNumber: '+12025550123', tags: ['ü'], optIn: true },
  ];

  it('streams CSV with its headers: type, attachment file name, record count; columns import back', async () => {
    const user = await createUser(t);
    await createContacts(t, user.businessId, 2, { tags: ['vip', 'lagos'], optIn: true });
    await createContacts(t, user.businessId, 1, { optIn: false });
    const other = await createUser(t);
    await createContacts(t, other.businessId, 4);

    const res = await exportOf(user);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-record-count']).toBe('3');
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual(['firstName', 'lastName', 'phoneNumber', 'tags', 'optIn', 'countryCode']);
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r[3] === 'vip;lagos' && r[4] === 'true')).toHaveLength(2);
    expect(rows.filter((r) => r[3] === '' && r[4] === 'false')).toHaveLength(1);
    expect(rows.every((r) => /^'\+234\d{10}$/.test(r[2]!))).toBe(true);
  });

  it('filters by tag and opt-in; X-Record-Count always equals the rows written', async () => {
    const user = await createUser(t);
    await createContacts(t, user.businessId, 2, { tags: ['vip'], optIn: true });
    await createContacts(t, user.businessId, 3, { tags: ['vip'], optIn: false });
    await createContacts(t, user.businessId, 4, { optIn: true });
    for (const [query, count] of [
      ['?tag=vip', 5],
      ['?optIn=true', 6],
      ['?optIn=false&tag=vip', 3],
      ['?tag=none', 0],
      ['?format=csv&optIn=true&tag=vip', 2],
    ] as const) {
      const res = await exportOf(user, query);
      expect(res.headers['x-record-count'], query).toBe(String(count));
      expect(parseCsv(res.text).length - 1, query).toBe(count);
    }
  });

  it('answers 400 for an unknown format or a bad optIn, in the error envelope', async () => {
    const user = await createUser(t);
    for (const query of ['?format=pdf', '?optIn=yes', '?tag=']) {
      const res = await exportOf(user, query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ status: 'failure', apiObject: 'contact' });
    }
  });

  it('escapes cells that start with =, +, -, @ (after any apostrophes), in CSV and in XLSX', async () => {
    const user = await createUser(t);
    await t.db.insert(contacts).values(tricky.map((c) => ({ ...c, businessId: user.businessId })));
    const csv = parseCsv((await exportOf(user)).text).slice(1);
    const xlsx = (await readXlsx((await exportOf(user, '?format=xlsx')).raw.rawPayload)).slice(1);
    for (const rows of [csv, xlsx]) {
      const byPhone = new Map(rows.map((r) => [r[2], r]));
      expect(byPhone.get("'+2348031110201")!.slice(0, 4)).toEqual([
        '\'=HYPERLINK("http://evil.example","x")',
        "'+1+1",
        "'+2348031110201",
        "'=cmd;vip",
      ]);
      expect(byPhone.get("'+447911123456")!.slice(0, 2)).toEqual(["'-2", "'@SUM(A1:A9)"]);
      // An apostrophe before a formula character gets one more; one before anything else stays as it is.
      expect(byPhone.get("'+2348031110203")!.slice(0, 4)).toEqual([
        "''=already",
        "O'Neill",
        "'+2348031110203",
        "'x",
      ]);
    }
    // No cell of either file starts with a formula character.
    for (const cell of [...csv.flat(), ...xlsx.flat()]) expect(String(cell)).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('streams XLSX with exceljs: type, file name, count, the same columns, opt-in as booleans', async () => {
    const user = await createUser(t);
    await createContacts(t, user.businessId, 2, { tags: ['a', 'b'], optIn: true });
    const res = await exportOf(user, '?format=xlsx');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xlsx');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    expect(res.headers['x-record-count']).toBe('2');
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await readXlsx(res.raw.rawPayload);
    expect(rows[0]).toEqual(['firstName', 'lastName', 'phoneNumber', 'tags', 'optIn', 'countryCode']);
    expect(rows.slice(1).map((r) => [r[3], r[4]])).toEqual([
      ['a;b', true],
      ['a;b', true],
    ]);
  });

  it('exports an empty business as a header row and a count of 0', async () => {
    const user = await createUser(t);
    const res = await exportOf(user);
    expect(res.headers['x-record-count']).toBe('0');
    expect(parseCsv(res.text)).toEqual([
      ['firstName', 'lastName', 'phoneNumber', 'tags', 'optIn', 'countryCode'],
    ]);
    const xlsx = await readXlsx((await exportOf(user, '?format=xlsx')).raw.rawPayload);
    expect(xlsx).toEqual([['firstName', 'lastName', 'phoneNumber', 'tags', 'optIn', 'countryCode']]);
  });

  /** A CSV file's records as written, each with its CRLF: split at CRLFs outside quotes. */
  const rawRecords = (file: string): string[] => {
    const out: string[] = [];
    let quoted = false;
    let start = 0;
    for (let i = 0; i < file.length; i++) {
      if (file[i] === '"') quoted = !quoted;
      else if (!quoted && file[i] === '\r' && file[i + 1] === '\n') {
        out.push(file.slice(start, i + 2));
        start = i + 2;
        i++;
      }
    }
    if (start < file.length) out.push(file.slice(start));
    return out;
  };

  it('writes the same bytes whether PostgreSQL formats the CSV (COPY) or the row writer does', async () => {
    const user = await createUser(t);
    const quirky = [
      {
        firstName: 'Carriage\rReturn',
        lastName: '\tTab',
        phoneNumber: '+2348031110301',
        tags: ["o'x\\y", 'q"t'],
      },
      { firstName: 'Crlf\r\ninside', lastName: '"quoted"', phoneNumber: '+2348031110302', tags: ["o'x\\y"] },
      { firstName: ' spaced ', lastName: "''@twice", phoneNumber: '+2348031110303', tags: [] },
    ].map((c) => ({ ...c, optIn: true, businessId: user.businessId }));
    await t.db.insert(contacts).values(tricky.map((c) => ({ ...c, businessId: user.businessId })));
    await t.db.insert(contacts).values(quirky);
    await createContacts(t, user.businessId, 2_500, { tags: ['bulk'] });
    const text = async (cursor: ContactCursor) => {
      const chunks: Buffer[] = [];
      for await (const chunk of csvExport(cursor, t.deps.logger)) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks).toString('utf8');
    };
    for (const filters of [{}, { tag: "o'x\\y", optIn: true }, { tag: 'bulk', optIn: false }]) {
      const byDatabase = await openContactCursor(t.deps.database, user.businessId, filters);
      // The database writes the file itself wherever it can (PostgreSQL); PGlite has only the row writer.
      expect(byDatabase.csv !== undefined).toBe(t.deps.database.kind === 'postgres');
      const viaCopy = await text(byDatabase);
      const { total, batches, close } = await openContactCursor(t.deps.database, user.businessId, filters);
      const viaRows = await text({ total, batches, close });
      // Record for record the same bytes; PostgreSQL promises no order, so each read may list them differently.
      expect(rawRecords(viaCopy)[0]).toBe(rawRecords(viaRows)[0]);
      expect(rawRecords(viaCopy).sort()).toEqual(rawRecords(viaRows).sort());
      expect(viaCopy.length).toBe(viaRows.length);
      expect(parseCsv(viaCopy).length - 1).toBe(byDatabase.total);
    }
  });

  it('writes every contact exactly once across cursor batches, even when they share a creation time', async () => {
    const user = await createUser(t);
    // One insert: every row has the same created_at, so only the id orders them.
    await createContacts(t, user.businessId, 5_050);
    const res = await exportOf(user);
    expect(res.headers['x-record-count']).toBe('5050');
    const phones = parseCsv(res.text)
      .slice(1)
      .map((r) => r[2]);
    expect(phones).toHaveLength(5_050);
    expect(new Set(phones).size).toBe(5_050);
  });

  it.each(['csv', 'xlsx'] as const)(
    'lets go of the database when the client leaves mid-download (%s)',
    async (format) => {
      const user = await createUser(t);
      for (let i = 0; i < 5; i++) await createContacts(t, user.businessId, 4_000);
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const req = get(`http://127.0.0.1:${port}/api/v1/contacts/export?format=${format}`, {
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      const [res] = (await once(req, 'response')) as [IncomingMessage];
      expect(res.statusCode).toBe(200);
      await once(res, 'data');
      req.destroy();

      const pool = t.deps.database.pool;
      if (pool) {
        // The cursor's dedicated connection goes back to the pool once the writer sees the client gone.
        await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 10_000 }).toBe(0);
      }
      // ...and the business's share of transfers with it: its next export runs.
      await expect
        .poll(async () => (await exportOf(user, '?optIn=false')).status, { timeout: 10_000 })
        .toBe(200);
      const after = await exportOf(user, '?optIn=false');
      expect(after.headers['x-record-count']).toBe('0');
    },
  );

  it.each(['csv', 'xlsx'] as const)(
    'round trip (%s): an export imports back unchanged into another business',
    async (format) => {
      const source = await createUser(t);
      await t.db.insert(contacts).values(tricky.map((c) => ({ ...c, businessId: source.businessId })));
      await createContacts(t, source.businessId, 20, { tags: ['bulk'] });
      const file = await exportOf(source, `?format=${format}`);
      expect(file.status).toBe(200);
      const path = `/exports/${source.businessId}.${format}`;
      server.file(path, file.raw.rawPayload);

      const target = await createUser(t);
      const res = await t.request({
        url: '/contacts/import-file',
        token: target.accessToken,
        body: { fileUrl: server.url(path) },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ imported: 25, duplicatesSkipped: 0, failed: [], rejectedValues: [] });
      expect(await contactsOf(target.businessId)).toEqual(await contactsOf(source.businessId));
    },
  );

  it.each(['csv', 'xlsx'] as const)(
    'reads from the database no further ahead of a client that stops reading than a batch or two (%s)',
    async (format) => {
      let pulled = 0;
      const cursor: ContactCursor = {
        total: 1_000_000,
        close: async () => {},
        async *batches() {
          for (let i = 0; i < 200; i++) {
            pulled++;
            yield Array.from(
              { length: 5000 },
              (_, j): ExportRecord => [
                'First',
                'Last',
                `+2348${String(i * 5000 + j).padStart(9, '0')}`,
                'a;b',
                true,
                'NG',
              ],
            );
          }
        },
      };
      const out = format === 'csv' ? csvExport(cursor, t.deps.logger) : xlsxExport(cursor, t.deps.logger);
      // Nobody reads `out`. Without backpressure the producer would run through all 200 batches.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(pulled).toBeGreaterThanOrEqual(1);
      expect(pulled).toBeLessThanOrEqual(3);
      out.destroy();
    },
  );

  it('escape and unescape are inverse for every string, and an escaped cell never starts a formula', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a', ' ', '1') }),
        (s) => {
          const escaped = escapeCell(s);
          expect(unescapeCell(escaped)).toBe(s);
          expect(escaped).not.toMatch(/^[=+\-@\t\r]/);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('ends the CSV records of COPY with CRLF, wherever its chunks are cut, leaving quoted line breaks', () => {
    const message = (code: string, body: Buffer) => {
      const header = Buffer.alloc(5);
      header.write(code, 0, 'latin1');
      header.writeUInt32BE(body.length + 4, 1);
      return Buffer.concat([header, body]);
    };
    const cellArb = fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'é') });
    fc.assert(
      fc.property(
        fc.array(fc.array(cellArb, { minLength: 1, maxLength: 3 }), { maxLength: 6 }),
        fc.integer({ min: 1, max: 9 }),
        fc.nat({ max: 6 }),
        fc.boolean(),
        (records, size, noticeAt, fails) => {
          // Quoted as COPY quotes: a cell with a comma, quote or line break, quotes doubled.
          const quote = (c: string) => (/[,"\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c);
          const lines = records.map((r) => r.map(quote).join(','));
          // The protocol's copy-out: CopyOutResponse, one CopyData per row (a notice may come between them),
          // then CopyDone and what the driver reads; or an ErrorResponse cutting it short.
          const rows = lines.map((l) => message('d', Buffer.from(`${l}\n`)));
          rows.splice(Math.min(noticeAt, rows.length), 0, message('N', Buffer.from('Snotice\0\0')));
          const kept = fails ? Math.floor(lines.length / 2) : lines.length;
          const after = fails
            ? Buffer.concat([message('E', Buffer.from('SERROR\0\0')), message('Z', Buffer.from('E'))])
            : Buffer.concat([message('C', Buffer.from('COPY 1\0')), message('Z', Buffer.from('T'))]);
          const sent = fails
            ? [...rows.filter((r) => r[0] === 0x4e), ...rows.filter((r) => r[0] !== 0x4e).slice(0, kept)]
            : [...rows, message('c', Buffer.alloc(0))];
          const input = Buffer.concat([message('H', Buffer.from([0, 0, 1, 0, 0])), ...sent, after]);
          const decoder = new CopyOutDecoder();
          const out: Buffer[] = [];
          const rest: Buffer[] = [];
          let done: boolean | undefined;
          for (let i = 0; i < input.length; i += size) {
            const part = input.subarray(i, i + size);
            if (done !== undefined) {
              rest.push(part);
              continue;
            }
            const decoded = decoder.decode(Buffer.from(part));
            if (decoded.records) out.push(Buffer.from(decoded.records));
            if (decoded.rest) {
              rest.push(Buffer.from(decoded.rest));
              done = decoded.done;
            }
          }
          const expected = lines
            .slice(0, kept)
            .map((l) => `${l}\r\n`)
            .join('');
          expect(Buffer.concat(out).toString()).toBe(expected);
          expect(done).toBe(!fails);
          expect(Buffer.concat(rest).equals(after)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
