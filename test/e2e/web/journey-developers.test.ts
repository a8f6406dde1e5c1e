import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../factories.js';
import {
  E2E_TIMEOUT,
  expectAccessible,
  hasChromium,
  launchBrowser,
  newSession,
  screenshot,
  signIn,
} from './browser.js';
import { type ConsoleService, startConsoleService } from './service.js';

// A developer connects a shop: the owner makes a key that may read contacts in Settings → API keys, copies the
// secret shown once, the shop calls the API with it, then the owner rotates the key and revokes it.
describe.skipIf(!hasChromium)('journey: API keys for a program', () => {
  let service: ConsoleService;
  let browser: Browser;

  beforeAll(async () => {
    [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  /** What the shop gets when it calls `path` with `key`: the status, and the error's message if any. */
  async function call(key: string, path: string): Promise<{ status: number; message?: string }> {
    const res = await fetch(`${service.url}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await res.json()) as { message?: string };
    return { status: res.status, message: body.message };
  }

  it(
    'an owner creates a key with a scope, the program uses it, then the key is rotated and revoked',
    async () => {
      const owner = await createUser(service, { name: 'Dee', businessVerified: 'accepted' });
      const { page } = await newSession(browser, service.url);
      await signIn(page, owner, '/settings?tab=api-keys');
      await page.getByRole('heading', { name: 'Create an API key' }).waitFor();
      await page.getByText('No key yet').waitFor();

      // Nothing chosen: each refusal stands next to its cause and nothing is created.
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByText('Name the key after the program that uses it').waitFor();
      await page.getByText('Choose at least one scope').waitFor();

      await page.getByRole('textbox', { name: /^Name/ }).fill('Shop integration');
      await page.getByRole('checkbox', { name: 'Read contacts' }).check();
      await page.getByRole('button', { name: 'Create key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your API key' });
      await dialog.getByText('This is the only time').waitFor();
      const key = await dialog.getByTestId('issued-secret').inputValue();
      expect(key.length).toBeGreaterThan(20);
      await expectAccessible(page, 'API key shown once');
      await screenshot(page, 'settings-api-key-issued');
      await dialog.getByRole('button', { name: 'I have stored it' }).click();

      // The list says what the key may do, and that it was never used yet.
      const row = page.getByRole('row', { name: /Shop integration/ });
      await expect.poll(() => row.innerText()).toContain('Contacts: read');
      expect(await row.innerText()).toContain('Never');

      // The program: its scope opens the contacts and nothing else.
      expect((await call(key, '/contacts')).status).toBe(200);
      const refused = await call(key, '/campaigns');
      expect(refused.status).toBe(403);
      expect(refused.message).toContain('campaigns:read');
      // Its last use is recorded: of the two "Never" (last used, expires) one is left.
      await expect
        .poll(async () => {
          await page.reload();
          return (await row.innerText()).match(/Never/g)?.length;
        })
        .toBe(1);

      await expectAccessible(page, 'API keys');
      await screenshot(page, 'settings-api-keys');

      // Rotation with no overlap: the new secret works, the old one is refused at once.
      await page.getByRole('button', { name: 'Rotate Shop integration' }).click();
      await page.getByRole('combobox', { name: 'The old key keeps working' }).click();
      await page.getByRole('option', { name: 'Stop it now' }).click();
      await page.getByRole('button', { name: 'Rotate key' }).click();
      const rotated = page.getByRole('dialog', { name: 'Your new key' });
      const newKey = await rotated.getByTestId('issued-secret').inputValue();
      expect(newKey).not.toBe(key);
      await rotated.getByRole('button', { name: 'I have stored it' }).click();
      expect((await call(key, '/contacts')).status).toBe(401);
      expect((await call(newKey, '/contacts')).status).toBe(200);

      // Revoked: refused from the next request, and the list says so.
      await page.getByRole('button', { name: 'Revoke Shop integration' }).click();
      await page
        .getByRole('dialog', { name: 'Revoke this key?' })
        .getByRole('button', { name: 'Revoke Shop integration' })
        .click();
      await expect.poll(() => row.innerText()).toMatch(/revoked/i);
      expect((await call(newKey, '/contacts')).status).toBe(401);
    },
    E2E_TIMEOUT,
  );
});
