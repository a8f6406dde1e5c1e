/**
 * The dependency rules of src/ (`.dependency-cruiser.cjs`): a module is entered only through its index.ts,
 * no cycle between modules, platform/ and providers/ below the domain. `npm run lint` runs the same check;
 * here it also runs on a small tree with each rule broken on purpose, to show the check catches them.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Runs dependency-cruiser on `src` of `cwd` with a configuration (that folder's own by default); its violations. */
async function cruise(cwd: string, config = '.dependency-cruiser.cjs'): Promise<Violation[]> {
  const run = promisify(execFile)(
    process.execPath,
    [CLI, 'src', '--config', config, '--output-type', 'json'],
    { cwd, maxBuffer: 64 * 1024 * 1024 },
  );
  // The CLI exits non-zero when it finds a violation; the report is on stdout either way.
  const { stdout } = await run.catch((err: { stdout?: string }) => {
    if (!err.stdout) throw err;
    return { stdout: err.stdout };
  });
  const report = JSON.parse(stdout) as { summary: { violations: Violation[]; totalCruised: number } };
  expect(report.summary.totalCruised).toBeGreaterThan(0);
  return report.summary.violations;
}

describe('dependency rules', { timeout: 120_000 }, () => {
  it('src/ keeps every rule', async () => {
    const violations = await cruise(ROOT);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  });

  it('a tree with each rule broken on purpose fails with each violation named', async () => {
    const violations = await cruise(path.join(import.meta.dirname, 'fixtures/broken'));
    const found = violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual([
      'module-front-door: src/modules/beta/reach.ts -> src/modules/alpha/inner.ts',
      'modules-below-jobs-and-app: src/modules/beta/uses-job.ts -> src/jobs/clean.ts',
      'no-circular: src/platform/loop-a.ts -> src/platform/loop-b.ts',
      'no-module-cycle: src/modules/alpha -> src/modules/beta',
      'no-module-cycle: src/modules/beta -> src/modules/alpha',
      'outside-through-front-door: src/jobs/job.ts -> src/modules/beta/beta.ts',
      'platform-below-domain: src/platform/helper.ts -> src/modules/alpha/index.ts',
      'platform-below-providers: src/platform/uses-adapter.ts -> src/providers/adapter.ts',
    ]);
  });

  it('the console keeps its area rules', async () => {
    const violations = await cruise(path.join(ROOT, 'web'));
    expect(violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  });

  it('a console tree with each area rule broken on purpose fails with each violation named', async () => {
    const fixture = path.join(import.meta.dirname, 'fixtures/broken-web');
    const violations = await cruise(fixture, path.join(ROOT, 'web/.dependency-cruiser.cjs'));
    const found = violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual([
      'console-area-front-door: src/app/shell.ts -> src/business/deep.ts',
      'console-areas-apart: src/business/steal.ts -> src/admin/inner.ts',
      'console-areas-listed-by-front-door: src/areas.ts -> src/business/deep.ts',
      'console-kit-below-shell: src/ui/kit.ts -> src/app/shell.ts',
      'console-no-circular: src/app/one.ts -> src/app/two.ts',
    ]);
  });
});
