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
} from './browser.js';
import { type ConsoleService, startConsoleService } from './service.js';

// Journey 5: a business opens a ticket and sees an administrator's reply arrive without reloading.
describe.skipIf(!hasChromium)('journey: support ticket with a live reply', () => {
  let service: ConsoleService;
  let browser: Browser;

  beforeAll(async () => {
    [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it(
    'opens a ticket and shows the admin reply live',
    async () => {
      const user = await createUser(service, { name: 'Bola Ade' });
      const admin = await createUser(service, { role: 'admin' });
      const { context, page } = await newSession(browser, service.url);
      await page.goto('/sign-in?redirect=/support');
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Support' }).waitFor();

      await page.getByRole('button', { name: 'New ticket' }).click();
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Describe what you need').waitFor();
      await page.getByLabel('Your question').fill('My campaign to the VIP tag shows no recipients.');
      await page.getByRole('button', { name: 'Send' }).click();
      // The ticket's own page, not the dialog titled "New ticket": its id is read from the address, so wait
      // for the address (reading it while the dialog still sends gave "support" as the id).
      await page.waitForURL(/\/support\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: 'Ticket', exact: true }).waitFor();
      const ticketId = new URL(page.url()).pathname.split('/').pop()!;
      await expectAccessible(page, 'ticket');

      const reply = await service.request({
        method: 'POST',
        url: `/tickets/${ticketId}/comments`,
        token: admin.accessToken,
        body: { content: 'Only opted-in contacts are recipients: check the opt-in filter.' },
      });
      expect(reply.status).toBe(201);
      await page.getByText('Only opted-in contacts are recipients').first().waitFor();
      await page.getByText('Support ·').waitFor();
      await screenshot(page, 'ticket');

      await page.goto('/support');
      await page.getByRole('link', { name: /My campaign to the VIP tag/ }).waitFor();
      await expectAccessible(page, 'support');
      await screenshot(page, 'support');
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
