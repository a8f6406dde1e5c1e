import type { Readable } from 'node:stream';
import type { AppDeps } from '../../../deps.js';
import { ValidationError } from '../../../platform/http/errors.js';
import { parseUrl } from '../../../platform/net/parse-url.js';
import { limitStream, SafeFetcher } from '../../../platform/net/safe-fetch.js';
import { ownsStoredFile } from '../contacts.repository.js';
import { type SpooledFile, spoolToTempFile } from './file-spool.js';

export type TableFormat = 'csv' | 'xlsx';

/** The file to import, on local disk; the caller removes it (`file.remove()`) when done. */
export interface ImportFile {
  file: SpooledFile;
  format: TableFormat;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The path as its owner named it; a malformed escape (`%zz`) is not an error, just part of the name. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

function formatFromPath(pathname: string): TableFormat | 'other' | null {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(decodedPath(pathname));
  if (!match) return null;
  const ext = match[1]!.toLowerCase();
  return ext === 'csv' ? 'csv' : ext === 'xlsx' ? 'xlsx' : 'other';
}

function formatFromType(contentType: string | null): TableFormat | null {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'text/csv' || type === 'application/csv') return 'csv';
  if (type === XLSX_TYPE || type === 'application/xlsx') return 'xlsx';
  return null;
}

const unsupported = () =>
  ValidationError.field('fileUrl', 'Unsupported file type: import a .csv or .xlsx file');

/**
 * Fetches the file an import names to a local temporary file. A URL into our own storage is read through
 * the storage port (no HTTP, and only a file of the caller's own business); any other URL goes through the
 * SSRF-safe fetcher. Either way the whole file, within IMPORT_MAX_BYTES and IMPORT_FETCH_TIMEOUT_MS, is on
 * disk before the import touches the database. The format comes from the extension (docs/api.md "Contact import and
 * export"), else from the Content-Type the server gives.
 */
export class ImportFileSource {
  readonly fetcher: SafeFetcher;

  constructor(private readonly deps: Pick<AppDeps, 'storage' | 'db' | 'config'>) {
    this.fetcher = new SafeFetcher({
      maxBytes: deps.config.IMPORT_MAX_BYTES,
      timeoutMs: deps.config.IMPORT_FETCH_TIMEOUT_MS,
      allowedHosts: deps.config.IMPORT_ALLOWED_HOSTS,
    });
  }

  /** `signal` (the transfer's deadline) aborts the download wherever it is: connecting, or mid-body. */
  async open(businessId: string, fileUrl: string, signal?: AbortSignal): Promise<ImportFile> {
    signal?.throwIfAborted();
    const { body, format } = await this.openStream(businessId, fileUrl, signal);
    const stop = () => body.destroy(signal?.reason as Error);
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      return { file: await spoolToTempFile(body), format };
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  private async openStream(
    businessId: string,
    fileUrl: string,
    signal?: AbortSignal,
  ): Promise<{ body: Readable; format: TableFormat }> {
    const url = parseUrl(fileUrl);
    if (!url) throw ValidationError.field('fileUrl', 'fileUrl must be an absolute http(s) URL');
    const byPath = formatFromPath(url.pathname);
    if (byPath === 'other') throw unsupported();

    const key = this.deps.storage.keyFromUrl(fileUrl);
    if (key !== null) return this.openStored(businessId, key, byPath ?? formatFromPath(key));

    const fetched = await this.fetcher.fetch(fileUrl, signal);
    const format = byPath ?? formatFromType(fetched.contentType);
    if (!format) {
      fetched.body.destroy();
      throw unsupported();
    }
    return { body: fetched.body, format };
  }

  private async openStored(businessId: string, key: string, format: TableFormat | 'other' | null) {
    if (format !== 'csv' && format !== 'xlsx') throw unsupported();
    // Another business's upload is as missing as a file that never existed: same answer, nothing read.
    const stored = (await ownsStoredFile(this.deps.db, businessId, key))
      ? await this.deps.storage.stat(key)
      : null;
    if (!stored) throw ValidationError.field('fileUrl', 'The file at fileUrl was not found in storage');
    const max = this.deps.config.IMPORT_MAX_BYTES;
    if (stored.size > max) {
      throw ValidationError.field('fileUrl', `The file is larger than the import limit of ${max} bytes`);
    }
    return { body: limitStream(await this.deps.storage.read(key), max), format };
  }
}
