import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../factories.js';
import { Receiver, verifies } from '../../modules/webhook-endpoints.support.js';
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
describe.skipIf(!hasChromium)('journey: a program built on the API', () => {
  let service: ConsoleService;
  let browser: Browser;
  // The shop's own server, on this machine: allowed as an internal host, as a self-hosted install would.
  const receiver = new Receiver();

  beforeAll(async () => {
    await receiver.start();
    const allowed = new URL(receiver.url).host;
    [service, browser] = await Promise.all([
      startConsoleService({ env: { WEBHOOK_ALLOWED_HOSTS: allowed, WEBHOOK_SEND_INTERVAL_MS: '100' } }),
      launchBrowser(),
    ]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await receiver.stop();
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

  it(
    'an owner adds a webhook endpoint, sends a test event the program verifies, and replays a failed one',
    async () => {
      const owner = await createUser(service, { name: 'Eko', businessVerified: 'accepted' });
      const { page } = await newSession(browser, service.url);
      await signIn(page, owner, '/settings?tab=webhooks');
      await page.getByRole('heading', { name: 'Add an endpoint' }).waitFor();
      await page.getByText('No endpoint yet').waitFor();

      // A private address is refused under the field, and nothing is added.
      await page.getByRole('textbox', { name: /^Address/ }).fill('https://10.0.0.7/hooks');
      await page.getByRole('checkbox', { name: 'All events' }).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page.getByText('Must not point to a private or local address').waitFor();
      await expectAccessible(page, 'webhooks, address refused');

      await page.getByRole('textbox', { name: /^Address/ }).fill(receiver.url);
      await page.getByRole('textbox', { name: 'Description' }).fill('Shop order updates');
      await page.getByRole('checkbox', { name: 'All events' }).uncheck();
      await page.getByRole('checkbox', { name: 'Messages: delivered' }).check();
      await page.getByRole('checkbox', { name: 'Messages: failed' }).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'The signing secret' });
      const secret = await dialog.getByTestId('issued-secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await screenshot(page, 'settings-webhook-secret');
      await dialog.getByRole('button', { name: 'I have stored it' }).click();

      const card = page.getByTestId('endpoint');
      await expect.poll(() => card.innerText()).toContain('Messages: delivered · Messages: failed');

      // The test event reaches the program, signed with the secret it was shown.
      await page.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
      const first = receiver.received[0]!;
      expect(verifies(secret, first)).toBe(true);
      expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.test' });
      const log = page.getByRole('table', { name: 'Deliveries' });
      await expect.poll(() => log.innerText(), { timeout: 15_000 }).toMatch(/delivered/i);

      // The program is down for the next one. A test event is tried once, like a replay (it is not retried for
      // days, nor counted toward switching the endpoint off): the log says what the program answered and offers
      // to send it again.
      receiver.answers = Array(20).fill(503);
      await page.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
      await expect.poll(() => log.innerText(), { timeout: 15_000 }).toContain('HTTP 503');
      const failing = String(receiver.received.at(-1)!.headers['webhook-id']);
      await page.getByRole('button', { name: `Replay ${failing}` }).waitFor();
      expect(receiver.received.filter((r) => r.headers['webhook-id'] === failing)).toHaveLength(1);
      await expectAccessible(page, 'webhooks');
      await screenshot(page, 'settings-webhooks');

      // The program lost what it was sent first and asks for it again: a replay posts it once more, with the
      // same webhook-id and body.
      receiver.answers = [];
      const firstId = String(first.headers['webhook-id']);
      await page.getByRole('button', { name: `Replay ${firstId}` }).click();
      await expect
        .poll(() => receiver.received.filter((r) => r.headers['webhook-id'] === firstId).length, {
          timeout: 15_000,
        })
        .toBe(2);
      const again = receiver.received.filter((r) => r.headers['webhook-id'] === firstId)[1]!;
      expect(again.body).toBe(first.body);
      expect(verifies(secret, again)).toBe(true);

      // A new secret: the old one signs too for a day, and the card says until when instead of offering a
      // second rotation (the API would refuse it).
      await page.getByRole('button', { name: `Rotate secret of ${receiver.url}` }).click();
      const renewed = page.getByRole('dialog', { name: 'The new signing secret' });
      expect(await renewed.getByTestId('issued-secret').inputValue()).not.toBe(secret);
      await renewed.getByRole('button', { name: 'I have stored it' }).click();
      await expect.poll(() => card.innerText()).toContain('Old secret also signs until');
      expect(await page.getByRole('button', { name: `Rotate secret of ${receiver.url}` }).count()).toBe(0);
      await screenshot(page, 'settings-webhook-rotating');
    },
    E2E_TIMEOUT,
  );
});
