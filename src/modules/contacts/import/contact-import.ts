import type { Logger } from 'pino';
import type { Database, Db } from '../../../platform/db/client.js';
import { fillContactCountries } from '../contact-country.js';
import { validateRow } from '../contact-fields.js';
import { checkFields, type FieldDefinition } from '../custom-fields/field-types.js';
import { openStagingLoader, type StagingOptions } from './staging-loader.js';
import { refreshContactStatistics, statisticsStale } from './statistics-refresh.js';

/** One input row: its 1-based number in the report, and the loose values it is validated from. */
export interface ImportRow {
  row: number;
  values: unknown;
}

export interface FailedRow {
  row: number;
  reason: string;
}

/** A contact field value not stored: the row was imported without it. */
export interface RejectedValue {
  row: number;
  column: string;
  reason: string;
}

export interface ImportReport {
  imported: number;
  duplicatesSkipped: number;
  failed: FailedRow[];
  /** Failed rows in all; `failed` lists the first FAILED_ROWS_LISTED of them. */
  failedCount: number;
  /** The first FAILED_ROWS_LISTED field values refused. */
  rejectedValues: RejectedValue[];
}

export { ANALYZE_AFTER_ROWS } from './statistics-refresh.js';

/** The report lists this many failed rows at most, so a file of a million bad rows answers in kilobytes. */
export const FAILED_ROWS_LISTED = 1000;

export interface ImportOptions extends StagingOptions {
  /** The business's contact fields, whose values rows may carry (`fields`). */
  fieldDefs?: readonly FieldDefinition[];
  /** Writes in the import's transaction just before it commits, with the report (its audit entry). */
  beforeCommit?: (report: ImportReport, tx: Db) => Promise<void>;
}

/**
 * Validates each row on its own and stages the valid ones; one bad row never stops the rest. Rows the
 * business already has, and repeats of a phone inside the input, are what the final insert skips:
 * `duplicatesSkipped = valid rows - inserted rows`. Memory holds one batch and the listed failures.
 */
export async function importContacts(
  database: Database,
  businessId: string,
  countryCode: string | null,
  rows: AsyncIterable<ImportRow> | Iterable<ImportRow>,
  logger?: Logger,
  staging?: ImportOptions,
): Promise<ImportReport> {
  const started = performance.now();
  const loader = await openStagingLoader(database, businessId, staging);
  const failed: FailedRow[] = [];
  const rejectedValues: RejectedValue[] = [];
  const defs = staging?.fieldDefs ?? [];
  let failedCount = 0;
  let valid = 0;
  try {
    for await (const { row, values } of rows) {
      const result = validateRow(values, countryCode);
      if (result.ok) {
        valid++;
        // A bad value drops that value, not the contact: the report names its column.
        const checked = checkFields(defs, rowFields(values));
        for (const p of checked.problems)
          if (rejectedValues.length < FAILED_ROWS_LISTED)
            rejectedValues.push({ row, column: p.key, reason: `${p.key} ${p.reason}` });
        await loader.add(row, { ...result.contact, fields: checked.set });
      } else {
        failedCount++;
        if (failed.length < FAILED_ROWS_LISTED) failed.push({ row, reason: result.reason });
      }
    }
    const staged = performance.now();
    const reportOf = (imported: number): ImportReport => ({
      imported,
      duplicatesSkipped: valid - imported,
      failed,
      failedCount,
      rejectedValues,
    });
    const before = staging?.beforeCommit;
    const imported = await loader.commit(before && ((inserted, tx) => before(reportOf(inserted), tx)));
    // The bulk insert leaves each row's country to the phone library: derived now, before the answer.
    await fillContactCountries(database.db, businessId);
    const committed = performance.now();
    // Until autovacuum samples the table again, the first searches would plan for the business as it was
    // (docs/decisions/contacts.md): refreshed before the answer when the import left the estimate stale.
    const analysed =
      (await statisticsStale(database, businessId, imported)) && (await refreshContactStatistics(database));
    // Where an import spends its time: reading and checking the rows, or the one insert into contacts.
    logger?.info(
      {
        businessId,
        rows: valid + failedCount,
        imported,
        failed: failedCount,
        readMs: Math.round(staged - started),
        insertMs: Math.round(committed - staged),
        analyzeMs: Math.round(performance.now() - committed),
        analysed,
      },
      'contacts imported',
    );
    return reportOf(imported);
  } catch (err) {
    await loader.abort().catch(() => {});
    throw err;
  }
}

/** A row's contact field values: its `fields` object (a JSON row, or a file's field columns). */
function rowFields(values: unknown): Record<string, unknown> {
  const fields = (values as { fields?: unknown } | null)?.fields;
  return typeof fields === 'object' && fields !== null && !Array.isArray(fields)
    ? (fields as Record<string, unknown>)
    : {};
}
