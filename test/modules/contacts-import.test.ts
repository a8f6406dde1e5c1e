import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, uploadFiles } from '../../src/platform/db/schema/index.js';
import type { LocalStorageAdapter } from '../../src/platform/storage/local.adapter.js';
import { createContacts, createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { type FileServer, startFileServer, xlsxOf } from './contacts-fixtures.js';

describe('contact imports: JSON rows and CSV/XLSX files', () => {
  let server: FileServer;
  let dataDir: string;
  // Two imports of one business at once are what two API processes do (each process gives a business one
  // transfer at a time): a process allowing two stands in for them in the race tests below.
  const env: Record<string, string> = { TRANSFERS_PER_BUSINESS: '2' };
  beforeAll(async () => {
    server = await startFileServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'contacts-import-'));
    // The test server is on loopback: allowed by name, as an operator allows its own file server.
    Object.assign(env, { IMPORT_ALLOWED_HOSTS: server.host, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const t = useTestApp({ env });

  const stored = (businessId: string) =>
    t.db
      .select()
      .from(contacts)
      .where(eq(contacts.businessId, businessId))
      .orderBy(asc(contacts.phoneNumber));
  const importRows = (user: TestUser, rows: unknown) =>
    t.request({ url: '/contacts/import', token: user.accessToken, body: { contacts: rows } });
  const importFile = (user: TestUser, fileUrl: string) =>
    t.request({ url: '/contacts/import-file', token: user.accessToken, body: { fileUrl } });
  let fileNo = 0;
  const serve = (ext: string, body: string | Buffer, contentType?: string) => {
    const p = `/files/f${++fileNo}${ext}`;
    server.file(p, body, contentType);
    return server.url(p);
  };

  /** 10 rows: rows 3, 6 and 9 are broken; row 7 repeats row 2's phone; row 10's phone is already stored. */
  const TEN_ROWS = [
    ['Ada', 'Obi', '08031110001', 'vip', 'yes'],
    ['Bayo', 'Eze', '+2348031110002', '', 'no'],
    ['Chi', '', '08031110003', '', 'yes'],
    ['Dayo', 'Uba', '0803 111 0004', 'vip;lagos', 'true'],
    ['Efe', 'Ojo', '2348031110005', '', '1'],
    ['Femi', 'Ade', 'not a phone', '', 'yes'],
    ['Gbenga', 'Eze', '0803-111-0002', '', 'yes'],
    ['Hauwa', 'Bello', '08031110008', '', '0'],
    ['Ike', 'Nna', '08031110009', '', 'maybe'],
    ['Jide', 'Ola', '08031119999', '', 'yes'],
  ];
  const TEN_ROW_REPORT = {
    imported: 5,
    duplicatesSkipped: 2,
    failed: [
      { row: 3, reason: 'lastName is required' },
      { row: 6, reason: 'phoneNumber "not a phone" is not a valid phone number' },
      { row: 9, reason: 'optIn must be true or false (yes/no, 1/0)' },
    ],
    rejectedValues: [],
  };
  const TEN_ROW_PHONES = [
    '+2348031110001',
    '+2348031110002',
    '+2348031110004',
    '+2348031110005',
    '+2348031110008',
  ];
  const userWithOneContact = async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    await createContacts(t, user.businessId, 1, { phoneNumber: '+2348031119999', firstName: 'Existing' });
    return user;
  };
  const expectTenRowsStored = async (user: TestUser) => {
    const rows = await stored(user.businessId);
    expect(rows.map((r) => r.phoneNumber)).toEqual([...TEN_ROW_PHONES, '+2348031119999']);
    const byPhone = new Map(rows.map((r) => [r.phoneNumber, r]));
    // Of two rows with one phone, the first is kept; an existing contact is never overwritten.
    expect(byPhone.get('+2348031110002')).toMatchObject({ firstName: 'Bayo', optIn: false });
    expect(byPhone.get('+2348031119999')!.firstName).toBe('Existing');
    expect(byPhone.get('+2348031110004')).toMatchObject({ tags: ['vip', 'lagos'], optIn: true });
    expect(byPhone.get('+2348031110001')).toMatchObject({ firstName: 'Ada', lastName: 'Obi', tags: ['vip'] });
  };

  describe('POST /contacts/import', () => {
    it('reports exactly: 10 rows, 3 broken, 2 duplicates (one inside the payload, one already stored)', async () => {
      const user = await userWithOneContact();
      const rows = TEN_ROWS.map(([firstName, lastName, phoneNumber, tags, optIn]) => ({
        firstName,
        lastName,
        phoneNumber,
        tags: tags ? tags.split(';') : undefined,
        optIn,
      }));
      const res = await importRows(user, rows);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ apiObject: 'contact', status: 'success' });
      expect(res.body.data).toEqual(TEN_ROW_REPORT);
      await expectTenRowsStored(user);
    });

    it('validates each row on its own and names every problem of a row', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const res = await importRows(user, [
        'just a string',
        null,
        { firstName: 'Ok', lastName: 'Row', phoneNumber: 2348031110010, optIn: true, tags: ['a', ' a ', ''] },
        { firstName: 7, lastName: ['x'], phoneNumber: '', tags: 5, optIn: 'perhaps' },
        { firstName: 'Ok', lastName: 'Two', phoneNumber: '08031110011', tags: 'x,y;z' },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.data.imported).toBe(2);
      expect(res.body.data.duplicatesSkipped).toBe(0);
      expect(res.body.data.failed).toEqual([
        { row: 1, reason: 'row must be an object with firstName, lastName and phoneNumber' },
        { row: 2, reason: 'row must be an object with firstName, lastName and phoneNumber' },
        {
          row: 4,
          reason:
            'lastName must be a string; phoneNumber is required; tags must be a list of strings; optIn must be true or false (yes/no, 1/0)',
        },
      ]);
      const rows = await stored(user.businessId);
      expect(rows.map((r) => [r.phoneNumber, r.tags, r.optIn])).toEqual([
        ['+2348031110010', ['a'], true],
        ['+2348031110011', ['x', 'y', 'z'], false],
      ]);
    });

    it('lists the first 1,000 failed rows and gives the number of all of them in the message', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const rows = Array.from({ length: 1_005 }, (_, i) => ({
        firstName: 'Bad',
        lastName: `${i}`,
        phoneNumber: 'x',
      }));
      rows.push({ firstName: 'Good', lastName: 'Row', phoneNumber: '08031110300' });
      const res = await importRows(user, rows);
      expect(res.status).toBe(200);
      expect(res.body.data.imported).toBe(1);
      expect(res.body.data.failed).toHaveLength(1_000);
      expect(res.body.data.failed[999].row).toBe(1_000);
      expect(res.body.message).toBe('Import finished (1005 rows failed; the first 1000 are listed)');
    });

    it("does not count another business's phones as duplicates", async () => {
      const other = await createUser(t, { countryCode: 'NG' });
      await createContacts(t, other.businessId, 1, { phoneNumber: '+2348031110020' });
      const user = await createUser(t, { countryCode: 'NG' });
      const res = await importRows(user, [{ firstName: 'A', lastName: 'B', phoneNumber: '08031110020' }]);
      expect(res.body.data).toEqual({ imported: 1, duplicatesSkipped: 0, failed: [], rejectedValues: [] });
      expect(await stored(other.businessId)).toHaveLength(1);
    });

    it('keeps each phone once when two imports of overlapping lists run at the same time, in opposite orders', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const row = (i: number) => ({
        firstName: 'Race',
        lastName: `R${i}`,
        phoneNumber: `+23480355${String(i).padStart(5, '0')}`,
      });
      // Large enough for the two inserts to overlap in time; 2000..3999 are in both, in opposite orders.
      const first = Array.from({ length: 4000 }, (_, i) => row(i));
      const second = Array.from({ length: 4000 }, (_, i) => row(5999 - i));
      const [a, b] = await Promise.all([importRows(user, first), importRows(user, second)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.data.imported + b.body.data.imported).toBe(6000);
      expect(a.body.data.duplicatesSkipped + b.body.data.duplicatesSkipped).toBe(2000);
      expect(await stored(user.businessId)).toHaveLength(6000);
    });

    it('reports a row with text PostgreSQL cannot store (NUL, a lone surrogate) as failed, and imports the rest', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const res = await importRows(user, [
        { firstName: 'Ok', lastName: 'One', phoneNumber: '08031110400' },
        { firstName: 'Nul\u0000', lastName: 'Two', phoneNumber: '08031110401' },
        { firstName: 'Half', lastName: 'pair \ud83d', phoneNumber: '08031110402', tags: ['ok', '\udc00'] },
        { firstName: 'Ok', lastName: 'Four', phoneNumber: '08031110403', tags: ['emoji 😀'] },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        imported: 2,
        duplicatesSkipped: 0,
        rejectedValues: [],
        failed: [
          {
            row: 2,
            reason: 'firstName must be well-formed text: no NUL character (U+0000), no unpaired surrogate',
          },
          {
            row: 3,
            reason:
              'lastName, tags must be well-formed text: no NUL character (U+0000), no unpaired surrogate',
          },
        ],
      });
      expect((await stored(user.businessId)).map((r) => [r.lastName, r.tags])).toEqual([
        ['One', []],
        ['Four', ['emoji 😀']],
      ]);
    });

    it.each([[{}], [{ contacts: [] }], [{ contacts: 'x' }], [{ contacts: { firstName: 'A' } }]])(
      'answers 400 for %j',
      async (body) => {
        const user = await createUser(t);
        const res = await t.request({ url: '/contacts/import', token: user.accessToken, body });
        expect(res.status).toBe(400);
        expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain('contacts');
      },
    );

    it('refuses a body over BODY_LIMIT_BYTES with 413 and imports nothing (big lists go through import-file)', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const rows = Array.from({ length: 12_000 }, (_, i) => ({
        firstName: 'Padded'.repeat(3),
        lastName: 'Row'.repeat(5),
        phoneNumber: `+2348032${String(i).padStart(6, '0')}`,
      }));
      const res = await importRows(user, rows);
      expect(res.status).toBe(413);
      expect(res.body.status).toBe('failure');
      expect(await stored(user.businessId)).toHaveLength(0);
    });
  });

  describe('POST /contacts/import-file with a CSV', () => {
    const tenRowCsv = (eol = '\n') =>
      ['firstName,lastName,phoneNumber,tags,optIn', ...TEN_ROWS.map((r) => r.join(','))].join(eol) + eol;

    it('reports exactly the same for the 10-row file (row 1 = first row after the header)', async () => {
      const user = await userWithOneContact();
      const res = await importFile(user, serve('.csv', tenRowCsv()));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(TEN_ROW_REPORT);
      await expectTenRowsStored(user);
    });

    it('reads a UTF-8 BOM, CRLF line ends, header variants and quoted fields with commas, quotes and line breaks', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const csv =
        '\uFEFFFirst Name,LAST_NAME,Phone Number,Tags,Opt-In\r\n' +
        '"Ngozi, Jr.","O""Brien","0803 111 0030","vip,lagos",yes\r\n' +
        '"Ada\r\nMarie",Obi,08031110031,"",NO\r\n' +
        '\r\n' +
        'Émeka,Ọkafor,+2348031110032,a;b,\r\n';
      const res = await importFile(user, serve('.csv', csv));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ imported: 3, duplicatesSkipped: 0, failed: [], rejectedValues: [] });
      expect(
        (await stored(user.businessId)).map((r) => [r.firstName, r.lastName, r.phoneNumber, r.tags, r.optIn]),
      ).toEqual([
        ['Ngozi, Jr.', 'O"Brien', '+2348031110030', ['vip', 'lagos'], true],
        ['Ada\r\nMarie', 'Obi', '+2348031110031', [], false],
        ['Émeka', 'Ọkafor', '+2348031110032', ['a', 'b'], false],
      ]);
    });

    it('reads a semicolon-separated file and common header spellings (phone, surname, a full name column)', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const semicolons = 'first_name;surname;phone;labels;subscribed\nTunde;Bakare;08031110040;a,b;1\n';
      const res = await importFile(user, serve('.csv', semicolons));
      expect(res.body.data).toEqual({ imported: 1, duplicatesSkipped: 0, failed: [], rejectedValues: [] });
      const fullName =
        'Name,Mobile,Customer Number\nKemi Ade Johnson,08031110041,123\nSoloname,08031110042,7\n';
      const res2 = await importFile(user, serve('.csv', fullName));
      expect(res2.body.data).toEqual({
        imported: 1,
        duplicatesSkipped: 0,
        rejectedValues: [],
        failed: [{ row: 2, reason: 'lastName is required' }],
      });
      expect((await stored(user.businessId)).map((r) => [r.firstName, r.lastName, r.tags, r.optIn])).toEqual([
        ['Tunde', 'Bakare', ['a', 'b'], true],
        ['Kemi', 'Ade Johnson', [], false],
      ]);
    });

    it('answers 400 naming the accepted headers for a file with no phone column, and imports nothing', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const res = await importFile(
        user,
        serve('.csv', 'firstName,lastName,email\nAda,Obi,ada@example.com\n'),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/no phone number column/i);
      expect(res.body.message).toMatch(/found: firstName, lastName, email/);
      expect(await stored(user.businessId)).toHaveLength(0);
    });

    it.each([
      ['an empty file', '', /empty/],
      ['a header and no rows', 'firstName,lastName,phoneNumber\r\n\r\n', /no contacts/],
      [
        'a quote never closed',
        'firstName,lastName,phoneNumber\nAda,Obi,08031110050\n"Bad,Row,0803\n',
        /could not be read/,
      ],
    ])('answers 400 for %s and imports nothing', async (_name, csv, message) => {
      const user = await createUser(t, { countryCode: 'NG' });
      const res = await importFile(user, serve('.csv', csv));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await stored(user.businessId)).toHaveLength(0);
    });

    it('numbers rows as the file shows them: empty lines count, a quoted line break does not', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const csv =
        'phone,first,last\n' +
        '08031110500,A,B\n' +
        '\n' +
        '   \n' +
        'bad,C,D\n' +
        '08031110501,"Two\nLines",E\n' +
        '\n' +
        'worse,F,G\n';
      const res = await importFile(user, serve('.csv', csv));
      expect(res.body.data).toEqual({
        imported: 2,
        duplicatesSkipped: 0,
        rejectedValues: [],
        failed: [
          { row: 4, reason: 'phoneNumber "bad" is not a valid phone number' },
          { row: 7, reason: 'phoneNumber "worse" is not a valid phone number' },
        ],
      });
    });

    it('reads CR-only line ends and tab-separated files', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const cr = 'firstName,lastName,phoneNumber\rAda,Obi,08031110510\r\rBo,Li,bad\r';
      expect((await importFile(user, serve('.csv', cr))).body.data).toEqual({
        imported: 1,
        duplicatesSkipped: 0,
        rejectedValues: [],
        failed: [{ row: 3, reason: 'phoneNumber "bad" is not a valid phone number' }],
      });
      const tabs = 'First Name\tLast Name\tPhone\tTags\nChi\tUba, Jr.\t08031110511\tvip;a,b\n';
      expect((await importFile(user, serve('.csv', tabs))).body.data).toEqual({
        imported: 1,
        duplicatesSkipped: 0,
        rejectedValues: [],
        failed: [],
      });
      expect((await stored(user.businessId)).map((r) => [r.firstName, r.lastName, r.tags])).toEqual([
        ['Ada', 'Obi', []],
        ['Chi', 'Uba, Jr.', ['vip', 'a', 'b']],
      ]);
    });

    it('reads optIn written y/n, Y/N, 1/0, TRUE/False and blank in a file', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const words = ['y', 'n', 'Y', 'N', '1', '0', 'TRUE', 'False', ''];
      const csv =
        'phoneNumber,firstName,lastName,optIn\n' +
        words.map((w, i) => `0803111052${i},W,${i},${w}\n`).join('');
      const res = await importFile(user, serve('.csv', csv));
      expect(res.body.data).toEqual({
        imported: words.length,
        duplicatesSkipped: 0,
        failed: [],
        rejectedValues: [],
      });
      const rows = await stored(user.businessId);
      expect(rows.map((r) => r.optIn)).toEqual([true, false, true, false, true, false, true, false, false]);
    });

    it('reports a file row holding a NUL character as failed, like a JSON row', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const csv = 'phoneNumber,firstName,lastName\n08031110530,Ok,Row\n08031110531,Nul\u0000Byte,Row\n';
      expect((await importFile(user, serve('.csv', csv))).body.data).toEqual({
        imported: 1,
        duplicatesSkipped: 0,
        rejectedValues: [],
        failed: [
          {
            row: 2,
            reason: 'firstName must be well-formed text: no NUL character (U+0000), no unpaired surrogate',
          },
        ],
      });
    });

    it('reads a URL whose path is not valid percent-encoding by its raw name, never a 500', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      server.file('/files/%zz.csv', 'phone,first,last\n08031110540,A,B\n');
      const res = await importFile(user, server.url('/files/%zz.csv'));
      expect(res.status).toBe(200);
      expect(res.body.data.imported).toBe(1);
      const before = server.requests.length;
      const pdf = await importFile(user, server.url('/files/%zz%.pdf'));
      expect(pdf.status).toBe(400);
      expect(pdf.body.message).toMatch(/\.csv or \.xlsx/);
      expect(server.requests.length).toBe(before);
    });

    it('takes the format from the extension, else from the Content-Type; other types are a 400 without a fetch', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const noExtension = `/files/export-${++fileNo}`;
      server.file(noExtension, 'phone,first,last\n08031110060,A,B\n', 'text/csv; charset=utf-8');
      const res = await importFile(user, `${server.url(noExtension)}?download=1`);
      expect(res.body.data).toEqual({ imported: 1, duplicatesSkipped: 0, failed: [], rejectedValues: [] });

      const before = server.requests.length;
      for (const ext of ['.pdf', '.xls', '.txt']) {
        const bad = await importFile(user, server.url(`/files/contacts${ext}`));
        expect(bad.status).toBe(400);
        expect(bad.body.message).toMatch(/\.csv or \.xlsx/);
      }
      expect(server.requests.length).toBe(before);
      const octets = `/files/blob-${++fileNo}`;
      server.file(octets, 'phone\n1\n', 'application/octet-stream');
      expect((await importFile(user, server.url(octets))).status).toBe(400);
    });

    it('answers 400 when the file server answers an error, and for a fileUrl that is missing or not a URL', async () => {
      const user = await createUser(t);
      const missing = await importFile(user, server.url('/files/nothing-here.csv'));
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/HTTP 404/);
      for (const body of [{}, { fileUrl: '' }, { fileUrl: 'not a url' }, { fileUrl: 42 }]) {
        const res = await t.request({ url: '/contacts/import-file', token: user.accessToken, body });
        expect(res.status).toBe(400);
        expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain('fileUrl');
      }
    });
  });

  describe('POST /contacts/import-file with an XLSX', () => {
    it('reads the first sheet of a workbook made by exceljs, with the same exact report', async () => {
      const user = await userWithOneContact();
      const xlsx = await xlsxOf([['First Name', 'Last Name', 'Phone Number', 'Tags', 'Opt In'], ...TEN_ROWS]);
      const res = await importFile(user, serve('.xlsx', xlsx));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(TEN_ROW_REPORT);
      await expectTenRowsStored(user);
    });

    it('reads numeric phones, boolean and numeric opt-ins, rich text and formula results', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const xlsx = await xlsxOf([
        ['firstName', 'lastName', 'phoneNumber', 'tags', 'optIn'],
        ['Ada', 'Obi', 2348031110070, 'vip', true],
        [{ richText: [{ text: 'Bo' }, { text: 'la' }] }, 'Eze', 8031110071, null, 0],
        ['Chi', { formula: '"Uba"', result: 'Uba' }, '+2348031110072', 'a,b', 'yes'],
      ]);
      const res = await importFile(user, serve('.xlsx', xlsx));
      expect(res.body.data).toEqual({ imported: 3, duplicatesSkipped: 0, failed: [], rejectedValues: [] });
      expect(
        (await stored(user.businessId)).map((r) => [r.firstName, r.lastName, r.phoneNumber, r.tags, r.optIn]),
      ).toEqual([
        ['Ada', 'Obi', '+2348031110070', ['vip'], true],
        ['Bola', 'Eze', '+2348031110071', [], false],
        ['Chi', 'Uba', '+2348031110072', ['a', 'b'], true],
      ]);
    });

    it('numbers rows as the sheet shows them: an empty sheet row keeps its number', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const xlsx = await xlsxOf([
        ['phone', 'first', 'last'],
        ['08031110080', 'A', 'B'],
        [],
        ['bad', 'C', 'D'],
      ]);
      const res = await importFile(user, serve('.xlsx', xlsx));
      expect(res.body.data).toEqual({
        imported: 1,
        duplicatesSkipped: 0,
        rejectedValues: [],
        failed: [{ row: 3, reason: 'phoneNumber "bad" is not a valid phone number' }],
      });
    });

    it('answers 400 for a file named .xlsx that is not a workbook, and imports nothing', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const res = await importFile(user, serve('.xlsx', 'phoneNumber,firstName,lastName\n08031110090,A,B\n'));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/not a readable XLSX/);
      expect(await stored(user.businessId)).toHaveLength(0);
    });
  });

  describe('POST /contacts/import-file from our own storage', () => {
    const storage = () => t.deps.storage as LocalStorageAdapter;
    const upload = async (key: string, body: string) => {
      await storage().write(key, Buffer.from(body));
      const { fileUrl } = await storage().presignUpload({ key, contentType: 'text/csv', maxBytes: 1 << 20 });
      return fileUrl;
    };
    const csv = 'phoneNumber,firstName,lastName\n08031110100,Stored,File\n';

    it('reads an upload the business confirmed, through the storage port (no HTTP request)', async () => {
      const user = await createUser(t, { countryCode: 'NG' });
      const key = `uploads/${Date.now()}-contacts.csv`;
      const fileUrl = await upload(key, csv);
      await t.db
        .insert(uploadFiles)
        .values({ businessId: user.businessId, url: fileUrl, key, fileName: 'contacts.csv' });
      const before = server.requests.length;
      const res = await importFile(user, fileUrl);
      expect(res.body.data).toEqual({ imported: 1, duplicatesSkipped: 0, failed: [], rejectedValues: [] });
      expect(server.requests.length).toBe(before);
    });

    it('reads a file kept under the business id, and refuses one of another business as if missing', async () => {
      const owner = await createUser(t, { countryCode: 'NG' });
      const intruder = await createUser(t, { countryCode: 'NG' });
      const fileUrl = await upload(`${owner.businessId}/contacts.csv`, csv);
      const refused = await importFile(intruder, fileUrl);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/not found/);
      expect(await stored(intruder.businessId)).toHaveLength(0);
      const missing = await importFile(owner, fileUrl.replace('contacts.csv', 'other.csv'));
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(refused.body.message);
      const res = await importFile(owner, fileUrl);
      expect(res.body.data.imported).toBe(1);
    });
  });
});
