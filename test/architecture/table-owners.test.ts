/**
 * One writer per table: every table of the schema is declared by exactly one owner (`owned-tables.ts` of a
 * module, or of jobs/), and no file writes a table its owner does not own. Also run on a small tree with the
 * rule broken on purpose, to show the check catches each kind of stray write.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOwnership } from './table-writes.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('table owners', () => {
  it('every table has one owner, and only its owner writes it', () => {
    const report = checkOwnership(ROOT);
    expect(report.unowned).toEqual([]);
    expect([...report.owners].filter(([, o]) => o.length > 1)).toEqual([]);
    expect(report.strays.map((w) => `${w.file} writes ${w.table}`)).toEqual([]);
  });

  it('a tree with stray writes fails with each one named', () => {
    const report = checkOwnership(path.join(import.meta.dirname, 'fixtures/broken'));
    expect(report.unowned).toEqual(['gamma_items']);
    expect(report.strays.map((w) => `${w.writer}: ${w.file} writes ${w.table}`).sort()).toEqual([
      'beta: src/modules/beta/writes-sql.ts writes alpha_items',
      'beta: src/modules/beta/writes.ts writes alpha_items',
    ]);
  });
});
