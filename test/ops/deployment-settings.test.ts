import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/platform/config.js';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** Every variable the README's configuration table names, `_SUFFIX` shorthand expanded from the row's first. */
function readmeSettings(): Set<string> {
  const known = Object.keys(envSchema.shape);
  const names = new Set<string>();
  for (const line of read('README.md').split('\n')) {
    if (!line.startsWith('| `')) continue;
    const cell = line.split('|')[1] ?? '';
    const tokens = [...cell.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!);
    const first = tokens[0] ?? '';
    for (const token of tokens) {
      if (!token.startsWith('_')) names.add(token);
      else {
        const full = known.find((k) => k.endsWith(token) && k.split('_')[0] === first.split('_')[0]);
        names.add(full ?? token);
      }
    }
  }
  return names;
}

/** Settings compose.yaml fixes by the image's layout or the service's command instead of passing them on. */
const FIXED_BY_THE_IMAGE = new Set(['NODE_ENV', 'PORT', 'HOST', 'DATA_DIR', 'WEB_DIST_DIR', 'ROLE']);
/** The built-in sandboxes' knobs: development only, never set in a production install. */
const DEVELOPMENT_ONLY = (name: string) => name.startsWith('SANDBOX_');

describe('deployment settings', () => {
  it("the README's table lists every setting the service reads", () => {
    const documented = readmeSettings();
    const missing = Object.keys(envSchema.shape).filter((k) => k !== 'NODE_ENV' && !documented.has(k));
    expect(missing).toEqual([]);
  });

  it('compose.yaml passes every setting of the table to the service', () => {
    const compose = read('compose.yaml');
    const passed = new Set([...compose.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!));
    const settings = [...readmeSettings()].filter((k) => k in envSchema.shape);
    const missing = settings.filter(
      (k) => !FIXED_BY_THE_IMAGE.has(k) && !DEVELOPMENT_ONLY(k) && !passed.has(k),
    );
    expect(missing).toEqual([]);
  });
});
