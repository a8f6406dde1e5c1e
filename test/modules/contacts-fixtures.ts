import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP file server on 127.0.0.1:0, standing in for the internet a fileUrl points at. */
export interface FileServer {
  port: number;
  /** `127.0.0.1:<port>`: the entry that allows it in IMPORT_ALLOWED_HOSTS. */
  host: string;
  url(path: string): string;
  /** Serves `body` at `path` (Content-Type from the extension unless given). */
  file(path: string, body: string | Buffer, contentType?: string): void;
  route(path: string, handler: Route): void;
  /** Paths requested so far. */
  requests: string[];
  close(): Promise<void>;
}

export async function startFileServer(): Promise<FileServer> {
  const routes = new Map<string, Route>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push(path);
    const route = routes.get(path);
    if (route) return route(req, res);
    res.writeHead(404).end('not found');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    host: `127.0.0.1:${port}`,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    file(path, body, contentType) {
      const type = contentType ?? (path.endsWith('.xlsx') ? 'application/octet-stream' : 'text/csv');
      routes.set(path, (_req, res) => {
        res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    },
    route: (path, handler) => routes.set(path, handler),
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An XLSX workbook written by exceljs (the non-streaming writer, as a spreadsheet user's tool would). */
export async function xlsxOf(rows: unknown[][], sheetName = 'Contacts'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Reads the first sheet of an XLSX buffer as rows of cell values. */
export async function readXlsx(buffer: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Parses the CSV an export produced (quotes, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      // CRLF: the \n ends the row
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** One entry of `zipOf`; `declaredSize` overrides the unpacked size the headers claim (a lying archive). */
export type ZipEntry = [name: string, content: string | Buffer, declaredSize?: number];

/** A zip archive holding exactly these entries, deflated, in this order: the layout under test is explicit. */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content, declaredSize] of entries) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const packed = deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0x0800, at + 2); // UTF-8 names
      header.writeUInt16LE(8, at + 4); // deflate
      header.writeUInt32LE(0, at + 6); // time, date
      header.writeUInt32LE(crc32(data), at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(declaredSize ?? data.length, at + 18);
      header.writeUInt16LE(nameBytes.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const xmlText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface SheetSpec {
  name: string;
  rows: (string | number)[][];
}

/**
 * The parts of a workbook as Excel saves it: sheets stored as `sheet<n>.xml` in the order they were
 * created, the tab order only in workbook.xml (`tabOrder`, indexes into `sheets`, default creation order),
 * every text cell in the shared-string table, and that table zipped after the worksheets. `parts` may
 * replace or add parts (a zip bomb); the entries come in Excel's order.
 */
export function excelWorkbookParts(
  sheets: SheetSpec[],
  opts: { tabOrder?: number[]; parts?: Record<string, string | Buffer> } = {},
): ZipEntry[] {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const cellXml = (value: string | number, ref: string) => {
    if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
    if (!indexOf.has(value)) indexOf.set(value, strings.push(value) - 1);
    return `<c r="${ref}" t="s"><v>${indexOf.get(value)}</v></c>`;
  };
  const sheetXml = (rows: (string | number)[][]) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN_NS}"><sheetData>${rows
      .map(
        (cells, r) =>
          `<row r="${r + 1}">${cells.map((v, c) => cellXml(v, `${String.fromCharCode(65 + c)}${r + 1}`)).join('')}</row>`,
      )
      .join('')}</sheetData></worksheet>`;
  const worksheets = sheets.map((s, i): ZipEntry => [`xl/worksheets/sheet${i + 1}.xml`, sheetXml(s.rows)]);
  const order = opts.tabOrder ?? sheets.map((_, i) => i);
  const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${order
    .map((i) => `<sheet name="${xmlText(sheets[i]!.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('')}</sheets></workbook>`;
  const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL_NS}">${sheets
    .map(
      (_, i) =>
        `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    )
    .join(
      '',
    )}<Relationship Id="rIdS" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
  const shared = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="${MAIN_NS}" count="${strings.length}" uniqueCount="${strings.length}">${strings
    .map((v) => `<si><t xml:space="preserve">${xmlText(v)}</t></si>`)
    .join('')}</sst>`;
  const entries: ZipEntry[] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>',
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    ['xl/workbook.xml', workbook],
    ['xl/_rels/workbook.xml.rels', rels],
    ...worksheets,
    ['xl/sharedStrings.xml', shared],
  ];
  for (const [name, content] of Object.entries(opts.parts ?? {})) {
    const at = entries.findIndex(([n]) => n === name);
    if (at >= 0) entries[at] = [name, content];
    else entries.push([name, content]);
  }
  return entries;
}

/** `excelWorkbookParts` zipped: an XLSX file as Excel lays it out. */
export function excelWorkbook(
  sheets: SheetSpec[],
  opts: { tabOrder?: number[]; parts?: Record<string, string | Buffer> } = {},
): Buffer {
  return zipOf(excelWorkbookParts(sheets, opts));
}
