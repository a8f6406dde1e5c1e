import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignMessages } from '../../../src/platform/db/schema/index.js';
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

// Results that drive the next campaign: a recipient follows a tracked link and the campaign page counts the
// click live; a follow-up to those who did not read opens the composer with its audience; an A/B campaign is
// sent and its winner goes to the rest.
describe.skipIf(!hasChromium)('journey: results', () => {
  let service: ConsoleService;
  let browser: Browser;

  beforeAll(async () => {
    // Every message is delivered, half of them read: there is someone to follow up.
    const receipts = {
      SANDBOX_RECEIPTS: 'true',
      SANDBOX_DELIVERED_DELAY_MS: '200',
      SANDBOX_READ_DELAY_MS: '200',
      SANDBOX_FAILED_SHARE: '0',
      SANDBOX_READ_SHARE: '0.5',
    };
    [service, browser] = await Promise.all([startConsoleService({ env: receipts }), launchBrowser()]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  const figure = async (page: Page, name: string) =>
    Number((await page.getByTestId(`count-${name}`).innerText()).replace(/,/g, ''));

  it(
    'follows a link from a sent message and sees the click live, then launches a follow-up to those who did not read',
    async () => {
      const user = await createUser(service, {
        name: 'Kemi Ade',
        businessVerified: 'accepted',
        credits: '500',
      });
      await setMessagingCredentials(service, user.businessId);
      await createContacts(service, user.businessId, 12);
      const { context, page } = await newSession(browser, service.url);
      await signIn(page, user, '/campaigns/new');
      await page.getByLabel('Campaign name').fill('Menu week');
      // The link the recipients get: it leads back to this service's own health check, reachable offline.
      const target = `${service.url}/api/v1/health`;
      await page.locator('#campaign-message').fill(`This week's menu: ${target}`);
      await page
        .getByTestId('estimate')
        .getByText(/^12 recipients/)
        .waitFor();
      await page.getByRole('button', { name: 'Send now' }).click();
      await page.getByRole('heading', { name: 'Menu week' }).waitFor();
      await page.getByText('12 of 12 processed').waitFor({ timeout: 60_000 });
      await expect.poll(() => figure(page, 'delivered'), { timeout: 60_000 }).toBe(12);

      // A recipient taps the link in the message (its tracked link: one per message), in their own browser.
      const [message] = await service.db
        .select()
        .from(campaignMessages)
        .where(eq(campaignMessages.businessId, user.businessId))
        .limit(1);
      const token = service.deps.linkTokens.sign({
        campaignId: message!.campaignId,
        messageId: message!.id,
        position: 0,
      });
      // A phone's browser (a headless browser's own User-Agent is taken for a bot, and not counted).
      const phoneContext = await browser.newContext({
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      });
      const phone = await phoneContext.newPage();
      await phone.goto(`${service.url}/l/${token}`);
      expect(phone.url()).toBe(target);
      await phoneContext.close();
      // The campaign page counts it without a reload, and lists the link.
      await expect.poll(() => figure(page, 'clicked'), { timeout: 30_000 }).toBe(1);
      await page.getByRole('heading', { name: 'Links' }).waitFor();
      await expect.poll(() => page.getByTestId('link-row').innerText()).toContain(target);
      await expect.poll(() => figure(page, 'read'), { timeout: 30_000 }).toBeGreaterThan(0);
      const unread = 12 - (await figure(page, 'read'));
      await expectAccessible(page, 'campaign results');
      await screenshot(page, 'campaign-results');

      // The follow-up to those who did not read opens the composer with that audience filled in.
      const followUp = page.getByRole('button', {
        name: new RegExp(`Send to the ${unread} who did not read it`),
      });
      await followUp.waitFor({ timeout: 30_000 });
      await followUp.click();
      await page.waitForURL(/campaigns\/new\?/);
      await page
        .getByTestId('retarget-audience')
        .getByText(/“Menu week” who did not read it/)
        .waitFor();
      await page
        .getByTestId('estimate')
        .getByText(new RegExp(`^${unread} recipients`))
        .waitFor();
      await page.getByLabel('Campaign name').fill('Menu week: reminder');
      await page.locator('#campaign-message').fill('Did you see our menu?');
      await expectAccessible(page, 'composer follow-up');
      await screenshot(page, 'composer-follow-up');
      await page.getByRole('button', { name: 'Send now' }).click();
      await page.getByRole('heading', { name: 'Menu week: reminder' }).waitFor();
      await expect.poll(() => figure(page, 'recipients')).toBe(unread);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  it(
    'sends an A/B campaign and gives the rest the winner',
    async () => {
      const user = await createUser(service, {
        name: 'Tobi Lawal',
        businessVerified: 'accepted',
        credits: '500',
      });
      await setMessagingCredentials(service, user.businessId);
      await createContacts(service, user.businessId, 20);
      const { context, page } = await newSession(browser, service.url);
      await signIn(page, user, '/campaigns/new');
      await page.getByLabel('Campaign name').fill('Weekend offer test');
      await page.locator('#campaign-message').fill('20% off this weekend');
      await page.getByRole('switch', { name: 'Test variants' }).check();
      await page.getByLabel('Variant B').fill('Buy one, get one free this weekend');
      await page.getByLabel('Test share (%)').fill('50');
      await expectAccessible(page, 'composer A/B');
      await screenshot(page, 'composer-ab');
      await page.getByRole('button', { name: 'Send now' }).click();
      await page.getByRole('heading', { name: 'Weekend offer test' }).waitFor();
      // Half the audience is tested, five recipients each; the rest waits for the winner.
      await page.getByRole('heading', { name: 'A/B test' }).waitFor();
      await page.getByTestId('ab-pending').waitFor();
      await page.getByText('10 of 20 processed').waitFor({ timeout: 60_000 });
      await expect
        .poll(() => page.getByTestId('variant-B').innerText(), { timeout: 30_000 })
        .toMatch(/5 recipients/);
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: 'Send B to the rest now' }).click();
      await page.getByTestId('ab-winner').getByText('Variant B won').waitFor();
      await page.getByText('20 of 20 processed').waitFor({ timeout: 60_000 });
      await expect
        .poll(() => page.getByTestId('variant-B').innerText(), { timeout: 30_000 })
        .toMatch(/15 recipients/);
      await expectAccessible(page, 'campaign A/B');
      await screenshot(page, 'campaign-ab');
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
