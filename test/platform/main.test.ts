/**
 * Start-up failures: the process must exit 1 and say why on stderr, so a supervisor (Docker, systemd) shows
 * an operator the cause instead of a process that hangs or dies in silence. Each case runs `src/main.ts` as
 * `npm start` would (from the sources, like test/cluster), with an environment of its own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../database.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

interface Outcome {
  code: number | null;
  stderr: string;
}

/** Runs the service until it exits; none of these cases may get as far as serving. */
function run(env: Record<string, string>, args: string[] = ['--role=api']): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    // Only what a bare machine has, plus the case's variables: nothing of the test run's own environment.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'main-')),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })));
}

// Each case starts a Node process with tsx, which takes seconds on a loaded machine; the quick ones run side by side.
describe('start-up failures exit 1 with a clear message', { timeout: 120_000 }, () => {
  it.concurrent('names each bad configuration value', async () => {
    const out = await run({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('Invalid configuration');
    expect(out.stderr).toMatch(/PORT: /);
    expect(out.stderr).toMatch(/LOG_LEVEL: /);
  });

  it.concurrent('names a bad --role', async () => {
    const out = await run({}, ['--role=everything']);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('--role: must be all, api or worker (got "everything")');
  });

  it.concurrent('says the database cannot be reached', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const out = await run({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('Start-up failed');
    expect(out.stderr).toMatch(/ECONNREFUSED|connect/i);
  });

  describe('with a database', () => {
    let testDb: TestDatabase | undefined;
    let busy: Server | undefined;
    afterAll(async () => {
      await new Promise((resolve) => (busy ? busy.close(resolve) : resolve(undefined)));
      await testDb?.drop();
    });

    it('says the port is in use', async () => {
      busy = createServer();
      await new Promise<void>((resolve) => busy!.listen(0, '127.0.0.1', resolve));
      const port = (busy.address() as { port: number }).port;
      // On PostgreSQL a fresh database of the test server; else the embedded one in the case's DATA_DIR.
      testDb = process.env.TEST_DATABASE_URL ? await createTestDatabase({ poolSize: 1 }) : undefined;
      const out = await run({ PORT: String(port), ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}) });
      expect(out.code).toBe(1);
      expect(out.stderr).toContain('Start-up failed');
      expect(out.stderr).toContain('EADDRINUSE');
    }, 300_000);
  });
});
