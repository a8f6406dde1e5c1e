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

// Journey 1: sign up, verify the e-mail with the code from the SMTP peer, complete the business profile and
// submit it; an administrator accepts it through the API and the business sees the notification arrive live.
describe.skipIf(!hasChromium)('journey: sign up to verified business', () => {
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
    'signs up, verifies, completes and submits the profile, and sees the acceptance live',
    async () => {
      const email = `ada.${Date.now()}@example.test`;
      const { context, page } = await newSession(browser, service.url);
      await page.goto('/sign-up');
      await expectAccessible(page, 'sign-up');
      await screenshot(page, 'sign-up');

      // A refused field is shown next to its input: the e-mail already registered.
      const taken = await createUser(service);
      await page.getByLabel('Your name').fill('Ada Obi');
      await page.getByLabel('E-mail').fill(taken.email);
      await page.getByLabel('WhatsApp number').fill('+2348031234567');
      await page.getByRole('textbox', { name: 'Password' }).fill('Correct-Horse-9');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('This e-mail address is already registered').waitFor();
      expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');

      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
      await expectAccessible(page, 'verify e-mail');
      await screenshot(page, 'verify-email');

      // A new code is sent on request; typed into the six boxes, it verifies.
      await service.mailbox.otpFor(email, /verification code/);
      service.mailbox.clear();
      await page.getByRole('button', { name: 'Send me a new code' }).click();
      await page.getByText('A new code is on its way.').waitFor();
      const code = await service.mailbox.otpFor(email, /verification code/);
      await page.getByLabel('Digit 1 of 6').pressSequentially(code);
      await page.getByRole('heading', { name: /Welcome, Ada Obi/ }).waitFor();
      await page.getByText('1 of 6 done').waitFor();
      await expectAccessible(page, 'home with the onboarding checklist');
      await screenshot(page, 'home-onboarding');

      await page.getByRole('link', { name: 'Complete your business profile' }).click();
      await page.getByLabel('Company name').fill('Obi Foods');
      await page.getByLabel('Address').fill('12 Marina, Lagos');
      await page.getByLabel('Country code').fill('NG');
      await page.getByLabel('Industry').fill('Food');
      await page.getByRole('button', { name: 'Save business profile' }).click();
      await page.getByText('Business profile saved').waitFor();
      await page.getByRole('button', { name: 'Submit for verification' }).click();
      await page.getByText('Submitted, waiting for review').waitFor();
      await expectAccessible(page, 'business settings');
      await screenshot(page, 'settings-business');

      const account = await service.request({ url: '/users/profile', cookies: await cookieOf(context) });
      const admin = await createUser(service, { role: 'admin' });
      const accepted = await service.request({
        method: 'PATCH',
        url: `/admin/businesses/${account.body.data.businessId}/verify`,
        token: admin.accessToken,
        body: { status: 'accepted' },
      });
      expect(accepted.status).toBe(200);

      // No reload: the notification arrives over the socket, as a toast and on the bell; the page updates.
      await page.getByText('Verified', { exact: true }).waitFor();
      await page.getByRole('button', { name: /Notifications, 1 unread/ }).waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

async function cookieOf(context: import('playwright-core').BrowserContext): Promise<Record<string, string>> {
  const cookies = await context.cookies();
  return Object.fromEntries(cookies.filter((c) => c.name === 'token').map((c) => [c.name, c.value]));
}
