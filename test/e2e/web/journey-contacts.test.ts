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

/** 1,000 rows: every third tagged vip, two bad phone numbers and one repeated number among them. */
function contactsCsv(): string {
  const rows = ['First Name,Last Name,Phone,Tags,Opt In'];
  for (let i = 0; i < 1000; i++) {
    const phone = i === 500 ? '+2348030000001' : `+23480${String(30000000 + i).padStart(8, '0')}`;
    const bad = i === 10 || i === 20 ? 'not-a-number' : phone;
    rows.push(`Name${i},Family${i},${bad},${i % 3 === 0 ? 'vip' : 'regular'},yes`);
  }
  return `${rows.join('\r\n')}\r\n`;
}

// Journey 2: import a CSV of 1,000 contacts by drag and drop, read the report, filter by tag, export.
describe.skipIf(!hasChromium)('journey: contacts import by drag and drop', () => {
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
    'imports 1,000 rows, reports failures, filters by tag and exports what it shows',
    async () => {
      const user = await createUser(service, { name: 'Chidi Eze' });
      const { context, page } = await newSession(browser, service.url);
      await page.goto('/sign-in?redirect=/contacts');
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('No contacts yet').waitFor();
      await expectAccessible(page, 'contacts (empty)');

      await page.getByRole('button', { name: 'Import' }).click();
      const dropzone = page.getByRole('dialog').locator('.mantine-Dropzone-root');
      await dropzone.waitFor();
      // A real drop: a DataTransfer carrying the file, dispatched on the drop zone.
      // (A string run in the page: this project's TypeScript has no DOM types.)
      const transfer = await page.evaluateHandle(
        `(() => {
          const dt = new DataTransfer();
          dt.items.add(new File([${JSON.stringify(contactsCsv())}], 'contacts.csv', { type: 'text/csv' }));
          return dt;
        })()`,
      );
      await dropzone.dispatchEvent('dragenter', { dataTransfer: transfer });
      await dropzone.dispatchEvent('drop', { dataTransfer: transfer });

      await page.getByTestId('import-imported').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('import-imported').innerText()).toBe('997');
      expect(await page.getByTestId('import-duplicates-skipped').innerText()).toBe('1');
      expect(await page.getByTestId('import-failed-rows').innerText()).toBe('2');
      await page.getByRole('dialog').getByRole('row').nth(1).waitFor();
      await expectAccessible(page, 'import report');
      await screenshot(page, 'contacts-import-report');
      await page.getByRole('button', { name: 'Done' }).click();

      await page.getByText('997 in all').waitFor();
      // The service lists the tags with their counts, so Tag is a Mantine Select.
      await page.getByRole('combobox', { name: 'Tag' }).fill('vip');
      await page.getByRole('option', { name: /^vip \(/ }).click();
      await page.waitForURL(/tag=vip/);
      // 334 rows are tagged vip; rows 10 and 20 are not, one of them failed... counted by the service.
      const vip = await service.request({
        url: '/contacts',
        token: user.accessToken,
        query: { tag: 'vip', pageSize: '1' },
      });
      await page.getByText(`${vip.body.data.total} in all`).waitFor();
      // The view is in the URL: a reload shows the same filter.
      await page.reload();
      await page.getByText(`${vip.body.data.total} in all`).waitFor();
      // Each row names the country its number prices it by.
      await page.getByRole('cell', { name: 'Nigeria', exact: true }).first().waitFor();
      await expectAccessible(page, 'contacts');
      await screenshot(page, 'contacts');

      await page.getByRole('button', { name: 'Export' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: /CSV/ }).click(),
      ]);
      const path = await download.path();
      const { readFile } = await import('node:fs/promises');
      const lines = (await readFile(path, 'utf8')).trim().split(/\r?\n/);
      expect(lines.length - 1).toBe(vip.body.data.total);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
