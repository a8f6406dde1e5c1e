import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import { BusinessRuleError, ValidationError } from '../../platform/http/errors.js';
import { SafeFetchError } from '../../platform/net/safe-fetch.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { announceImportedContacts } from './contact-webhooks.js';
import { businessCountry } from './contacts.repository.js';
import type { ExportContactsQuery } from './contacts.schemas.js';
import { fieldDefinitionsOf } from './custom-fields/field-definitions.repository.js';
import type { FieldDefinition } from './custom-fields/field-types.js';
import { openContactCursor } from './export/contact-cursor.js';
import { CONTACT_LAYOUT } from './export/export-writers.js';
import { EXPORT_IDLE_TIMEOUT_MS } from './export/idle-guard.js';
import { type FileExport, streamExport } from './export/stream-export.js';
import { type ImportReport, type ImportRow, importContacts } from './import/contact-import.js';
import { isBlankRow, mapHeader, rowFromCells } from './import/header-map.js';
import { ImportFileSource } from './import/import-file-source.js';
import { csvRows, type TableRow } from './import/table-readers.js';
import { xlsxRows } from './import/xlsx-reader.js';
import { audienceCondition } from './segments/segment-query.js';
import { TransferDeadlineError, type TransferLimits, type TransferTicket } from './transfer-limits.js';

export type ContactExport = FileExport;

/**
 * Rows of a table file as import rows: the first non-blank row is the header; `row` counts the rows after
 * it from 1 (row 1 is the first data row, as in the JSON import where contacts[0] is row 1). Blank rows
 * are skipped but keep their number, so a reported row is where the user sees it.
 */
async function* dataRows(
  table: AsyncIterable<TableRow>,
  signal: AbortSignal,
  defs: readonly FieldDefinition[],
): AsyncGenerator<ImportRow> {
  let header: { position: number; columns: ReturnType<typeof mapHeader> } | null = null;
  let seen = 0;
  for await (const { position, cells } of table) {
    signal.throwIfAborted();
    if (isBlankRow(cells)) continue;
    if (!header) {
      header = { position, columns: mapHeader(cells, defs) };
      continue;
    }
    seen++;
    yield { row: position - header.position, values: rowFromCells(cells, header.columns) };
  }
  if (!header)
    throw ValidationError.field('fileUrl', 'The file is empty: it needs a header row and contacts');
  if (!seen) throw ValidationError.field('fileUrl', 'The file has a header row but no contacts');
}

export interface TransferOptions {
  /** How long an export may wait for its client to read before it is ended (tests shorten it). */
  exportIdleMs?: number;
}

/** JSON rows, stopped when the transfer's deadline has passed (the import then rolls back). */
function* checkedRows(rows: unknown[], signal: AbortSignal): Generator<ImportRow> {
  for (const [i, values] of rows.entries()) {
    signal.throwIfAborted();
    yield { row: i + 1, values };
  }
}

/**
 * Imports (JSON rows or a CSV/XLSX file) and exports (CSV/XLSX) of a business's contacts. Both hold a
 * database connection while they run, so both go through the process's TransferLimits: each counts against
 * its business's share and runs within the transfer deadline.
 */
export class ContactTransferService {
  readonly files: ImportFileSource;
  readonly limits: TransferLimits;
  private readonly exportIdleMs: number;

  constructor(
    private readonly deps: Pick<
      AppDeps,
      'db' | 'database' | 'storage' | 'config' | 'logger' | 'transferLimits'
    >,
    opts: TransferOptions = {},
  ) {
    this.files = new ImportFileSource(deps);
    this.limits = deps.transferLimits;
    this.exportIdleMs = opts.exportIdleMs ?? EXPORT_IDLE_TIMEOUT_MS;
  }

  async importRows(auth: AuthContext, rows: unknown[]): Promise<ImportReport> {
    const businessId = businessOf(auth);
    const ticket = this.limits.begin(businessId);
    try {
      const country = await businessCountry(this.deps.db, businessId);
      const fieldDefs = await fieldDefinitionsOf(this.deps.db, businessId);
      return await this.limits.withSlot(() => {
        ticket.signal.throwIfAborted();
        const numbered = checkedRows(rows, ticket.signal);
        return importContacts(this.deps.database, businessId, country, numbered, this.deps.logger, {
          fieldDefs,
          beforeCommit: auditImport(auth, { source: 'rows' }),
        });
      });
    } catch (err) {
      throw stoppedByDeadline(err, ticket, null);
    } finally {
      ticket.release();
    }
  }

  /**
   * The file is downloaded to disk first, holding no connection however slowly it arrives; only then are
   * its rows read and staged, at disk speed, in a transfer slot. The temporary file is always removed.
   */
  async importFile(auth: AuthContext, fileUrl: string): Promise<ImportReport> {
    const businessId = businessOf(auth);
    const ticket = this.limits.begin(businessId);
    let finished: (() => void) | undefined;
    try {
      finished = this.limits.startFileImport();
      const country = await businessCountry(this.deps.db, businessId);
      const fieldDefs = await fieldDefinitionsOf(this.deps.db, businessId);
      const { file, format } = await this.files
        .open(businessId, fileUrl, ticket.signal)
        .catch((err) => rethrowFetch(stoppedByDeadline(err, ticket, 'fileUrl')));
      // The CSV stream opens here, but its reader only runs once rows are read: when no slot is free (429)
      // or staging fails first, the stream is closed below, or it would hold its descriptor and the
      // removed file's disk space for the life of the process.
      const body = format === 'csv' ? file.read() : undefined;
      try {
        const table = body
          ? csvRows(body)
          : xlsxRows(file.path, this.deps.config.IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES);
        return await this.limits.withSlot(() => {
          ticket.signal.throwIfAborted();
          const rows = dataRows(table, ticket.signal, fieldDefs);
          return importContacts(this.deps.database, businessId, country, rows, this.deps.logger, {
            fieldDefs,
            beforeCommit: auditImport(auth, { source: 'file', fileName: fileNameOf(fileUrl) }),
          });
        });
      } finally {
        body?.destroy();
        await file.remove();
      }
    } catch (err) {
      throw stoppedByDeadline(err, ticket, 'fileUrl');
    } finally {
      finished?.();
      ticket.release();
    }
  }

  /**
   * A 429 when the business already runs its share of transfers or every slot is taken. The slot is held
   * until the body closes: read to the end, cut by the client, or ended by the idle guard or the deadline.
   */
  async export(auth: AuthContext, q: ExportContactsQuery): Promise<ContactExport> {
    const businessId = businessOf(auth);
    const where = await audienceCondition(this.deps.db, businessId, q);
    const keys = (await fieldDefinitionsOf(this.deps.db, businessId)).map((d) => d.key);
    const file = await streamExport({
      limits: this.limits,
      businessId,
      open: () =>
        openContactCursor(this.deps.database, businessId, { tag: q.tag, optIn: q.optIn, where }, keys),
      layout: { ...CONTACT_LAYOUT, columns: [...CONTACT_LAYOUT.columns, ...keys] },
      format: q.format,
      fileBase: 'contacts',
      idleMs: this.exportIdleMs,
      logger: this.deps.logger,
    });
    // An export changes nothing, so there is no transaction to share: the entry is written once the export
    // is under way (its count known), before the first byte is sent.
    try {
      await recordAudit(this.deps.db, {
        businessId,
        actor: actorOf(auth),
        action: 'contacts.exported',
        details: {
          format: q.format,
          count: file.count,
          tag: q.tag ?? null,
          optIn: q.optIn ?? null,
          segmentId: q.segmentId ?? null,
          filter: q.filter !== undefined,
        },
      });
    } catch (err) {
      // No entry, no export: the body (and its transfer slot) is given back.
      file.body.destroy();
      throw err;
    }
    return file;
  }

  close(): Promise<void> {
    return this.files.fetcher.close();
  }
}

/**
 * Whatever failed once the deadline has passed (a download aborted, a row read refused) is the deadline's
 * doing: a 400 that says so, since a slow source is the caller's input. Nothing was imported.
 */
function stoppedByDeadline(err: unknown, ticket: TransferTicket, field: string | null): unknown {
  if (!ticket.signal.aborted || err instanceof ValidationError) return err;
  const reason = ticket.signal.reason;
  const message = `${reason instanceof TransferDeadlineError ? reason.message : String(err)}; nothing was imported`;
  return field ? ValidationError.field(field, message) : new BusinessRuleError(message);
}

/** A URL that cannot be fetched, or a file too big or too slow, is the caller's input: a 400 that says why. */
function rethrowFetch(err: unknown): never {
  if (err instanceof SafeFetchError) throw ValidationError.field('fileUrl', err.message);
  throw err;
}

/** The import's audit entry, written in its transaction: counts and the file's name, never its rows. */
/** What commits with an import: its audit entry, and the contacts it made told to the business's webhooks. */
function auditImport(auth: AuthContext, source: { source: 'rows' | 'file'; fileName?: string | null }) {
  return async (report: ImportReport, tx: Db) => {
    if (report.imported > 0) await announceImportedContacts(tx, businessOf(auth));
    await recordAudit(tx, {
      businessId: businessOf(auth),
      actor: actorOf(auth),
      action: 'contacts.imported',
      details: {
        ...source,
        imported: report.imported,
        duplicatesSkipped: report.duplicatesSkipped,
        failed: report.failedCount,
        rejectedValues: report.rejectedValues.length,
      },
    });
  };
}

/** The last segment of a URL's path (an upload's key, a file's name), at most 200 characters. */
function fileNameOf(fileUrl: string): string | null {
  try {
    const last = new URL(fileUrl).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last).slice(0, 200) : null;
  } catch {
    return null;
  }
}
