import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, businesses, transactions } from '../../../src/platform/db/schema/index.js';
import {
  buyCredits,
  createContacts,
  createUser,
  setExchangeRate,
  setMessagingCredentials,
} from '../../factories.js';
import {
  E2E_TIMEOUT,
  expectAccessible,
  hasChromium,
  launchBrowser,
  newSession,
  screenshot,
} from './browser.js';
import { type ConsoleService, startConsoleService } from './service.js';

/** The page as a reader sees it when it opens: toasts dismissed, scrolled to the top. */
async function picture(page: Page, name: string) {
  const toasts = page.locator('.mantine-Notification-closeButton');
  while (await toasts.count())
    await toasts
      .first()
      .click()
      .catch(() => undefined);
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

/** The affiliate's page: a referral that spends, the commission, a bank account resolved, a withdrawal paid. */
describe.skipIf(!hasChromium)('web console: affiliates', () => {
  let service: ConsoleService;
  let browser: Browser;
  let context: BrowserContext | undefined;
  const others: BrowserContext[] = [];

  beforeAll(async () => {
    [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await context?.close();
    for (const c of others) await c.close().catch(() => undefined);
    await browser?.close();
    await service?.close();
  });

  it('refers a business that sends a campaign, sees the commission, adds a bank account and withdraws; the transfer settles live', async () => {
    await setExchangeRate(service, 'NG', '1500');
    const affiliate = await createUser(service, {
      name: 'Femi Affiliate',
      affiliate: { percentage: 10, referralCode: 'FEMIREFERS' },
    });
    // The referred business signs up with the code, as the link's sign-up page sends it.
    const signUp = await service.request({
      url: '/auth/sign-up',
      body: {
        name: 'Referred Owner',
        email: `referred.${Date.now()}@example.test`,
        whatsappNumber: '+2348031112222',
        password: 'a-long-password-1',
        referralCode: 'FEMIREFERS',
      },
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    const referredId = signUp.body.data.user.businessId as string;
    const referredToken = signUp.body.data.accessToken as string;
    await service.db
      .update(businesses)
      .set({ businessVerified: 'accepted', companyName: 'Referred Bakery' })
      .where(eq(businesses.id, referredId));
    await service.db
      .update(accounts)
      .set({ verified: true })
      .where(eq(accounts.id, signUp.body.data.user.id as string));
    await setMessagingCredentials(service, referredId);
    await createContacts(service, referredId, 20);
    // Bought, not granted: only money actually paid earns the referrer a commission.
    await buyCredits(service, referredId, '500', '15000');
    const campaign = await service.request({
      url: '/campaigns',
      token: referredToken,
      body: {
        name: 'Bread offer',
        message: 'Fresh bread, {{firstName}}',
        messageType: 'marketing',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);

    const session = await newSession(browser, service.url);
    context = session.context;
    const page = session.page;
    await context.addCookies([{ name: 'token', value: affiliate.accessToken, url: service.url }]);
    await page.goto('/affiliate');
    await page.getByRole('heading', { name: 'Affiliate', exact: true }).waitFor();
    await page
      .getByRole('textbox', { name: 'Referral code' })
      .and(page.locator('[value="FEMIREFERS"]'))
      .waitFor();
    await page
      .getByRole('img', { name: /QR code of your referral link .*referralCode=FEMIREFERS/ })
      .waitFor();
    const referrals = page.getByRole('region', { name: 'Referred businesses' });
    await referrals.getByText('Referred Bakery').waitFor();
    const history = page.getByRole('region', { name: 'Commissions and withdrawals' });
    await history.getByRole('row').filter({ hasText: 'Commission' }).waitFor();
    const [earned] = await service.db
      .select()
      .from(transactions)
      .where(eq(transactions.businessId, affiliate.businessId));
    expect(earned?.kind).toBe('affiliate_commission');
    const balanceText = await page.getByTestId('affiliate-balance').innerText();
    expect(balanceText).toMatch(/[1-9]/);

    // A bank account is saved only under the name the bank gives.
    await page.getByRole('button', { name: 'Add a bank account' }).click();
    await page.getByRole('combobox', { name: 'Bank' }).fill('Sandbox');
    await page.getByRole('option', { name: 'Sandbox Bank' }).click();
    await page.getByRole('textbox', { name: 'Account number' }).fill('0123456789');
    await page.getByRole('button', { name: 'Check the account name' }).click();
    await page.getByRole('status').getByText('SANDBOX ACCOUNT HOLDER').waitFor();
    await expectAccessible(page, 'affiliate bank account');
    await page.getByRole('button', { name: 'Save the account' }).click();
    await page.getByRole('region', { name: 'Bank accounts' }).getByText('SANDBOX ACCOUNT HOLDER').waitFor();

    await page.getByRole('textbox', { name: 'Amount (NGN)' }).fill('1');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    // The sandbox reports the transfer through the webhook; the page hears it and shows it paid.
    const withdrawal = history.getByRole('row').filter({ hasText: 'Withdrawal' });
    await withdrawal.getByText('successful').waitFor();
    await vi.waitFor(async () => {
      const rows = await service.db
        .select()
        .from(transactions)
        .where(eq(transactions.businessId, affiliate.businessId));
      expect(rows.find((r) => r.kind === 'withdrawal')?.status).toBe('successful');
    });
    await page.getByTestId('affiliate-withdrawn').getByText(/1\.00/).waitFor();
    await expectAccessible(page, 'affiliate');
    await picture(page, 'affiliate');
  }, 120_000);

  it("a business that opens the affiliate's link signs up with the code filled in and joins the referrals", async () => {
    const affiliate = await createUser(service, {
      name: 'Link Sharer',
      affiliate: { percentage: 10, referralCode: 'LINKSHARES' },
    });
    const mine = await newSession(browser, service.url);
    others.push(mine.context);
    const page = mine.page;
    await mine.context.addCookies([{ name: 'token', value: affiliate.accessToken, url: service.url }]);
    await page.goto('/affiliate');
    const referrals = page.getByRole('region', { name: 'Referred businesses' });
    await referrals.getByText('No business has signed up with your code yet.').waitFor();
    const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(new URL(link).searchParams.get('referralCode')).toBe('LINKSHARES');

    // A stranger's browser, signed out, follows the link: the code is already there, and editable.
    const stranger = await newSession(browser, service.url, { width: 375, height: 812 });
    others.push(stranger.context);
    const signUp = stranger.page;
    await signUp.goto(link);
    const code = signUp.getByRole('textbox', { name: 'Referral code (optional)' });
    await code.and(signUp.locator('[value="LINKSHARES"]')).waitFor();
    expect(await code.isEditable()).toBe(true);
    await signUp.getByLabel('Your name').fill('Linked Owner');
    await signUp.getByLabel('E-mail').fill(`linked.${Date.now()}@example.test`);
    await signUp.getByLabel('WhatsApp number').fill('+2348031113333');
    await signUp.getByRole('textbox', { name: 'Password' }).fill('a-long-password-1');
    await expectAccessible(signUp, 'sign-up from a referral link');
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await signUp.waitForURL(/\/verify-email/);

    const [referred] = await service.db
      .select()
      .from(businesses)
      .where(eq(businesses.referredBy, affiliate.businessId));
    expect(referred).toBeDefined();
    await page.reload();
    await referrals.getByText('Linked Owner').first().waitFor();
  }, 120_000);
});
