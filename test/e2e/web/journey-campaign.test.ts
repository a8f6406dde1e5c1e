import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContacts, createUser, setExchangeRate, setMessagingCredentials } from '../../factories.js';
import { statusCounts } from '../../jobs/helpers.js';
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

// Journeys 3 and 4: buy credits through the sandbox checkout, compose a personalised campaign and watch it
// send to completion; schedule another in a different time zone and see it listed at that zone's time.
describe.skipIf(!hasChromium)('journey: campaigns', () => {
  let service: ConsoleService;
  let browser: Browser;

  beforeAll(async () => {
    // The sandbox gateway reports deliveries, reads and failures back within a second: half of the messages
    // fail (so some surely do), every delivered one is read.
    const receipts = {
      SANDBOX_RECEIPTS: 'true',
      SANDBOX_DELIVERED_DELAY_MS: '300',
      SANDBOX_READ_DELAY_MS: '300',
      SANDBOX_FAILED_SHARE: '0.5',
      SANDBOX_READ_SHARE: '1',
    };
    [service, browser] = await Promise.all([startConsoleService({ env: receipts }), launchBrowser()]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it(
    'buys credits at the sandbox checkout, sends a personalised campaign and follows it to completion',
    async () => {
      const user = await createUser(service, { name: 'Dayo Bello', businessVerified: 'accepted' });
      await setMessagingCredentials(service, user.businessId);
      await createContacts(service, user.businessId, 40, { tags: ['vip'] });
      await createContacts(service, user.businessId, 7, { tags: ['staff'] });
      // Credits are sold in the local currency: the business's country needs an exchange rate.
      await setExchangeRate(service, 'NG', '1500');
      const { context, page } = await newSession(browser, service.url);
      await signIn(page, user, '/wallet');
      await page.getByRole('heading', { name: 'Wallet' }).waitFor();
      await page.getByTestId('credit-price').waitFor();
      await expectAccessible(page, 'wallet');
      await screenshot(page, 'wallet');
      await page.getByRole('button', { name: 'Buy credits' }).click();
      await page.waitForURL(/sandbox\/payment\/checkout/);
      // The sandbox's hosted checkout, then back to the console's return page, which verifies the payment.
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.getByRole('link', { name: 'Return to the merchant' }).click();
      await page.getByText('Payment successful').waitFor();
      await expectAccessible(page, 'payment return');
      await page.getByRole('link', { name: 'Back to the wallet' }).click();
      await expect.poll(() => page.getByTestId('wallet-balance').innerText()).toBe('1,000.00');

      await page.goto('/campaigns/new');
      await page.getByLabel('Campaign name').fill('VIP launch');
      // The audience is the tag: its 40 contacts, not the 47 of the business.
      await page.getByText('By tags').click();
      await page.getByRole('combobox', { name: 'Tags' }).click();
      await page.getByRole('option', { name: 'vip (40)' }).click();
      await page
        .getByTestId('estimate')
        .getByText(/^40 recipients · 40.00 credits/)
        .waitFor();
      await page.locator('#campaign-message').fill('Hello ');
      await page.getByRole('button', { name: 'Insert a name' }).click();
      await page.getByRole('menuitem', { name: 'First name' }).click();
      await page.locator('#campaign-message').press('End');
      await page.locator('#campaign-message').pressSequentially(', our new menu is out.');
      expect(await page.locator('#campaign-message').inputValue()).toBe(
        'Hello {{firstName}}, our new menu is out.',
      );
      // The phone preview fills the placeholder with a sample name.
      await page
        .getByRole('img', { name: 'Preview of the message on a phone' })
        .getByText('Hello Ada, our new menu is out.')
        .waitFor();
      await expectAccessible(page, 'composer');
      await screenshot(page, 'composer');

      await page.getByRole('button', { name: 'Send now' }).click();
      await page.getByRole('heading', { name: 'VIP launch' }).waitFor();
      // Live progress to completion: every recipient is processed, and each is then reported delivered
      // (and read) or failed, without a reload.
      await page.getByText('40 of 40 processed').waitFor({ timeout: 60_000 });
      const figure = async (name: string) =>
        Number((await page.getByTestId(`count-${name}`).innerText()).replace(/,/g, ''));
      await expect
        .poll(async () => (await figure('delivered')) + (await figure('failed')), { timeout: 60_000 })
        .toBe(40);
      await expect.poll(() => figure('read'), { timeout: 60_000 }).toBe(await figure('delivered'));
      const failed = await figure('failed');
      expect(failed).toBeGreaterThan(0);
      expect(await figure('recipients')).toBe(40);
      await expectAccessible(page, 'campaign page');
      await screenshot(page, 'campaign');

      // The failures: only failed recipients are listed, each with the gateway's reason.
      // The message-state filter's choice (the rows' state badges say Failed too).
      await page.getByLabel('Message state').getByText('Failed', { exact: true }).click();
      await page.waitForURL(/state=failed/);
      const recipients = page
        .getByRole('table')
        .filter({ has: page.getByRole('columnheader', { name: 'Phone number' }) });
      const rows = recipients.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
      await expect.poll(() => rows.count()).toBe(Math.min(failed, 25));
      for (const text of await rows.allInnerTexts()) {
        expect(text).toMatch(/failed\s+(UNKNOWN_SUBSCRIBER|ABSENT_SUBSCRIBER|EXPIRED)/i);
      }
      // And summed up by reason above the list.
      await page.getByRole('heading', { name: 'Why messages failed' }).waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  it(
    'charges on delivery: credits held at publish, each delivered message charged, the failed ones released',
    async () => {
      const user = await createUser(service, {
        name: 'Kemi Ade',
        businessVerified: 'accepted',
        credits: '100',
      });
      await setMessagingCredentials(service, user.businessId);
      await createContacts(service, user.businessId, 10);
      const { context, page } = await newSession(browser, service.url);
      await signIn(page, user, '/settings?tab=business');
      // The switch shows the saved setting: it turns on once the change is stored.
      const charging = page.getByRole('switch', { name: 'Charge campaigns on delivery' });
      await charging.click();
      await expect.poll(() => charging.isChecked()).toBe(true);

      const publish = (extra: Record<string, unknown>) =>
        service.request({
          url: '/campaigns',
          token: user.accessToken,
          body: { message: 'Hello', sendToAllContact: true, paymentMethod: 'credit', ...extra },
        });
      // Scheduled for later: its ten messages' price is held, not spent.
      const later = await publish({
        name: 'Next week',
        isScheduled: true,
        scheduledAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      });
      expect(later.status, later.text).toBe(201);
      await page.goto('/wallet');
      await expect.poll(() => page.getByTestId('wallet-balance').innerText()).toBe('90.00');
      await page.getByTestId('wallet-held').getByText('10.00 held until messages are delivered').waitFor();
      await page.getByText('Held at publish').first().waitFor();
      await expectAccessible(page, 'wallet with credits held');
      await screenshot(page, 'wallet-held');

      // Sent now: the sandbox reports about half delivered and half failed.
      const now = await publish({ name: 'Today', isScheduled: false });
      expect(now.status, now.text).toBe(201);
      const id = now.body.data.id as string;
      await expect
        .poll(
          async () => {
            const c = await statusCounts(service, id);
            return (c.delivered ?? 0) + (c.read ?? 0) + (c.failed ?? 0);
          },
          { timeout: 60_000 },
        )
        .toBe(10);
      const counts = await statusCounts(service, id);
      const failed = counts.failed ?? 0;
      // Delivered ones charged, failed ones released: only the scheduled campaign's ten stay held.
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByTestId('wallet-balance').innerText();
          },
          { timeout: 60_000 },
        )
        .toBe(`${80 + failed}.00`);
      await page.getByTestId('wallet-held').getByText('10.00 held until messages are delivered').waitFor();
      await page.getByText('Charged on delivery').first().waitFor();
      if (failed > 0) await page.getByText('Released (not delivered)').first().waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  it(
    "schedules a campaign in another time zone and lists it at that zone's time",
    async () => {
      const user = await createUser(service, {
        name: 'Emeka Obi',
        businessVerified: 'accepted',
        credits: '500',
      });
      await setMessagingCredentials(service, user.businessId);
      await createContacts(service, user.businessId, 5);
      const { context, page } = await newSession(browser, service.url);
      await signIn(page, user, '/campaigns/new');
      await page.getByLabel('Campaign name').fill('Tokyo breakfast');
      await page.locator('#campaign-message').fill('Good morning');
      await page.getByRole('radio', { name: 'Schedule' }).check();
      await page.getByLabel('Date and time').fill('2030-01-15T09:30');
      await page.getByRole('combobox', { name: 'Time zone' }).fill('Asia/Tokyo');
      await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
      await page.getByRole('button', { name: 'Schedule campaign' }).click();
      await page.getByRole('heading', { name: 'Tokyo breakfast' }).waitFor();

      const list = await service.request({ url: '/campaigns', token: user.accessToken });
      expect(list.body.data.items[0]).toMatchObject({
        scheduledAt: '2030-01-15T00:30:00.000Z',
        timeZone: 'Asia/Tokyo',
      });
      await page.goto('/campaigns');
      const row = page.getByRole('row', { name: /Tokyo breakfast/ });
      await row.getByText(/15 Jan 2030, 09:30 GMT\+9/).waitFor();
      await expectAccessible(page, 'campaigns');
      await screenshot(page, 'campaigns');
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
