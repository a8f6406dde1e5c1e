import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../web/src/auth/redirect.js';

describe('the console follows ?redirect= only to a path of its own origin', () => {
  it.each(['/contacts', '/campaigns/123?tab=report', '/settings?tab=security#email', '/'])(
    'keeps %s',
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/%5Cevil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'contacts',
    '',
    undefined,
    42,
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });
});
