import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSharedStrings } from '../../src/modules/contacts/import/shared-strings.js';
import { MAX_PENDING_XML_CHARS } from '../../src/modules/contacts/import/xml-events.js';
import { contacts } from '../../src/platform/db/schema/index.js';
import { createUser, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import {
  excelWorkbook,
  excelWorkbookParts,
  type FileServer,
  startFileServer,
  xlsxOf,
  type ZipEntry,
  zipOf,
} from './contacts-fixtures.js';

/** The unpacked size each part of a workbook may reach in this file's service. */
const PART_CAP = 256 * 1024;
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

describe('XLSX imports: first tab, temporary files, unpacked-size caps', () => {
  let server: FileServer;
  let scratch: string;
  let savedTmpdir: string | undefined;
  const env: Record<string, string> = { IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES: String(PART_CAP) };
  beforeAll(async () => {
    server = await startFileServer();
    env.IMPORT_ALLOWED_HOSTS = server.host;
    // Every temporary file of this process goes here (os.tmpdir() reads TMPDIR), so what an import leaves
    // behind is in plain sight.
    scratch = await mkdtemp(path.join(tmpdir(), 'xlsx-import-tmp-'));
    savedTmpdir = process.env.TMPDIR;
    process.env.TMPDIR = scratch;
  });
  afterAll(async () => {
    process.env.TMPDIR = savedTmpdir;
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });
  const t = useTestApp({ env });

  const stored = (user: TestUser) =>
    t.db
      .select()
      .from(contacts)
      .where(eq(contacts.businessId, user.businessId))
      .orderBy(asc(contacts.phoneNumber));
  let fileNo = 0;
  const importXlsx = async (user: TestUser, body: Buffer) => {
    const p = `/files/w${++fileNo}.xlsx`;
    server.file(p, body);
    return t.request({
      url: '/contacts/import-file',
      token: user.accessToken,
      body: { fileUrl: server.url(p) },
    });
  };
  const expectNoTempFiles = async () => expect(await readdir(scratch)).toEqual([]);

  const contactSheet = {
    name: 'Contacts',
    rows: [
      ['firstName', 'lastName', 'phoneNumber', 'optIn'],
      ['Ada', 'Obi', '08031140002', 'yes'],
      ['Bo', 'Li', 2348031140003, 'no'],
    ],
  };
  const notesSheet = {
    name: 'Notes',
    rows: [
      ['phone', 'note'],
      ['08031140001', 'not a contact list'],
    ],
  };

  it('imports the first tab, not the first sheet part: Excel keeps sheet1.xml for the sheet created first', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    // Notes was created first (sheet1.xml), then Contacts was dragged in front of it.
    const file = excelWorkbook([notesSheet, contactSheet], { tabOrder: [1, 0] });
    const res = await importXlsx(user, file);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ imported: 2, duplicatesSkipped: 0, failed: [], rejectedValues: [] });
    expect((await stored(user)).map((c) => [c.firstName, c.phoneNumber, c.optIn])).toEqual([
      ['Ada', '+2348031140002', true],
      ['Bo', '+2348031140003', false],
    ]);
  });

  it('leaves no temporary file behind, laid out as Excel saves (shared strings after the sheets)', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    const res = await importXlsx(user, excelWorkbook([contactSheet, notesSheet]));
    expect(res.body.data.imported).toBe(2);
    await expectNoTempFiles();
    // exceljs's own layout, and a workbook of several sheets of which only the first is read.
    const other = await createUser(t, { countryCode: 'NG' });
    const made = await xlsxOf([
      ['phone', 'first', 'last'],
      ['08031140010', 'A', 'B'],
    ]);
    expect((await importXlsx(other, made)).body.data.imported).toBe(1);
    await expectNoTempFiles();
  });

  it('leaves no temporary file behind when the import fails', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    const notZip = await importXlsx(user, Buffer.from('phoneNumber,firstName\n0803,A\n'));
    expect(notZip.status).toBe(400);
    const truncated = await importXlsx(user, excelWorkbook([contactSheet]).subarray(0, 300));
    expect(truncated.status).toBe(400);
    const noPhone = await importXlsx(
      user,
      excelWorkbook([
        {
          name: 'X',
          rows: [
            ['a', 'b'],
            ['1', '2'],
          ],
        },
      ]),
    );
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.message).toMatch(/no phone number column/);
    await expectNoTempFiles();
    expect(await stored(user)).toHaveLength(0);
  });

  it('answers 400 for a sheet that unpacks past the cap (a zip bomb), importing none of its rows', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    const valid = Array.from(
      { length: 200 },
      (_, i) =>
        `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>08031150${String(i).padStart(3, '0')}</t></is></c><c r="B${i + 2}" t="inlineStr"><is><t>A</t></is></c><c r="C${i + 2}" t="inlineStr"><is><t>B</t></is></c></row>`,
    ).join('');
    const padding = '<row><c><v>0</v></c></row>'.repeat(Math.ceil((2 * PART_CAP) / 25));
    const bomb = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN_NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>phone</t></is></c><c r="B1" t="inlineStr"><is><t>first</t></is></c><c r="C1" t="inlineStr"><is><t>last</t></is></c></row>${valid}${padding}</sheetData></worksheet>`;
    const file = excelWorkbook([{ name: 'Contacts', rows: [] }], {
      parts: { 'xl/worksheets/sheet1.xml': bomb },
    });
    expect(file.length).toBeLessThan(PART_CAP / 4);
    const res = await importXlsx(user, file);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'failure', apiObject: 'contact' });
    expect(res.body.message).toBe(
      `The workbook is too large once unpacked: xl/worksheets/sheet1.xml is over the limit of ${PART_CAP} bytes`,
    );
    expect(await stored(user)).toHaveLength(0);
    await expectNoTempFiles();
  });

  it('answers 400 for a part whose headers understate its size, and for shared strings past the cap', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    const strings = `<sst xmlns="${MAIN_NS}">${'<si><t>x</t></si>'.repeat(Math.ceil((2 * PART_CAP) / 17))}</sst>`;
    const honest = excelWorkbook([contactSheet], { parts: { 'xl/sharedStrings.xml': strings } });
    const res = await importXlsx(user, honest);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/xl\/sharedStrings\.xml is over the limit/);

    // The same table, its headers claiming 1 KB: the count of bytes actually unpacked still stops it.
    const lying = zipOf(
      excelWorkbookParts([contactSheet]).map(
        ([name, content]): ZipEntry =>
          name === 'xl/sharedStrings.xml' ? [name, strings, 1024] : [name, content],
      ),
    );
    const res2 = await importXlsx(user, lying);
    expect(res2.status).toBe(400);
    expect(res2.body.errorMessage.fields[0].path).toBe('fileUrl');
    expect(await stored(user)).toHaveLength(0);
    await expectNoTempFiles();
  });

  it('bounds the memory of the shared-string table, not only its unpacked size', async () => {
    const si = '<si><t>abcdefghij</t></si>';
    const xml = `<sst xmlns="${MAIN_NS}">${si.repeat(1000)}</sst>`;
    // 1,000 strings of 10 bytes take 18,000 bytes with their index: within 20,000, not within 10,000.
    expect((await readSharedStrings(Readable.from([xml]), 20_000)).get(999)).toBe('abcdefghij');
    await expect(readSharedStrings(Readable.from([xml]), 10_000)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/shared strings take more than 10000 bytes/),
    });
  });

  it.each([
    ['text node', '<si><t>', 'a'],
    ['comment', '<!--', '<'],
    ['CDATA section', '<si><t><![CDATA[', '<'],
  ])('stops at one %s of hundreds of megabytes, long before its end', async (_kind, opening, filler) => {
    // 400 chunks of 64 Ki characters (25 MiB) that never close the node: without the bound, the parser
    // would hold all of it (a file of a few hundred KB zipped can unpack to 500 MB of one node).
    const chunk = filler.repeat(64 * 1024);
    let sent = 0;
    const source = Readable.from(
      (function* () {
        yield `<sst xmlns="${MAIN_NS}">${opening}`;
        for (; sent < 400; sent++) yield chunk;
      })(),
    );
    await expect(readSharedStrings(source, 64 * 1024 * 1024)).rejects.toThrow(
      `one XML node is longer than ${MAX_PENDING_XML_CHARS} characters`,
    );
    expect(sent).toBeLessThan(40);
  });

  it('reads what Excel and other writers store: rich text, phonetic guides, inline strings, prefixes, gaps', async () => {
    const user = await createUser(t, { countryCode: 'NG' });
    const strings = `<?xml version="1.0" encoding="UTF-8"?><x:sst xmlns:x="${MAIN_NS}">
      <x:si><x:t>phone</x:t></x:si>
      <x:si><x:r><x:t>Ad</x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t>a</x:t></x:r></x:si>
      <x:si><x:t>山田</x:t><x:rPh sb="0" eb="2"><x:t>ヤマダ</x:t></x:rPh></x:si>
      <x:si><x:t xml:space="preserve"> O&amp;Brien </x:t></x:si>
    </x:sst>`;
    // No `r` on the second row's cells (placed left to right), a row number skipped, a boolean and an error.
    const sheet = `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="${MAIN_NS}"><x:sheetData>
      <x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>first</x:t></x:is></x:c><x:c r="C1" t="str"><x:f>"la"&amp;"st"</x:f><x:v>last</x:v></x:c><x:c r="D1" t="inlineStr"><x:is><x:t>optIn</x:t></x:is></x:c><x:c r="E1" t="inlineStr"><x:is><x:t>note</x:t></x:is></x:c></x:row>
      <x:row><x:c><x:v>8031160001</x:v></x:c><x:c t="s"><x:v>1</x:v></x:c><x:c t="s"><x:v>2</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c></x:row>
      <x:row r="4"><x:c r="A4" t="inlineStr"><x:is><x:r><x:t>0803116</x:t></x:r><x:r><x:t>0002</x:t></x:r></x:is></x:c><x:c r="C4" t="s"><x:v>3</x:v></x:c><x:c r="B4" t="inlineStr"><x:is><x:t>Chi</x:t></x:is></x:c></x:row>
      <x:row r="5"><x:c r="A5" t="inlineStr"><x:is><x:t>bad</x:t></x:is></x:c><x:c r="B5" t="inlineStr"><x:is><x:t>D</x:t></x:is></x:c><x:c r="C5" t="inlineStr"><x:is><x:t>E</x:t></x:is></x:c></x:row>
    </x:sheetData></x:worksheet>`;
    const file = excelWorkbook([{ name: 'Contacts', rows: [] }], {
      parts: { 'xl/worksheets/sheet1.xml': sheet, 'xl/sharedStrings.xml': strings },
    });
    const res = await importXlsx(user, file);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      imported: 2,
      duplicatesSkipped: 0,
      rejectedValues: [],
      failed: [{ row: 4, reason: 'phoneNumber "bad" is not a valid phone number' }],
    });
    expect((await stored(user)).map((c) => [c.firstName, c.lastName, c.phoneNumber, c.optIn])).toEqual([
      ['Ada', '山田', '+2348031160001', true],
      ['Chi', 'O&Brien', '+2348031160002', false],
    ]);
  });
});
