import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../factories.js';
import { E2E_TIMEOUT, expectAccessible, hasChromium, launchBrowser, newSession } from './browser.js';
import { type ConsoleService, startConsoleService } from './service.js';

// The sign-in screens of a service without an identity provider, and the e-mail verification page.
describe.skipIf(!hasChromium)('console: verifying the e-mail', () => {
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
    'shows a wrong code as an error next to the boxes, then takes the right one',
    async () => {
      const user = await createUser(service, { name: 'Kemi Ade', verified: false });
      const { context, page } = await newSession(browser, service.url);
      await page.goto('/sign-in?redirect=/verify-email');
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
      await page.getByRole('button', { name: 'Send me a new code' }).click();
      const code = await service.mailbox.otpFor(user.email, /verification code/);
      const wrong = code.replace(/^./, (d) => String((Number(d) + 1) % 10));

      await page.getByLabel('Digit 1 of 6').pressSequentially(wrong);
      // The refusal in words, next to the boxes, which are marked invalid and emptied for the next try.
      const error = page.getByRole('alert').filter({ hasText: 'Invalid or expired code' });
      await error.waitFor();
      const first = page.getByLabel('Digit 1 of 6');
      expect(await first.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => first.inputValue()).toBe('');
      await expectAccessible(page, 'verify e-mail with a wrong code');

      // The right code typed into the boxes verifies, and the console goes on.
      await first.click();
      await first.pressSequentially(code);
      await page.getByRole('heading', { name: /Welcome, Kemi Ade/ }).waitFor();
      expect(await error.count()).toBe(0);
      const profile = await service.request({ url: '/users/profile', token: user.accessToken });
      expect(profile.body.data.verified).toBe(true);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
