import { describe, expect, it } from 'vitest';
import { useTestApp } from '../harness.js';

/** The script sources a policy allows. */
const scriptSources = (policy: string | undefined) =>
  (policy ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
    ?.slice(1);

describe('every HTML page carries a policy under which an injected inline script does not run', () => {
  const t = useTestApp();

  it.each([
    ['the console', '/'],
    ['a console route', '/contacts'],
    ['the e-mail undo page', '/api/v1/users/email/undo?token=x'],
  ])('%s', async (_name, url) => {
    const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const policy = res.headers['content-security-policy'] as string | undefined;
    expect(policy).toBeDefined();
    expect(scriptSources(policy)).toEqual(["'self'"]);
    expect(policy).toMatch(/object-src 'none'/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
  });
});
