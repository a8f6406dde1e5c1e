import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContacts, createUser, setMessagingCredentials } from '../../factories.js';
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

// The rate card: an administrator edits a price and its provider cost, imports a CSV file with one bad line
// and reads the report, then sees revenue and margin; a business sees its estimate by recipient country.
describe.skipIf(!hasChromium)('journey: prices by country', () => {
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
    'edits a price, imports a CSV with a bad line, and the composer shows the price by country',
    async () => {
      const admin = await createUser(service, { role: 'admin', name: 'Ada Admin' });
      const { context, page } = await newSession(browser, service.url);
      await signIn(page, admin, '/admin/price-card');
      await page.getByRole('heading', { name: 'Rate card' }).waitFor();
      await page.getByRole('button', { name: /^Edit marketing .*GB$/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Price' }).fill('1.5');
      await dialog.getByRole('textbox', { name: 'Provider cost' }).fill('0.9');
      await dialog.getByRole('button', { name: 'Save price' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('row', { name: /GB marketing 1\.5000 0\.9000 0\.6000/ }).waitFor();

      // One bad line: nothing is applied, and the report names the line.
      await page
        .getByRole('textbox', { name: 'File contents' })
        .fill('country,category,price,cost\nIN,utility,0.2,0.1\nXX,marketing,1,\nBR,service,0.25,0.2\n');
      await page.getByRole('button', { name: 'Import prices' }).click();
      const report = page.getByTestId('import-report');
      await report.getByText('line 3: Unknown country code "XX"').waitFor();
      await expect.poll(() => report.getByRole('listitem').count()).toBe(1);
      await expectAccessible(page, 'rate card import report');
      await screenshot(page, 'price-card');
      await page
        .getByRole('textbox', { name: 'File contents' })
        .fill('country,category,price,cost\nIN,utility,0.2,0.1\nBR,service,0.25,0.2\n');
      await page.getByRole('button', { name: 'Import prices' }).click();
      await page.getByText('2 rows read, 2 changed.').waitFor();
      await expect(report.count()).resolves.toBe(0);
      // The history lists the import and the edit.
      await page.getByRole('cell', { name: '1.4000 → 1.5000' }).waitFor();
      await page.getByRole('cell', { name: 'import' }).first().waitFor();

      // A business with contacts in four countries: its composer prices each country by the card.
      const user = await createUser(service, {
        name: 'Bisi Ola',
        businessVerified: 'accepted',
        credits: '50',
      });
      await setMessagingCredentials(service, user.businessId);
      for (const phoneNumber of [
        '+2348031238001',
        '+2348031238002',
        '+919812348001',
        '+447400128001',
        '+5511912348001',
      ])
        await createContacts(service, user.businessId, 1, { phoneNumber });
      const biz = await newSession(browser, service.url);
      await signIn(biz.page, user, '/campaigns/new');
      await biz.page.getByLabel('Campaign name').fill('Four countries');
      const breakdown = biz.page.getByTestId('estimate-breakdown');
      await breakdown.waitFor();
      // Marketing: BR 1.6, GB 1.5 (just edited), IN 0.45, NG the default 1 (two recipients).
      await breakdown.getByRole('row', { name: /GB 1 1\.5000 1\.5000/ }).waitFor();
      await breakdown.getByRole('row', { name: /NG 2 1\.0000 2\.0000/ }).waitFor();
      await breakdown.getByRole('row', { name: /Total 5\.5500/ }).waitFor();
      await expectAccessible(biz.page, 'composer breakdown');
      await screenshot(biz.page, 'composer-breakdown');

      // Published, its revenue shows by country with the margin against the recorded cost.
      const published = await service.request({
        url: '/campaigns',
        token: user.accessToken,
        body: {
          name: 'Four countries',
          message: 'Hi',
          sendToAllContact: true,
          isScheduled: false,
          messageType: 'marketing',
          paymentMethod: 'credit',
        },
      });
      expect(published.status, published.text).toBe(201);
      await page.goto('/admin/revenue');
      await page.getByRole('heading', { name: 'Revenue and margin' }).waitFor();
      // GB: 1 message, 1.5 revenue, 0.9 cost, 0.6 margin.
      await page.getByRole('row', { name: /GB marketing 1 1\.5000 0\.9000 0\.6000/ }).waitFor();
      await expectAccessible(page, 'revenue');
      await screenshot(page, 'revenue');
      await biz.context.close();
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
