import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyNumberHealth } from '../../../src/modules/deliverability/index.js';
import { messagingLimits } from '../../../src/platform/db/schema/index.js';
import { createContacts, createUser, setMessagingCredentials, type TestUser } from '../../factories.js';
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

async function publish(service: ConsoleService, user: TestUser, name: string): Promise<string> {
  const res = await service.request({
    url: '/campaigns',
    token: user.accessToken,
    body: {
      name,
      message: 'Hello {{firstName}}',
      sendToAllContact: true,
      isScheduled: false,
      paymentMethod: 'credit',
    },
  });
  if (res.status !== 201) throw new Error(`publish: ${res.status} ${res.text}`);
  return res.body.data.id;
}

// Deliverability as a business sees it: a campaign waiting for its number's messaging limit, paused when the
// number's quality drops and resumed by the business; failures grouped by what they call for, and their
// refund in the wallet.
describe.skipIf(!hasChromium)('journey: deliverability', () => {
  let service: ConsoleService;
  let browser: Browser;

  beforeAll(async () => {
    // Every message the sandbox sends is reported failed (unknown subscriber and the like) within a second.
    const receipts = {
      SANDBOX_RECEIPTS: 'true',
      SANDBOX_DELIVERED_DELAY_MS: '200',
      SANDBOX_FAILED_SHARE: '1',
    };
    [service, browser] = await Promise.all([startConsoleService({ env: receipts }), launchBrowser()]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it(
    'waits for the limit, pauses at red quality, resumes; failures are grouped and refunded to the wallet',
    async () => {
      const user = await createUser(service, {
        name: 'Ngozi Eze',
        businessVerified: 'accepted',
        credits: '500',
      });
      await setMessagingCredentials(service, user.businessId);
      await createContacts(service, user.businessId, 6);
      await service.db.insert(messagingLimits).values({ businessId: user.businessId, dailyRecipients: 2 });
      const id = await publish(service, user, 'Weekend offer');

      const { context, page } = await newSession(browser, service.url);
      await signIn(page, user, `/campaigns/${id}`);
      await page.getByRole('heading', { name: 'Weekend offer' }).waitFor();
      const waiting = page.getByTestId('waiting-for-limit');
      await waiting.waitFor({ timeout: 30_000 });
      expect(await waiting.innerText()).toMatch(
        /4 messages wait for your number's messaging limit; sending resumes by itself at/,
      );
      await expectAccessible(page, 'campaign waiting for the limit');
      await screenshot(page, 'campaign-waiting-for-limit');

      // The number's quality falls to red: marketing pauses, and the business is told why.
      await applyNumberHealth(service.deps, user.businessId, { qualityRating: 'RED' });
      await page.reload();
      const paused = page.getByTestId('paused');
      await paused.waitFor();
      expect(await paused.innerText()).toContain("Your number's quality is RED");
      // Its badge says so too (the API's status stays pending: it still has messages to send).
      await expect.poll(() => page.getByTestId('campaign-status').textContent()).toBe('Paused');
      await screenshot(page, 'campaign-paused-by-quality');

      // Home shows the number's quality and what is left of the limit.
      await page.goto('/');
      await page.getByTestId('number-health').getByText('Quality: RED').waitFor();
      await page
        .getByTestId('quality-words')
        .getByText('your marketing campaigns were paused', { exact: false })
        .waitFor();
      await page
        .getByTestId('limit-text')
        .getByText(/2 people in 24 hours · 0 left · more from/)
        .waitFor();
      await screenshot(page, 'home-number-health');

      // Once the quality recovers the business resumes it (while RED, resume answers 409).
      await applyNumberHealth(service.deps, user.businessId, { qualityRating: 'GREEN' });
      await page.goto(`/campaigns/${id}`);
      await paused.waitFor();
      await page.getByRole('button', { name: 'Resume' }).click();
      await paused.waitFor({ state: 'detached' });
      await waiting.waitFor();

      // Before publishing, the composer says how much of the audience goes out now and when the rest will.
      await page.goto('/campaigns/new');
      await page
        .getByTestId('limit-estimate')
        .getByText(/0 go out now; 6 wait for the messaging limit and start at/)
        .waitFor();
      await screenshot(page, 'composer-messaging-limit');

      // The two that went out were reported failed: grouped with their words, refunded, listed in the wallet.
      await page.goto(`/campaigns/${id}`);
      const group = page.getByTestId('failure-group-fail');
      await group.waitFor({ timeout: 60_000 });
      await group.getByText('Could not be delivered to this person').waitFor();
      await expect
        .poll(async () => page.getByTestId('money-refunded').innerText(), { timeout: 30_000 })
        .not.toBe('0.00 credits');
      await page.reload();
      await page.getByTestId('failure-group-fail').getByText('2 refunded').waitFor({ timeout: 30_000 });
      await screenshot(page, 'campaign-failure-groups');
      await page.goto('/wallet');
      await page
        .getByText(/Campaign "Weekend offer": \d+ failed messages? refunded/)
        .first()
        .waitFor();
      await expectAccessible(page, 'wallet with a refund');
      await screenshot(page, 'wallet-refund');
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
