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

// Journey: define a field of the business's own, filter contacts on it and a tag, save the filter as a
// segment, see it counted on the Segments page and send a campaign to it.
describe.skipIf(!hasChromium)('journey: contact fields and segments', () => {
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
    'defines "city", filters city = Lagos and tag vip, saves the segment and picks it as an audience',
    async () => {
      const user = await createUser(service, { name: 'Ngozi Ade', businessVerified: 'accepted' });
      await setMessagingCredentials(service, user.businessId);
      const { context, page } = await newSession(browser, service.url);
      await signIn(page, user, '/settings?tab=contact-fields');
      await page.getByText('No field yet').waitFor();

      // The field, through Settings → Contact fields.
      await page.getByRole('textbox', { name: 'Key' }).fill('city');
      await page.getByRole('textbox', { name: 'Label' }).fill('City');
      await page.getByRole('button', { name: 'Add field' }).click();
      await page.getByRole('cell', { name: 'city', exact: true }).waitFor();
      await expectAccessible(page, 'contact fields');
      await screenshot(page, 'segments-contact-fields');

      // 3 vips in Lagos (one set below), 2 others in Lagos, 2 vips in Abuja: the filter matches the 3.
      const groups = [
        { n: 2, tags: ['vip'], city: 'Lagos' },
        { n: 2, tags: ['regular'], city: 'Lagos' },
        { n: 2, tags: ['vip'], city: 'Abuja' },
      ];
      for (const g of groups) {
        for (const c of await createContacts(service, user.businessId, g.n, { tags: g.tags })) {
          const res = await service.request({
            method: 'PATCH',
            url: `/contacts/${c.id}`,
            token: user.accessToken,
            body: { fields: { city: g.city } },
          });
          expect(res.status).toBe(200);
        }
      }

      // The third Lagos vip gets her city through the contact's edit form.
      await createContacts(service, user.businessId, 1, {
        firstName: 'Amaka',
        lastName: 'Obi',
        tags: ['vip'],
      });
      await page.goto('/contacts');
      await page.getByText('7 in all').waitFor();
      await page.getByRole('button', { name: 'Edit Amaka Obi' }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: 'City' }).fill('Lagos');
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await page.getByText('Contact saved').waitFor();
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.getByRole('combobox', { name: 'Condition 1 on' }).click();
      await page.getByRole('option', { name: 'City', exact: true }).click();
      await page.getByRole('textbox', { name: 'Value of condition 1' }).fill('Lagos');
      await page.getByRole('button', { name: 'Add condition' }).click();
      await page.getByRole('combobox', { name: 'Condition 2 on' }).click();
      await page.getByRole('option', { name: 'Tag', exact: true }).click();
      await page.getByRole('combobox', { name: 'Value of condition 2' }).click();
      await page.getByRole('option', { name: 'vip', exact: true }).click();
      await page.getByTestId('filter-count').getByText('3 contacts match, 3 of them opted in.').waitFor();
      // A group narrows it: (tag regular OR city Abuja) leaves none of the three; removing it brings them back.
      await page.getByRole('button', { name: 'Add group' }).click();
      await page.getByRole('combobox', { name: 'Condition 3.1 on' }).click();
      await page.getByRole('option', { name: 'Tag', exact: true }).click();
      await page.getByRole('combobox', { name: 'Value of condition 3.1' }).click();
      await page.getByRole('option', { name: 'regular', exact: true }).click();
      await page.getByTestId('filter-count').getByText('0 contacts match').waitFor();
      await expectAccessible(page, 'contacts filter with a group');
      await screenshot(page, 'segments-filter-group');
      await page.getByRole('button', { name: 'Remove group 3' }).click();
      await page.getByTestId('filter-count').getByText('3 contacts match, 3 of them opted in.').waitFor();
      await page.getByRole('button', { name: 'Show these contacts' }).click();
      await page.getByText('3 in all').waitFor();
      // The filter is in the URL: a reload keeps it.
      await page.reload();
      await page.getByText('3 in all').waitFor();
      await page.getByTestId('filter-count').getByText('3 contacts match').waitFor();
      await expectAccessible(page, 'contacts filter');
      await screenshot(page, 'segments-filter');

      await page.getByRole('button', { name: 'Save as segment' }).click();
      await page.getByRole('dialog').getByLabel('Name').fill('Lagos VIPs');
      await page.getByRole('button', { name: 'Save segment' }).click();
      await page.getByText('The segment Lagos VIPs was saved.').waitFor();

      await page.getByRole('link', { name: 'Segments' }).first().click();
      await page.getByRole('heading', { name: 'Segments' }).waitFor();
      await page.getByTestId('segment-count').getByText('3 (3 opted in)').waitFor();
      await expectAccessible(page, 'segments');
      await screenshot(page, 'segments-list');

      // Widened from the contacts list: without the tag condition the segment is every contact in Lagos.
      await page.getByRole('button', { name: 'Open Lagos VIPs' }).click();
      await page.getByTestId('filter-count').getByText('3 contacts match, 3 of them opted in.').waitFor();
      await page.getByRole('button', { name: 'Remove condition 2' }).click();
      await page.getByTestId('filter-count').getByText('5 contacts match, 5 of them opted in.').waitFor();
      await page.getByRole('button', { name: 'Save to Lagos VIPs…' }).click();
      await page
        .getByTestId('save-to-count')
        .getByText(
          'With this filter, Lagos VIPs matches 5 contacts (5 opted in) now; its saved filter matches 3 contacts (3 opted in).',
        )
        .waitFor();
      await screenshot(page, 'segments-save-to');
      await page.getByRole('button', { name: 'Save the new filter' }).click();
      await page.getByText('The segment Lagos VIPs now has the new filter.').waitFor();
      await page.getByRole('link', { name: 'Segments' }).first().click();
      await page.getByTestId('segment-count').getByText('5 (5 opted in)').waitFor();

      await page.goto('/campaigns/new');
      await page.getByLabel('Campaign name').fill('Lagos VIP evening');
      await page.getByText('A segment').click();
      await page.getByRole('combobox', { name: 'Segment' }).click();
      await page.getByRole('option', { name: 'Lagos VIPs (5 opted in)' }).click();
      await page
        .getByTestId('estimate')
        .getByText(/^5 recipients · /)
        .waitFor();
      await expect.poll(() => page.getByTestId('estimate').innerText()).toContain('counted now');
      await expectAccessible(page, 'composer with a segment');
      await screenshot(page, 'segments-composer');

      // A draft on the segment: the segment cannot go while it waits, nor the field the segment uses.
      await page.locator('#campaign-message').fill('Good evening, Lagos.');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}/);
      const saved = await service.request({ url: '/campaigns', token: user.accessToken });
      expect(saved.body.data.items[0].audience).toEqual({ segmentId: expect.any(String) });

      await page.goto('/segments');
      await page.getByRole('button', { name: 'Delete Lagos VIPs' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete Lagos VIPs' }).click();
      await page
        .getByRole('alert')
        .getByText(/audience of campaigns not sent yet/)
        .waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/settings?tab=contact-fields');
      await page.getByRole('button', { name: 'Delete city' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete city' }).click();
      await page
        .getByRole('alert')
        .getByText(/used by the segments Lagos VIPs/)
        .waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
