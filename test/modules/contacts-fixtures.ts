import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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
