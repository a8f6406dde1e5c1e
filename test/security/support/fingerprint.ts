import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/platform/db/client.js';
import type { TestApp } from '../../harness.js';

/** Row count and a digest of every row of one table. */
export interface TableFingerprint {
  rows: number;
  digest: string;
}

export type Fingerprint = Record<string, TableFingerprint>;

/**
 * Fingerprints every table of the service's schema in one statement: the row count and an MD5 over the text
 * of every row (sorted), so an insert, a delete or an update of any column shows, not only those that touch
 * `updated_at`. The tables are read from the catalogue, so a table added later is covered without a change
 * here. Cheap at test sizes (a few hundred rows): one round trip per snapshot.
 */
export class Fingerprinter {
  private statement?: ReturnType<typeof sql.raw>;

  constructor(private readonly t: TestApp) {}

  async take(): Promise<Fingerprint> {
    this.statement ??= await this.build();
    const rows = await queryRows<{ name: string; rows: number; digest: string }>(this.t.db, this.statement);
    return Object.fromEntries(rows.map((r) => [r.name, { rows: r.rows, digest: r.digest }]));
  }

  private async build() {
    const tables = await queryRows<{ name: string }>(
      this.t.db,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    if (tables.length === 0) throw new Error('no tables found in schema public');
    const parts = tables.map(
      ({ name }) =>
        `SELECT '${name}' AS name, count(*)::int AS rows, ` +
        `md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS digest FROM "${name}" x`,
    );
    return sql.raw(parts.join('\nUNION ALL\n'));
  }
}

/** Tables whose fingerprint differs, with their row counts before and after. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((n) => before[n]?.digest !== after[n]?.digest || before[n]?.rows !== after[n]?.rows)
    .map((n) => `${n} (${before[n]?.rows ?? 0} -> ${after[n]?.rows ?? 0} rows)`);
}
