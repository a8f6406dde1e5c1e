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

describe.skipIf(!hasChromium)('web console shell', () => {
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
    'sends a signed-out visitor to sign-in, keeping where they were going',
    async () => {
      const { context, page } = await newSession(browser, service.url);
      await page.goto('/contacts?search=ada');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      const redirect = new URL(new URL(page.url()).searchParams.get('redirect') ?? '', service.url);
      expect(redirect.pathname).toBe('/contacts');
      expect(redirect.searchParams.get('search')).toBe('ada');
      await expectAccessible(page, 'sign-in');
      await screenshot(page, 'sign-in');
      await context.close();
    },
    E2E_TIMEOUT,
  );

  it(
    'shows a wrong password in words and signs a business in to its console',
    async () => {
      const user = await createUser(service, { name: 'Ada Obi' });
      const { context, page } = await newSession(browser, service.url);
      await page.goto('/sign-in');
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /password/i })
        .waitFor();

      await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: /Ada Obi/ }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Contacts' }).waitFor();

      // The session is the cookie: a reload keeps it.
      await page.reload();
      await page.getByRole('heading', { name: /Ada Obi/ }).waitFor();
      await expectAccessible(page, 'home');

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.goto('/contacts');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  it(
    'shows an administrator "not allowed" on a business page, without its menu',
    async () => {
      const admin = await createUser(service, { role: 'admin', name: 'Grace Admin' });
      const { context, page } = await newSession(browser, service.url);
      await page.goto('/sign-in?redirect=/contacts');
      await page.getByLabel('E-mail').fill(admin.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Contacts' }).count()).toBe(0);
      await expectAccessible(page, 'not allowed');
      await screenshot(page, 'not-allowed');
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
