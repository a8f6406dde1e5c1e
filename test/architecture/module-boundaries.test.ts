/**
 * Each module keeps its repositories to itself: another module (or a job, or the app) calls the functions
 * its `index.ts` or services export, never its `*.repository.ts`. This reads every import in src/ and fails
 * on one that reaches into another module's repository, naming the file and the import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

/**
 * Imports still allowed while their owner is being moved, as `importer -> imported` (paths under src/).
 * Empty: add a line only with the move that removes it.
 */
const ALLOWED = new Set<string>([]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every relative module specifier of a file: static imports, re-exports and dynamic imports. */
function importsOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+['"](\.[^'"]+)['"]/g,
    /\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g,
    /\bimport\s+['"](\.[^'"]+)['"]/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push(m[1]!);
  return found;
}

/** The module a path under src/ belongs to (`modules/<name>/...`), or null outside src/modules. */
function moduleOf(relative: string): string | null {
  const parts = relative.split('/');
  return parts[0] === 'modules' && parts.length > 2 ? parts[1]! : null;
}

/** `importer -> imported` for each import of another module's repository (paths relative to `root`). */
function repositoryReaches(root: string, files: { file: string; source: string }[]): string[] {
  const reaches: string[] = [];
  for (const { file, source } of files) {
    const importer = path.relative(root, file).split(path.sep).join('/');
    for (const spec of importsOf(source)) {
      const target = path
        .relative(root, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join('/')
        .replace(/\.js$/, '.ts');
      const owner = moduleOf(target);
      if (!owner || !target.endsWith('.repository.ts')) continue;
      if (moduleOf(importer) !== owner) reaches.push(`${importer} -> ${target}`);
    }
  }
  return reaches;
}

describe('module boundaries', () => {
  it('no file imports another module’s repository', () => {
    const files = sourceFiles(SRC).map((file) => ({ file, source: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    const reaches = repositoryReaches(SRC, files).filter((r) => !ALLOWED.has(r));
    expect(reaches).toEqual([]);
  });

  it('every allowed exception still exists (a finished move removes its line)', () => {
    const files = sourceFiles(SRC).map((file) => ({ file, source: readFileSync(file, 'utf8') }));
    const reaches = new Set(repositoryReaches(SRC, files));
    expect([...ALLOWED].filter((r) => !reaches.has(r))).toEqual([]);
  });

  it('catches static, type-only, re-exported and dynamic reaches, and allows a module its own', () => {
    const root = '/r/src';
    const file = (rel: string, source: string) => ({ file: `${root}/${rel}`, source });
    const reaches = repositoryReaches(root, [
      file('modules/admin/a.ts', "import { findWallet } from '../wallet/wallet.repository.js';"),
      file('modules/admin/b.ts', "import type { BusinessRow } from '../business/business.repository.js';"),
      file('modules/admin/c.ts', "export { x } from '../plans/plans.repository.js';"),
      file('jobs/d.ts', "const m = await import('../modules/contacts/contacts.repository.js');"),
      file('modules/wallet/e.ts', "import { findWallet } from './wallet.repository.js';"),
      file('modules/admin/f.ts', "import { findWallet } from '../wallet/index.js';"),
      file('jobs/g.ts', "import { claim } from './dispatch.repository.js';"),
    ]);
    expect(reaches).toEqual([
      'modules/admin/a.ts -> modules/wallet/wallet.repository.ts',
      'modules/admin/b.ts -> modules/business/business.repository.ts',
      'modules/admin/c.ts -> modules/plans/plans.repository.ts',
      'jobs/d.ts -> modules/contacts/contacts.repository.ts',
    ]);
  });
});
